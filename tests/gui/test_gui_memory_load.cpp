// test_gui_memory, under load: the event loop watched (event_loop_watchdog.h) while a batch runs
// against `conform-cli serve`, while captures are re-validated, while the dashboard opens on a
// huge store and while the browser sorts it. The sizes are the short ones in `make test` (200
// runs, 20,000 re-validations, 100,000 captures) and the soak ones in `make test-long` (1,000,
// 100,000 and a million; support/soak.h). The huge store is made once per build folder
// (hugeCaptureStore).
#include "memory_fixture.h"

void TestGuiMemory::eventLoopFreeDuringABigBatch()
{
    REQUIRE_DEPENDENCY(QFile::exists(QStringLiteral(CONFORM_CLI_PATH)), QStringLiteral("conform-cli is not built"));
    ServeProcess serve(QStringLiteral(CONFORM_SOURCE_DIR "/resources/scenarios/fenced-reply.json"));
    QVERIFY2(!serve.baseUrl().isEmpty(), "conform-cli serve did not start");
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath()));
    RunTargetForm* form = m_window->runPane()->targetForm();
    form->providerCombo()->setCurrentText(QStringLiteral("openai"));
    for (QLineEdit* edit : form->findChildren<QLineEdit*>())
        if (edit->placeholderText().contains(QStringLiteral("URL")))
            edit->setText(serve.baseUrl());
    form->modeCombo()->setCurrentText(QStringLiteral("json-object"));

    const int runs = soakSize(200, 1000);
    EventLoopWatchdog watchdog;
    runBatch({QStringLiteral("run-tab")}, runs, 16, 300000);
    qInfo("%d runs against conform-cli serve: longest GUI turn %.1f ms of CPU (%s, %lld ticks)", runs, watchdog.longestStallMs(),
          qPrintable(watchdog.longestGapParts()), static_cast<long long>(watchdog.ticks()));
    QCOMPARE(memory()->batchPanel()->runner()->tally(0).count, runs);
    QCOMPARE(memory()->batchPanel()->runner()->tally(0).valid, runs);
    QCOMPARE(countWhere(m_storePath, {{"label", "batch=" + memory()->batchPanel()->runner()->batchId()}}), runs);
    QVERIFY2(watchdog.longestStallMs() < 50, qPrintable(QString::number(watchdog.longestStallMs())));
}

void TestGuiMemory::eventLoopFreeDuringABigRevalidation()
{
    const int captures = soakSize(20000, 100000);
    QVERIFY(seedStore(m_storePath, 4));
    QVERIFY(growStore(m_storePath, captures, true));
    openWindow(m_storePath);
    RevalidatePanel* panel = revalidationOfEveryCapture();
    QSignalSpy finished(panel, &RevalidatePanel::finished);
    QSignalSpy progress(panel->progressBar(), &QProgressBar::valueChanged);
    // What the set-up set off (the filter's debounce, the schema panes' checks, the first
    // paints) settles first: the watch is on the re-validation.
    QTest::qWait(800);
    EventLoopWatchdog watchdog;
    panel->start();
    QVERIFY(finished.wait(180000));
    qInfo("re-validation of %d captures: longest GUI turn %.1f ms of CPU (%s)", captures, watchdog.longestStallMs(),
          qPrintable(watchdog.longestGapParts()));
    QVERIFY(panel->report());
    QCOMPARE(panel->report()->count, captures);
    QCOMPARE(panel->report()->becameInvalid, captures);
    QVERIFY(progress.count() > 2); // the bar moved as pages were checked
    QVERIFY2(watchdog.longestStallMs() < 50, qPrintable(QString::number(watchdog.longestStallMs())));
}

