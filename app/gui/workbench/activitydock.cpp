#include "workbench/activitydock.h"

#include <QCloseEvent>

namespace conform::gui {

ActivityDock::ActivityDock(Activity activity, QWidget* page, QWidget* parent)
    : QDockWidget(ActivityWords::name(activity).remove(QLatin1Char('&')), parent), m_activity(activity)
{
    // Named for QMainWindow::saveState, which puts a dock back where the user left it.
    setObjectName(QStringLiteral("dock-") + ActivityWords::key(activity));
    setWidget(page);
    page->show();
}

void ActivityDock::closeEvent(QCloseEvent* event)
{
    QDockWidget::closeEvent(event);
    if (event->isAccepted())
        emit closed(m_activity);
}

} // namespace conform::gui
