// test_gui_memory, continued: every filter in sight and every result for what it says.
// Chips show each active Captures filter; a Compare cell's or a Runs ×N row's filter is
// temporary (Back brings the user's own, and a restart never keeps it); the Dashboard charts
// the whole store unless told to follow the Captures filters; Re-validate's results are marked
// stale the moment the schema differs from theirs; Runs ×N sends a demo's own prompt with its
// own schema, and its table keeps the result in view at 1024 px; empty views say what would
// fill them. Expected counts come from the scenario files (memory_fixture.h).
#include "memory_fixture.h"

#include "captures/filterchips.h"
#include "widgets/placeholdertableview.h"

#include <QCheckBox>
#include <QToolButton>

namespace {

// A built-in scenario file as written, read here rather than through Conform's loader.
Json scenarioFile(const QString& name)
{
    QFile file(QStringLiteral(":/scenarios/%1.json").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        return Json();
    return Json::parse(file.readAll().toStdString());
}

// The spec's prompt of every capture with the label target=`target`.
QStringList promptsOfTarget(const QString& storePath, const std::string& target)
{
    auto location = store::StoreLocation::parse(storePath);
    auto opened = store::Store::open(location.value(), store::OpenOptions{false});
    if (!opened)
        return {QStringLiteral("cannot open the store")};
    store::Filter filter;
    if (!filter.set("label", "target=" + target))
        return {QStringLiteral("bad filter")};
    QStringList prompts;
    const auto summaries = opened.value()->list(filter, 100);
    if (!summaries)
        return {QString::fromStdString(summaries.error().toString())};
    for (const store::CaptureSummary& summary : summaries.value()) {
        const auto capture = opened.value()->capture(summary.id);
        const Json document = capture.value()->document();
        const Json& prompt = document["spec"]["prompt"];
        prompts << QString::fromStdString(prompt.value("system", std::string()) + "|" + prompt.value("user", std::string()));
    }
    return prompts;
}

Dashboard* refreshedDashboard(Dashboard* dashboard)
{
    QSignalSpy refreshed(dashboard, &Dashboard::refreshed);
    dashboard->refresh();
    if (!refreshed.wait(20000))
        return nullptr;
    return dashboard;
}

} // namespace

// Run ×N over two demos written for other schemas while the Run tab holds a third prompt:
// each demo's captures carry the demo's own prompt (its "prompt", else its description, as
// `conform-cli run --scenario` sends), the demo that matches the open schema carries the Run
// tab's, and each row says whose prompt it sent.
void TestGuiMemory::batchSendsEachDemosOwnPrompt()
{
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath())); // the Run tab's prompt: "Incident: the birthday cake vanished."
    m_window->runPane()->systemEdit()->setPlainText(QStringLiteral("A third prompt, for goals."));
    runBatch({QStringLiteral("scenario/fenced-reply"), QStringLiteral("scenario/missing-field"), QStringLiteral("scenario/drift-prompt-v1")}, 2, 3);

    const Json missing = scenarioFile(QStringLiteral("missing-field"));
    const Json drift = scenarioFile(QStringLiteral("drift-prompt-v1"));
    QVERIFY(missing.is_object() && drift.is_object());
    QVERIFY(!missing.contains("prompt")); // so its description is its prompt
    const QString missingPrompt = QStringLiteral("|") + QString::fromStdString(missing["description"].get<std::string>());
    const QString driftPrompt = QString::fromStdString(drift["prompt"].value("system", std::string()) + "|" + drift["prompt"]["user"].get<std::string>());
    QCOMPARE(promptsOfTarget(m_storePath, "scenario/missing-field"), QStringList({missingPrompt, missingPrompt}));
    QCOMPARE(promptsOfTarget(m_storePath, "scenario/drift-prompt-v1"), QStringList({driftPrompt, driftPrompt}));
    const QString runTabPrompt = QStringLiteral("A third prompt, for goals.|Incident: the birthday cake vanished.");
    QCOMPARE(promptsOfTarget(m_storePath, "scenario/fenced-reply"), QStringList({runTabPrompt, runTabPrompt}));

    BatchTallyModel* tally = memory()->batchPanel()->tallyModel();
    QStringList rows;
    for (int row = 0; row < tally->rowCount(); ++row)
        rows << tally->targetAt(row) + QStringLiteral(": ") + tally->index(row, BatchTallyModel::Schema).data().toString();
    QCOMPARE(rows, QStringList({QStringLiteral("scenario/drift-prompt-v1: demo's own: Answer drift, its prompt"),
                                QStringLiteral("scenario/fenced-reply: Investigation goals, the Run tab's prompt"),
                                QStringLiteral("scenario/missing-field: demo's own: Answer drift, its prompt")}));
}

