#pragma once
// The live table of a suite run: one row per case, one column per target; each cell counts
// its runs as they finish ("2/3", green when all succeeded, red when any failed) and keeps
// their capture ids and first problem for the Suites view.
#include "suite/runner.h"
#include "suite/suite.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace conform::gui {

class SuiteTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role { CaptureIdsRole = Qt::UserRole + 1, ProblemsRole };

    explicit SuiteTableModel(QObject* parent = nullptr);

    // A new suite: empty cells, `repeat` runs each to come.
    void reset(const suite::Suite& suite);
    void runStarted(int caseIndex, int targetIndex);
    void runFinished(const suite::RunResult& run);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Cell
    {
        int running = 0, runs = 0, succeeded = 0, repairs = 0;
        QStringList captureIds;
        QStringList problems; // one per failed run: "#2: Required at /title"
    };
    Cell& cell(int row, int column) { return m_cells[std::size_t(row) * m_columns.size() + std::size_t(column)]; }
    const Cell& cell(int row, int column) const { return m_cells[std::size_t(row) * m_columns.size() + std::size_t(column)]; }
    void changed(int row, int column);

    QStringList m_rows, m_columns;
    int m_repeat = 1;
    std::vector<Cell> m_cells;
};

} // namespace conform::gui
