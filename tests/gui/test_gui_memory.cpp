// test_gui_memory: the workbench remembers. A demo scenario run 20 times with its rate filling
// in; the captures browser listing failures first, sorted by a header click, one opened,
// replayed, exported and copied as a command; its sort, splitter and column widths remembered;
// history re-validated against an edited schema (also one that $refs a sibling file); the
// dashboard's numbers against `conform-cli captures stats` and its target colours; a store
// inside the open workspace. Expected values: see memory_fixture.h.
#include "memory_fixture.h"

void TestGuiMemory::demoScenarioTwentyTimesShowsLiveRate()
{
    openWindow(m_storePath);
    // The Run tab offers the batch.
    const auto buttons = m_window->runPane()->findChildren<QPushButton*>();
    const auto batchButton = std::find_if(buttons.begin(), buttons.end(), [](QPushButton* b) { return b->text() == QStringLiteral("Run ×N…"); });
    QVERIFY(batchButton != buttons.end());
    QTest::mouseClick(*batchButton, Qt::LeftButton);
    QVERIFY(memory()->batchPanel()->isVisible());

    BatchPanel* panel = memory()->batchPanel();
    QAbstractItemModelTester tallyTester(panel->tallyModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QStringList statuses, runsCells;
    connect(panel->tallyModel(), &QAbstractItemModel::dataChanged, this, [&] {
        statuses << panel->statusLabel()->text();
        runsCells << panel->tallyModel()->index(0, BatchTallyModel::Runs).data().toString();
    });
    // An empty schema editor: the demo scenario brings its schema and prompt.
    runBatch({QStringLiteral("scenario/missing-field")}, 20, 4);

    QAbstractItemModel* model = panel->tallyModel();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->index(0, BatchTallyModel::Target).data().toString(), QStringLiteral("scenario/missing-field"));
    QCOMPARE(model->index(0, BatchTallyModel::Runs).data().toString(), QStringLiteral("20 / 20"));
    QCOMPARE(model->index(0, BatchTallyModel::Repaired).data().toLongLong(), 20);
    QCOMPARE(model->index(0, BatchTallyModel::Failed).data().toLongLong(), 0);
    QCOMPARE(model->index(0, BatchTallyModel::FirstTry).data().toString(), QStringLiteral("0 (0.0%)"));
    QCOMPARE(model->index(0, BatchTallyModel::MeanRepairs).data().toString(), QStringLiteral("1.00"));
    QCOMPARE(model->index(0, BatchTallyModel::Rate).data().toString(), QStringLiteral("100.0%"));
    QCOMPARE(panel->statusLabel()->text(), QStringLiteral("20 / 20 runs · final success 100.0% · done"));
    saveScreenshot(memory()->batchPanel(), QStringLiteral("runs-x-n"));
    // Live: the row filled in run by run.
    QCOMPARE(runsCells.size(), 20);
    for (int i = 0; i < 20; ++i)
        QCOMPARE(runsCells[i], QStringLiteral("%1 / 20").arg(i + 1));
    QVERIFY(statuses.first().startsWith(QStringLiteral("1 / 20 runs · final success 100.0%")));

    const std::string batchId = panel->runner()->batchId();
    QCOMPARE(countWhere(m_storePath, {{"label", "batch=" + batchId}}), 20);
    QCOMPARE(countWhere(m_storePath, {{"label", "batch=" + batchId}, {"outcome", "repaired"}}), 20);
}

// Run ×N sends what the Run tab would: the prompt's {{variables}} filled in (the batch once
// sent the placeholders as written).
void TestGuiMemory::batchFillsThePromptsVariables()
{
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath())); // fenced-reply's own: it runs with the Run tab's prompt
    RunPane* run = m_window->runPane();
    run->systemEdit()->setPlainText(QStringLiteral("You read reports for {{team}}."));
    run->userEdit()->setPlainText(QStringLiteral("Report: {{report}}"));
    run->variables()->setValue(QStringLiteral("team"), QStringLiteral("the night shift"));
    run->variables()->setValue(QStringLiteral("report"), QStringLiteral("the cake vanished at 3 am"));
    runBatch({QStringLiteral("scenario/fenced-reply")}, 2, 2);

    const std::string batchId = memory()->batchPanel()->runner()->batchId();
    auto location = store::StoreLocation::parse(m_storePath);
    auto opened = store::Store::open(location.value(), store::OpenOptions{false});
    QVERIFY(opened.ok());
    store::Filter filter;
    QVERIFY(filter.set("label", "batch=" + batchId).ok());
    auto summaries = opened.value()->list(filter, 10);
    QVERIFY(summaries.ok());
    QCOMPARE(summaries->size(), std::size_t(2));
    for (const store::CaptureSummary& summary : summaries.value()) {
        auto capture = opened.value()->capture(summary.id);
        QVERIFY(capture.ok() && capture->has_value());
        const Json document = capture.value()->document();
        QCOMPARE(dump(document["spec"]["prompt"]["variables"]), std::string(R"({"report":"the cake vanished at 3 am","team":"the night shift"})"));
        // The request as sent: the first attempt's messages, filled.
        const std::string request = dump(document["attempts"][0]["request"]);
        QVERIFY2(request.find("You read reports for the night shift.") != std::string::npos, request.c_str());
        QVERIFY2(request.find("Report: the cake vanished at 3 am") != std::string::npos, request.c_str());
        QVERIFY2(request.find("{{") == std::string::npos, request.c_str());
    }
}

