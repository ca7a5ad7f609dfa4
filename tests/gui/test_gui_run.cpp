// The workbench's Run tab, driven offscreen as a user would: pick a built-in demo scenario,
// press Run, watch the attempts timeline fill and the outcome settle; cancel a stalled
// stream; prefill the prompt from the workspace's prompt.md. Nothing of the engine is mocked:
// the in-process Scenario provider answers.
#include "run/attemptmodel.h"
#include "run/attemptview.h"
#include "workbench/demos.h"
#include "workbench/optionstoolbar.h"
#include "run/promptvariables.h"
#include "workbench/startpage.h"
#include "widgets/editorpanel.h"
#include "checks/fixtable.h"
#include "document/rundraft.h"
#include "widgets/codeeditor.h"
#include "workbench/mainwindow.h"
#include "document/textdocument.h"
#include "widgets/tonelabel.h"
#include "run/runpane.h"
#include "run/runprompt.h"
#include "run/runtargetform.h"

#include "json/parse.h"
#include "providers/scenario.h"
#include "schema/schema.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QTimer>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace conform;
using namespace conform::gui;

namespace {

providers::Scenario builtin(const char* name)
{
    auto loaded = providers::loadScenario(QStringLiteral(":/scenarios/%1.json").arg(QLatin1String(name)));
    if (!loaded)
        qFatal("cannot load scenario %s: %s", name, loaded.error().toString().c_str());
    return std::move(loaded.value());
}

void writeFile(const QString& path, const QByteArray& content)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

// The final value editor's text as JSON (null when it does not parse).
Json shownValue(const RunPane* pane)
{
    auto parsed = json::parseStrict(pane->valueEditor()->utf8Text());
    return parsed ? parsed.value() : Json();
}

} // namespace

class TestGuiRun : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void promptMarkdownSections_data();
    void promptMarkdownSections();
    void promptPrefillsFromWorkspace();
    void builtinScenariosAreListed();
    void trailingCommasEndValid();
    void missingFieldIsRepaired();
    void rateLimitRetriesAreShown();
    void streamShowsReplyLive();
    void repairTurnStreamsUnderItsOwnName();
    void cancelStopsStalledStream();
    void badSchemaSaysSo();
    void transportEventsInWords_data();
    void transportEventsInWords();
    void fixListMatchesExtract();
    void repairMessageIsShown();
    void failedRunShowsBestAttempt();
    void startPageDemoRunsAsItsExpectSays_data();
    void startPageDemoRunsAsItsExpectSays();
    void variablesReachTheRequest();
    void emptyVariableAsksBeforeSending();
    void everyDemoFillsItsPromptsPlaceholders();
    void demoRunsInItsModeWithItsVariables();
    void policyControlsReachTheRequest();
    void coerceToggleIsOneSetting();
    void fencedReplySaysWhereItsValueWasRead();
    void otherScenarioRunsWithItsOwnSchema();
    void scenariosForTheOpenSchemaComeFirst();

private:
    // Selects `scenario`, puts its schema in the schema editor, presses Run.
    void runScenario(const char* scenario);
    void waitForEnd();
    void screenshot(const char* name);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MainWindow> m_window;
    RunPane* m_pane = nullptr;
};

void TestGuiRun::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_window = std::make_unique<MainWindow>(m_dir->path());
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_pane = m_window->runPane();
    QVERIFY(m_pane);
    m_window->showActivity(Activity::Run);
}

void TestGuiRun::cleanup()
{
    m_pane = nullptr;
    m_window.reset();
    m_dir.reset();
}

void TestGuiRun::runScenario(const char* scenario)
{
    QVERIFY(m_pane->targetForm()->selectScenario(QLatin1String(scenario)));
    const providers::Scenario loaded = builtin(scenario);
    QVERIFY(loaded.schema.has_value());
    m_window->schemaEditor()->setText(QString::fromStdString(loaded.schema->dump(2)));
    m_pane->userEdit()->setPlainText(QStringLiteral("Extract what the interview says."));
    QVERIFY(m_pane->runButton()->isEnabled());
    QTest::mouseClick(m_pane->runButton(), Qt::LeftButton);
}

void TestGuiRun::waitForEnd()
{
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->lastRecord().has_value(), 15000);
    QVERIFY(m_pane->runButton()->isEnabled());
    QVERIFY(!m_pane->cancelButton()->isEnabled());
}

void TestGuiRun::screenshot(const char* name)
{
    const QString path = name == QLatin1String("run") ? QStringLiteral("/tmp/conform-run.png")
                                                      : QStringLiteral("/tmp/conform-run-%1.png").arg(QLatin1String(name));
    if (qEnvironmentVariableIsSet("CONFORM_SCREENSHOTS"))
        m_window->grab().save(path);
}

