#pragma once
// The batch panel's live table: one row per target of a batch::BatchRunner, filling in as runs
// finish: the final-success Rate first (OutcomeBarDelegate draws it as a bar of the outcome
// mix, so the result is in view at any width), then runs, first-try valid, repaired, failed,
// truncated, mean repairs, p50 latency, tokens, and last the schema and prompt it ran with (a
// demo written for another schema runs with its own schema and prompt, and says so).
// A thin adapter: the runner's tallies are the data; tallyChanged(t) updates row t alone.
#include "store/metrics.h"

#include <QAbstractTableModel>
#include <QStyledItemDelegate>

namespace conform::batch { class BatchRunner; }

namespace conform::gui {

class BatchTallyModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Target, Rate, Runs, FirstTry, Repaired, Failed, Truncated, MeanRepairs, LatencyP50, Tokens, Schema, ColumnCount };
    // Qt::UserRole on the Rate column: QVariantList of the valid, repaired, fallback and failed
    // counts and the runs planned for the target, which the bar is drawn from.
    enum Role { MixRole = Qt::UserRole + 1 };

    explicit BatchTallyModel(QObject* parent = nullptr);

    // The target label of `row` ("scenario/missing-field"), as its captures' "target" label.
    QString targetAt(int row) const { return m_targets.value(row); }

    // Rows for these targets, all zero; `runner` supplies the tallies from then on.
    void reset(const batch::BatchRunner* runner, const QStringList& targets, int repeatsPerTarget);
    void refreshRow(int target);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const store::Tally* tallyAt(int row) const;
    // The title (else $id) of the schema the row's target runs with, and whose prompt: the
    // Run tab's, or the demo's own with its own schema.
    QString schemaName(int row) const;

    const batch::BatchRunner* m_runner = nullptr;
    QStringList m_targets;
    int m_repeats = 0;
};

// Draws MixRole as a bar: green valid, blue repaired, amber fallback, red failed, grey not run
// yet; the final-success rate as text over it. legendHtml() is the key shown under the table.
class OutcomeBarDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    // "■ valid ■ repaired ■ fallback ■ failed ■ not run yet", each square in its bar colour.
    static QString legendHtml(const QPalette& palette);
};

} // namespace conform::gui
