#include "suites/suitetablemodel.h"

#include "widgets/themecolours.h"

#include <QBrush>
#include <QColor>

namespace conform::gui {

SuiteTableModel::SuiteTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void SuiteTableModel::reset(const suite::Suite& suite)
{
    beginResetModel();
    m_rows.clear();
    m_columns.clear();
    for (const auto& c : suite.cases)
        m_rows << QString::fromStdString(c.name);
    for (const auto& t : suite.targets)
        m_columns << QString::fromStdString(t.name);
    m_repeat = suite.repeat;
    m_cells.assign(std::size_t(m_rows.size()) * std::size_t(m_columns.size()), Cell{});
    endResetModel();
}

void SuiteTableModel::changed(int row, int column)
{
    const QModelIndex at = index(row, column);
    emit dataChanged(at, at);
}

void SuiteTableModel::runStarted(int caseIndex, int targetIndex)
{
    ++cell(caseIndex, targetIndex).running;
    changed(caseIndex, targetIndex);
}

void SuiteTableModel::runFinished(const suite::RunResult& run)
{
    const int row = static_cast<int>(run.job.caseIndex), column = static_cast<int>(run.job.targetIndex);
    Cell& c = cell(row, column);
    c.running = std::max(0, c.running - 1);
    ++c.runs;
    c.succeeded += run.succeeded ? 1 : 0;
    c.repairs += run.repairs;
    if (!run.captureId.empty())
        c.captureIds << QString::fromStdString(run.captureId);
    if (!run.succeeded)
        c.problems << tr("#%1: %2").arg(run.job.repeat).arg(QString::fromStdString(run.firstProblem));
    changed(row, column);
}

int SuiteTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int SuiteTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

QVariant SuiteTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const Cell& c = cell(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole: {
        QString text = tr("%1/%2").arg(c.succeeded).arg(c.runs);
        if (c.runs > 0)
            text += tr(", %1 repairs/run").arg(double(c.repairs) / double(c.runs), 0, 'g', 2);
        if (c.running > 0)
            text += tr(" (%1 running)").arg(c.running);
        else if (c.runs < m_repeat)
            text += tr(" of %1").arg(m_repeat);
        return text;
    }
    case Qt::BackgroundRole:
        if (c.runs == 0)
            return {};
    {
        const StatusColours colours = statusColours();
        return QBrush(c.succeeded == c.runs ? colours.passedRow : colours.failedRow);
    }
    case Qt::ToolTipRole:
        return c.problems.isEmpty() ? QVariant() : QVariant(c.problems.join(QLatin1Char('\n')));
    case CaptureIdsRole:
        return c.captureIds;
    case ProblemsRole:
        return c.problems;
    default:
        return {};
    }
}

QVariant SuiteTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    const QStringList& names = orientation == Qt::Horizontal ? m_columns : m_rows;
    return section >= 0 && section < names.size() ? QVariant(names[section]) : QVariant();
}

} // namespace conform::gui