void TestGuiRun::promptMarkdownSections_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("user");
    QTest::newRow("both") << "# Title\nintro\n## System\nYou judge.\n\n## User\nJudge this:\n\nthe case\n" << "You judge." << "Judge this:\n\nthe case";
    QTest::newRow("case and order") << "## user\nU\n## SYSTEM\nS" << "S" << "U";
    QTest::newRow("other sections ignored") << "## System\nS\n## Notes\nnot a prompt\n## User\nU" << "S" << "U";
    QTest::newRow("none") << "just text" << "" << "";
}

void TestGuiRun::promptMarkdownSections()
{
    QFETCH(QString, markdown);
    const PromptText prompt = parsePromptMarkdown(markdown);
    QTEST(prompt.system, "system");
    QTEST(prompt.user, "user");
}

void TestGuiRun::promptPrefillsFromWorkspace()
{
    QDir(m_dir->path()).mkpath(QStringLiteral("drift"));
    writeFile(m_dir->filePath(QStringLiteral("drift/schema.json")), QByteArray::fromStdString(builtin("missing-field").schema->dump(2)));
    writeFile(m_dir->filePath(QStringLiteral("drift/prompt.md")), "## System\nYou detect drift.\n## User\nDid she answer?\n");
    QVERIFY(m_window->openFile(m_dir->filePath(QStringLiteral("drift/schema.json"))));
    QCOMPARE(m_pane->systemEdit()->toPlainText(), QStringLiteral("You detect drift."));
    QCOMPARE(m_pane->userEdit()->toPlainText(), QStringLiteral("Did she answer?"));
    // Run with the workspace's schema and prompt as they are.
    QVERIFY(m_pane->targetForm()->selectScenario(QStringLiteral("missing-field")));
    QTest::mouseClick(m_pane->runButton(), Qt::LeftButton);
    waitForEnd();
    QCOMPARE(m_pane->outcomeLabel()->text(), QStringLiteral("repaired"));
}

void TestGuiRun::builtinScenariosAreListed()
{
    const QComboBox* combo = m_pane->targetForm()->scenarioCombo();
    QStringList names;
    for (int i = 0; i < combo->count(); ++i)
        names << combo->itemText(i);
    QVERIFY2(names.contains(QStringLiteral("trailing-commas")), qPrintable(names.join(u',')));
    QVERIFY(names.contains(QStringLiteral("stalled-stream")));
    QCOMPARE(names.last(), QStringLiteral("Open scenario file…"));
    QCOMPARE(m_pane->targetForm()->providerCombo()->currentText(), QStringLiteral("scenario"));
}

