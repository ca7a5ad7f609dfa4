#include "checks/issuelist.h"

#include "checks/issuemodel.h"

#include <QHeaderView>

namespace conform::gui {

IssueList::IssueList(IssueModel* model, QWidget* parent) : QTreeView(parent), m_model(model)
{
    setModel(model);
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAllColumnsShowFocus(true);
    setTextElideMode(Qt::ElideRight); // the end of a message is often the allowed values: the tooltip has all
    header()->setStretchLastSection(false);
    // Fitting a column looks at this many rows, not all 10,000 of a big result.
    header()->setResizeContentsPrecision(200);
    header()->setSectionResizeMode(IssueModel::MessageColumn, QHeaderView::Stretch);
    // The message is what people read first: show it right after the code, paths after it.
    header()->moveSection(header()->visualIndex(IssueModel::MessageColumn), 1);
    fitColumns();
    connect(model, &QAbstractItemModel::modelReset, this, &IssueList::fitColumns);
    connect(this, &QAbstractItemView::clicked, this,
            [this](const QModelIndex& index) { emit issueActivated(index.row()); });
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    emit issueActivated(current.row());
            });
}

// Code and paths fit their content up to a cap (long paths elide in the middle, the whole
// path is in the tooltip); the message, what people read first, takes the rest — and never
// less than half the list, however narrow the pane (it once read "E…").
void IssueList::fitColumns()
{
    const int em = QFontMetrics(font()).horizontalAdvance(QLatin1Char('m'));
    const struct { int column; int maxEms; } caps[] = {
        {IssueModel::CodeColumn, 12}, {IssueModel::PathColumn, 14}, {IssueModel::SchemaPathColumn, 16}};
    int others = 0;
    for (const auto& cap : caps) {
        resizeColumnToContents(cap.column);
        setColumnWidth(cap.column, std::clamp(columnWidth(cap.column), 7 * em, cap.maxEms * em));
        others += columnWidth(cap.column);
    }
    const int room = viewport()->width() / 2;
    if (others <= room || others == 0)
        return;
    for (const auto& cap : caps)
        setColumnWidth(cap.column, std::max(5 * em, columnWidth(cap.column) * room / others));
}

void IssueList::resizeEvent(QResizeEvent* event)
{
    QTreeView::resizeEvent(event);
    fitColumns();
}

} // namespace conform::gui
