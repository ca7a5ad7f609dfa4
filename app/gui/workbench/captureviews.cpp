#include "workbench/captureviews.h"

#include "batch/batchpanel.h"
#include "captures/capturefilterbar.h"
#include "captures/captureimport.h"
#include "captures/capturepagemodel.h"
#include "captures/capturesbrowser.h"
#include "captures/capturestore.h"
#include "dashboard/dashboard.h"
#include "document/rundraft.h"
#include "run/runpane.h"
#include "settings/storeinuse.h"
#include "triage/triageview.h"
#include "workbench/livestorelabel.h"
#include "workbench/mainwindow.h"
#include "workbench/workspace.h"

#include <QStatusBar>

namespace conform::gui {

CaptureViews::CaptureViews(MainWindow* window)
    : QObject(window), m_window(window), m_store(window->workspace()->captureStore())
{
    Workspace* workspace = window->workspace();
    m_browser = new CapturesBrowser(m_store, window->document(), window);
    m_browser->setTargetSource([window] { return window->runDraft()->target(); });
    m_browser->setEnvironmentSource([workspace] { return workspace->environment(); });
    m_dashboard = new Dashboard(m_store->location(), m_browser->filterBar(), window);
    m_triage = new TriageView(m_store->location(), window);
    m_batch = new BatchPanel(m_store, window);
    // The draft's spec; a blank schema gives a null one (each scenario brings its own).
    m_batch->setSpecSource([window] { return window->runDraft()->spec(RunDraft::SchemaRule::NullWhenBlank); });
    m_batch->setEnvironmentSource([workspace] { return workspace->environment(); });

    connectStore();
    m_import = new CaptureImport(m_store, window);
    connect(m_import, &CaptureImport::finished, this, [this, window](const QString& summary) {
        window->statusBar()->showMessage(summary);
        m_browser->refresh();
        if (m_dashboard->isVisible())
            m_dashboard->refreshSoon();
        if (m_triage->isVisible())
            m_triage->refresh();
    });
    connectRunActivity();
}

void CaptureViews::connectStore()
{
    m_live = new LiveStoreLabel(m_store, m_window);
    m_window->statusBar()->addPermanentWidget(m_live);
    connect(m_store, &CaptureStore::capturesLanded, this, [this](int count) {
        if (m_dashboard->isVisible())
            m_dashboard->refreshSoon();
        if (m_triage->isVisible())
            m_triage->refresh(); // at most one query at a time: a burst makes one more
        if (m_browser->model()->rowCount() == 0) {
            if (m_browser->isVisible())
                m_browser->refresh(); // the store may exist only now
        } else {
            m_browser->noteNewCaptures(count);
        }
    });
    connect(m_store, &CaptureStore::failed, m_window,
            [this](const QString& message) { m_window->statusBar()->showMessage(StoreInUse::failure(message)); });
    // The browser follows by itself (CapturesBrowser::followStore); runs, imports and the Run
    // tab's captures go through m_store, which now writes to the new store.
    connect(m_store, &CaptureStore::reopened, this, [this] {
        m_dashboard->setLocation(m_store->location());
        if (m_dashboard->isVisible())
            m_dashboard->refresh();
        m_triage->setLocation(m_store->location());
        if (m_triage->isVisible())
            m_triage->refresh();
        m_window->statusBar()->showMessage(tr("Store in use: %1").arg(m_store->displayName()), 8000);
    });
}

void CaptureViews::shown(QWidget* view)
{
    if (view == m_browser && m_browser->model()->rowCount() == 0)
        m_browser->refresh();
    else if (view == m_dashboard)
        m_dashboard->refreshSoon();
    else if (view == m_triage)
        m_triage->refresh();
}

void CaptureViews::connectRunActivity()
{
    RunPane* run = m_window->runPane();
    connect(run, &RunPane::runFinished, m_store, [this, run](const engine::RunRecord& record) {
        m_store->capture(run->lastSpec(), record, {{"source", "run-tab"}}, run->lastSources());
    });
}

} // namespace conform::gui