void TestGuiRun::trailingCommasEndValid()
{
    QAbstractItemModelTester tester(m_pane->attemptModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    runScenario("trailing-commas");
    waitForEnd();
    QCOMPARE(m_pane->outcomeLabel()->text(), QStringLiteral("valid"));
    QCOMPARE(m_pane->attemptModel()->rowCount(), 1);
    const QAbstractItemModel* model = m_pane->attemptModel();
    QVERIFY(model->index(0, AttemptModel::FixesColumn).data().toInt() >= 2); // the two trailing commas
    QCOMPARE(model->index(0, AttemptModel::IssuesColumn).data().toInt(), 0);
    QCOMPARE(model->index(0, AttemptModel::TokensInColumn).data().toLongLong(), 744LL);
    QCOMPARE(model->index(0, AttemptModel::TokensOutColumn).data().toLongLong(), 131LL);
    // The expected value, by an independent route: the scripted reply minus its trailing commas.
    QString reply = QString::fromStdString(*builtin("trailing-commas").turns.at(0).text);
    reply.replace(QRegularExpression(QStringLiteral(",(\\s*[}\\]])")), QStringLiteral("\\1"));
    const auto expected = json::parseStrict(reply.toStdString());
    QVERIFY(expected.ok());
    QCOMPARE(shownValue(m_pane).dump(), expected.value().dump());
    QVERIFY(m_pane->valueEditor()->isReadOnly());
    QVERIFY(m_pane->rawEditor()->text().contains(QStringLiteral("\"certain\",\n")));
    screenshot("valid");
}

void TestGuiRun::missingFieldIsRepaired()
{
    QAbstractItemModelTester tester(m_pane->attemptModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    runScenario("missing-field");
    waitForEnd();
    QCOMPARE(m_pane->outcomeLabel()->text(), QStringLiteral("repaired"));
    QCOMPARE(m_pane->attemptModel()->rowCount(), 2);
    const QAbstractItemModel* model = m_pane->attemptModel();
    QCOMPARE(model->index(0, AttemptModel::IssuesColumn).data().toInt(), 1);
    QCOMPARE(model->index(1, AttemptModel::IssuesColumn).data().toInt(), 0);
    QVERIFY(model->index(1, AttemptModel::ModeColumn).data().toString().contains(QStringLiteral("repair 1")));
    QCOMPARE(shownValue(m_pane).value("redirect_suggestion", std::string()),
             std::string("That machine does sound awful! Going back to 4pm though: were you still in the kitchen then?"));
    // Selecting the first attempt shows its raw reply and its one issue.
    QTableView* view = m_pane->attemptView();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(model->index(0, 0)).center());
    QVERIFY(!m_pane->rawEditor()->text().contains(QStringLiteral("redirect_suggestion")));
    QCOMPARE(m_pane->issueList()->count(), 1);
    // The path as every message prints it, CLI and workbench: a JSON Pointer, then the message
    // (validate prints "/redirect_suggestion: Required (invalid_type)" for the same reply).
    QCOMPARE(m_pane->issueList()->item(0)->text(), QStringLiteral("/redirect_suggestion: Required"));
    screenshot("run");
}

void TestGuiRun::rateLimitRetriesAreShown()
{
    m_pane->targetForm()->retriesSpin()->setValue(2); // the default rides out the storm's two 429s
    runScenario("rate-limit-storm");
    waitForEnd();
    QCOMPARE(m_pane->outcomeLabel()->text(), QStringLiteral("valid"));
    QCOMPARE(m_pane->attemptModel()->rowCount(), 1); // retries are not attempts
    const QString retries = m_pane->attemptModel()->index(0, AttemptModel::RetriesColumn).data().toString();
    QCOMPARE(retries.count(QStringLiteral("429, waited ")), 2);
    QCOMPARE(m_pane->attemptModel()->index(0, AttemptModel::StatusColumn).data().toInt(), 200);
}

void TestGuiRun::streamShowsReplyLive()
{
    // What the raw editor shows before the first attempt is finished comes from chunkReceived.
    QStringList live;
    connect(m_pane->rawEditor(), &QsciScintilla::textChanged, this, [&] {
        if (m_pane->attemptModel()->rowCount() == 0 && !m_pane->rawEditor()->text().isEmpty())
            live << m_pane->rawEditor()->text();
    });
    m_pane->targetForm()->streamCheck()->setChecked(true);
    runScenario("trailing-commas");
    waitForEnd();
    QCOMPARE(m_pane->outcomeLabel()->text(), QStringLiteral("valid"));
    QVERIFY(!live.isEmpty());
    QVERIFY2(live.last().contains(QStringLiteral("\"facts\"")), qPrintable(live.last()));
    QCOMPARE(m_pane->attemptModel()->rowCount(), 1);
}

void TestGuiRun::repairTurnStreamsUnderItsOwnName()
{
    // While the repair turn streams in, the detail belongs to it: no issue count, fix list or
    // message left over from the attempt before.
    QStringList issueTabs, firstIssues;
    connect(m_pane->rawEditor(), &QsciScintilla::textChanged, this, [&] {
        const QString activity = m_pane->activityLabel()->text();
        if (activity.contains(QStringLiteral("repair 1")) && activity.contains(QStringLiteral("streaming"))) {
            issueTabs << m_pane->attemptDetail()->tabs()->tabText(AttemptView::IssuesTab);
            firstIssues << m_pane->issueList()->item(0)->text();
        }
    });
    m_pane->targetForm()->streamCheck()->setChecked(true);
    m_pane->targetForm()->paceSpin()->setValue(5);
    runScenario("missing-field");
    waitForEnd();
    QCOMPARE(m_pane->outcomeLabel()->text(), QStringLiteral("repaired"));
    QVERIFY(!issueTabs.isEmpty());
    issueTabs.removeDuplicates();
    firstIssues.removeDuplicates();
    QCOMPARE(issueTabs, QStringList{QStringLiteral("Issues")});
    QCOMPARE(firstIssues, QStringList{QStringLiteral("checked when the reply is complete")});
    QVERIFY(m_pane->attemptDetail()->sentView()->toPlainText().startsWith(QStringLiteral("The repair message sent")));
}

void TestGuiRun::cancelStopsStalledStream()
{
    QAbstractItemModelTester tester(m_pane->attemptModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_pane->targetForm()->streamCheck()->setChecked(true);
    runScenario("stalled-stream");
    QVERIFY(m_pane->cancelButton()->isEnabled());
    QVERIFY(!m_pane->runButton()->isEnabled());
    // The stream starts (headers and a first event), then stalls for 20 s: the text so far
    // is on screen, and the activity line counts the seconds.
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->activityLabel()->text().contains(QStringLiteral("attempt 1")), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(!m_pane->rawEditor()->text().isEmpty(), 5000);
    QVERIFY2(m_pane->activityLabel()->text().contains(QStringLiteral("streaming")), qPrintable(m_pane->activityLabel()->text()));
    const QString before = m_pane->activityLabel()->text();
    QTest::qWait(600);
    QVERIFY2(m_pane->activityLabel()->text() != before, "the elapsed time does not move");
    QVERIFY(!m_pane->lastRecord().has_value());
    QTest::mouseClick(m_pane->cancelButton(), Qt::LeftButton);
    // Cut short: the record ends as cancelled (a stream that ran out its 20 s stall would end
    // otherwise), and it comes well before the stall could have ended.
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->lastRecord().has_value(), 10000);
    QVERIFY(m_pane->lastRecord()->flags.count("cancelled"));
    // The user's own choice, not a failure: said plainly, in the neutral grey.
    QCOMPARE(m_pane->outcomeLabel()->text(), QStringLiteral("cancelled"));
    QCOMPARE(m_pane->outcomeLabel()->tone(), Tone::Muted);
    QVERIFY(m_pane->activityLabel()->text().isEmpty());
    QVERIFY(m_pane->runButton()->isEnabled());
}

void TestGuiRun::badSchemaSaysSo()
{
    QVERIFY(m_pane->targetForm()->selectScenario(QStringLiteral("trailing-commas")));
    m_window->schemaEditor()->setText(QStringLiteral("{\"type\": "));
    QTest::mouseClick(m_pane->runButton(), Qt::LeftButton);
    QVERIFY2(m_pane->outcomeLabel()->text().startsWith(QStringLiteral("error: schema: ")), qPrintable(m_pane->outcomeLabel()->text()));
    QVERIFY(!m_pane->lastRecord().has_value());
    QVERIFY(m_pane->runButton()->isEnabled());
}

// Each built-in fault scenario's transport events, in words, in the Transport tab.
void TestGuiRun::transportEventsInWords_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QStringList>("events"); // regular expressions, one per line
    QTest::newRow("rate-limit-storm") << "rate-limit-storm" << QStringList{
        QStringLiteral("^rate limited \\(429\\); retried after 250 ms, as the server asked — retry 1 of 2 allowed$"),
        QStringLiteral("^rate limited \\(429\\); retried after 250 ms, as the server asked — retry 2 of 2 allowed$")};
    QTest::newRow("overloaded") << "overloaded" << QStringList{
        QStringLiteral("^provider overloaded \\(529\\); retried after \\d+ ms — retry 1 of 2 allowed$"),
        QStringLiteral("^provider overloaded \\(529\\); retried after \\d+ ms — retry 2 of 2 allowed$")};
    QTest::newRow("mid-stream-cut") << "mid-stream-cut" << QStringList{
        QStringLiteral("^connection dropped after 400 bytes; retried after \\d+ ms — retry 1 of 2 allowed$")};
}

