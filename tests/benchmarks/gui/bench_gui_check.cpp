// The workbench's check of a document beside `conform-cli validate` on the same file (issue:
// "the GUI's check of a document is within 2x of conform-cli validate, from 1 KB to 20 MB").
//
//   bench_gui_check --schema S.json FILE...   (run.sh generates the files)
//
// GUI side: a MainWindow (offscreen), the schema loaded and compiled first; then per file the
// time from putting the text into the Instance editor until the status line shows the verdict
// (the worker's check and the GUI thread's work: issue model, squiggles). The editor's own
// setText is timed apart (Scintilla, not Conform). CLI side: the process end to end, best of
// three. One JSON line per file: {"file","bytes","gui_ms","set_text_ms","cli_ms","ratio","verdict"}.
#include "widgets/codeeditor.h"
#include "checks/instancepane.h"
#include "workbench/mainwindow.h"
#include "widgets/statusline.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>

using namespace conform::gui;

namespace {

QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "bench_gui_check: %s: %s\n", qPrintable(path), qPrintable(file.errorString()));
        std::exit(2);
    }
    return file.readAll();
}

// Spins the event loop until `done` holds; milliseconds taken, or -1 after `limitMs`.
template <typename Done>
qint64 waitFor(Done done, qint64 limitMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > limitMs)
            return -1;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        QThread::usleep(200);
    }
    return clock.elapsed();
}

qint64 cliMs(const QString& schema, const QString& file)
{
    qint64 best = -1;
    for (int i = 0; i < 3; ++i) {
        QProcess cli;
        cli.setStandardOutputFile(QProcess::nullDevice());
        QElapsedTimer clock;
        clock.start();
        cli.start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("validate"), QStringLiteral("--schema"), schema, file});
        cli.waitForFinished(-1);
        const qint64 ms = clock.elapsed();
        best = best < 0 ? ms : std::min(best, ms);
    }
    return best;
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTemporaryDir settings; // never the user's QSettings
    QCoreApplication::setOrganizationName(QStringLiteral("conform-bench"));
    qputenv("XDG_CONFIG_HOME", settings.path().toUtf8());
    QStringList args = app.arguments().mid(1);
    if (args.size() < 3 || args[0] != QLatin1String("--schema")) {
        std::fprintf(stderr, "usage: bench_gui_check --schema SCHEMA FILE...\n");
        return 2;
    }
    const QString schema = args[1];
    MainWindow window(QFileInfo(schema).absolutePath());
    window.show();
    window.openFile(schema);
    InstancePane* pane = window.instancePane();
    auto settled = [pane] { return !pane->isBusy() && pane->statusLine()->state() != StatusLine::State::Checking; };
    waitFor(settled, 10000);
    for (const QString& file : args.mid(2)) {
        const QString text = QString::fromUtf8(readAll(file));
        pane->editor()->clear();
        waitFor(settled, 60000);
        QElapsedTimer clock;
        clock.start();
        pane->editor()->setText(text);
        const qint64 setTextMs = clock.elapsed();
        // The debounce delay is the GUI's choice, not work: flush it.
        waitFor([pane] { return pane->statusLine()->state() == StatusLine::State::Checking; }, 1000);
        clock.restart();
        pane->recheckNow();
        const qint64 guiMs = waitFor(settled, 600000);
        const qint64 cli = cliMs(schema, file);
        std::printf("{\"file\":\"%s\",\"bytes\":%lld,\"gui_ms\":%lld,\"set_text_ms\":%lld,\"cli_ms\":%lld,\"ratio\":%.2f,\"verdict\":\"%s\"}\n",
                    qPrintable(QFileInfo(file).fileName()), qint64(QFileInfo(file).size()), guiMs, setTextMs, cli,
                    cli > 0 ? double(guiMs) / double(cli) : 0.0, qPrintable(pane->statusLine()->text()));
        std::fflush(stdout);
    }
    return 0;
}
