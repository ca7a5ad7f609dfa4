#include "memory.h"

#include "batchpanel.h"
#include "capturefilterbar.h"
#include "capturepagemodel.h"
#include "capturesbrowser.h"
#include "capturestore.h"
#include "dashboard.h"
#include "mainwindow.h"
#include "rundraft.h"
#include "runpane.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QStatusBar>

namespace conform::gui {

WorkbenchMemory::WorkbenchMemory(MainWindow* window) : QObject(window), m_window(window), m_store(new CaptureStore({}, this))
{
    m_browser = new CapturesBrowser(m_store, window->document(), window);
    m_browser->setTargetSource([window] { return window->runDraft()->target(); });
    m_browser->setEnvironmentSource([window] { return window->runPane()->environment(); });
    m_dashboard = new Dashboard(m_store->location(), [this] { return m_browser->filterBar()->filter(); }, window);
    m_batch = new BatchPanel(m_store, window);
    // The draft's spec; a blank schema gives a null one (each scenario brings its own).
    m_batch->setSpecSource([window] { return window->runDraft()->spec(RunDraft::SchemaRule::NullWhenBlank); });
    m_batch->setEnvironmentSource([window] { return window->runPane()->environment(); });
    m_capturesDock = addDock(m_browser, tr("Captures"), QStringLiteral("capturesDock"));
    m_dashboardDock = addDock(m_dashboard, tr("Dashboard"), QStringLiteral("dashboardDock"));
    m_batchDock = addDock(m_batch, tr("Runs ×N"), QStringLiteral("batchDock"));
    window->tabifyDockWidget(m_capturesDock, m_dashboardDock);
    window->tabifyDockWidget(m_dashboardDock, m_batchDock);

    connect(m_store, &CaptureStore::capturesLanded, this, [this] {
        if (m_dashboardDock->isVisible())
            m_dashboard->refreshSoon();
        if (m_browser->model()->rowCount() == 0 && m_capturesDock->isVisible())
            m_browser->refresh(); // the store may exist only now
    });
    connect(m_store, &CaptureStore::failed, window, [window](const QString& message) { window->statusBar()->showMessage(message); });
    connect(m_browser->filterBar(), &CaptureFilterBar::filterChanged, m_dashboard, [this] {
        if (m_dashboardDock->isVisible())
            m_dashboard->refresh();
    });
    // A view opened for the first time reads the store then, not at start-up.
    connect(m_capturesDock, &QDockWidget::visibilityChanged, m_browser, [this](bool visible) {
        if (visible && m_browser->model()->rowCount() == 0)
            m_browser->refresh();
    });
    connect(m_dashboardDock, &QDockWidget::visibilityChanged, m_dashboard, [this](bool visible) {
        if (visible)
            m_dashboard->refreshSoon();
    });
    connectRunTab();
}

QDockWidget* WorkbenchMemory::addDock(QWidget* content, const QString& title, const QString& name)
{
    auto* dock = new QDockWidget(title, m_window);
    dock->setObjectName(name);
    dock->setWidget(content);
    dock->setAllowedAreas(Qt::AllDockWidgetAreas);
    m_window->addDockWidget(Qt::BottomDockWidgetArea, dock);
    dock->hide();
    return dock;
}

void WorkbenchMemory::connectRunTab()
{
    RunPane* run = m_window->runPane();
    connect(run, &RunPane::runFinished, m_store, [this, run](const engine::RunRecord& record) {
        m_store->capture(run->lastSpec(), record, {{"source", "run-tab"}}, run->lastSources());
    });
    connect(run, &RunPane::batchRequested, this, [this] {
        m_batchDock->show();
        m_batchDock->raise();
    });
}

void WorkbenchMemory::addViewActions(QMenu* view)
{
    view->addSeparator();
    const std::pair<QDockWidget*, const char*> docks[] = {
        {m_capturesDock, QT_TR_NOOP("Ctrl+Shift+1")}, {m_dashboardDock, QT_TR_NOOP("Ctrl+Shift+2")}, {m_batchDock, QT_TR_NOOP("Ctrl+Shift+3")}};
    for (const auto& [dock, keys] : docks) {
        QAction* toggle = dock->toggleViewAction();
        toggle->setShortcut(QKeySequence(tr(keys)));
        view->addAction(toggle);
    }
}

} // namespace conform::gui