void TestGuiRun::transportEventsInWords()
{
    QFETCH(QString, scenario);
    QFETCH(QStringList, events);
    m_pane->targetForm()->retriesSpin()->setValue(2);
    runScenario(scenario.toUtf8().constData());
    waitForEnd();
    QListWidget* transport = m_pane->attemptDetail()->transportList();
    QStringList shown;
    for (int row = 0; row < transport->count(); ++row)
        shown << transport->item(row)->text();
    QCOMPARE(shown.size(), events.size());
    for (int i = 0; i < events.size(); ++i)
        QVERIFY2(QRegularExpression(events[i]).match(shown[i]).hasMatch(), qPrintable(shown[i]));
    QVERIFY(m_pane->attemptDetail()->tabs()->tabText(AttemptView::TransportTab).contains(QString::number(events.size())));
}

// The Fixes tab lists what `conform-cli extract --json` reports for the same raw reply, in
// words, and picking one highlights it in the raw text.
void TestGuiRun::fixListMatchesExtract()
{
    runScenario("trailing-commas");
    waitForEnd();
    const std::string raw = m_pane->rawEditor()->utf8Text();
    QProcess cli;
    cli.start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("extract"), QStringLiteral("--json")});
    cli.write(raw.data(), qint64(raw.size()));
    cli.closeWriteChannel();
    QVERIFY(cli.waitForFinished(10000));
    const Json extracted = Json::parse(cli.readAllStandardOutput().toStdString());
    FixTable* fixes = m_pane->attemptDetail()->fixTable();
    QCOMPARE(std::size_t(fixes->topLevelItemCount()), extracted["fixes"].size());
    QVERIFY(fixes->topLevelItemCount() >= 2);
    for (int row = 0; row < fixes->topLevelItemCount(); ++row) {
        const Json& fix = extracted["fixes"][std::size_t(row)];
        QCOMPARE(fixes->topLevelItem(row)->toolTip(FixTable::WhatColumn).toStdString(), fix["kind"].get<std::string>());
        if (fix["kind"] == "trailing_comma")
            QCOMPARE(fixes->topLevelItem(row)->text(FixTable::WhatColumn), QStringLiteral("removed trailing comma"));
    }
    const std::size_t offset = extracted["fixes"][0]["offset"].get<std::size_t>();
    QVERIFY(m_pane->rawEditor()->hasMark(CodeEditor::FixMark, offset));
    fixes->setCurrentItem(fixes->topLevelItem(0));
    QCOMPARE(m_pane->rawEditor()->selectedSpan().offset, offset);
}

