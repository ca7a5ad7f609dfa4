#pragma once
// The Compare view's matrix: one row per variant, one column per target. A cell fills in as
// its runs finish (final success with its 95% interval, first try, mean repairs, p50
// latency), and its colour is the verdict against the baseline of its column: better, worse
// or "can't tell yet", worked out again after every run with the same test the report uses
// (stats/comparison.h). When the comparison ends, finish() puts the store's figures in
// (intervals, cost per valid result, the repair overhead) and the report's sentences.
//
// With one variant the targets are what is compared: the row's cells are judged against
// the baseline target instead.
#include "stats/comparison.h"
#include "suite/comparison_file.h"
#include "suite/comparison_report.h"
#include "suite/runner.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>
#include <vector>

namespace conform::gui {

class CompareMatrix : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        CaptureIdsRole = Qt::UserRole + 1, // QStringList: the cell's captures
        VerdictRole,                       // int: stats::Verdict, -1 before any run
        LabelsRole,                        // "suite_run=… variant=… target=…": the browser's label filter
    };

    explicit CompareMatrix(QObject* parent = nullptr);

    // Empties the matrix for `plan`, whose runs will carry the label suite_run=`runId`.
    void reset(const suite::ComparisonPlan& plan, const std::string& baseline);
    void setRunId(const std::string& runId) { m_runId = runId; }
    void runFinished(const suite::RunResult& result);
    // The final reports, one per target (or one across the targets with one variant).
    void finish(const std::vector<suite::TargetComparison>& comparisons);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Each comparison's verdicts in words, the baseline's line first ("on TARGET: …").
    QStringList sentences() const;
    int finishedRuns() const { return m_finished; }

private:
    struct Cell
    {
        std::int64_t runs = 0, succeeded = 0, firstTry = 0, repairs = 0;
        std::vector<double> latencies; // sorted
        QStringList captureIds;
        std::optional<stats::VariantResult> final; // after finish()
        stats::Verdict verdict = stats::Verdict::Baseline;
        bool judged = false;
        std::string sentence;
    };
    Cell& cell(int row, int column) { return m_cells[std::size_t(row) * m_targets.size() + std::size_t(column)]; }
    const Cell& cell(int row, int column) const { return m_cells[std::size_t(row) * m_targets.size() + std::size_t(column)]; }
    // Judges the cells again from their counts: each column's variants (or, with one variant,
    // the row's targets) against the baseline.
    void judge();
    QString cellText(const Cell& c) const;

    std::vector<std::string> m_variants, m_targets;
    std::vector<int> m_variantOfCase;
    std::vector<Cell> m_cells;
    std::string m_baseline, m_runId;
    int m_finished = 0;
};

} // namespace conform::gui
