#pragma once
// test_gui_memory: the workbench remembers. One Qt Test class whose slots live in two files:
// test_gui_memory.cpp (runs building a rate, the captures browser, re-validation, dashboards,
// a store inside the workspace, settings kept) and test_gui_memory_load.cpp (the event loop
// watched under a big batch, a big re-validation and a huge store: 200 runs, 20,000 and
// 100,000 captures in `make test`; 1,000 runs, 100,000 and a million captures in
// `make test-long`, support/soak.h). This header holds the fixture and the helpers both use
// (memory_fixture.cpp).
//
// Offscreen, each test on a store of its own:
// a demo scenario run 20 times with its rate filling in; the captures browser listing
// failures first, sorted by a header click, one opened, replayed, exported and copied as a
// command; its sort, splitter and column widths remembered; history re-validated against an
// edited schema (also one that $refs a sibling file); the dashboard's numbers against
// `conform-cli captures stats` and its target colours; a store inside the open workspace;
// and the event loop watched while a batch runs against `conform-cli serve`, while captures
// are re-validated, while the dashboard opens on a huge store and while the browser sorts it.
//
// Expected values come from the scenario files, worked out by hand: missing-field is
// repaired after one repair; fenced-reply is valid at once, with six goals (turn 1) or five
// (turn 2); hopeless-model's replies are questions, never goals, so against the goal schema
// every run fails. The edited schema allows at most four goals, so every valid run breaks.
#include "event_loop_watchdog.h"
#include "require_dependency.h"
#include "grow_store.h"
#include "soak.h"

#include "batch/batchpanel.h"
#include "batch/batchtallymodel.h"
#include "captures/capturefilterbar.h"
#include "captures/capturepagemodel.h"
#include "captures/capturesbrowser.h"
#include "captures/capturestore.h"
#include "captures/captureview.h"
#include "widgets/tonelabel.h"
#include "widgets/codeeditor.h"
#include "dashboard/dashboard.h"
#include "dashboard/dashboardcharts.h"
#include "workbench/mainwindow.h"
#include "workbench/captureviews.h"
#include "captures/revalidatepanel.h"
#include "captures/captureimport.h"
#include "compare/comparematrix.h"
#include "compare/compareview.h"
#include "run/runpane.h"
#include "run/promptvariables.h"
#include "run/runtargetform.h"
#include "document/schemadocument.h"
#include "workbench/workspacetree.h"
#include "run/attemptmodel.h"

#include "batch/batch.h"
#include "json/parse.h"
#include "providers/scenario.h"
#include "store/store.h"
#include "store/writer.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QFileSystemModel>
#include <QHeaderView>
#include <QTranslator>
#include <QAbstractItemModelTester>
#include <QScopeGuard>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <QTreeView>

#include <memory>

#include <sys/inotify.h>
#include <unistd.h>

