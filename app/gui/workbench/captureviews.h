#pragma once
// The activities over the store in use (workspace.h, capturestore.h): Captures (browse, open,
// replay, re-validate, export: capturesbrowser.h), Dashboard (success-rate charts over the
// browser's filters: dashboard.h) and Runs ×N (the run repeated over several targets:
// batchpanel.h). The window shows each as an activity (activity.h). Every Run activity run is
// captured when it finishes; landing captures refresh the dashboard while it is shown
// (debounced). A view reads the store the first time it is shown, not at start-up. Triage
// (triageview.h) groups the failures by cause; landing captures refresh it while shown.
// Captures ▸ Import… (captureimport.h) takes files into the same store; the browser lists
// what came in. When the store is replaced (Settings ▸ Store), each view follows: the list and
// the dashboard read the new store, runs and imports write there. The status bar names the
// store in use (livestorelabel.h).
#include <QObject>

namespace conform::gui {

class BatchPanel;
class CaptureImport;
class CaptureStore;
class CapturesBrowser;
class Dashboard;
class LiveStoreLabel;
class MainWindow;
class TriageView;

class CaptureViews : public QObject
{
    Q_OBJECT
public:
    // Builds the views, parented to `window`, which places them.
    explicit CaptureViews(MainWindow* window);

    CaptureStore* store() const { return m_store; }
    CapturesBrowser* browser() const { return m_browser; }
    Dashboard* dashboard() const { return m_dashboard; }
    TriageView* triage() const { return m_triage; }
    BatchPanel* batchPanel() const { return m_batch; }
    CaptureImport* importer() const { return m_import; }
    LiveStoreLabel* liveStore() const { return m_live; }

    // The window shows `view` (one of the three above, or another activity's page).
    void shown(QWidget* view);

private:
    void connectRunActivity();
    void connectStore();

    MainWindow* m_window;
    CaptureStore* m_store;
    CapturesBrowser* m_browser;
    Dashboard* m_dashboard;
    TriageView* m_triage;
    BatchPanel* m_batch;
    CaptureImport* m_import;
    LiveStoreLabel* m_live;
};

} // namespace conform::gui
