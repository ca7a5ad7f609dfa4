// conform-screenshot-tour OUT_DIR [WORKSPACE]: opens the workbench as a user would and saves
// a PNG of each main view, for the README and the AppStream metainfo. packaging/screenshots.sh
// runs it under Xvfb so the pictures use a real X server's fonts and rendering.
//
// Each view is reached through the window's public API (open a file, pick a demo, press Run),
// never by reaching into a pane's internals, so the tour shows what a user would see.
#include "captures/capturepagemodel.h"
#include "captures/capturesbrowser.h"
#include "captures/captureview.h"
#include "widgets/codeeditor.h"
#include "dashboard/dashboard.h"
#include "workbench/demos.h"
#include "settings/appsettings.h"
#include "run/attemptmodel.h"
#include "workbench/mainwindow.h"
#include "batch/batchpanel.h"
#include "workbench/captureviews.h"
#include "workbench/workspace.h"
#include "workbench/optionstoolbar.h"
#include "run/runpane.h"
#include "run/runtargetform.h"
#include "settings/settingsdialog.h"
#include "widgets/tonelabel.h"

#include "keys/key_ring.h"

#include "providers/scenario.h"

#include <QApplication>
#include <QDir>
#include <QItemSelectionModel>
#include <QTableView>
#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTranslator>
#include <QLocale>

#include <cstdio>

using conform::gui::MainWindow;

namespace {

// Lets the window lay out, paint and finish its debounced checks before a picture is taken.
void settle(int ms)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < ms)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
}

bool waitFor(const std::function<bool()>& done, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < timeoutMs)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    return done();
}

bool save(MainWindow& window, const QString& folder, const QString& name, int settleMs = 700)
{
    settle(settleMs);
    // Passing notes (a keychain the X server's session lacks, "Saved …") are not the view.
    window.statusBar()->clearMessage();
    settle(50);
    const QString path = QDir(folder).filePath(name + QStringLiteral(".png"));
    if (!window.grab().save(path)) {
        std::fprintf(stderr, "conform-screenshot-tour: error: cannot write %s\n", qPrintable(path));
        return false;
    }
    std::printf("%s\n", qPrintable(path));
    return true;
}

// The settings dialog over the window, on its Providers page.
bool saveSettings(MainWindow& window, const QString& folder)
{
    conform::keys::KeyRing* ring = window.workspace()->keyRing();
    conform::gui::SettingsDialog dialog(ring, window.optionsToolBar()->settings().style, &window);
    dialog.show();
    settle(500);
    const QString path = QDir(folder).filePath(QStringLiteral("settings.png"));
    if (!dialog.grab().save(path))
        return false;
    std::printf("%s\n", qPrintable(path));
    return true;
}

// Runs a demo at an audience's pace and saves the Run tab twice: mid-repair (the first reply's
// issues listed, the repair turn streaming in) and when the badge says how it ended.
bool runDemo(MainWindow& window, const QString& scenario, const QString& folder)
{
    conform::gui::RunPane* pane = window.runPane();
    const QList<conform::gui::Demo> demos = conform::gui::availableDemos(window.folder());
    const auto demo = std::find_if(demos.begin(), demos.end(), [&](const auto& d) { return d.name == scenario; });
    if (demo == demos.end())
        return false;
    pane->targetForm()->paceSpin()->setValue(40);
    if (!window.runDemo(*demo))
        return false;
    const bool repairing = waitFor([pane] {
        // The first attempt is listed with its issues, and the repair turn has begun to arrive.
        return pane->isRunning() && pane->attemptModel()->rowCount() >= 1 && pane->rawEditor()->length() > 120;
    }, 20000);
    if (!repairing) {
        std::fprintf(stderr, "conform-screenshot-tour: error: the %s demo never showed a repair turn streaming\n",
                     qPrintable(scenario));
        return false;
    }
    if (!save(window, folder, QStringLiteral("run-repairing"), 0))
        return false;
    if (!waitFor([pane] { return pane->lastRecord().has_value(); }, 60000)) {
        std::fprintf(stderr, "conform-screenshot-tour: error: the %s demo did not finish\n", qPrintable(scenario));
        return false;
    }
    return save(window, folder, QStringLiteral("run-repaired"));
}

// An activity of the window, once `ready` says it has filled in.
bool saveActivity(MainWindow& window, conform::gui::Activity activity, const QString& folder, const QString& name,
                  const std::function<bool()>& ready)
{
    window.showActivity(activity);
    if (!waitFor(ready, 20000)) {
        std::fprintf(stderr, "conform-screenshot-tour: error: the %s view did not fill in\n", qPrintable(name));
        return false;
    }
    return save(window, folder, name);
}