// The captures browser's table in German (its column titles were once marked for
// translation in libcore, which lupdate never read), its model checked by Qt's tester while
// pages arrive.
void TestGuiMemory::capturesTableInGermanPassesTheTester()
{
    openWindow(m_storePath);
    runBatch({QStringLiteral("scenario/missing-field")}, 3, 2);
    QTranslator german;
    QVERIFY(german.load(QStringLiteral(CONFORM_QM_DIR "/conform_de.qm")));
    QCoreApplication::installTranslator(&german);
    const auto uninstall = qScopeGuard([&] { QCoreApplication::removeTranslator(&german); });

    CapturePageModel model(memory()->store()->location());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy loaded(&model, &CapturePageModel::pageLoaded);
    model.setFilter(store::Filter{});
    QVERIFY(loaded.wait(10000));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0, CapturePageModel::Outcome).data().toString(), QStringLiteral("repariert"));
    model.sort(CapturePageModel::Latency, Qt::AscendingOrder);
    QVERIFY(loaded.wait(10000));
    QCOMPARE(model.rowCount(), 3);

    const QStringList expected{QStringLiteral("Zeit"), QStringLiteral("Ergebnis"), QStringLiteral("Erster Befund"), QStringLiteral("Kennzeichen"), QStringLiteral("Anbieter"),
                               QStringLiteral("Modell"), QStringLiteral("Modus"), QStringLiteral("Schema"), QStringLiteral("Versuche"),
                               QStringLiteral("Reparaturen"), QStringLiteral("Latenz (ms)"), QStringLiteral("Tokens")};
    m_window->showActivity(Activity::Captures);
    QAbstractItemModel* shown = memory()->browser()->table()->model();
    QStringList headers, browserHeaders;
    for (int column = 0; column < CapturePageModel::ColumnCount; ++column) {
        headers << model.headerData(column, Qt::Horizontal).toString();
        browserHeaders << shown->headerData(column, Qt::Horizontal).toString();
    }
    QCOMPARE(headers, expected);
    QCOMPARE(browserHeaders, expected);
}

void TestGuiMemory::browserFiltersFailedOpensAndReplays()
{
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath()));
    runBatch({QStringLiteral("scenario/fenced-reply"), QStringLiteral("scenario/hopeless-model")}, 5, 4);
    QCOMPARE(countWhere(m_storePath, {{"outcome", "valid"}}), 5);

    m_window->showActivity(Activity::Captures);
    CapturesBrowser* browser = memory()->browser();
    browser->refresh();
    QVERIFY(browser->model());
    // Every capture, failed first: the default sort, with no filter.
    QCOMPARE(browser->filterBar()->arguments().size(), std::size_t(0));
    QTRY_COMPARE(browser->model()->rowCount(), 10);
    for (int row = 0; row < 10; ++row)
        QCOMPARE(browser->model()->index(row, CapturePageModel::Model).data().toString(),
                 row < 5 ? QStringLiteral("hopeless-model") : QStringLiteral("fenced-reply"));
    QCOMPARE(browser->table()->horizontalHeader()->sortIndicatorSection(), int(CapturePageModel::Outcome));
    QCOMPARE(browser->table()->horizontalHeader()->sortIndicatorOrder(), Qt::DescendingOrder);

    QSignalSpy loaded(browser->captureView(), &CaptureView::loaded);
    browser->table()->selectRow(0);
    QVERIFY(loaded.wait(10000));
    const QString id = browser->model()->index(0, 0).data(CapturePageModel::IdRole).toString();
    CaptureView* view = browser->captureView();
    QCOMPARE(view->captureId(), id);
    QVERIFY(view->outcomeLabel()->text().startsWith(QStringLiteral("failed")));
    QCOMPARE(view->attemptModel()->rowCount(), view->capture()->summary.attempts);
    QVERIFY(view->attemptModel()->rowCount() >= 3); // the first answer and its repairs
    QVERIFY(QString::fromStdString(view->rawEditor()->utf8Text()).contains(QStringLiteral("\"question\"")));
    QVERIFY(view->issueList()->count() > 0);
    // hopeless-model was written for the question schema: Run ×N ran it with that one, not
    // the goal schema in the editor (it once failed every run with "Required" for goals).
    QCOMPARE(QString::fromStdString(view->capture()->summary.schemaTitle), QStringLiteral("Next question with answers"));
    // The request as sent carries no key.
    QVERIFY(!QString::fromStdString(view->requestEditor()->utf8Text()).contains(QStringLiteral("SECRET")));
    saveScreenshot(memory()->browser(), QStringLiteral("captures-browser"));

    // Filtered to the failures: the same capture heads the list.
    browser->filterBar()->setField(QStringLiteral("outcome"), QStringLiteral("failed"));
    QTRY_COMPARE(browser->model()->rowCount(), 5);
    QCOMPARE(browser->model()->index(0, 0).data(CapturePageModel::IdRole).toString(), id);
    browser->table()->selectRow(0);

    // Replay against the recorded responses: the same answers, so the same outcome.
    QSignalSpy replayed(browser, &CapturesBrowser::replayed);
    browser->replay(false);
    QVERIFY(replayed.wait(30000));
    QCOMPARE(replayed.at(0).at(0).toString(), id);
    QVERIFY(memory()->store()->writer()->flush().ok());
    QCOMPARE(countWhere(m_storePath, {{"label", "replay_of=" + id.toStdString()}}), 1);
    QCOMPARE(countWhere(m_storePath, {{"label", "replay_of=" + id.toStdString()}, {"outcome", "failed"}}), 1);
    // It is a run of the original's target, answered from the record: the original's provider
    // and model (a replay once showed the original's id as its model, and the dashboard
    // charted it as a target of its own).
    QCOMPARE(countWhere(m_storePath, {{"label", "replay_of=" + id.toStdString()}, {"provider", "scenario"}, {"model", "hopeless-model"}}), 1);

    // Export the selection; copy the command that asks again.
    const QString out = m_dir->filePath(QStringLiteral("failed.jsonl"));
    QSignalSpy exported(browser, &CapturesBrowser::exported);
    browser->exportJsonl(out);
    QVERIFY(exported.wait(10000));
    QCOMPARE(exported.at(0).at(1).toInt(), 1);
    const QList<QByteArray> lines = readFile(out).trimmed().split('\n');
    QCOMPARE(lines.size(), 1);
    QCOMPARE(QString::fromStdString(json::parseStrict(lines[0].toStdString())->value("id", std::string())), id);

    QSignalSpy copied(browser, &CapturesBrowser::commandCopied);
    browser->copyCommand();
    QVERIFY(copied.wait(10000));
    const QString command = copied.at(0).at(0).toString();
    QCOMPARE(QApplication::clipboard()->text(), command);
    // Pasted into a shell, it asks the same again: the new capture's spec equals the
    // original's (where the files were read from aside), its labels too, replay_of aside.
    QProcess shell;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), QFileInfo(QStringLiteral(CONFORM_CLI_PATH)).absolutePath() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
    env.insert(QStringLiteral("CONFORM_STORE"), m_storePath);
    shell.setProcessEnvironment(env);
    shell.setWorkingDirectory(QDir::rootPath());
    shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command + QStringLiteral(" --json")});
    QVERIFY(shell.waitForFinished(60000));
    const Json again = Json::parse(shell.readAllStandardOutput().toStdString(), nullptr, false);
    QVERIFY2(again.is_object() && again.contains("capture_id"), qPrintable(command + QLatin1Char('\n') + QString::fromUtf8(shell.readAllStandardError())));
    auto location = store::StoreLocation::parse(m_storePath);
    auto opened = store::Store::open(location.value(), store::OpenOptions{false});
    QVERIFY(opened.ok());
    const auto comparable = [&](const std::string& captureId) {
        auto capture = opened.value()->capture(captureId);
        Json document = capture.ok() && capture->has_value() ? capture.value()->document() : Json::object();
        Json out{{"spec", document.value("spec", Json::object())}, {"labels", document.value("labels", Json::object())}};
        out["spec"].erase("sources");
        out["labels"].erase("replay_of");
        return dump(out, 2);
    };
    const std::string newId = again["capture_id"].get<std::string>();
    QCOMPARE(comparable(newId), comparable(id.toStdString()));
    QCOMPARE(countWhere(m_storePath, {{"label", "replay_of=" + id.toStdString()}}), 2); // the GUI's replay and the command's
}