// A repair attempt shows the repair message the model was told.
void TestGuiRun::repairMessageIsShown()
{
    runScenario("missing-field");
    waitForEnd();
    QCOMPARE(m_pane->attemptModel()->rowCount(), 2);
    m_pane->attemptView()->selectRow(1);
    AttemptView* detail = m_pane->attemptDetail();
    QCOMPARE(detail->tabs()->tabText(AttemptView::SentTab), QStringLiteral("Repair message"));
    const QString sent = detail->sentView()->toPlainText();
    QVERIFY2(sent.startsWith(QStringLiteral("The repair message sent (repair 1):")), qPrintable(sent));
    QVERIFY2(sent.contains(QStringLiteral("\n- /redirect_suggestion: Required")), qPrintable(sent)); // the repair prompt's issue line
    m_pane->attemptView()->selectRow(0);
    QCOMPARE(detail->tabs()->tabText(AttemptView::SentTab), QStringLiteral("Sent"));
    QVERIFY(detail->sentView()->toPlainText().startsWith(QStringLiteral("The prompt sent:")));
}

// A failed run's value pane says it holds the best attempt, and that it is invalid.
void TestGuiRun::failedRunShowsBestAttempt()
{
    runScenario("hopeless-model");
    waitForEnd();
    QVERIFY2(m_pane->outcomeLabel()->text().startsWith(QStringLiteral("failed")), qPrintable(m_pane->outcomeLabel()->text()));
    QVERIFY2(m_pane->valuePanel()->headerText().startsWith(QStringLiteral("Best attempt — invalid")),
             qPrintable(m_pane->valuePanel()->headerText()));
    QVERIFY(m_pane->issueList()->count() > 0);
}

// A demo chosen on the start page opens its schema and prompt, streams, and ends as the
// scenario's own `expect` says (outcome and attempts).
void TestGuiRun::startPageDemoRunsAsItsExpectSays_data()
{
    QTest::addColumn<QString>("demo");
    QTest::newRow("trailing-commas") << "trailing-commas";
    QTest::newRow("missing-field") << "missing-field";
}

void TestGuiRun::startPageDemoRunsAsItsExpectSays()
{
    QFETCH(QString, demo);
    m_window->openWorkspace(QStringLiteral(CONFORM_SOURCE_DIR "/schemas"));
    QCOMPARE(m_window->tabs()->currentWidget(), m_window->startPage());
    QListWidget* list = m_window->startPage()->demoList();
    QList<QListWidgetItem*> found = list->findItems(demo + QStringLiteral(" — "), Qt::MatchStartsWith);
    QCOMPARE(found.size(), 1);
    emit list->itemActivated(found.first());
    QCOMPARE(m_window->currentActivity(), Activity::Run);
    QVERIFY(m_pane->targetForm()->streamCheck()->isChecked());
    // At a pace an audience can follow, unless the user set another (Demo pace, beside Run).
    QCOMPARE(m_window->runDraft()->targetChoice().paceMs, kDemoPaceMs);
    waitForEnd();
    const Json expect = *builtin(demo.toUtf8().constData()).expect;
    QCOMPARE(m_pane->outcomeLabel()->text().toStdString(), expect["outcome"].get<std::string>());
    QCOMPARE(m_pane->attemptModel()->rowCount(), expect["attempts"].get<int>());
    // The workspace's copy of the schema was opened (with its prompt.md), not a pasted one.
    QVERIFY2(m_window->schemaText()->filePath().startsWith(QStringLiteral(CONFORM_SOURCE_DIR "/schemas/")),
             qPrintable(m_window->schemaText()->filePath()));
    QVERIFY(!m_pane->userEdit()->toPlainText().isEmpty());
}

