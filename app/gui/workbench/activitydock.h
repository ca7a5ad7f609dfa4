#pragma once
// An activity taken out of the activity bar's stack into a dock, for a user who wants, say,
// the captures beside the schema. Docks are a choice (View ▸ Activity in a Dock), never the
// default: side by side at 1024×700 the panels crush each other, which is why activities
// exist. Closing the dock gives the activity back to the stack (`closed`).
#include "workbench/activity.h"

#include <QDockWidget>

namespace conform::gui {

class ActivityDock : public QDockWidget
{
    Q_OBJECT

public:
    ActivityDock(Activity activity, QWidget* page, QWidget* parent);

    Activity activity() const { return m_activity; }

signals:
    void closed(conform::gui::Activity activity);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    Activity m_activity;
};

} // namespace conform::gui