void TestGuiMemory::browserSortsByHeaderClickAndRemembers()
{
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath()));
    runBatch({QStringLiteral("scenario/fenced-reply"), QStringLiteral("scenario/hopeless-model")}, 5, 4);
    m_window->showActivity(Activity::Captures);
    CapturesBrowser* browser = memory()->browser();
    CapturePageModel* model = browser->model();
    QHeaderView* header = browser->table()->horizontalHeader();
    browser->refresh();
    QTRY_COMPARE(model->rowCount(), 10);
    const QStringList failedFirst = QStringList(5, QStringLiteral("hopeless-model")) + QStringList(5, QStringLiteral("fenced-reply"));
    QCOMPARE(columnTexts(model, CapturePageModel::Model), failedFirst);

    // A click on Model sorts A to Z: fenced-reply before hopeless-model.
    QSignalSpy loaded(model, &CapturePageModel::pageLoaded);
    clickHeader(browser->table(), CapturePageModel::Model);
    QVERIFY(loaded.wait(10000));
    QCOMPARE(header->sortIndicatorSection(), int(CapturePageModel::Model));
    QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
    QCOMPARE(columnTexts(model, CapturePageModel::Model),
             QStringList(5, QStringLiteral("fenced-reply")) + QStringList(5, QStringLiteral("hopeless-model")));
    // Again: Z to A.
    clickHeader(browser->table(), CapturePageModel::Model);
    QVERIFY(loaded.wait(10000));
    QCOMPARE(columnTexts(model, CapturePageModel::Model), failedFirst);

    // Flags have no order: the click leaves the sort (and its indicator) as it was.
    clickHeader(browser->table(), CapturePageModel::Flags);
    QVERIFY(!loaded.wait(500));
    QCOMPARE(header->sortIndicatorSection(), int(CapturePageModel::Model));
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);

    // Numbers sort biggest first on the first click: the most repairs (the hopeless runs),
    // then the attempts and time columns read as numbers do.
    clickHeader(browser->table(), CapturePageModel::Repairs);
    QVERIFY(loaded.wait(10000));
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    QCOMPARE(columnTexts(model, CapturePageModel::Model), failedFirst);
    const auto numbers = [&](int column) {
        std::vector<qlonglong> values;
        for (const QString& text : columnTexts(model, column))
            values.push_back(text.toLongLong());
        return values;
    };
    for (const int column : {int(CapturePageModel::Latency), int(CapturePageModel::Tokens), int(CapturePageModel::Attempts)}) {
        model->sort(column, Qt::AscendingOrder);
        QVERIFY(loaded.wait(10000));
        const std::vector<qlonglong> values = numbers(column);
        QCOMPARE(values.size(), std::size_t(10));
        QVERIFY2(std::is_sorted(values.begin(), values.end()), qPrintable(columnTexts(model, column).join(QLatin1Char(' '))));
    }
    model->sort(CapturePageModel::Time, Qt::AscendingOrder);
    QVERIFY(loaded.wait(10000));
    const QStringList times = columnTexts(model, CapturePageModel::Time);
    QVERIFY(std::is_sorted(times.begin(), times.end())); // ISO 8601 in UTC sorts as text

    // The sort is remembered: latency, slowest first.
    clickHeader(browser->table(), CapturePageModel::Latency);
    QVERIFY(loaded.wait(10000));
    QCOMPARE(model->order().key, store::SortKey::Latency);
    QVERIFY(model->order().descending);
    m_window.reset(); // not close(): it would ask about the edited schema
    QCOMPARE(QSettings().value(QStringLiteral("captures/sort/key")).toString(), QStringLiteral("latency"));
    openWindow(m_storePath);
    m_window->showActivity(Activity::Captures);
    browser = memory()->browser();
    QCOMPARE(browser->model()->order().key, store::SortKey::Latency);
    QVERIFY(browser->model()->order().descending);
    QCOMPARE(browser->table()->horizontalHeader()->sortIndicatorSection(), int(CapturePageModel::Latency));
    QCOMPARE(browser->table()->horizontalHeader()->sortIndicatorOrder(), Qt::DescendingOrder);
    browser->refresh();
    QTRY_COMPARE(browser->model()->rowCount(), 10);
    std::vector<qlonglong> latencies;
    for (const QString& text : columnTexts(browser->model(), CapturePageModel::Latency))
        latencies.push_back(text.toLongLong());
    QVERIFY(std::is_sorted(latencies.rbegin(), latencies.rend()));
}

