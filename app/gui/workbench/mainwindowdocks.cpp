// MainWindow's optional docks: an activity moved out of the stack into a QDockWidget and back.
#include "workbench/mainwindow.h"

#include "workbench/activitybar.h"
#include "workbench/activitydock.h"
#include "workbench/captureviews.h"

#include <QMenu>
#include <QStackedWidget>

namespace conform::gui {

ActivityDock* MainWindow::activityDock(Activity activity) const
{
    const auto found = m_docks.find(activity);
    return found == m_docks.end() ? nullptr : found->second;
}

void MainWindow::setActivityDocked(Activity activity, bool docked)
{
    if (activity == Activity::Design || docked == (activityDock(activity) != nullptr))
        return;
    QWidget* page = m_pages.at(activity);
    if (docked) {
        if (currentActivity() == activity)
            showActivity(Activity::Design);
        m_stack->removeWidget(page);
        auto* dock = new ActivityDock(activity, page, this);
        m_docks[activity] = dock;
        addDockWidget(Qt::RightDockWidgetArea, dock);
        connect(dock, &ActivityDock::closed, this, [this](Activity closed) { setActivityDocked(closed, false); });
        if (isVisible())
            restoreSplitters(activity); // otherwise when the window is shown, at its size
        m_views->shown(page);
    } else {
        ActivityDock* dock = m_docks.at(activity);
        m_docks.erase(activity);
        removeDockWidget(dock);
        // Back in its place among the others, so the stack keeps the bar's order.
        int index = 0;
        for (Activity other : kActivities) {
            if (other == activity)
                break;
            if (!activityDock(other))
                ++index;
        }
        m_stack->insertWidget(index, page); // takes the page out of the dock
        dock->deleteLater();
    }
    if (QAction* action = m_dockActions[activity])
        action->setChecked(docked);
}

void MainWindow::buildDockMenu(QMenu* view)
{
    QMenu* docks = view->addMenu(tr("Activity in a &Dock"));
    docks->setToolTipsVisible(true);
    for (Activity activity : kActivities) {
        if (activity == Activity::Design)
            continue;
        QAction* action = docks->addAction(ActivityWords::name(activity));
        action->setCheckable(true);
        action->setToolTip(tr("Show this activity in a dock beside the others; close the dock to put it back"));
        connect(action, &QAction::toggled, this, [this, activity](bool on) { setActivityDocked(activity, on); });
        m_dockActions[activity] = action;
    }
}

} // namespace conform::gui
