#pragma once
// Draws a cluster's daily counts (ClusterListModel::TrendRole) as a row of small bars in its
// cell, scaled to the cluster's own busiest day: whether a cause is growing, fading or gone
// reads at a glance without a chart per row.
#include <QStyledItemDelegate>

namespace conform::gui {

class SparklineDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace conform::gui
