#include "triage/clusterlistmodel.h"

#include "triage/clusterwords.h"
#include "widgets/themecolours.h"

#include "store/capture.h"

#include <QDateTime>
#include <QFont>
#include <QLocale>

namespace conform::gui {

namespace {

constexpr std::int64_t kDayMs = 24LL * 60 * 60 * 1000;

// Short enough for its column: the time alone today, the day and time this year, else the date.
QString timeText(std::int64_t ms)
{
    const QLocale locale;
    const QDateTime when = QDateTime::fromMSecsSinceEpoch(ms).toLocalTime();
    const QDate today = QDate::currentDate();
    if (when.date() == today)
        return locale.toString(when.time(), QLocale::ShortFormat);
    if (when.date().year() == today.year())
        return locale.toString(when.date(), QStringLiteral("d MMM")) + QLatin1Char(' ') + locale.toString(when.time(), QLocale::ShortFormat);
    return locale.toString(when.date(), QLocale::ShortFormat);
}

} // namespace

void ClusterListModel::setClusters(std::vector<store::Cluster> clusters, std::int64_t nowMs)
{
    beginResetModel();
    m_clusters = std::move(clusters);
    m_nowMs = nowMs;
    endResetModel();
}

const store::Cluster* ClusterListModel::clusterAt(int row) const
{
    return row >= 0 && row < int(m_clusters.size()) ? &m_clusters[std::size_t(row)] : nullptr;
}

int ClusterListModel::rowOf(const std::string& id) const
{
    for (std::size_t row = 0; row < m_clusters.size(); ++row)
        if (m_clusters[row].id == id)
            return int(row);
    return -1;
}

std::vector<std::int64_t> ClusterListModel::trendOf(const store::Cluster& cluster, std::int64_t nowMs)
{
    std::vector<std::int64_t> days(kTrendDays, 0);
    const std::int64_t today = nowMs - nowMs % kDayMs;
    for (const store::DayCount& day : cluster.perDay) {
        const std::int64_t back = (today - day.dayStartMs) / kDayMs;
        if (back >= 0 && back < kTrendDays)
            days[std::size_t(kTrendDays - 1 - back)] += day.count;
    }
    return days;
}

int ClusterListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_clusters.size());
}

int ClusterListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ClusterListModel::data(const QModelIndex& index, int role) const
{
    const store::Cluster* c = clusterAt(index.row());
    if (!c)
        return {};
    const bool regressed = c->state == store::ReviewState::Regressed;
    switch (role) {
    case ClusterIdRole: return QString::fromStdString(c->id);
    case StateRole: return int(c->state);
    case TrendRole: {
        QVariantList counts;
        for (std::int64_t n : trendOf(*c, m_nowMs))
            counts << QVariant::fromValue<qlonglong>(n);
        return counts;
    }
    case Qt::ForegroundRole:
        if (regressed)
            return statusColours().failure;
        if (c->state == store::ReviewState::Ignored || c->state == store::ReviewState::Expected)
            return statusColours().muted;
        return {};
    case Qt::FontRole:
        if (regressed) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Captures ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ToolTipRole:
        switch (index.column()) {
        case State: return ClusterWords::stateMeaning(c->state);
        case Cause: return QString(ClusterWords::cause(*c) + QLatin1Char('\n') + ClusterWords::spread(*c, m_nowMs));
        case Trend: return tr("Captures per day, the last %n day(s)", nullptr, kTrendDays);
        case Note: return c->review ? QString::fromStdString(c->review->note) : QString();
        case LastSeen: return QLocale().toString(QDateTime::fromMSecsSinceEpoch(c->lastSeenMs).toLocalTime(), QLocale::LongFormat);
        default: return {};
        }
    case Qt::DisplayRole:
        switch (index.column()) {
        case State: return ClusterWords::state(c->state);
        case Cause: return ClusterWords::cause(*c);
        case Captures: return QLocale().toString(qlonglong(c->count));
        case LastSeen: return timeText(c->lastSeenMs);
        case Outcome: return ClusterWords::outcome(c->outcome);
        case Note: return c->review ? QString::fromStdString(c->review->note) : QString();
        default: return {};
        }
    default: return {};
    }
}

QVariant ClusterListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case State: return tr("State");
    case Cause: return tr("Cause");
    case Captures: return tr("Captures");
    case Trend: return tr("Trend");
    case LastSeen: return tr("Last seen");
    case Outcome: return tr("Outcome");
    case Note: return tr("Note");
    default: return {};
    }
}

} // namespace conform::gui
