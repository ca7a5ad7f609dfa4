#pragma once
// The batch panel's live table: one row per target of a batch::BatchRunner (with the schema
// it runs against: a demo written for another schema says it runs with its own), filling in as
// runs finish (runs, first-try valid, repaired, failed, truncated, mean repairs, p50 latency,
// tokens), and a Rate column that OutcomeBarDelegate draws as a bar of the outcome mix.
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
    enum Column { Target, Schema, Runs, FirstTry, Repaired, Failed, Truncated, MeanRepairs, LatencyP50, Tokens, Rate, ColumnCount };
    // Qt::UserRole on the Rate column: QVariantList of the valid, repaired, fallback and failed
    // counts and the runs planned for the target, which the bar is drawn from.
    enum Role { MixRole = Qt::UserRole + 1 };

    explicit BatchTallyModel(QObject* parent = nullptr);

    // Rows for these targets, all zero; `runner` supplies the tallies from then on.
    void reset(const batch::BatchRunner* runner, const QStringList& targets, int repeatsPerTarget);
    void refreshRow(int target);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const store::Tally* tallyAt(int row) const;
    // The title (else $id) of the schema the row's target runs with; "its own: …" for a demo
    // that brings its own.
    QString schemaName(int row) const;

    const batch::BatchRunner* m_runner = nullptr;
    QStringList m_targets;
    int m_repeats = 0;
};

// Draws MixRole as a bar: green valid, blue repaired, amber fallback, red failed, grey not run
// yet; the final-success rate as text over it.
class OutcomeBarDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace conform::gui