// Runs ×N at the smallest window: after a batch every figure up to the result is in view, the
// bar's colours have a key, and a double-click on a row lists that row's runs in Captures.
void TestGuiMemory::batchTableFitsAndOpensARowsRuns()
{
    openWindow(m_storePath);
    m_window->resize(kMinimumWindowSize);
    useGoalSchema(readFile(goalSchemaPath()));
    m_window->showActivity(Activity::Batch);
    runBatch({QStringLiteral("scenario/fenced-reply"), QStringLiteral("scenario/hopeless-model")}, 3, 3);
    QApplication::processEvents();
    QTableView* view = memory()->batchPanel()->tallyView();
    QStringList widths;
    for (int column = 0; column < BatchTallyModel::ColumnCount; ++column)
        widths << QString::number(view->columnWidth(column));
    for (int column = BatchTallyModel::Target; column < BatchTallyModel::Schema; ++column) {
        const QRect cell = view->visualRect(view->model()->index(0, column));
        QVERIFY2(view->viewport()->rect().contains(cell), qPrintable(QStringLiteral("column %1 at %2..%3 of %4 px (widths %5)")
                                                                         .arg(column).arg(cell.left()).arg(cell.right()).arg(view->viewport()->width())
                                                                         .arg(widths.join(QLatin1Char(' ')))));
    }
    QLabel* legend = memory()->batchPanel()->legend();
    QVERIFY(legend->isVisible());
    for (const char* word : {"valid", "repaired", "fallback", "failed", "not run yet"})
        QVERIFY2(legend->text().contains(QLatin1String(word)), qPrintable(legend->text()));

    const QPoint row = view->visualRect(view->model()->index(1, BatchTallyModel::Target)).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, row);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, row);
    QCOMPARE(m_window->currentActivity(), Activity::Captures);
    CapturesBrowser* browser = memory()->browser();
    QVERIFY(browser->filterBar()->isTemporary());
    QTRY_COMPARE(browser->model()->rowCount(), 3);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(browser->model()->index(i, CapturePageModel::Outcome).data().toString(), QStringLiteral("failed"));

    // A failed capture's issues at this width: each line whole in its tooltip, however the
    // narrow list elides it.
    browser->table()->selectRow(0);
    QTRY_VERIFY(browser->captureView()->capture().has_value());
    QListWidget* issues = browser->captureView()->issueList();
    QVERIFY(issues->count() > 0);
    for (int i = 0; i < issues->count(); ++i)
        QCOMPARE(issues->item(i)->toolTip(), issues->item(i)->text());
}

// Every active filter is a chip; a temporary one says where it came from, Back brings the
// user's own, and a restart comes back to the user's own rather than the temporary one.
void TestGuiMemory::temporaryFiltersShowAndDoNotSurviveARestart()
{
    openWindow(m_storePath);
    m_window->showActivity(Activity::Captures);
    CaptureFilterBar* filters = memory()->browser()->filterBar();
    filters->setField(QStringLiteral("outcome"), QStringLiteral("failed"));
    auto* chips = memory()->browser()->findChild<FilterChips*>();
    QVERIFY(chips);
    QCOMPARE(chips->texts(), QStringList({QStringLiteral("outcome: failed")}));

    emit m_window->compareView()->openCaptures(QStringLiteral("suite_run=abc variant=v1 target=scenario/drift-prompt-v1"));
    QVERIFY(filters->isTemporary());
    QCOMPARE(filters->field(QStringLiteral("outcome")), QString());
    QCOMPARE(chips->texts().size(), 2);
    QVERIFY2(chips->texts().at(0).contains(QStringLiteral("v1 × scenario/drift-prompt-v1")), qPrintable(chips->texts().at(0)));
    QVERIFY2(chips->texts().at(1).contains(QStringLiteral("variant=v1")), qPrintable(chips->texts().at(1)));

    // A restart: the user's own filter, not the cell's.
    m_window.reset();
    openWindow(m_storePath);
    filters = memory()->browser()->filterBar();
    QVERIFY(!filters->isTemporary());
    QCOMPARE(filters->field(QStringLiteral("label")), QString());
    QCOMPARE(filters->field(QStringLiteral("outcome")), QStringLiteral("failed"));

    // Back, and a chip's ✕.
    emit m_window->compareView()->openCaptures(QStringLiteral("variant=v2"));
    chips = memory()->browser()->findChild<FilterChips*>();
    auto* back = chips->findChild<QToolButton*>(QStringLiteral("backToOwnFilter"));
    QVERIFY(back);
    QTest::mouseClick(back, Qt::LeftButton);
    QVERIFY(!filters->isTemporary());
    QCOMPARE(filters->field(QStringLiteral("outcome")), QStringLiteral("failed"));
    QCOMPARE(filters->field(QStringLiteral("label")), QString());
    chips = memory()->browser()->findChild<FilterChips*>();
    auto* remove = chips->findChild<QToolButton*>();
    QVERIFY(remove);
    QTest::mouseClick(remove, Qt::LeftButton);
    QVERIFY(filters->arguments().empty());
    QCOMPARE(chips->texts(), QStringList());
}