// {{name}} placeholders get a row each; their values reach the request and are saved beside
// the prompt in prompt.vars.json.
void TestGuiRun::variablesReachTheRequest()
{
    writeFile(m_dir->filePath(QStringLiteral("prompt.md")), "## System\nYou are careful.\n\n## User\nList the goals for {{incident}} with {{people}}.\n");
    QVERIFY(m_window->openFile(m_dir->filePath(QStringLiteral("prompt.md"))));
    PromptVariables* variables = m_pane->variables();
    QCOMPARE(variables->rowCount(), 2);
    QCOMPARE(variables->item(0, 0)->text(), QStringLiteral("incident"));
    variables->setValue(QStringLiteral("incident"), QStringLiteral("the missing cake"));
    variables->setValue(QStringLiteral("people"), QStringLiteral("Marco and Priya"));
    QVERIFY(m_pane->targetForm()->selectScenario(QStringLiteral("trailing-commas")));
    m_window->schemaEditor()->setText(QString::fromStdString(builtin("trailing-commas").schema->dump()));
    QTest::mouseClick(m_pane->runButton(), Qt::LeftButton);
    waitForEnd();
    const QString sent = lastUserMessage(m_pane->lastRecord()->attempts.front().request);
    QCOMPARE(sent, QStringLiteral("List the goals for the missing cake with Marco and Priya."));
    QFile saved(m_dir->filePath(QStringLiteral("prompt.vars.json")));
    QVERIFY(saved.open(QIODevice::ReadOnly));
    const Json values = Json::parse(saved.readAll().toStdString());
    QCOMPARE(values["people"].get<std::string>(), std::string("Marco and Priya"));
}

void TestGuiRun::emptyVariableAsksBeforeSending()
{
    m_pane->userEdit()->setPlainText(QStringLiteral("Summarise {{incident}}."));
    QVERIFY(m_pane->targetForm()->selectScenario(QStringLiteral("trailing-commas")));
    QString asked;
    QTimer::singleShot(0, [&asked] {
        for (QWidget* widget : QApplication::topLevelWidgets())
            if (auto* box = qobject_cast<QMessageBox*>(widget); box && box->isVisible()) {
                asked = box->text();
                box->button(QMessageBox::Cancel)->click();
            }
    });
    QTest::mouseClick(m_pane->runButton(), Qt::LeftButton);
    QVERIFY2(asked.startsWith(QStringLiteral("{{incident}} has no value")), qPrintable(asked));
    QVERIFY(!m_pane->isRunning());
    QVERIFY(!m_pane->lastRecord().has_value());
}

// Every built-in demo brings a value for each {{placeholder}} of the prompt it runs with: its
// own, or the example workspace's prompt.md beside the schema it opens. A demo never sends a
// placeholder as written, and never asks about one.
void TestGuiRun::everyDemoFillsItsPromptsPlaceholders()
{
    const QString workspace = QStringLiteral(CONFORM_SOURCE_DIR "/schemas");
    int filled = 0;
    for (const QString& path : providers::builtinScenarioPaths()) {
        auto scenario = providers::loadScenario(path);
        QVERIFY(scenario.ok());
        PromptText prompt{QString::fromStdString(scenario->promptSystem), QString::fromStdString(scenario->promptUser)};
        if (prompt.system.isEmpty() && prompt.user.isEmpty()) {
            const QString schema = workspaceSchemaWithId(workspace, schema::idOf(*scenario->schema));
            QVERIFY2(!schema.isEmpty(), qPrintable(path + QStringLiteral(": no workspace schema with its $id")));
            QVERIFY2(readWorkspacePrompt(schema, &prompt), qPrintable(path + QStringLiteral(": no prompt.md beside ") + schema));
        }
        const QStringList names = placeholderNames(prompt.system + QLatin1Char('\n') + prompt.user);
        for (const QString& name : names) {
            const auto value = scenario->variables.find(name.toStdString());
            QVERIFY2(value != scenario->variables.end() && !QString::fromStdString(value->second).trimmed().isEmpty(),
                     qPrintable(path + QStringLiteral(": no value for {{%1}}").arg(name)));
        }
        filled += names.isEmpty() ? 0 : 1;
    }
    QVERIFY(filled >= 12);
}