void TestGuiMemory::browserSplitterAndColumnWidthsRestored()
{
    openWindow(m_storePath);
    m_window->showActivity(Activity::Captures);
    CapturesBrowser* browser = memory()->browser();
    QTRY_VERIFY(browser->splitter()->sizes().value(0) > 0);
    const int total = browser->splitter()->sizes().value(0) + browser->splitter()->sizes().value(1);
    browser->splitter()->setSizes({total - 150, 150});
    const QList<int> sizes = browser->splitter()->sizes();
    QVERIFY(sizes != (QList<int>{220, 420}));
    browser->table()->horizontalHeader()->resizeSection(CapturePageModel::Model, 173);
    browser->table()->horizontalHeader()->resizeSection(CapturePageModel::Provider, 61);
    m_window->close();
    m_window.reset();

    openWindow(m_storePath);
    browser = memory()->browser();
    QVERIFY(memory()->browser()->isVisible());
    QTRY_COMPARE(browser->splitter()->sizes(), sizes);
    QCOMPARE(browser->table()->horizontalHeader()->sectionSize(CapturePageModel::Model), 173);
    QCOMPARE(browser->table()->horizontalHeader()->sectionSize(CapturePageModel::Provider), 61);
    // Captures landing do not fit the columns over the user's widths.
    useGoalSchema(readFile(goalSchemaPath()));
    runBatch({QStringLiteral("scenario/fenced-reply")}, 2, 2);
    QSignalSpy loaded(browser->model(), &CapturePageModel::pageLoaded);
    browser->refresh();
    QVERIFY(loaded.wait(10000));
    QCOMPARE(browser->model()->rowCount(), 2);
    QCOMPARE(browser->table()->horizontalHeader()->sectionSize(CapturePageModel::Model), 173);
}

void TestGuiMemory::revalidatingHistoryListsVerdictChanges()
{
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath()));
    runBatch({QStringLiteral("scenario/fenced-reply")}, 5, 4);
    CapturesBrowser* browser = memory()->browser();
    RevalidatePanel* panel = revalidationOfEveryCapture();
    QAbstractItemModelTester changeTester(panel->changeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy finished(panel, &RevalidatePanel::finished);
    panel->start();
    QVERIFY(finished.wait(30000));
    QVERIFY(panel->report());
    const store::ReplayReport& report = *panel->report();
    QCOMPARE(report.count, 5);
    QCOMPARE(report.validBefore, 5);
    QCOMPARE(report.validAfter, 0);
    QCOMPARE(report.becameInvalid, 5);
    QAbstractItemModel* changes = panel->changeModel();
    QCOMPARE(changes->rowCount(), 5);
    for (int row = 0; row < 5; ++row) {
        QCOMPARE(changes->index(row, ReplayChangeModel::VerdictColumn).data().toString(), QStringLiteral("valid → invalid"));
        const QString issue = changes->index(row, ReplayChangeModel::IssueColumn).data().toString();
        QVERIFY2(issue.startsWith(QStringLiteral("/goals: ")), qPrintable(issue));
    }
    // Activating a change opens its capture.
    QSignalSpy loaded(browser->captureView(), &CaptureView::loaded);
    emit panel->changeList()->activated(changes->index(2, 1));
    QVERIFY(loaded.wait(10000));
    QCOMPARE(browser->captureView()->captureId(), changes->index(2, ReplayChangeModel::IdColumn).data().toString());

    // The schema as it was: nothing changes.
    useGoalSchema(readFile(goalSchemaPath()));
    panel->start();
    QVERIFY(finished.wait(30000));
    QCOMPARE(panel->report()->becameInvalid, 0);
    QCOMPARE(panel->changeModel()->rowCount(), 0);
}

