#include "triage/sparklinedelegate.h"

#include "triage/clusterlistmodel.h"
#include "widgets/themecolours.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace conform::gui {

void SparklineDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    // The cell's background and selection as any other cell's, then the bars over it.
    QStyleOptionViewItem plain = option;
    initStyleOption(&plain, index);
    plain.text.clear();
    const QWidget* widget = option.widget;
    (widget ? widget->style() : QApplication::style())->drawControl(QStyle::CE_ItemViewItem, &plain, painter, widget);

    const QVariantList counts = index.data(ClusterListModel::TrendRole).toList();
    if (counts.isEmpty())
        return;
    qlonglong busiest = 0;
    for (const QVariant& n : counts)
        busiest = std::max(busiest, n.toLongLong());
    const QRect area = option.rect.adjusted(3, 3, -3, -3);
    const double step = double(area.width()) / double(counts.size());
    const QColor colour = index.data(ClusterListModel::StateRole).toInt() == int(store::ReviewState::Regressed)
                              ? statusColours(option.palette).failure
                              : (option.state & QStyle::State_Selected ? option.palette.highlightedText().color() : statusColours(option.palette).info);
    painter->save();
    for (int day = 0; day < int(counts.size()); ++day) {
        const qlonglong n = counts[day].toLongLong();
        const QRectF bar(area.left() + day * step + 1, area.top(), std::max(1.0, step - 2), area.height());
        if (n == 0) {
            painter->fillRect(QRectF(bar.left(), bar.bottom() - 1, bar.width(), 1), statusColours(option.palette).track);
            continue;
        }
        const double height = std::max(2.0, bar.height() * double(n) / double(std::max<qlonglong>(busiest, 1)));
        painter->fillRect(QRectF(bar.left(), bar.bottom() - height, bar.width(), height), colour);
    }
    painter->restore();
}

QSize SparklineDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    return QStyledItemDelegate::sizeHint(option, index).expandedTo(QSize(ClusterListModel::kTrendDays * 6, 18));
}

} // namespace conform::gui
