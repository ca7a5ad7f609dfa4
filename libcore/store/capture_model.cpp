#include "store/capture_model.h"

#include "store/store.h"

namespace conform::store {

CaptureTableModel::CaptureTableModel(StoreLocation location, QObject* parent)
    : QAbstractTableModel(parent), m_location(std::move(location))
{
}

CaptureTableModel::~CaptureTableModel() = default;

bool CaptureTableModel::open()
{
    auto store = Store::open(m_location, OpenOptions{false});
    if (!store) {
        m_error = QString::fromStdString(store.error().toString());
        return false;
    }
    m_store = std::move(store).value();
    setFilter(m_filter);
    return true;
}

void CaptureTableModel::setFilter(const Filter& filter)
{
    // The first page is read inside the reset, so views never see rows arrive mid-reset.
    beginResetModel();
    m_filter = filter;
    m_rows.clear();
    m_lastSeq = 0;
    m_atEnd = m_store == nullptr;
    std::vector<CaptureSummary> page = nextPage();
    for (CaptureSummary& summary : page)
        m_rows.push_back(std::move(summary));
    endResetModel();
}

std::vector<CaptureSummary> CaptureTableModel::nextPage()
{
    if (m_atEnd || !m_store)
        return {};
    Filter page = m_filter;
    page.descending = true;
    if (m_lastSeq > 0)
        page.afterSeq = m_lastSeq;
    std::vector<std::int64_t> seqs;
    auto rows = m_store->list(page, m_pageSize, &seqs);
    if (!rows) {
        m_error = QString::fromStdString(rows.error().toString());
        m_atEnd = true;
        return {};
    }
    m_atEnd = static_cast<int>(rows->size()) < m_pageSize;
    if (!seqs.empty())
        m_lastSeq = seqs.back();
    return std::move(rows).value();
}

int CaptureTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CaptureTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CaptureTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    return cell(m_rows[static_cast<std::size_t>(index.row())], index.column(), role);
}

QVariant CaptureTableModel::cell(const CaptureSummary& s, int column, int role)
{
    if (role == IdRole)
        return QString::fromStdString(s.id);
    if (role == OutcomeRole)
        return s.outcome;
    if (role == Qt::TextAlignmentRole)
        return column >= Attempts ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Time: return QString::fromStdString(isoTime(s.createdAtMs));
    case Outcome: return QString::fromUtf8(outcomeNameOf(s.outcome).data(), static_cast<qsizetype>(outcomeNameOf(s.outcome).size()));
    case Flags: {
        QStringList names;
        for (const std::string& name : flagNames(s.flags))
            names << QString::fromStdString(name);
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

QVariant CaptureTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return title(section);
}

QVariant CaptureTableModel::title(int section)
{
    static const char* const titles[ColumnCount] = {
        QT_TR_NOOP("Time"), QT_TR_NOOP("Outcome"), QT_TR_NOOP("Flags"), QT_TR_NOOP("Provider"), QT_TR_NOOP("Model"), QT_TR_NOOP("Mode"),
        QT_TR_NOOP("Schema"), QT_TR_NOOP("Attempts"), QT_TR_NOOP("Repairs"), QT_TR_NOOP("Latency (ms)"), QT_TR_NOOP("Tokens")};
    return section >= 0 && section < ColumnCount ? tr(titles[section]) : QVariant();
}

bool CaptureTableModel::canFetchMore(const QModelIndex& parent) const
{
    return !parent.isValid() && !m_atEnd;
}

void CaptureTableModel::fetchMore(const QModelIndex& parent)
{
    if (parent.isValid())
        return;
    std::vector<CaptureSummary> page = nextPage();
    if (page.empty())
        return;
    const int first = static_cast<int>(m_rows.size());
    beginInsertRows({}, first, first + static_cast<int>(page.size()) - 1);
    for (CaptureSummary& summary : page)
        m_rows.push_back(std::move(summary));
    endInsertRows();
}

} // namespace conform::store
