#include "compare/comparematrix.h"

#include "widgets/themecolours.h"

#include <QColor>

#include <algorithm>

namespace conform::gui {

namespace {

QString percent(double rate)
{
    return QString::number(rate * 100.0, 'f', 1) + QLatin1Char('%');
}

Tone toneOf(stats::Verdict verdict)
{
    switch (verdict) {
    case stats::Verdict::Better: return Tone::Success;
    case stats::Verdict::Worse: return Tone::Failure;
    case stats::Verdict::CannotTellYet: return Tone::Warning;
    case stats::Verdict::Baseline: break;
    }
    return Tone::Muted;
}

} // namespace

CompareMatrix::CompareMatrix(QObject* parent) : QAbstractTableModel(parent) {}

void CompareMatrix::reset(const suite::ComparisonPlan& plan, const std::string& baseline)
{
    beginResetModel();
    m_variants = plan.variants;
    m_targets.clear();
    for (const suite::SuiteTarget& target : plan.suite.targets)
        m_targets.push_back(target.name);
    m_variantOfCase.clear();
    for (const suite::SuiteCase& c : plan.suite.cases)
        m_variantOfCase.push_back(int(std::find(m_variants.begin(), m_variants.end(), c.variant) - m_variants.begin()));
    m_cells.assign(m_variants.size() * m_targets.size(), Cell{});
    const std::vector<std::string>& compared = m_variants.size() < 2 ? m_targets : m_variants;
    m_baseline = baseline.empty() && !compared.empty() ? compared.front() : baseline;
    m_runId.clear();
    m_finished = 0;
    endResetModel();
}

void CompareMatrix::runFinished(const suite::RunResult& result)
{
    if (result.job.caseIndex >= m_variantOfCase.size() || result.job.targetIndex >= m_targets.size())
        return;
    const int row = m_variantOfCase[result.job.caseIndex];
    const int column = int(result.job.targetIndex);
    if (row >= int(m_variants.size()))
        return;
    Cell& c = cell(row, column);
    ++c.runs;
    c.succeeded += result.succeeded ? 1 : 0;
    c.firstTry += result.outcome == engine::Outcome::Valid && result.repairs == 0 ? 1 : 0;
    c.repairs += result.repairs;
    // Kept sorted as they arrive, so a repaint reads the median without sorting.
    c.latencies.insert(std::upper_bound(c.latencies.begin(), c.latencies.end(), double(result.latencyMs)), double(result.latencyMs));
    if (!result.captureId.empty())
        c.captureIds << QString::fromStdString(result.captureId);
    ++m_finished;
    judge();
    emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void CompareMatrix::judge()
{
    // One comparison per column (variants against the baseline variant), or with one variant
    // one across the row (targets against the baseline target).
    const bool acrossTargets = m_variants.size() < 2;
    const std::size_t groups = acrossTargets ? 1 : m_targets.size();
    for (std::size_t g = 0; g < groups; ++g) {
        std::vector<stats::Variant> variants;
        std::vector<Cell*> cells;
        const std::size_t members = acrossTargets ? m_targets.size() : m_variants.size();
        for (std::size_t m = 0; m < members; ++m) {
            Cell& c = acrossTargets ? cell(0, int(m)) : cell(int(m), int(g));
            stats::Variant v;
            v.name = acrossTargets ? m_targets[m] : m_variants[m];
            v.runs = c.runs;
            v.finalSuccess = {c.succeeded, c.runs};
            v.firstTry = {c.firstTry, c.runs};
            variants.push_back(std::move(v));
            cells.push_back(&c);
        }
        auto report = stats::compareVariants(std::move(variants), acrossTargets ? "target" : "variant", m_baseline);
        if (!report)
            continue;
        for (const stats::VariantResult& result : report->variants) {
            for (std::size_t m = 0; m < members; ++m) {
                const std::string& name = acrossTargets ? m_targets[m] : m_variants[m];
                if (name != result.variant.name)
                    continue;
                cells[m]->verdict = result.verdict;
                cells[m]->sentence = result.sentence;
                cells[m]->judged = cells[m]->runs > 0;
            }
        }
    }
}

void CompareMatrix::finish(const std::vector<suite::TargetComparison>& comparisons)
{
    const auto indexOf = [](const std::vector<std::string>& names, const std::string& name) {
        return int(std::find(names.begin(), names.end(), name) - names.begin());
    };
    for (const suite::TargetComparison& comparison : comparisons) {
        for (const stats::VariantResult& result : comparison.report.variants) {
            // One comparison per target (its variants are the rows), or with one variant one
            // across the targets (the columns of its only row).
            const bool acrossTargets = comparison.target.empty();
            const int row = acrossTargets ? 0 : indexOf(m_variants, result.variant.name);
            const int column = indexOf(m_targets, acrossTargets ? result.variant.name : comparison.target);
            if (row >= rowCount() || column >= columnCount())
                continue;
            Cell& c = cell(row, column);
            c.final = result;
            c.verdict = result.verdict;
            c.sentence = result.sentence;
            c.judged = true;
        }
    }
    emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

int CompareMatrix::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_variants.size());
}

int CompareMatrix::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_targets.size());
}