void TestGuiMemory::eventLoopFreeOpeningDashboardOnAHugeStore()
{
    const QString fixture = hugeCaptureStore();
    QVERIFY(!fixture.isEmpty());
    openWindow(fixture);
    memory()->browser()->filterBar()->setField(QStringLiteral("outcome"), QString());
    Dashboard* dashboard = memory()->dashboard();
    QSignalSpy refreshed(dashboard, &Dashboard::refreshed);
    QTest::qWait(800); // the filter's debounce and the first paints settle first
    EventLoopWatchdog watchdog;
    const ProcessCpuTimer cpu;
    m_window->showActivity(Activity::Dashboard);
    dashboard->refresh();
    QVERIFY(refreshed.wait(180000));
    qInfo("dashboard on %lld captures: %.0f ms of CPU to draw; longest GUI turn %.1f ms of CPU (%s)", static_cast<long long>(hugeStoreSize()),
          cpu.elapsedMs(), watchdog.longestStallMs(), qPrintable(watchdog.longestGapParts()));
    QCOMPARE(dashboard->stats().overall.count, hugeStoreSize());
    QVERIFY2(watchdog.longestStallMs() < 50, qPrintable(QString::number(watchdog.longestStallMs())));
    saveScreenshot(memory()->dashboard(), QStringLiteral("dashboard-million"));
}

void TestGuiMemory::eventLoopFreeSortingAHugeStore()
{
    const QString fixture = hugeCaptureStore();
    QVERIFY(!fixture.isEmpty());
    openWindow(fixture);
    m_window->showActivity(Activity::Captures);
    CapturesBrowser* browser = memory()->browser();
    CapturePageModel* model = browser->model();
    QSignalSpy loaded(model, &CapturePageModel::pageLoaded);
    browser->refresh();
    QVERIFY(loaded.wait(60000));
    QCOMPARE(model->rowCount(), 200);
    QTest::qWait(800); // the first page's paint and the filter's debounce settle first

    // Each sorted first page (and the page after it, as the view scrolls) from the index:
    // the GUI thread never waits for it. That the page is an index read, not a sort of every
    // row, is held by its query plan (test_store, pagesInEveryOrder); the times are logged.
    struct Sort { int column; Qt::SortOrder order; };
    for (const Sort& sort : {Sort{CapturePageModel::Latency, Qt::DescendingOrder}, Sort{CapturePageModel::Time, Qt::AscendingOrder},
                             Sort{CapturePageModel::Tokens, Qt::DescendingOrder}, Sort{CapturePageModel::Model, Qt::AscendingOrder},
                             Sort{CapturePageModel::Outcome, Qt::DescendingOrder}}) {
        loaded.clear();
        EventLoopWatchdog watchdog;
        const ProcessCpuTimer cpu;
        browser->table()->horizontalHeader()->setSortIndicator(sort.column, sort.order);
        QVERIFY(loaded.wait(60000));
        const double firstPage = cpu.elapsedMs();
        QVERIFY(model->canFetchMore());
        model->fetchMore();
        QVERIFY(loaded.wait(60000));
        qInfo("%lld captures sorted by %s: first page in %.0f ms of CPU, two pages in %.0f ms; longest GUI turn %.1f ms of CPU (%s)",
              static_cast<long long>(hugeStoreSize()), qPrintable(model->headerData(sort.column, Qt::Horizontal).toString()),
              firstPage, cpu.elapsedMs(), watchdog.longestStallMs(),
              qPrintable(watchdog.longestGapParts()));
        QCOMPARE(model->rowCount(), 400);
        QCOMPARE(int(model->order().key), int(*CapturePageModel::sortKeyOf(sort.column)));
        QVERIFY2(watchdog.longestStallMs() < 50, qPrintable(QString::number(watchdog.longestStallMs())));
    }
    // Latency was sorted biggest first across the page boundary.
    browser->table()->horizontalHeader()->setSortIndicator(CapturePageModel::Latency, Qt::DescendingOrder);
    QVERIFY(loaded.wait(60000));
    model->fetchMore();
    QVERIFY(loaded.wait(60000));
    std::vector<qlonglong> latencies;
    for (const QString& text : columnTexts(model, CapturePageModel::Latency))
        latencies.push_back(text.toLongLong());
    QCOMPARE(latencies.size(), std::size_t(400));
    QVERIFY(std::is_sorted(latencies.rbegin(), latencies.rend()));
    saveScreenshot(memory()->browser(), QStringLiteral("captures-million"));
}