void TestGuiMemory::revalidationResolvesRefsToSiblingFiles()
{
    // A schema whose goals are defined in a sibling file, at most four of them: every valid
    // fenced-reply capture (five or six goals) breaks. Without the folder's registry the
    // $ref does not resolve and nothing is re-validated.
    QDir workspace(m_dir->path());
    QVERIFY(workspace.mkpath(QStringLiteral("refs")));
    const auto write = [&](const QString& name, const QByteArray& text) {
        QFile file(workspace.filePath(QStringLiteral("refs/") + name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
    };
    write(QStringLiteral("schema.json"),
          R"({"type": "object", "properties": {"goals": {"$ref": "goals.json"}}, "required": ["goals"]})");
    write(QStringLiteral("goals.json"), R"({"type": "array", "maxItems": 4})");

    openWindow(m_storePath);
    runBatch({QStringLiteral("scenario/fenced-reply")}, 3, 3); // with the scenario's own schema: valid
    QVERIFY(m_window->openFile(workspace.filePath(QStringLiteral("refs/schema.json"))));
    QCOMPARE(m_window->document()->filePath(), workspace.filePath(QStringLiteral("refs/schema.json")));
    m_window->showActivity(Activity::Captures);
    RevalidatePanel* panel = memory()->browser()->revalidatePanel();
    // This schema has no $id or title, so "this schema" would be its exact text alone, which
    // nothing ran with: the captures of every schema are checked.
    panel->setScope(RevalidatePanel::Scope::EverySchema);
    QSignalSpy finished(panel, &RevalidatePanel::finished);
    panel->start();
    QVERIFY(finished.wait(30000));
    QVERIFY2(panel->report(), qPrintable(panel->summaryLabel()->text()));
    QCOMPARE(panel->report()->count, 3);
    QCOMPARE(panel->report()->becameInvalid, 3);
    const QString issue = panel->changeModel()->index(0, ReplayChangeModel::IssueColumn).data().toString();
    QVERIFY2(issue.startsWith(QStringLiteral("/goals: ")), qPrintable(issue));

    // The sibling file edited on disk and the references read again: the limit is gone.
    write(QStringLiteral("goals.json"), R"({"type": "array"})");
    m_window->document()->refreshReferences();
    panel->start();
    QVERIFY(finished.wait(30000));
    QCOMPARE(panel->report()->becameInvalid, 0);
}

void TestGuiMemory::dashboardAgreesWithCapturesStats()
{
    REQUIRE_DEPENDENCY(QFile::exists(QStringLiteral(CONFORM_CLI_PATH)), QStringLiteral("conform-cli is not built"));
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath()));
    runBatch({QStringLiteral("scenario/fenced-reply"), QStringLiteral("scenario/hopeless-model"), QStringLiteral("scenario/truncated-article")}, 5, 4);
    memory()->browser()->filterBar()->setField(QStringLiteral("outcome"), QString());
    Dashboard* dashboard = memory()->dashboard();
    m_window->showActivity(Activity::Dashboard);
    QSignalSpy refreshed(dashboard, &Dashboard::refreshed);
    dashboard->refresh();
    QVERIFY(refreshed.wait(30000));

    QProcess cli;
    cli.start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("captures"), QStringLiteral("stats"), QStringLiteral("--store"), m_storePath,
                                                 QStringLiteral("--by"), QStringLiteral("provider,model"), QStringLiteral("--bucket"),
                                                 QStringLiteral("day"), QStringLiteral("--json")});
    QVERIFY(cli.waitForFinished(30000));
    QCOMPARE(cli.exitCode(), 0);
    const Json expected = json::parseStrict(cli.readAllStandardOutput().toStdString()).value();
    QCOMPARE(expected.value("count", 0), 15);
    QCOMPARE(dashboard->stats().overall.count, 15);

    std::map<QString, Json> groups; // "scenario/fenced-reply" -> the CLI's group
    for (const Json& group : expected["groups"])
        groups[QString::fromStdString(group["key"]["provider"].get<std::string>() + "/" + group["key"]["model"].get<std::string>())] = group;
    QCOMPARE(groups.size(), std::size_t(3));

    // Every bar of every bar chart, by category, against the CLI's number.
    const auto barValue = [](QChart* chart, const QString& setName, const QString& category) -> double {
        for (QAbstractSeries* series : chart->series())
            if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
                QStringList categories;
                for (QAbstractAxis* axis : bars->attachedAxes())
                    if (auto* names = qobject_cast<QBarCategoryAxis*>(axis))
                        categories = names->categories();
                // The target charts' categories carry the value after the name: "name · 100.0%".
                const auto at = std::find_if(categories.begin(), categories.end(), [&](const QString& c) {
                    return c == category || c.startsWith(category + QStringLiteral(" · "));
                });
                for (QBarSet* set : bars->barSets())
                    if (set->label() == setName && at != categories.end())
                        return set->at(int(at - categories.begin()));
            }
        return -1;
    };
    const auto chart = [&](DashboardChart which) { return dashboard->chartView(which)->chart(); };
    for (const auto& [name, g] : groups) {
        const double finalSuccess = 100 * g["final_success_rate"].get<double>(), repaired = 100 * g["repaired_rate"].get<double>();
        QCOMPARE(barValue(chart(DashboardChart::OutcomeMix), QStringLiteral("valid, no repair"), name), finalSuccess - repaired);
        QCOMPARE(barValue(chart(DashboardChart::OutcomeMix), QStringLiteral("valid after repair"), name), repaired);
        QCOMPARE(barValue(chart(DashboardChart::OutcomeMix), QStringLiteral("fallback"), name), 100 * g["fallback_rate"].get<double>());
        QCOMPARE(barValue(chart(DashboardChart::OutcomeMix), QStringLiteral("failed"), name), 100 * g["failed_rate"].get<double>());
        QCOMPARE(barValue(chart(DashboardChart::MeanRepairs), QStringLiteral("meets the target"), name)
                     + barValue(chart(DashboardChart::MeanRepairs), QStringLiteral("misses the target"), name),
                 g["mean_repairs"].get<double>());
        QCOMPARE(barValue(chart(DashboardChart::FlagRates), QStringLiteral("truncated"), name), 100 * g["truncated_rate"].get<double>());
        QCOMPARE(barValue(chart(DashboardChart::FlagRates), QStringLiteral("refused"), name), 100 * g["refused_rate"].get<double>());
        QCOMPARE(barValue(chart(DashboardChart::Latency), QStringLiteral("p50"), name), g["latency_ms"]["p50"].get<double>());
        QCOMPARE(barValue(chart(DashboardChart::Latency), QStringLiteral("p95"), name), g["latency_ms"]["p95"].get<double>());
        QCOMPARE(barValue(chart(DashboardChart::Tokens), QStringLiteral("input"), name), g["tokens"]["input"].get<double>());
        QCOMPARE(barValue(chart(DashboardChart::Tokens), QStringLiteral("output"), name), g["tokens"]["output"].get<double>());
    }
    // Hand-derived where the scenarios say it plainly.
    QCOMPARE(groups[QStringLiteral("scenario/fenced-reply")]["final_success_rate"].get<double>(), 1.0);
    QCOMPARE(groups[QStringLiteral("scenario/hopeless-model")]["failed_rate"].get<double>(), 1.0);

    // The time line: one point per bucket, at the bucket's start.
    QLineSeries* finalLine = nullptr;
    for (QAbstractSeries* series : chart(DashboardChart::Rates)->series())
        if (series->name() == QStringLiteral("final success"))
            finalLine = qobject_cast<QLineSeries*>(series);
    QVERIFY(finalLine);
    QCOMPARE(finalLine->count(), int(expected["buckets"].size()));
    for (int i = 0; i < finalLine->count(); ++i) {
        const Json& bucket = expected["buckets"][std::size_t(i)];
        QCOMPARE(finalLine->at(i).y(), 100 * bucket["final_success_rate"].get<double>());
        QCOMPARE(qint64(finalLine->at(i).x()),
                 QDateTime::fromString(QString::fromStdString(bucket["start"].get<std::string>()), Qt::ISODateWithMs).toMSecsSinceEpoch());
    }
    // Final success 10/15 misses the 99% target: the line is drawn red.
    QCOMPARE(finalLine->pen().color(), QColor(0xcf, 0x22, 0x2e));

    saveScreenshot(memory()->dashboard(), QStringLiteral("dashboard"));

    // A chart exports as PNG and SVG.
    const QString png = m_dir->filePath(QStringLiteral("mix.png")), svg = m_dir->filePath(QStringLiteral("mix.svg"));
    QVERIFY(dashboard->exportChart(DashboardChart::OutcomeMix, png));
    QVERIFY(dashboard->exportChart(DashboardChart::OutcomeMix, svg));
    QVERIFY(readFile(png).startsWith("\x89PNG"));
    QVERIFY(readFile(svg).contains("<svg"));

    // New captures land: the dashboard refreshes by itself, once for the burst.
    refreshed.clear();
    runBatch({QStringLiteral("scenario/fenced-reply")}, 5, 4);
    QVERIFY(refreshed.wait(10000));
    // The writer may commit the burst in two transactions: each lands, and is shown, by itself.
    QTRY_COMPARE_WITH_TIMEOUT(dashboard->stats().overall.count, 20, 10000);
}