namespace memorytest {

// The goal-generator schema of the example workspace, and the same allowing four goals at most
// instead of seven (so every valid fenced-reply run breaks).
QString goalSchemaPath();
QByteArray editedGoalSchema();
QByteArray readFile(const QString& path);
// Captures in the store at `storePath` that match `filters` (--outcome failed …); < 0 on error.
std::int64_t countWhere(const QString& storePath, const std::vector<std::pair<std::string, std::string>>& filters);
// With CONFORM_SCREENSHOT_DIR set, the dock's view saved as NAME.png there.
void saveScreenshot(QWidget* view, const QString& name);
// Runs `count` fenced-reply runs (valid) in process into the store at `path`.
bool seedStore(const QString& path, int count);
// The huge store's size: 100,000 captures, a million under `make test-long`.
qint64 hugeStoreSize();
// A store of hugeStoreSize() captures, made once per build folder.
QString hugeCaptureStore();
// The model's column `column` as text, row by row (for checking an order).
QStringList columnTexts(QAbstractItemModel* model, int column);
// Clicks the table's header on `column`, as a user sorts.
void clickHeader(QTableView* table, int column);

// A `conform-cli serve` child on a free port; stopped on destruction.
class ServeProcess
{
public:
    explicit ServeProcess(const QString& scenarioFile)
    {
        m_process.start(QStringLiteral(CONFORM_CLI_PATH),
                        {QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--scenario"), scenarioFile});
        if (!m_process.waitForStarted(10000))
            return;
        QByteArray line;
        while (!line.contains('\n') && m_process.waitForReadyRead(10000))
            line += m_process.readAllStandardOutput();
        const QString first = QString::fromUtf8(line).section(QLatin1Char('\n'), 0, 0).trimmed();
        if (first.startsWith(QLatin1String("listening on ")))
            m_baseUrl = first.mid(13);
    }
    ~ServeProcess()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    QString baseUrl() const { return m_baseUrl; }

private:
    QProcess m_process;
    QString m_baseUrl;
};

// Counts the times any process opens the watched files (inotify IN_OPEN), between two reads.
class OpenCounter
{
public:
    explicit OpenCounter(const QStringList& paths) : m_fd(inotify_init1(IN_NONBLOCK))
    {
        for (const QString& path : paths)
            inotify_add_watch(m_fd, QFile::encodeName(path).constData(), IN_OPEN);
    }
    ~OpenCounter() { ::close(m_fd); }
    int opens()
    {
        alignas(inotify_event) char buffer[4096];
        for (;;) {
            const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
            if (n <= 0)
                return m_opens;
            for (ssize_t at = 0; at < n;) {
                const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
                if (event->mask & IN_OPEN)
                    ++m_opens;
                at += ssize_t(sizeof(inotify_event) + event->len);
            }
        }
    }

private:
    int m_fd;
    int m_opens = 0;
};

} // namespace memorytest

using namespace conform;
using namespace conform::gui;
using namespace memorytest;

class TestGuiMemory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void demoScenarioTwentyTimesShowsLiveRate();
    void batchFillsThePromptsVariables();
    void capturesTableInGermanPassesTheTester();
    void browserFiltersFailedOpensAndReplays();
    void browserSortsByHeaderClickAndRemembers();
    void browserSplitterAndColumnWidthsRestored();
    void revalidatingHistoryListsVerdictChanges();
    void revalidationResolvesRefsToSiblingFiles();
    void dashboardAgreesWithCapturesStats();
    void dashboardColoursGroupsByTheirTargets();
    void storeInsideTheOpenWorkspaceKeepsWriting();
    void runTabRunsAreCaptured();
    void filtersAndBatchSettingsPersist();
    void batchCancelAbortsCallsInFlight();
    void batchRunsEachDemoWithItsOwnSchema();
    void browserSaysWhenNewCapturesArrive();
    void revalidationScopedToTheEditedSchema();

    // test_gui_filters.cpp
    void batchSendsEachDemosOwnPrompt();
    void batchTableFitsAndOpensARowsRuns();
    void temporaryFiltersShowAndDoNotSurviveARestart();
    void dashboardFollowsCaptureFiltersOnlyWhenAsked();
    void emptyViewsSayWhatWouldFillThem();
    void revalidationResultsGoStaleWithTheSchema();

    // test_gui_compare.cpp
    void compareFillsInLiveAndOpensACellsCaptures();
    void compareCancelsAndTakesVariantsFromHistory();

    // test_gui_import.cpp
    void importedOtlpCapturesFilterAndShowTheirTrace();
    void importCancelsBetweenLines();
    void uncheckedCapturesAreLeftOutOfTheRates();

    void eventLoopFreeDuringABigBatch();
    void eventLoopFreeDuringABigRevalidation();
    void eventLoopFreeOpeningDashboardOnAHugeStore();
    void eventLoopFreeSortingAHugeStore();

private:
    void openWindow(const QString& storePath);
    // Runs the Run tab's spec as a batch over the given targets and waits for its end.
    void runBatch(const QStringList& targets, int repeats, int concurrency, int timeoutMs = 120000);
    void useGoalSchema(const QByteArray& text);
    // The browser shown over every capture, the edited goal schema in the schema editor.
    RevalidatePanel* revalidationOfEveryCapture();
    CaptureViews* memory() const { return m_window->captureViews(); }

    std::unique_ptr<QTemporaryDir> m_dir;      // the workspace
    std::unique_ptr<QTemporaryDir> m_storeDir; // the store, beside it
    QString m_storePath;
    std::unique_ptr<MainWindow> m_window;
};
