#pragma once
// The captures browser's table: the store's capture summaries under a filter, newest first,
// a page at a time as the view scrolls (canFetchMore / fetchMore), each page read on a worker
// thread through a connection of its own, so a slow page (a busy disk, a re-validation
// reading the same store) never holds the GUI thread. Columns and roles are those of
// store::CaptureTableModel (its Column and Role enums apply).
#include "store/capture.h"
#include "store/filter.h"
#include "store/location.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <vector>

namespace conform::gui {

class CapturePageModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit CapturePageModel(store::StoreLocation location, QObject* parent = nullptr);

    // Empties the table and reads the first page of `filter` (a newer filter wins over a page
    // of an older one still being read).
    void setFilter(const store::Filter& filter);
    bool isFetching() const { return m_fetching; }
    bool atEnd() const { return m_atEnd; }
    // The last page's failure ("... not a Conform capture store"), empty when it was read.
    QString errorString() const { return m_error; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent = {}) const override;
    void fetchMore(const QModelIndex& parent = {}) override;

signals:
    // A page arrived (or failed: errorString() says why).
    void pageLoaded(int rows);

private:
    struct Page;
    void readPage();
    void append(Page page);

    store::StoreLocation m_location;
    store::Filter m_filter;
    std::vector<store::CaptureSummary> m_rows;
    std::int64_t m_lastSeq = 0;
    std::uint64_t m_generation = 0;
    bool m_atEnd = false;
    bool m_fetching = false;
    int m_pageSize = 200;
    QString m_error;
};

} // namespace conform::gui
