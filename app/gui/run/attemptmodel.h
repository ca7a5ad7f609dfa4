#pragma once
// The Run tab's attempts timeline: one row per finished attempt of a run, in the order the
// engine reports them. Transport retries stay inside their attempt's row (the "Retries"
// column reads "429, waited 1000 ms; 429, waited 1000 ms"), because the engine counts them
// apart from repairs. The model owns copies of the records; rows never change once added.
#include "engine/run_record.h"

#include <QAbstractTableModel>

#include <vector>

namespace conform::gui {

class AttemptModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { IndexColumn, ModeColumn, StatusColumn, RetriesColumn, FixesColumn, IssuesColumn,
                  StopColumn, TokensInColumn, TokensOutColumn, LatencyColumn, ColumnCount };

    explicit AttemptModel(QObject* parent = nullptr);

    void clear();
    void append(const engine::AttemptRecord& attempt);
    // The record behind `row`; rows are 0..rowCount()-1.
    const engine::AttemptRecord& attempt(int row) const { return m_attempts.at(static_cast<std::size_t>(row)); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const engine::AttemptRecord& attempt, int row, int column) const;

    std::vector<engine::AttemptRecord> m_attempts;
};

// "429, waited 1000 ms; timeout, waited 250 ms"; "" when the attempt needed no retry.
QString retriesText(const std::vector<providers::RetryRecord>& retries);

} // namespace conform::gui
