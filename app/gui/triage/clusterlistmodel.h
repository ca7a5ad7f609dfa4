#pragma once
// Triage's list: the failure clusters of one query (store::Store::clusters), a row each, in
// the order the store returned them (biggest or newest first). A regressed cluster's row is
// drawn in the failure colour and bold, so it stands out in a long list; the trend column's
// TrendRole gives the daily counts the sparkline delegate draws (sparklinedelegate.h).
#include "store/clusters.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <vector>

namespace conform::gui {

class ClusterListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { State, Cause, Captures, Trend, LastSeen, Outcome, Note, ColumnCount };
    enum Role { ClusterIdRole = Qt::UserRole + 1, TrendRole, StateRole };
    // The days a trend spans, ending today (UTC).
    static constexpr int kTrendDays = 14;

    using QAbstractTableModel::QAbstractTableModel;

    // The clusters read; `nowMs` dates the trend's last day and the "since" words.
    void setClusters(std::vector<store::Cluster> clusters, std::int64_t nowMs);
    const std::vector<store::Cluster>& clusters() const { return m_clusters; }
    const store::Cluster* clusterAt(int row) const;
    // The row of a cluster id, -1 when it is not listed.
    int rowOf(const std::string& id) const;

    // The counts of the cluster's last kTrendDays days, oldest first (days without captures: 0).
    static std::vector<std::int64_t> trendOf(const store::Cluster& cluster, std::int64_t nowMs);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<store::Cluster> m_clusters;
    std::int64_t m_nowMs = 0;
};

} // namespace conform::gui