// A Captures filter never changes the Dashboard unless its "Follow the Captures filters" is
// ticked: fenced-reply is valid three times and hopeless-model fails three times against the
// goal schema, so the whole store is 6 captures and the failed ones 3.
void TestGuiMemory::dashboardFollowsCaptureFiltersOnlyWhenAsked()
{
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath()));
    runBatch({QStringLiteral("scenario/fenced-reply"), QStringLiteral("scenario/hopeless-model")}, 3, 3);
    QCOMPARE(countWhere(m_storePath, {{"outcome", "failed"}}), 3); // hand count: hopeless-model x3
    memory()->browser()->filterBar()->setField(QStringLiteral("outcome"), QStringLiteral("failed"));
    Dashboard* dashboard = memory()->dashboard();
    m_window->showActivity(Activity::Dashboard);
    QVERIFY(!dashboard->followsCaptureFilters()); // off by default
    QVERIFY(dashboard->findChild<QCheckBox*>(QStringLiteral("followCaptureFilters"))->isVisible());
    QVERIFY(refreshedDashboard(dashboard));
    QCOMPARE(dashboard->stats().overall.count, 6);

    dashboard->setFollowsCaptureFilters(true);
    QSignalSpy refreshed(dashboard, &Dashboard::refreshed);
    QVERIFY(refreshed.wait(20000));
    QCOMPARE(dashboard->stats().overall.count, 3);
    QCOMPARE(dashboard->filterChips()->texts(), QStringList({QStringLiteral("outcome: failed")}));
}

// Empty views say what would fill them, rather than a bare grid and axes over a made-up day.
void TestGuiMemory::emptyViewsSayWhatWouldFillThem()
{
    openWindow(m_storePath);
    m_window->showActivity(Activity::Captures);
    CapturesBrowser* browser = memory()->browser();
    QTRY_VERIFY(browser->table()->placeholderText().startsWith(QStringLiteral("No captures yet")));
    m_window->showActivity(Activity::Dashboard);
    Dashboard* dashboard = memory()->dashboard();
    QVERIFY(refreshedDashboard(dashboard));
    QVERIFY(!dashboard->chartView(DashboardChart(0))->isVisible());
    bool said = false;
    for (QLabel* label : dashboard->findChildren<QLabel*>())
        said = said || (label->isVisible() && label->text().startsWith(QStringLiteral("No captures yet")));
    QVERIFY(said);
}

// Re-validate's results belong to the schema text they were computed against: an edit marks
// them stale at once, and taking it back makes them current again.
void TestGuiMemory::revalidationResultsGoStaleWithTheSchema()
{
    openWindow(m_storePath);
    useGoalSchema(readFile(goalSchemaPath()));
    runBatch({QStringLiteral("scenario/fenced-reply")}, 2, 2);
    RevalidatePanel* panel = revalidationOfEveryCapture();
    QSignalSpy finished(panel, &RevalidatePanel::finished);
    panel->start();
    QVERIFY(finished.wait(30000));
    QCOMPARE(panel->report()->becameInvalid, 2);
    QVERIFY(!panel->isStale());
    QVERIFY(panel->staleLabel()->isHidden());

    m_window->schemaEditor()->setText(QString::fromUtf8(readFile(goalSchemaPath())));
    QVERIFY(panel->isStale());
    QVERIFY(!panel->staleLabel()->isHidden());
    m_window->schemaEditor()->setText(QString::fromUtf8(editedGoalSchema())); // the edit taken back
    QVERIFY(!panel->isStale());
    QVERIFY(panel->staleLabel()->isHidden());
}
