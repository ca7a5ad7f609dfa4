#include "capturepagemodel.h"

#include "backgroundtask.h"

#include "store/capture_model.h"
#include "store/store.h"

namespace conform::gui {

struct CapturePageModel::Page
{
    std::uint64_t generation = 0;
    std::vector<store::CaptureSummary> rows;
    std::vector<std::int64_t> seqs;
    std::string error;
};

CapturePageModel::CapturePageModel(store::StoreLocation location, QObject* parent)
    : QAbstractTableModel(parent), m_location(std::move(location))
{
}

void CapturePageModel::setFilter(const store::Filter& filter)
{
    beginResetModel();
    m_filter = filter;
    m_filter.descending = true;
    m_rows.clear();
    m_lastSeq = 0;
    m_atEnd = false;
    m_fetching = false;
    ++m_generation; // a page of the old filter still on its way is dropped
    endResetModel();
    readPage();
}

void CapturePageModel::readPage()
{
    if (m_fetching || m_atEnd)
        return;
    m_fetching = true;
    store::Filter page = m_filter;
    if (m_lastSeq > 0)
        page.afterSeq = m_lastSeq;
    runInBackground(this, [location = m_location, page, limit = m_pageSize, generation = m_generation] {
        Page out;
        out.generation = generation;
        auto opened = store::Store::open(location, store::OpenOptions{false});
        if (!opened) {
            out.error = opened.error().toString();
            return out;
        }
        auto rows = opened.value()->list(page, limit, &out.seqs);
        if (!rows)
            out.error = rows.error().toString();
        else
            out.rows = std::move(rows.value());
        return out;
    }, [this](Page page) { append(std::move(page)); });
}

void CapturePageModel::append(Page page)
{
    if (page.generation != m_generation)
        return;
    m_fetching = false;
    m_error = QString::fromStdString(page.error);
    m_atEnd = !page.error.empty() || int(page.rows.size()) < m_pageSize;
    if (!page.seqs.empty())
        m_lastSeq = page.seqs.back();
    if (!page.rows.empty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(page.rows.size()) - 1);
        for (store::CaptureSummary& row : page.rows)
            m_rows.push_back(std::move(row));
        endInsertRows();
    }
    emit pageLoaded(int(page.rows.size()));
}

int CapturePageModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CapturePageModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : store::CaptureTableModel::ColumnCount;
}

QVariant CapturePageModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    return store::CaptureTableModel::cell(m_rows[std::size_t(index.row())], index.column(), role);
}

QVariant CapturePageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return store::CaptureTableModel::title(section);
}

bool CapturePageModel::canFetchMore(const QModelIndex& parent) const
{
    return !parent.isValid() && !m_atEnd && !m_fetching;
}

void CapturePageModel::fetchMore(const QModelIndex& parent)
{
    if (!parent.isValid())
        readPage();
}

} // namespace conform::gui