void TestGuiMemory::dashboardColoursGroupsByTheirTargets()
{
    // Two groups by hand: "good" meets every seed target (final success 99.5%, 0.5 repairs a
    // run, fallback 0.5%), "bad" misses each (90%, 1.5, 2%).
    // good: 198 valid + 1 repaired of 200, one fallback, 100 repairs; bad: 89 + 1 of 100, two
    // fallbacks, eight failed, 150 repairs.
    const auto tally = [](std::int64_t count, std::int64_t valid, std::int64_t repaired, std::int64_t fallback, std::int64_t failed,
                          std::int64_t repairs) {
        store::Tally t;
        t.count = count;
        t.valid = valid;
        t.repaired = repaired;
        t.fallback = fallback;
        t.failed = failed;
        t.repairs = repairs;
        return t;
    };
    store::StatsReport stats;
    stats.by = {"provider", "model"};
    stats.groups.push_back({{"p", "good"}, tally(200, 198, 1, 1, 0, 100), {}, {}, {}});
    stats.groups.push_back({{"p", "bad"}, tally(100, 89, 1, 2, 8, 150), {}, {}, {}});
    struct Expect { DashboardChart chart; double good, bad, target; };
    for (const Expect& e : {Expect{DashboardChart::FinalSuccess, 99.5, 90, 99}, Expect{DashboardChart::MeanRepairs, 0.5, 1.5, 1.2},
                            Expect{DashboardChart::Fallback, 0.5, 2, 1}}) {
        std::unique_ptr<QChart> chart(buildChart(e.chart, stats));
        QColor colourOf[2];
        double valueOf[2] = {0, 0};
        QAbstractBarSeries* bars = nullptr;
        QLineSeries* reference = nullptr;
        for (QAbstractSeries* series : chart->series()) {
            if (auto* b = qobject_cast<QAbstractBarSeries*>(series))
                bars = b;
            if (auto* line = qobject_cast<QLineSeries*>(series); line && line->name().startsWith(QStringLiteral("target")))
                reference = line;
        }
        QVERIFY(bars && reference);
        // A group's bar is drawn by the one set holding a value for it.
        for (QBarSet* set : bars->barSets())
            for (int group = 0; group < 2; ++group)
                if (set->at(group) > 0) {
                    QVERIFY2(!colourOf[group].isValid(), "a group has bars in two colours");
                    colourOf[group] = set->color();
                    valueOf[group] = set->at(group);
                }
        const QString name = chartTitle(e.chart);
        QVERIFY2(qFuzzyCompare(valueOf[0], e.good) && qFuzzyCompare(valueOf[1], e.bad), qPrintable(name));
        QCOMPARE(colourOf[0], QColor(0x1a, 0x7f, 0x37)); // green: meets
        QCOMPARE(colourOf[1], QColor(0xcf, 0x22, 0x2e)); // red: misses
        // The target is a dashed line across both bars (which run across: the line is upright).
        QCOMPARE(reference->pen().style(), Qt::DashLine);
        QCOMPARE(reference->count(), 2);
        QVERIFY2(qFuzzyCompare(reference->at(0).x(), e.target) && qFuzzyCompare(reference->at(1).x(), e.target), qPrintable(name));
        QVERIFY(reference->at(0).y() < 0 && reference->at(1).y() > 1);
    }
}