// A demo played from the Start page runs in the mode it is meant for (tool-call: tool mode,
// set as a load, no undo step) and with its variables, so Sent shows the prompt its recorded
// reply answers. The values are shown, not written over the workspace's prompt.vars.json. Run
// again after changing the retries and Coerce: no question about placeholders, no dialog.
void TestGuiRun::demoRunsInItsModeWithItsVariables()
{
    const providers::Scenario scenario = builtin("tool-call");
    QCOMPARE(scenario.mode, std::optional(engine::ModeChoice::Tool));
    QVERIFY(scenario.variables.size() >= 2);
    // The workspace holds the demo's schema, its prompt, and a value of the user's own.
    const QString folder = m_dir->filePath(QStringLiteral("question-generator"));
    QVERIFY(QDir().mkpath(folder));
    for (const char* file : {"schema.json", "prompt.md"})
        QVERIFY(QFile::copy(QStringLiteral(CONFORM_SOURCE_DIR "/schemas/question-generator/") + QLatin1String(file),
                            folder + QLatin1Char('/') + QLatin1String(file)));
    const QByteArray ownValues = "{\"interviewee\": \"the user's own interviewee\"}";
    writeFile(folder + QStringLiteral("/prompt.vars.json"), ownValues);
    m_window->openWorkspace(m_dir->path());
    QVERIFY(m_window->runDraft()->targetChoice().target.mode != engine::ModeChoice::Tool);
    const int undoSteps = m_window->runDraft()->undoStack()->count();

    QListWidget* list = m_window->startPage()->demoList();
    QList<QListWidgetItem*> found = list->findItems(QStringLiteral("tool-call — "), Qt::MatchStartsWith);
    QCOMPARE(found.size(), 1);
    emit list->itemActivated(found.first());
    QCOMPARE(m_window->runDraft()->targetChoice().target.mode, engine::ModeChoice::Tool);
    QCOMPARE(m_pane->targetForm()->modeCombo()->currentText(), QStringLiteral("tool"));
    QCOMPARE(m_window->runDraft()->undoStack()->count(), undoSteps); // loads, not edits
    waitForEnd();
    QCOMPARE(m_pane->outcomeLabel()->text(), QStringLiteral("valid"));
    QCOMPARE(m_pane->attemptModel()->index(0, AttemptModel::ModeColumn).data().toString(), QStringLiteral("tool"));
    const QString sent = m_pane->attemptDetail()->sentView()->toPlainText();
    for (const auto& [name, value] : scenario.variables)
        QVERIFY2(sent.contains(QString::fromStdString(value)), qPrintable(QString::fromStdString(name) + QStringLiteral(" not in: ") + sent));
    QVERIFY2(!sent.contains(QStringLiteral("{{")), qPrintable(sent));
    QFile kept(folder + QStringLiteral("/prompt.vars.json"));
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), ownValues);

    // The demo's other paths: retries off, Coerce on. Any dialog is a failure, and is closed.
    QStringList dialogs;
    QTimer watch;
    connect(&watch, &QTimer::timeout, [&dialogs] {
        if (QWidget* modal = QApplication::activeModalWidget()) {
            auto* box = qobject_cast<QMessageBox*>(modal);
            dialogs << (box ? box->text() : modal->windowTitle());
            modal->close();
        }
    });
    watch.start(20);
    m_pane->targetForm()->retriesSpin()->setValue(0);
    m_pane->targetForm()->coerceCheck()->setChecked(true);
    QTest::mouseClick(m_pane->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialogs.isEmpty() || (m_pane->lastRecord() && m_pane->lastSpec().policy.maxTransportRetries == 0), 15000);
    QVERIFY2(dialogs.isEmpty(), qPrintable(QStringLiteral("asked: ") + dialogs.join(QStringLiteral(" | "))));
    waitForEnd();
    QVERIFY2(dialogs.isEmpty(), qPrintable(QStringLiteral("asked: ") + dialogs.join(QStringLiteral(" | "))));
    QCOMPARE(m_pane->attemptModel()->index(0, AttemptModel::ModeColumn).data().toString(), QStringLiteral("tool"));
    QVERIFY(m_pane->attemptDetail()->sentView()->toPlainText().contains(QString::fromStdString(scenario.variables.at("transcript"))));
}

