#pragma once
// The strip down the window's left edge that picks the activity (activity.h): one checkable
// button per activity, exactly one checked. Choosing one only says so (`chosen`); the window
// switches.
#include "workbench/activity.h"

#include <QWidget>

#include <map>

class QToolButton;

namespace conform::gui {

class ActivityBar : public QWidget
{
    Q_OBJECT

public:
    explicit ActivityBar(QWidget* parent = nullptr);

    void setCurrent(Activity activity);
    Activity current() const { return m_current; }
    QToolButton* button(Activity activity) const { return m_buttons.at(activity); }

signals:
    void chosen(conform::gui::Activity activity);

private:
    std::map<Activity, QToolButton*> m_buttons;
    Activity m_current = Activity::Design;
};

} // namespace conform::gui
