#include "captures/capturepagemodel.h"

#include "triage/clusterwords.h"

#include "captures/captureview.h"
#include "run/outcomewords.h"
#include "async/backgroundtask.h"

#include "store/store.h"

#include <QBrush>
#include <QStringList>

namespace conform::gui {

struct CapturePageModel::Page
{
    std::uint64_t generation = 0;
    store::CapturePage page;
    std::vector<store::Cluster> clusters; // the page's, signatures only
    std::string error;
};

CapturePageModel::CapturePageModel(store::StoreLocation location, QObject* parent)
    : QAbstractTableModel(parent), m_location(std::move(location))
{
}

void CapturePageModel::setFilter(const store::Filter& filter)
{
    m_filter = filter;
    m_hasFilter = true;
    reload();
}

void CapturePageModel::setLocation(const store::StoreLocation& location)
{
    m_location = location;
    m_error.clear();
    if (m_hasFilter)
        return reload();
    beginResetModel();
    m_rows.clear();
    m_findings.clear();
    m_next.reset();
    m_atEnd = false;
    ++m_generation;
    endResetModel();
}

void CapturePageModel::setOrder(const store::Order& order)
{
    if (order.key == m_order.key && order.descending == m_order.descending)
        return;
    m_order = order;
    if (m_hasFilter)
        reload();
}

void CapturePageModel::reload()
{
    beginResetModel();
    m_rows.clear();
    m_findings.clear();
    m_next.reset();
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
    runInBackground(this, [location = m_location, filter = m_filter, order = m_order, after = m_next, limit = m_pageSize,
                           generation = m_generation] {
        Page out;
        out.generation = generation;
        auto opened = store::Store::open(location, store::OpenOptions{false});
        if (!opened) {
            out.error = opened.error().toString();
            return out;
        }
        auto page = opened.value()->page(filter, order, after, limit);
        if (!page) {
            out.error = page.error().toString();
            return out;
        }
        out.page = std::move(page.value());
        std::vector<std::string> clusters;
        for (const store::CaptureSummary& row : out.page.rows)
            if (!row.cluster.empty())
                clusters.push_back(row.cluster);
        // A page without its findings is still a page: the column stays empty then.
        if (auto signatures = opened.value()->clusterSignatures(clusters))
            out.clusters = std::move(signatures.value());
        return out;
    }, [this](Page page) { append(std::move(page)); });
}

void CapturePageModel::append(Page page)
{
    if (page.generation != m_generation)
        return;
    m_fetching = false;
    m_error = QString::fromStdString(page.error);
    std::vector<store::CaptureSummary>& rows = page.page.rows;
    m_atEnd = !page.error.empty() || !page.page.next;
    m_next = page.page.next;
    for (const store::Cluster& cluster : page.clusters)
        m_findings[cluster.id] = ClusterWords::cause(cluster);
    if (!rows.empty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(rows.size()) - 1);
        for (store::CaptureSummary& row : rows)
            m_rows.push_back(std::move(row));
        endInsertRows();
    }
    emit pageLoaded(int(rows.size()));
}

QString CapturePageModel::clusterOf(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? QString::fromStdString(m_rows[std::size_t(row)].cluster) : QString();
}

int CapturePageModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CapturePageModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CapturePageModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const store::CaptureSummary& row = m_rows[std::size_t(index.row())];
    if (index.column() == Finding && (role == Qt::DisplayRole || role == Qt::ToolTipRole)) {
        const auto found = m_findings.find(row.cluster);
        return found == m_findings.end() ? QVariant() : QVariant(found->second);
    }
    return cell(row, index.column(), role);
}

QVariant CapturePageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::InitialSortOrderRole) {
        // The first click shows what QA looks for: newest, failed, most repaired, slowest,
        // costliest first; names read A to Z.
        const auto key = sortKeyOf(section);
        const bool text = key == store::SortKey::Provider || key == store::SortKey::Model || key == store::SortKey::Mode;
        return int(text ? Qt::AscendingOrder : Qt::DescendingOrder);
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return title(section);
}

QVariant CapturePageModel::cell(const store::CaptureSummary& s, int column, int role)
{
    if (role == IdRole)
        return QString::fromStdString(s.id);
    if (role == OutcomeRole)
        return s.outcome;
    if (role == Qt::TextAlignmentRole)
        return column >= Attempts ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::ForegroundRole) // the outcome in its colour: unchecked is neither green nor red
        return column == Outcome ? QVariant(QBrush(toneColour(outcomeTone(s.outcome)))) : QVariant();
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Time: return QString::fromStdString(store::isoTime(s.createdAtMs));
    case Outcome: return OutcomeWords::outcomeOfCode(s.outcome);
    case Flags: {
        QStringList names;
        for (const std::string& name : store::flagNames(s.flags))
            names << OutcomeWords::flagNamed(name);
        return names.join(QStringLiteral(", "));
    }
    case Provider: return QString::fromStdString(s.provider);
    case Model: return QString::fromStdString(s.model);
    case Mode: return QString::fromStdString(s.mode);
    case Schema: return QString::fromStdString(s.schemaTitle.empty() ? s.schemaHash : s.schemaTitle);
    case Attempts: return s.attempts;
    case Repairs: return s.repairs;
    case Latency: return QVariant::fromValue<qlonglong>(s.latencyMs);
    case Tokens: return QVariant::fromValue<qlonglong>(s.tokensIn + s.tokensOut);
    default: return {};
    }
}

QString CapturePageModel::title(int column)
{
    switch (column) {
    case Time: return tr("Time");
    case Outcome: return tr("Outcome");
    case Finding: return tr("First finding");
    case Flags: return tr("Flags");
    case Provider: return tr("Provider");
    case Model: return tr("Model");
    case Mode: return tr("Mode");
    case Schema: return tr("Schema");
    case Attempts: return tr("Attempts");
    case Repairs: return tr("Repairs");
    case Latency: return tr("Latency (ms)");
    case Tokens: return tr("Tokens");
    default: return {};
    }
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

void CapturePageModel::sort(int column, Qt::SortOrder order)
{
    if (const auto key = sortKeyOf(column))
        setOrder({*key, order == Qt::DescendingOrder});
}

std::optional<store::SortKey> CapturePageModel::sortKeyOf(int column)
{
    using C = CapturePageModel;
    switch (column) {
    case C::Time: return store::SortKey::Time;
    case C::Outcome: return store::SortKey::Outcome;
    case C::Provider: return store::SortKey::Provider;
    case C::Model: return store::SortKey::Model;
    case C::Mode: return store::SortKey::Mode;
    case C::Attempts: return store::SortKey::Attempts;
    case C::Repairs: return store::SortKey::Repairs;
    case C::Latency: return store::SortKey::Latency;
    case C::Tokens: return store::SortKey::Tokens;
    default: return std::nullopt; // flags are a set, the schema a title read by join: no index orders them
    }
}

int CapturePageModel::columnOf(store::SortKey key)
{
    for (int column = 0; column < ColumnCount; ++column)
        if (sortKeyOf(column) == key)
            return column;
    return Outcome;
}

} // namespace conform::gui
