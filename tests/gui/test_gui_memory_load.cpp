// test_gui_memory, under load: the event loop watched (event_loop_watchdog.h) while a 1,000-run
// batch runs against `conform-cli serve`, while 100,000 captures are re-validated, while the
// dashboard opens on 1,000,000 captures and while the browser sorts them. The million-capture
// store is made once per build folder (millionCaptureStore).
#include "memory_fixture.h"

void TestGuiMemory::eventLoopFreeDuringThousandRunBatch()
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

    EventLoopWatchdog watchdog;
    runBatch({QStringLiteral("run-tab")}, 1000, 16, 300000);
    qInfo("1,000 runs against conform-cli serve: longest stall %.1f ms (longest wall gap %.1f ms, %lld ticks)", watchdog.longestStallMs(),
          watchdog.longestGapMs(), static_cast<long long>(watchdog.ticks()));
    QCOMPARE(memory()->batchPanel()->runner()->tally(0).count, 1000);
    QCOMPARE(memory()->batchPanel()->runner()->tally(0).valid, 1000);
    QCOMPARE(countWhere(m_storePath, {{"label", "batch=" + memory()->batchPanel()->runner()->batchId()}}), 1000);
    QVERIFY2(watchdog.longestStallMs() < 50, qPrintable(QString::number(watchdog.longestStallMs())));
}

void TestGuiMemory::eventLoopFreeDuringRevalidationOf100k()
{
    QVERIFY(seedStore(m_storePath, 4));
    QVERIFY(growStore(m_storePath, 100000, true));
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
    qInfo("re-validation of 100,000 captures: longest stall %.1f ms (longest wall gap %.1f ms)", watchdog.longestStallMs(), watchdog.longestGapMs());
    QVERIFY(panel->report());
    QCOMPARE(panel->report()->count, 100000);
    QCOMPARE(panel->report()->becameInvalid, 100000);
    QVERIFY(progress.count() > 2); // the bar moved as pages were checked
    QVERIFY2(watchdog.longestStallMs() < 50, qPrintable(QString::number(watchdog.longestStallMs())));
}

void TestGuiMemory::eventLoopFreeOpeningDashboardOnAMillion()
{
    const QString fixture = millionCaptureStore();
    QVERIFY(!fixture.isEmpty());
    openWindow(fixture);
    memory()->browser()->filterBar()->setField(QStringLiteral("outcome"), QString());
    Dashboard* dashboard = memory()->dashboard();
    QSignalSpy refreshed(dashboard, &Dashboard::refreshed);
    QTest::qWait(800); // the filter's debounce and the first paints settle first
    EventLoopWatchdog watchdog;
    QElapsedTimer clock;
    clock.start();
    memory()->dashboardDock()->show();
    dashboard->refresh();
    QVERIFY(refreshed.wait(180000));
    qInfo("dashboard on 1,000,000 captures: %lld ms to draw; longest stall %.1f ms (longest wall gap %.1f ms)",
          static_cast<long long>(clock.elapsed()), watchdog.longestStallMs(), watchdog.longestGapMs());
    QCOMPARE(dashboard->stats().value("count", 0), 1000000);
    QVERIFY2(watchdog.longestStallMs() < 50, qPrintable(QString::number(watchdog.longestStallMs())));
    saveScreenshot(memory()->dashboardDock(), QStringLiteral("dashboard-million"));
}

void TestGuiMemory::eventLoopFreeSortingAMillion()
{
    const QString fixture = millionCaptureStore();
    QVERIFY(!fixture.isEmpty());
    openWindow(fixture);
    memory()->capturesDock()->show();
    CapturesBrowser* browser = memory()->browser();
    CapturePageModel* model = browser->model();
    QSignalSpy loaded(model, &CapturePageModel::pageLoaded);
    browser->refresh();
    QVERIFY(loaded.wait(60000));
    QCOMPARE(model->rowCount(), 200);
    QTest::qWait(800); // the first page's paint and the filter's debounce settle first

    // Each sorted first page (and the page after it, as the view scrolls) from the index:
    // the GUI thread never waits for it.
    struct Sort { int column; Qt::SortOrder order; };
    for (const Sort& sort : {Sort{CapturePageModel::Latency, Qt::DescendingOrder}, Sort{CapturePageModel::Time, Qt::AscendingOrder},
                             Sort{CapturePageModel::Tokens, Qt::DescendingOrder}, Sort{CapturePageModel::Model, Qt::AscendingOrder},
                             Sort{CapturePageModel::Outcome, Qt::DescendingOrder}}) {
        loaded.clear();
        EventLoopWatchdog watchdog;
        QElapsedTimer clock;
        clock.start();
        browser->table()->horizontalHeader()->setSortIndicator(sort.column, sort.order);
        QVERIFY(loaded.wait(60000));
        const qint64 firstPage = clock.elapsed();
        QVERIFY(model->canFetchMore());
        model->fetchMore();
        QVERIFY(loaded.wait(60000));
        qInfo("1,000,000 captures sorted by %s: first page in %lld ms, two pages in %lld ms; longest stall %.1f ms (longest wall gap %.1f ms)",
              qPrintable(model->headerData(sort.column, Qt::Horizontal).toString()), static_cast<long long>(firstPage),
              static_cast<long long>(clock.elapsed()), watchdog.longestStallMs(), watchdog.longestGapMs());
        QCOMPARE(model->rowCount(), 400);
        QCOMPARE(int(model->order().key), int(*CapturePageModel::sortKeyOf(sort.column)));
        QVERIFY2(watchdog.longestStallMs() < 50, qPrintable(QString::number(watchdog.longestStallMs())));
        QVERIFY2(firstPage < 2000, qPrintable(QString::number(firstPage))); // an index read, not a sort of a million rows
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
    saveScreenshot(memory()->capturesDock(), QStringLiteral("captures-million"));
}