void TestGuiMemory::storeInsideTheOpenWorkspaceKeepsWriting()
{
    // The store in the workspace folder the tree shows and watches.
    const QString storePath = m_dir->filePath(QStringLiteral("captures.db"));
    QVERIFY(seedStore(storePath, 1)); // the file exists before the tree first lists the folder
    openWindow(storePath);
    WorkspaceTree* dock = m_window->workspaceTree();
    dock->show();
    QVERIFY(memory()->store()->writer()->waitUntilOpen());
    QFileSystemModel* tree = dock->model();
    QVERIFY(QFile::exists(storePath + QStringLiteral("-wal")) && QFile::exists(storePath + QStringLiteral("-shm")));

    // From here nothing but the writer's open connection may touch the store's files: the
    // tree re-lists the folder on every change in it, and a descriptor this process opens and
    // closes on a file would drop the locks SQLite holds on it.
    OpenCounter opens({storePath, storePath + QStringLiteral("-wal"), storePath + QStringLiteral("-shm")});
    for (int i = 0; i < 5; ++i) { // new files in the folder: the tree lists it again each time
        QFile file(m_dir->filePath(QStringLiteral("new-%1.json").arg(i)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{}");
        file.close();
        QTRY_VERIFY(tree->index(file.fileName()).isValid());
    }
    useGoalSchema(readFile(goalSchemaPath()));
    runBatch({QStringLiteral("scenario/fenced-reply")}, 20, 4);
    QTest::qWait(500); // the tree's last listing
    QCOMPARE(opens.opens(), 0);
    QCOMPARE(countWhere(storePath, {}), 21);

    // The tree shows none of the store's files.
    const QModelIndex root = dock->view()->rootIndex();
    for (int row = 0; row < tree->rowCount(root); ++row)
        QVERIFY2(!tree->fileName(tree->index(row, 0, root)).startsWith(QStringLiteral("captures.db")),
                 qPrintable(tree->fileName(tree->index(row, 0, root))));
    // Still one sound database.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
        db.setDatabaseName(storePath);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
    }
    QSqlDatabase::removeDatabase(QStringLiteral("check"));
}

void TestGuiMemory::runTabRunsAreCaptured()
{
    openWindow(m_storePath);
    RunPane* run = m_window->runPane();
    QVERIFY(run->targetForm()->selectScenario(QStringLiteral("trailing-commas")));
    QSignalSpy finished(run, &RunPane::runFinished);
    run->run();
    QVERIFY(finished.wait(30000));
    QVERIFY(memory()->store()->writer()->flush().ok());
    QCOMPARE(countWhere(m_storePath, {{"label", "source=run-tab"}}), 1);
    QCOMPARE(countWhere(m_storePath, {{"label", "source=run-tab"}, {"model", "trailing-commas"}, {"outcome", "valid"}}), 1);
}

void TestGuiMemory::filtersAndBatchSettingsPersist()
{
    openWindow(m_storePath);
    memory()->browser()->filterBar()->setField(QStringLiteral("outcome"), QStringLiteral("repaired"));
    memory()->browser()->filterBar()->setField(QStringLiteral("provider"), QStringLiteral("openai"));
    memory()->batchPanel()->checkTargets({QStringLiteral("scenario/refusal"), QStringLiteral("openai/gpt-4o-mini")});
    memory()->batchPanel()->setRepeats(100);
    memory()->batchPanel()->setConcurrency(7);
    m_window->showActivity(Activity::Captures);
    m_window->close();
    m_window.reset();

    openWindow(m_storePath);
    QCOMPARE(memory()->browser()->filterBar()->arguments(),
             (std::vector<std::pair<std::string, std::string>>{{"outcome", "repaired"}, {"provider", "openai"}}));
    QVERIFY(memory()->browser()->isVisible());
    QStringList checked;
    for (int i = 0; i < memory()->batchPanel()->targetList()->count(); ++i)
        if (memory()->batchPanel()->targetList()->item(i)->checkState() == Qt::Checked)
            checked << memory()->batchPanel()->targetList()->item(i)->text();
    QCOMPARE(checked, (QStringList{QStringLiteral("scenario/refusal"), QStringLiteral("openai/gpt-4o-mini")}));
}


// Run ×N's Cancel is live from the first call to the last: it aborts the calls in flight and
// starts no new one, and Run is off meanwhile. (Cancel once stayed greyed at 3/40 and 34/40,
// with Run ×N clickable.) stalled-stream goes silent for 20 s after its first bytes, so both
// runs are in flight when Cancel is pressed.
void TestGuiMemory::batchCancelAbortsCallsInFlight()
{
    openWindow(m_storePath);
    m_window->showActivity(Activity::Batch);
    BatchPanel* panel = memory()->batchPanel();
    panel->checkTargets({QStringLiteral("scenario/stalled-stream")});
    panel->setRepeats(20);
    panel->setConcurrency(2);
    QSignalSpy finished(panel, &BatchPanel::batchFinished);
    panel->run();
    QTRY_VERIFY_WITH_TIMEOUT(panel->runner() && panel->runner()->runsInFlight() == 2, 30000);
    QVERIFY(panel->cancelButton()->isEnabled());
    QVERIFY(!panel->runButton()->isEnabled());
    QSignalSpy launched(panel->runner(), &batch::BatchRunner::runFinished);
    QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000); // long before the stall would end (it may end at once)
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QCOMPARE(panel->runner()->runsInFlight(), 0);
    QCOMPARE(panel->runner()->runsDone(), 0); // the two in flight were aborted, none started after
    QCOMPARE(launched.size(), 0);
    QVERIFY(!panel->cancelButton()->isEnabled());
    QVERIFY(panel->runButton()->isEnabled());
    QVERIFY(panel->statusLabel()->text().endsWith(QStringLiteral("cancelled")));
    QVERIFY(memory()->store()->writer()->flush().ok());
    QCOMPARE(countWhere(m_storePath, {{"label", "batch=" + panel->runner()->batchId()}}), 0);
}

