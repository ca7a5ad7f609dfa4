#pragma once
// CaptureTableModel: the captures of a store as a table for views, newest first. Rows are
// fetched a page at a time as the view scrolls (canFetchMore / fetchMore), with keyset
// paging, so a store of a million captures opens as fast as one of ten.
//
//   CaptureTableModel model(location);
//   if (!model.open()) showError(model.errorString());
//   view->setModel(&model);
//   model.setFilter(filter);          // resets, fetches the first page
//
// The model reads through its own connection, on the thread it lives in (a page is a few
// milliseconds). IdRole gives a row's capture id for opening it.
#include "store/filter.h"
#include "store/location.h"
#include "store/capture.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace conform::store {

class Store;

class CaptureTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Time, Outcome, Flags, Provider, Model, Mode, Schema, Attempts, Repairs, Latency, Tokens, ColumnCount };
    enum Role { IdRole = Qt::UserRole + 1, OutcomeRole };

    explicit CaptureTableModel(StoreLocation location, QObject* parent = nullptr);
    ~CaptureTableModel() override;

    bool open();
    QString errorString() const { return m_error; }
    void setFilter(const Filter& filter);
    void setPageSize(int rows) { m_pageSize = rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent = {}) const override;
    void fetchMore(const QModelIndex& parent = {}) override;

    // One cell of a summary's row and a column's title, for other views of summaries (the
    // workbench pages them in from a worker thread).
    static QVariant cell(const CaptureSummary& summary, int column, int role);
    static QVariant title(int section);

private:
    std::vector<CaptureSummary> nextPage(); // the page after the last row read; empty at the end

    StoreLocation m_location;
    std::unique_ptr<Store> m_store;
    Filter m_filter;
    std::vector<CaptureSummary> m_rows;
    std::int64_t m_lastSeq = 0;
    bool m_atEnd = true;
    int m_pageSize = 200;
    QString m_error;
};

} // namespace conform::store
