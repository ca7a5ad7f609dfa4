// conform-screenshot-tour OUT_DIR [WORKSPACE]: opens the workbench as a user would and saves
// a PNG of each main view, for the README and the AppStream metainfo. packaging/screenshots.sh
// runs it under Xvfb so the pictures use a real X server's fonts and rendering.
//
// Each view is reached through the window's public API (open a file, pick a demo, press Run),
// never by reaching into a pane's internals, so the tour shows what a user would see.
#include "codeeditor.h"
#include "mainwindow.h"
#include "optionstoolbar.h"
#include "runpane.h"
#include "runtargetform.h"
#include "settingsdialog.h"

#include "keys/key_ring.h"

#include "providers/scenario.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QPushButton>
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

bool save(MainWindow& window, const QString& folder, const QString& name)
{
    settle(700);
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
    auto* ring = window.findChild<conform::keys::KeyRing*>(QStringLiteral("keyRing"));
    if (!ring)
        return false;
    conform::gui::SettingsDialog dialog(ring, window.optionsToolBar()->settings().style, &window);
    dialog.show();
    settle(500);
    const QString path = QDir(folder).filePath(QStringLiteral("settings.png"));
    if (!dialog.grab().save(path))
        return false;
    std::printf("%s\n", qPrintable(path));
    return true;
}

bool runDemo(MainWindow& window, const QString& scenario)
{
    conform::gui::RunPane* pane = window.runPane();
    auto loaded = conform::providers::loadScenario(QStringLiteral(":/scenarios/%1.json").arg(scenario));
    if (!loaded || !loaded->schema || !pane->targetForm()->selectScenario(scenario))
        return false;
    window.schemaEditor()->setText(QString::fromStdString(loaded->schema->dump(2)));
    pane->userEdit()->setPlainText(QString::fromStdString(loaded->description));
    window.tabs()->setCurrentWidget(pane);
    pane->runButton()->click();
    return waitFor([pane] { return pane->lastRecord().has_value(); }, 20000);
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
    if (ok && !runDemo(window, QStringLiteral("missing-field"))) {
        std::fprintf(stderr, "conform-screenshot-tour: error: the missing-field demo did not finish\n");
        ok = false;
    }
    ok = ok && save(window, out, QStringLiteral("run-repaired")) && saveSettings(window, out);
    return ok ? 0 : 1;
}