QString CompareMatrix::cellText(const Cell& c) const
{
    if (c.runs == 0)
        return tr("waiting");
    const stats::Interval interval = stats::wilson(c.succeeded, c.runs);
    QStringList lines;
    lines << tr("%1 final success [%2 – %3], %4 runs")
                 .arg(percent(double(c.succeeded) / double(c.runs)), percent(interval.low), percent(interval.high))
                 .arg(c.runs);
    const double p50 = stats::percentileOf(c.latencies, 0.5).value;
    lines << tr("first try %1 · %2 repairs a run · p50 %3 ms")
                 .arg(percent(double(c.firstTry) / double(c.runs)))
                 .arg(double(c.repairs) / double(c.runs), 0, 'f', 2)
                 .arg(p50, 0, 'f', 0);
    if (c.final) {
        const std::optional<double> perValid = c.final->variant.costPerValidUsd();
        lines << (perValid ? tr("$%1 per valid result").arg(*perValid, 0, 'g', 3) : tr("no price"));
    }
    return lines.join(QLatin1Char('\n'));
}

QVariant CompareMatrix::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const Cell& c = cell(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole: return cellText(c);
    case Qt::ToolTipRole: return QString::fromStdString(c.sentence);
    case Qt::BackgroundRole:
        if (!c.judged || c.verdict == stats::Verdict::Baseline)
            return {};
        return QColor(toneColour(toneOf(c.verdict))).lighter(170);
    case CaptureIdsRole: return c.captureIds;
    case VerdictRole: return c.judged ? int(c.verdict) : -1;
    case LabelsRole: {
        QStringList labels{QStringLiteral("target=") + QString::fromStdString(m_targets[std::size_t(index.column())])};
        if (m_variants.size() > 1)
            labels << QStringLiteral("variant=") + QString::fromStdString(m_variants[std::size_t(index.row())]);
        if (!m_runId.empty())
            labels.prepend(QStringLiteral("suite_run=") + QString::fromStdString(m_runId));
        return labels.join(QLatin1Char(' '));
    }
    default: return {};
    }
}

QVariant CompareMatrix::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0)
        return {};
    const std::vector<std::string>& names = orientation == Qt::Horizontal ? m_targets : m_variants;
    if (std::size_t(section) >= names.size())
        return {};
    QString name = QString::fromStdString(names[std::size_t(section)]);
    const bool baselineAxis = (m_variants.size() < 2) == (orientation == Qt::Horizontal);
    if (baselineAxis && names[std::size_t(section)] == m_baseline)
        name += tr(" (baseline)");
    return name;
}

QStringList CompareMatrix::sentences() const
{
    QStringList out;
    for (int column = 0; column < columnCount(); ++column) {
        for (int row = 0; row < rowCount(); ++row) {
            const Cell& c = cell(row, column);
            if (!c.judged || c.verdict == stats::Verdict::Baseline || c.sentence.empty())
                continue;
            out << (m_variants.size() < 2 ? QString::fromStdString(c.sentence)
                                           : tr("On %1: %2").arg(QString::fromStdString(m_targets[std::size_t(column)]),
                                                                 QString::fromStdString(c.sentence)));
        }
    }
    return out;
}

} // namespace conform::gui