// Every run of the tour is captured in its throwaway store: a few more demos give the captures
// browser and the dashboard something to show, then each is saved.
bool saveMemory(MainWindow& window, const QString& folder)
{
    conform::gui::RunPane* pane = window.runPane();
    pane->targetForm()->paceSpin()->setValue(0);
    const QList<conform::gui::Demo> demos = conform::gui::availableDemos(window.folder());
    int finished = 0;
    const QMetaObject::Connection counting = QObject::connect(pane, &conform::gui::RunPane::runFinished, [&finished] { ++finished; });
    int started = 0;
    for (const char* name : {"trailing-commas", "amber-case", "fenced-reply", "hopeless-model", "truncated-article",
                             "tool-call", "refusal", "missing-field", "trailing-commas", "amber-case"}) {
        const auto demo = std::find_if(demos.begin(), demos.end(), [&](const auto& d) { return d.name == QLatin1String(name); });
        if (demo == demos.end() || !window.runDemo(*demo))
            return false;
        ++started;
        if (!waitFor([&] { return finished == started; }, 30000))
            return false;
    }
    QObject::disconnect(counting);

    conform::gui::CaptureViews* memory = window.captureViews();
    conform::gui::CapturesBrowser* browser = memory->browser();
    // The runs so far (the tour's first, ten here) are all in the store before the picture.
    const int captured = started + 1;
    const bool browserShown = saveActivity(window, conform::gui::Activity::Captures, folder, QStringLiteral("captures-browser"), [&] {
        if (browser->model()->rowCount() < captured) {
            browser->refresh();
            settle(200);
            return false;
        }
        if (browser->table()->selectionModel()->selectedRows().isEmpty())
            browser->table()->selectRow(0); // failed first: the capture QA opens
        return !browser->captureView()->outcomeLabel()->text().startsWith(QStringLiteral("No capture"));
    });
    if (!browserShown)
        return false;
    bool drawn = false;
    const QMetaObject::Connection drawing = QObject::connect(memory->dashboard(), &conform::gui::Dashboard::refreshed, [&drawn] { drawn = true; });
    memory->dashboard()->refresh();
    const bool dashboardShown = saveActivity(window, conform::gui::Activity::Dashboard, folder, QStringLiteral("dashboard"), [&] { return drawn; });
    QObject::disconnect(drawing);
    if (!dashboardShown)
        return false;
    // Runs ×N: missing-field five times beside fenced-reply, each with its own schema.
    conform::gui::BatchPanel* batch = memory->batchPanel();
    window.showActivity(conform::gui::Activity::Batch);
    batch->checkTargets({QStringLiteral("scenario/missing-field"), QStringLiteral("scenario/fenced-reply")});
    batch->setRepeats(5);
    bool batchDone = false;
    const QMetaObject::Connection batching = QObject::connect(batch, &conform::gui::BatchPanel::batchFinished, [&batchDone] { batchDone = true; });
    batch->run();
    const bool batchShown = saveActivity(window, conform::gui::Activity::Batch, folder, QStringLiteral("runs-x-n"), [&] { return batchDone; });
    QObject::disconnect(batching);
    return batchShown && saveActivity(window, conform::gui::Activity::Suites, folder, QStringLiteral("suites"), [] { return true; });
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Conform"));
    // The workbench's own translation for the locale (LANGUAGE=de gives German pictures).
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("conform"), QStringLiteral("_"), QStringLiteral(CONFORM_QM_DIR)))
        QApplication::installTranslator(&translator);
    const QStringList args = QApplication::arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: conform-screenshot-tour OUT_DIR [WORKSPACE]\n");
        return 2;
    }
    const QString out = args.at(1);
    const QString workspace = args.size() > 2 ? args.at(2) : QStringLiteral(CONFORM_SOURCE_DIR "/schemas");
    QDir().mkpath(out);

    MainWindow window(workspace);
    // CONFORM_SCREENSHOT_SIZE=1024x700 takes them at another size (the smallest we design for).
    const QStringList size = qEnvironmentVariable("CONFORM_SCREENSHOT_SIZE", QStringLiteral("1600x900")).split(QLatin1Char('x'));
    window.resize(size.value(0).toInt() > 0 ? size.value(0).toInt() : 1600, size.value(1).toInt() > 0 ? size.value(1).toInt() : 900);
    window.show();
    if (!save(window, out, QStringLiteral("start")))
        return 1;
    const QDir drift(workspace + QStringLiteral("/drift-detector"));
    bool ok = window.openFile(drift.filePath(QStringLiteral("schema.json")))
              && window.openFile(drift.filePath(QStringLiteral("examples/boolean-as-string.json")))
              && save(window, out, QStringLiteral("schema-issues"));
    ok = ok && window.openReply(drift.filePath(QStringLiteral("examples/single-quotes.txt")))
         && save(window, out, QStringLiteral("reply-repaired"));
    ok = ok && runDemo(window, QStringLiteral("missing-field"), out) && saveSettings(window, out) && saveMemory(window, out);
    // The same run in the dark theme: editors, badges and tables follow it.
    if (ok) {
        conform::gui::applyTheme(conform::gui::Theme::Dark);
        ok = save(window, out, QStringLiteral("run-dark"));
    }
    return ok ? 0 : 1;
}
