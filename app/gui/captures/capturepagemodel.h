#pragma once
// The captures browser's table: the store's capture summaries under a filter, in the order
// the header's sort indicator says (failed first, then newest, by default), a page at a time
// as the view scrolls (canFetchMore / fetchMore), each page read on a worker thread through
// a connection of its own, so a slow page (a busy disk, a re-validation reading the same
// store) never holds the GUI thread. Each page's failure clusters are read with it, so a
// failed row says its first finding ("items[*].price is missing"). IdRole gives a row's capture id for opening it; the
// column titles are in the user's language.
#include "store/capture.h"
#include "store/filter.h"
#include "store/location.h"
#include "store/order.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace conform::gui {

class CapturePageModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Time, Outcome, Finding, Flags, Provider, Model, Mode, Schema, Attempts, Repairs, Latency, Tokens, ColumnCount };
    enum Role { IdRole = Qt::UserRole + 1, OutcomeRole };

    explicit CapturePageModel(store::StoreLocation location, QObject* parent = nullptr);

    // One cell of a summary's row, and a column's title in the user's language. The Finding
    // column (its failure cluster's first finding, in words) is the model's own: cell() has
    // no cluster to read it from.
    static QVariant cell(const store::CaptureSummary& summary, int column, int role);
    static QString title(int column);

    // Empties the table and reads the first page of `filter` (a newer filter wins over a page
    // of an older one still being read).
    void setFilter(const store::Filter& filter);
    // Another store is in use: the rows go, and the first page is read there once a filter
    // is set (a page of the old store still on its way is dropped).
    void setLocation(const store::StoreLocation& location);
    // Re-reads the first page in `order` once a filter is set (before, only remembers it).
    void setOrder(const store::Order& order);
    const store::Order& order() const { return m_order; }
    // The sort key of a column (Flags and Schema have none) and the column showing a key.
    static std::optional<store::SortKey> sortKeyOf(int column);
    static int columnOf(store::SortKey key);
    // The failure cluster of a row's capture ("" for valid and unchecked ones).
    QString clusterOf(int row) const;
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
    // A click on a sortable column's header; other columns are left as they are.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

signals:
    // A page arrived (or failed: errorString() says why).
    void pageLoaded(int rows);

private:
    struct Page;
    void readPage();
    void append(Page page);
    void reload();

    store::StoreLocation m_location;
    store::Filter m_filter;
    store::Order m_order;
    bool m_hasFilter = false;
    std::vector<store::CaptureSummary> m_rows;
    std::map<std::string, QString> m_findings; // cluster id -> its first finding, in words
    std::optional<store::Cursor> m_next; // where the next page starts
    std::uint64_t m_generation = 0;
    bool m_atEnd = false;
    bool m_fetching = false;
    int m_pageSize = 200;
    QString m_error;
};

} // namespace conform::gui
