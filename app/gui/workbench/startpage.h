#pragma once
// What the workbench shows before anything is open: what Conform does in two lines, the
// demos with what each shows (a double-click runs one: schema, prompt, the reply streaming
// in, the repair turn going out), and the ways to open one's own work.
#include "workbench/demos.h"

#include <QWidget>

class QListWidget;

namespace conform::gui {

class StartPage : public QWidget
{
    Q_OBJECT

public:
    explicit StartPage(QWidget* parent = nullptr);

    void setDemos(const QList<Demo>& demos);
    const QList<Demo>& demos() const { return m_demos; }
    QListWidget* demoList() const { return m_list; }

signals:
    void demoChosen(const conform::gui::Demo& demo);
    void openWorkspaceRequested();
    void openFileRequested();

private:
    QListWidget* m_list;
    QList<Demo> m_demos;
};

} // namespace conform::gui
