#include "workbench/activitybar.h"

#include <QButtonGroup>
#include <QToolButton>
#include <QVBoxLayout>

namespace conform::gui {

ActivityBar::ActivityBar(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("activityBar"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 4, 2, 4);
    layout->setSpacing(2);
    auto* group = new QButtonGroup(this);
    group->setExclusive(true);
    for (Activity activity : kActivities) {
        auto* button = new QToolButton(this);
        button->setText(ActivityWords::name(activity));
        button->setToolTip(QStringLiteral("%1 (%2)").arg(ActivityWords::purpose(activity),
                                                          QKeySequence(ActivityWords::shortcut(activity)).toString(QKeySequence::NativeText)));
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
        button->setMinimumHeight(40);
        group->addButton(button);
        layout->addWidget(button);
        m_buttons[activity] = button;
        connect(button, &QToolButton::clicked, this, [this, activity] { emit chosen(activity); });
    }
    layout->addStretch(1);
    m_buttons[m_current]->setChecked(true);
}

void ActivityBar::setCurrent(Activity activity)
{
    m_current = activity;
    m_buttons.at(activity)->setChecked(true);
}

} // namespace conform::gui