// Max tokens, temperature and the call budget set in the Policy row are what the request says.
void TestGuiRun::policyControlsReachTheRequest()
{
    RunTargetForm* form = m_pane->targetForm();
    form->maxTokensSpin()->setValue(777);
    form->temperatureSpin()->setValue(0.3);
    form->maxCallsSpin()->setValue(1);
    form->truncationCombo()->setCurrentText(QStringLiteral("fail"));
    form->strictRepairsCheck()->setChecked(true);
    const engine::Policy policy = form->policy();
    QCOMPARE(policy.maxCalls, 1);
    QCOMPARE(policy.onTruncation, engine::TruncationPolicy::Fail);
    QVERIFY(policy.strictRepairs);
    runScenario("missing-field"); // needs a repair, which a budget of one call forbids
    waitForEnd();
    const Json& body = m_pane->lastRecord()->attempts.front().request["body"];
    QCOMPARE(body["max_tokens"].get<int>(), 777);
    QCOMPARE(body["temperature"].get<double>(), 0.3);
    QCOMPARE(m_pane->attemptModel()->rowCount(), 1);
    QCOMPARE(m_pane->lastRecord()->endedBy, std::string("max_calls"));
}

void TestGuiRun::coerceToggleIsOneSetting()
{
    OptionsToolBar* toolbar = m_window->optionsToolBar();
    toolbar->coerceAction()->setChecked(true);
    QVERIFY(m_pane->targetForm()->coerceCheck()->isChecked());
    QVERIFY(m_pane->targetForm()->policy().coerce);
    m_pane->targetForm()->coerceCheck()->setChecked(false);
    QVERIFY(!toolbar->coerceAction()->isChecked());
    QVERIFY(!toolbar->settings().coerce);
}

// A scenario written for another schema runs with its own, and says so.
void TestGuiRun::otherScenarioRunsWithItsOwnSchema()
{
    QVERIFY(m_pane->targetForm()->selectScenario(QStringLiteral("missing-field")));
    m_window->schemaEditor()->setText(QString::fromStdString(builtin("trailing-commas").schema->dump()));
    m_pane->userEdit()->setPlainText(QStringLiteral("Go."));
    QTest::mouseClick(m_pane->runButton(), Qt::LeftButton);
    waitForEnd();
    QCOMPARE(m_pane->outcomeLabel()->text(), QStringLiteral("repaired"));
    QVERIFY2(m_pane->activityLabel()->text().startsWith(QStringLiteral("The scenario missing-field is written for its own schema")),
             qPrintable(m_pane->activityLabel()->text()));
}

// With the drift detector's schema open, the scenario list starts with the demos written for
// it, and the default choice is one of them (not amber-case, which answers another schema).
void TestGuiRun::scenariosForTheOpenSchemaComeFirst()
{
    QVERIFY(m_window->openFile(QStringLiteral(CONFORM_SOURCE_DIR "/schemas/drift-detector/schema.json")));
    QComboBox* scenarios = m_pane->targetForm()->scenarioCombo();
    // The drift detector's demos: the three seeded prompt versions and missing-field.
    const QStringList forDrift{QStringLiteral("drift-prompt-v1"), QStringLiteral("drift-prompt-v2"), QStringLiteral("drift-prompt-v3"),
                               QStringLiteral("missing-field")};
    QTRY_COMPARE(scenarios->itemText(0), forDrift.first());
    for (int i = 0; i < forDrift.size(); ++i) {
        QCOMPARE(scenarios->itemText(i), forDrift[i]);
        QVERIFY(scenarios->itemData(i, Qt::FontRole).value<QFont>().bold());
    }
    QVERIFY(forDrift.contains(scenarios->currentText()));
    QVERIFY(!scenarios->itemData(int(forDrift.size()), Qt::FontRole).isValid());
}

// fenced-reply's whole point is the fence: the Run view says where the value was read, over
// the reply and beside the fixes, at the line the scripted reply opens its fence (counted
// here from the scenario's text), while the fix count stays 0.
void TestGuiRun::fencedReplySaysWhereItsValueWasRead()
{
    runScenario("fenced-reply");
    waitForEnd();
    QCOMPARE(m_pane->outcomeLabel()->text(), QStringLiteral("valid"));
    const std::string reply = *builtin("fenced-reply").turns.at(0).text;
    const std::size_t fence = reply.find("```json");
    QVERIFY(fence != std::string::npos);
    const int line = 1 + int(std::count(reply.begin(), reply.begin() + std::ptrdiff_t(fence), '\n'));
    const QString expected = QStringLiteral("took the ```json fence at line %1; the text around it dropped").arg(line);
    QCOMPARE(m_pane->attemptDetail()->candidateLabel()->text(), expected);
    QVERIFY(m_pane->attemptDetail()->fixTable()->fixCount() == 0);
    QVERIFY2(m_pane->attemptDetail()->findChild<EditorPanel*>()->note().contains(expected), qPrintable(m_pane->attemptDetail()->findChild<EditorPanel*>()->note()));
}

QTEST_MAIN(TestGuiRun)
#include "test_gui_run.moc"
