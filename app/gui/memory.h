#pragma once
// The workbench remembers: the store connection (capturestore.h) and the views over it,
// installed into the main window as docks, each in the View menu with a shortcut:
//   Captures (Ctrl+Shift+1)   browse, open, replay, re-validate, export (capturesbrowser.h)
//   Dashboard (Ctrl+Shift+2)  success-rate charts over the browser's filters (dashboard.h)
//   Runs ×N (Ctrl+Shift+3)    the Run tab's spec repeated over several targets (batchpanel.h)
// Every Run tab run is captured when it finishes; landing captures refresh the dashboard
// (debounced). Dock placement is saved with the window state.
#include <QObject>

class QDockWidget;
class QMenu;

namespace conform::gui {

class BatchPanel;
class CaptureStore;
class CapturesBrowser;
class Dashboard;
class MainWindow;

class WorkbenchMemory : public QObject
{
    Q_OBJECT
public:
    // Builds the docks into `window` (hidden until asked for); call before the window
    // restores its state, so their places are restored too.
    explicit WorkbenchMemory(MainWindow* window);

    void addViewActions(QMenu* view);

    CaptureStore* store() const { return m_store; }
    CapturesBrowser* browser() const { return m_browser; }
    Dashboard* dashboard() const { return m_dashboard; }
    BatchPanel* batchPanel() const { return m_batch; }
    QDockWidget* capturesDock() const { return m_capturesDock; }
    QDockWidget* dashboardDock() const { return m_dashboardDock; }
    QDockWidget* batchDock() const { return m_batchDock; }

private:
    QDockWidget* addDock(QWidget* content, const QString& title, const QString& name);
    void connectRunTab();

    MainWindow* m_window;
    CaptureStore* m_store;
    CapturesBrowser* m_browser;
    Dashboard* m_dashboard;
    BatchPanel* m_batch;
    QDockWidget* m_capturesDock;
    QDockWidget* m_dashboardDock;
    QDockWidget* m_batchDock;
};

} // namespace conform::gui
