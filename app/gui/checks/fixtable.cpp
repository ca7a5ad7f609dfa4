#include "checks/fixtable.h"

#include "checks/fixwords.h"
#include "checks/steprole.h"
#include "engine/steps.h"

#include <QHeaderView>

namespace conform::gui {

FixTable::FixTable(QWidget* parent) : QTreeWidget(parent)
{
    setColumnCount(ColumnCount);
    setHeaderLabels({tr("Fix"), tr("Where"), tr("Before → after")});
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setAllColumnsShowFocus(true);
    setTextElideMode(Qt::ElideRight);
    header()->setStretchLastSection(true);
    header()->setSectionResizeMode(WhatColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(WhereColumn, QHeaderView::ResizeToContents);
    connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        const int row = item ? indexOfTopLevelItem(item) : -1;
        if (row >= 0 && std::size_t(row) < m_spans.size())
            emit fixActivated(m_spans[std::size_t(row)]);
    });
    connect(this, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
        const int row = indexOfTopLevelItem(item);
        if (row >= 0 && std::size_t(row) < m_spans.size())
            emit fixActivated(m_spans[std::size_t(row)]);
    });
}

void FixTable::setFixes(std::string_view raw, const std::vector<json::Fix>& fixes)
{
    setFixes(fixes, fixPlaces(raw, fixes));
}

void FixTable::setFixes(const std::vector<json::Fix>& fixes, const std::vector<json::LineColumn>& places)
{
    clear();
    m_spans.clear();
    QList<QTreeWidgetItem*> items;
    for (std::size_t i = 0; i < fixes.size(); ++i) {
        const json::Fix& fix = fixes[i];
        const json::LineColumn at = i < places.size() ? places[i] : json::LineColumn{};
        const QString change = tr("%1 → %2").arg(quotedText(fix.before), quotedText(fix.after));
        auto* item = new QTreeWidgetItem({describeFix(fix.kind, fix.before, fix.after),
                                          QStringLiteral("%1:%2").arg(at.line).arg(at.column), change});
        item->setToolTip(WhatColumn, QString::fromStdString(fix.kind));
        item->setToolTip(ChangeColumn, change);
        item->setData(WhatColumn, kStepRole, QString::fromStdString(engine::steps::ofFix(fix.kind)));
        items << item;
        m_spans.push_back(Span{fix.offset, fix.length});
    }
    m_fixes = int(fixes.size());
    addTopLevelItems(items);
}

void FixTable::addCoercions(const Json& coercions)
{
    QList<QTreeWidgetItem*> items;
    for (const Json& coercion : coercions) {
        const std::string kind = coercion.value("kind", std::string());
        const QString change = coercionChange(coercion);
        auto* item = new QTreeWidgetItem({coercionWords(kind), coercionPath(coercion), change});
        item->setToolTip(WhatColumn, QString::fromStdString(kind));
        item->setToolTip(ChangeColumn, change);
        item->setData(WhatColumn, kStepRole, QString::fromStdString(engine::steps::ofCoercion(kind)));
        items << item;
    }
    addTopLevelItems(items);
}

void FixTable::setFixes(std::string_view raw, const Json& fixes)
{
    setFixes(raw, fixesFromJson(fixes));
}

std::vector<json::LineColumn> fixPlaces(std::string_view raw, const std::vector<json::Fix>& fixes)
{
    std::vector<json::LineColumn> places;
    places.reserve(fixes.size());
    for (const json::Fix& fix : fixes)
        places.push_back(json::lineColumnAt(raw, fix.offset));
    return places;
}

std::vector<json::Fix> fixesFromJson(const Json& fixes)
{
    std::vector<json::Fix> out;
    if (!fixes.is_array())
        return out;
    for (const Json& f : fixes) {
        if (!f.is_object())
            continue;
        json::Fix fix;
        fix.kind = f.value("kind", std::string());
        fix.offset = f.value("offset", std::size_t(0));
        fix.length = f.value("length", std::size_t(0));
        fix.before = f.value("before", std::string());
        fix.after = f.value("after", std::string());
        out.push_back(std::move(fix));
    }
    return out;
}

} // namespace conform::gui
