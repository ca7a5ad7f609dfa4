// MainWindow's presenter mode: what View ▸ Present shows, and the window around it hidden
// while it shows (presenter/presenterview.h).
#include "workbench/mainwindow.h"

#include "captures/capturesbrowser.h"
#include "captures/captureview.h"
#include "captures/storedrun.h"
#include "presenter/presenterview.h"
#include "run/runpane.h"
#include "workbench/captureviews.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>

namespace conform::gui {

bool MainWindow::present()
{
    if (currentActivity() == Activity::Captures) {
        if (const auto& capture = m_views->browser()->captureView()->capture()) {
            presentRun(recordOfRun(capture->run), tr("Capture %1").arg(QString::fromStdString(capture->summary.id)));
            return true;
        }
    }
    if (m_run->isRunning() || m_run->lastRecord()) {
        const engine::RunSpec& spec = m_run->lastSpec();
        const engine::Target* target = spec.targets.empty() ? nullptr : &spec.targets.front();
        const QString title = target && target->scenario ? QString::fromStdString(target->scenario->name)
                              : target                   ? QString::fromStdString(target->model)
                                                         : QString();
        // A demo's one-line story, in the user's language: a built-in scenario's description has
        // a translation (a workspace's own reads as written, having none).
        const QString story = target && target->scenario
                                  ? QCoreApplication::translate("BuiltinDemos", target->scenario->description.c_str())
                                  : QString();
        if (!m_run->isRunning()) {
            presentRun(*m_run->lastRecord(), title, story);
            return true;
        }
        // As it happens: each attempt is told once it is recorded, the end once the run ends.
        engine::RunRecord soFar;
        soFar.attempts = m_run->attemptsSoFar();
        presentRun(soFar, title, story);
        m_presenter->follow(std::move(soFar), false);
        delete m_presenter->findChild<QObject*>(QStringLiteral("liveFollower"), Qt::FindDirectChildrenOnly); // one run followed at a time
        auto* follower = new QObject(m_presenter);
        follower->setObjectName(QStringLiteral("liveFollower"));
        connect(m_run, &RunPane::attemptRecorded, follower, [this, follower](const engine::AttemptRecord&) {
            if (!isPresenting())
                return follower->deleteLater();
            engine::RunRecord more;
            more.attempts = m_run->attemptsSoFar();
            m_presenter->follow(std::move(more), false);
        });
        connect(m_run, &RunPane::runFinished, follower, [this, follower](const engine::RunRecord& record) {
            if (isPresenting() && m_presenter->isLive())
                m_presenter->follow(record, true);
            follower->deleteLater();
        });
        return true;
    }
    statusBar()->showMessage(tr("Nothing to present yet: play a demo (Start page) or open a capture in Captures, then press F5."), 8000);
    return false;
}

void MainWindow::presentRun(engine::RunRecord record, const QString& title, const QString& story)
{
    if (!isPresenting()) {
        // The run fills the window: menus, bars and docks step aside until Esc.
        m_hiddenForPresenting.clear();
        QList<QWidget*> around{menuBar(), statusBar()};
        for (QToolBar* bar : findChildren<QToolBar*>(Qt::FindDirectChildrenOnly))
            around << bar;
        for (QDockWidget* dock : findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly))
            around << dock;
        for (QWidget* widget : around)
            if (widget->isVisible()) {
                m_hiddenForPresenting.emplace_back(widget);
                widget->hide();
            }
        m_presentStack->setCurrentWidget(m_presenter);
    }
    m_presenter->present(std::move(record), title, story);
    m_presenter->setFocus();
}

void MainWindow::leavePresenter()
{
    if (!isPresenting())
        return;
    m_presenter->setPlaying(false);
    m_presentStack->setCurrentIndex(0);
    for (const QPointer<QWidget>& widget : std::exchange(m_hiddenForPresenting, {}))
        if (widget)
            widget->show();
}

bool MainWindow::isPresenting() const
{
    return m_presentStack && m_presentStack->currentWidget() == m_presenter;
}

} // namespace conform::gui
