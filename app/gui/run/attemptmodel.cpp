#include "run/attemptmodel.h"

#include "checks/steprole.h"
#include "run/attemptwords.h"
#include "widgets/themecolours.h"

#include <QBrush>
#include <QColor>

namespace conform::gui {

AttemptModel::AttemptModel(QObject* parent) : QAbstractTableModel(parent) {}

void AttemptModel::clear()
{
    beginResetModel();
    m_attempts.clear();
    endResetModel();
}

void AttemptModel::append(const engine::AttemptRecord& attempt)
{
    const int row = rowCount();
    beginInsertRows({}, row, row);
    m_attempts.push_back(attempt);
    endInsertRows();
}

int AttemptModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_attempts.size());
}

int AttemptModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AttemptModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const engine::AttemptRecord& record = attempt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(record, index.row(), index.column());
    case Qt::ToolTipRole:
        if (!record.error.empty())
            return QString::fromStdString(record.error);
        if (index.column() == ModeColumn) {
            const QString why = askedWhy(record, index.row() > 0 ? &attempt(index.row() - 1) : nullptr);
            return why.isEmpty() ? QVariant() : QVariant(why);
        }
        return index.column() == RetriesColumn ? retriesText(record.retries) : QVariant();
    case kStepRole: // how it was asked, on the Mode column
        return index.column() == ModeColumn ? QVariant(askedSteps(record, index.row() > 0 ? &attempt(index.row() - 1) : nullptr)) : QVariant();
    case Qt::ForegroundRole:
        // Valid attempts read green, failed exchanges red, replies no schema judged in their
        // own colour; the rest (repairable) amber.
        if (record.valid)
            return QBrush(toneColour(Tone::Success));
        if (!record.checked && record.error.empty())
            return QBrush(toneColour(Tone::Unchecked));
        return QBrush(toneColour(record.transportError || !record.error.empty() ? Tone::Failure : Tone::Warning));
    case Qt::TextAlignmentRole:
        return index.column() == ModeColumn || index.column() == RetriesColumn || index.column() == StopColumn
                   ? int(Qt::AlignLeft | Qt::AlignVCenter)
                   : int(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant AttemptModel::display(const engine::AttemptRecord& a, int row, int column) const
{
    switch (column) {
    case IndexColumn:
        return row + 1;
    case ModeColumn:
        return modeText(a);
    case StatusColumn:
        return a.httpStatus > 0 ? QVariant(a.httpStatus) : QVariant(QStringLiteral("—"));
    case RetriesColumn:
        return retriesText(a.retries);
    case FixesColumn:
        return static_cast<int>(a.fixes.size());
    case IssuesColumn:
        return a.parsed ? QVariant(static_cast<int>(a.issues.size())) : QVariant(tr("no JSON"));
    case StopColumn:
        return QString::fromStdString(a.stopReason);
    case TokensInColumn: // an unknown count (an upstream's impossible one) shows as "?"
        return a.usage.inputTokens >= 0 ? QVariant(static_cast<qlonglong>(a.usage.inputTokens)) : QVariant(QStringLiteral("?"));
    case TokensOutColumn:
        return a.usage.outputTokens >= 0 ? QVariant(static_cast<qlonglong>(a.usage.outputTokens)) : QVariant(QStringLiteral("?"));
    case LatencyColumn:
        return a.latencyMs;
    default:
        return {};
    }
}

QVariant AttemptModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IndexColumn: return tr("#");
    case ModeColumn: return tr("Mode");
    case StatusColumn: return tr("HTTP");
    case RetriesColumn: return tr("Retries");
    case FixesColumn: return tr("Fixes");
    case IssuesColumn: return tr("Issues");
    case StopColumn: return tr("Stop");
    case TokensInColumn: return tr("Tokens in");
    case TokensOutColumn: return tr("Tokens out");
    case LatencyColumn: return tr("Latency ms");
    default: return {};
    }
}

QString retriesText(const std::vector<providers::RetryRecord>& retries)
{
    QStringList parts;
    for (const providers::RetryRecord& retry : retries) {
        const QString status = retry.status > 0 ? QString::number(retry.status) : AttemptModel::tr("timeout");
        parts << AttemptModel::tr("%1, waited %2 ms").arg(status).arg(retry.delayMs);
    }
    return parts.join(QStringLiteral("; "));
}

} // namespace conform::gui