// Re-validation checks the history of the schema being edited unless told "every schema":
// captures of another schema are not judged by an edit they never ran with. The list says each
// change's schema, target and time.
void TestGuiMemory::revalidationScopedToTheEditedSchema()
{
    openWindow(m_storePath);
    // Five captures of the goal schema (fenced-reply, valid) and five of missing-field's own
    // schema (another title), run with each scenario's own schema from a blank editor.
    runBatch({QStringLiteral("scenario/fenced-reply"), QStringLiteral("scenario/missing-field")}, 5, 4);
    QCOMPARE(countWhere(m_storePath, {}), 10);
    RevalidatePanel* panel = revalidationOfEveryCapture();
    QCOMPARE(panel->scope(), RevalidatePanel::Scope::ThisSchema);
    QSignalSpy done(panel, &RevalidatePanel::finished);
    panel->start();
    QVERIFY(done.wait(60000));
    QCOMPARE(panel->report()->count, 5); // the goal schema's five only
    QCOMPARE(panel->report()->becameInvalid, 5);
    QAbstractItemModelTester tester(panel->changeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QAbstractItemModel* changes = panel->changeModel();
    QCOMPARE(changes->index(0, ReplayChangeModel::SchemaColumn).data().toString(), QStringLiteral("Investigation goals"));
    QCOMPARE(changes->index(0, ReplayChangeModel::TargetColumn).data().toString(), QStringLiteral("scenario/fenced-reply"));
    QVERIFY(!changes->index(0, ReplayChangeModel::TimeColumn).data().toString().isEmpty());

    panel->setScope(RevalidatePanel::Scope::EverySchema);
    panel->start();
    QVERIFY(done.wait(60000));
    QCOMPARE(panel->report()->count, 10);
}

// Run ×N runs each demo with the schema it was written for when the editor holds another, as
// the Run activity does, and its row says so; a demo of the editor's schema runs the editor's.
// A demo plays in the mode it is meant for (tool-call: tool mode).
void TestGuiMemory::batchRunsEachDemoWithItsOwnSchema()
{
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath()));
    m_window->showActivity(Activity::Batch);
    runBatch({QStringLiteral("scenario/fenced-reply"), QStringLiteral("scenario/missing-field"), QStringLiteral("scenario/tool-call")}, 3, 2);
    BatchTallyModel* tally = memory()->batchPanel()->tallyModel();
    QAbstractItemModelTester tester(tally, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(tally->index(0, BatchTallyModel::Schema).data().toString(), QStringLiteral("Investigation goals, the Run tab's prompt"));
    QCOMPARE(tally->index(1, BatchTallyModel::Schema).data().toString(), QStringLiteral("demo's own: Answer drift, its prompt"));
    QVERIFY(!tally->index(1, BatchTallyModel::Schema).data(Qt::ToolTipRole).toString().isEmpty());
    // missing-field's expect: repaired after one repair, against its own schema.
    QCOMPARE(tally->index(1, BatchTallyModel::Repaired).data().toLongLong(), 3);
    QCOMPARE(tally->index(1, BatchTallyModel::Failed).data().toLongLong(), 0);
    QCOMPARE(countWhere(m_storePath, {{"schema-title", "Answer drift"}, {"outcome", "repaired"}}), 3);
    QCOMPARE(countWhere(m_storePath, {{"schema-title", "Investigation goals"}, {"outcome", "valid"}}), 3);
    QCOMPARE(countWhere(m_storePath, {{"model", "tool-call"}, {"mode", "tool"}, {"outcome", "valid"}}), 3);
    QCOMPARE(countWhere(m_storePath, {{"model", "missing-field"}, {"mode", "strict"}}), 3); // a demo naming no mode: auto's first
}

// The captures list follows new captures without moving rows under the user's eyes: a bar
// says how many arrived since the list was read, and a click lists them (the list once said
// "66 shown" while the dashboard counted 67).
void TestGuiMemory::browserSaysWhenNewCapturesArrive()
{
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath()));
    runBatch({QStringLiteral("scenario/fenced-reply")}, 2, 2);
    m_window->showActivity(Activity::Captures);
    CapturesBrowser* browser = memory()->browser();
    QTRY_COMPARE(browser->model()->rowCount(), 2);
    QVERIFY(!browser->newCapturesBar()->isVisible());
    runBatch({QStringLiteral("scenario/fenced-reply")}, 3, 3);
    QTRY_VERIFY_WITH_TIMEOUT(browser->newCapturesBar()->isVisible(), 10000);
    QTRY_VERIFY2_WITH_TIMEOUT(browser->newCapturesBar()->text().startsWith(QStringLiteral("3 new capture")), qPrintable(browser->newCapturesBar()->text()), 10000);
    QCOMPARE(browser->model()->rowCount(), 2); // nothing moved yet
    QTest::mouseClick(browser->newCapturesBar(), Qt::LeftButton);
    QTRY_COMPARE(browser->model()->rowCount(), 5);
    QVERIFY(!browser->newCapturesBar()->isVisible());
}
