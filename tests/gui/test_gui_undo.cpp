// Documents that own their state, and undo everywhere a user edits, driven offscreen as a
// user would: the Run tab's variables, policy and target undone and redone through the
// window's undo group (what the widgets show follows the RunDraft); a demo's prompt arriving
// through the draft; the Edit menu acting on the focused widget (a Run prompt, a filter box);
// the window's shortcuts firing from inside the schema editor; a Compare plan's edits undone
// and redone, and a plan saved as a comparison file that validates and reads back the same.
#include "captures/capturefilterbar.h"
#include "captures/capturesbrowser.h"
#include "compare/compareplan.h"
#include "compare/compareview.h"
#include "document/rundraft.h"
#include "document/schemadocument.h"
#include "run/promptvariables.h"
#include "run/runpane.h"
#include "run/runtargetform.h"
#include "widgets/codeeditor.h"
#include "workbench/activity.h"
#include "workbench/captureviews.h"
#include "workbench/demos.h"
#include "workbench/mainwindow.h"
#include "workbench/startpage.h"

#include "json/parse.h"
#include "providers/scenario.h"
#include "schema/schema_file.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoGroup>
#include <QUndoStack>

#include <functional>
#include <memory>

using namespace conform;
using namespace conform::gui;

namespace {

const char* const kSchema = "{\"type\": \"object\", \"properties\": {\"goal\": {\"type\": \"string\"}}, \"required\": [\"goal\"]}";

QString driftComparison()
{
    return QStringLiteral(CONFORM_SOURCE_DIR "/schemas/drift-prompts.compare.json");
}

// The menu bar's action `path` ("&Edit/&Copy").
QAction* menuAction(QMainWindow* window, const QString& menu, const QString& item)
{
    for (QAction* top : window->menuBar()->actions())
        if (top->text() == menu && top->menu())
            for (QAction* action : top->menu()->actions())
                if (action->text() == item)
                    return action;
    return nullptr;
}

QStringList itemTexts(const QListWidget* list)
{
    QStringList texts;
    for (int row = 0; row < list->count(); ++row)
        texts << list->item(row)->text();
    return texts;
}

} // namespace

class TestGuiUndo : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void runEditsUndoAndRedo_data();
    void runEditsUndoAndRedo();
    void typingAModelNameIsOneStep();
    void coerceHasOneOwner();
    void demoPromptArrivesThroughTheDraft();
    void editCopyActsOnTheRunPrompt();
    void editUndoActsOnTheFilterBox();
    void shortcutsFireFromTheSchemaEditor_data();
    void shortcutsFireFromTheSchemaEditor();
    void comparePlanEditsUndoAndRedo_data();
    void comparePlanEditsUndoAndRedo();
    void comparePlanSavesAndReadsBack();

private:
    // What the Compare activity shows of its plan, in one line.
    QString comparisonShown() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MainWindow> m_window;
    RunPane* m_pane = nullptr;
};

void TestGuiUndo::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_window = std::make_unique<MainWindow>(m_dir->path());
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_pane = m_window->runPane();
    m_window->showActivity(Activity::Run);
}

void TestGuiUndo::cleanup()
{
    m_pane = nullptr;
    m_window.reset();
    m_dir.reset();
}

// Each row: a user's edit of one control; what that control shows before, after it, after
// Undo (through the window's undo group, as Edit ▸ Undo outside a text field) and after Redo.
void TestGuiUndo::runEditsUndoAndRedo_data()
{
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::newRow("variable value") << "variable" << "" << "Ops";
    QTest::newRow("variable cleared") << "variable cleared" << "Sales" << "";
    QTest::newRow("repairs") << "repairs" << "2" << "5";
    QTest::newRow("max tokens") << "max tokens" << "1024" << "777";
    QTest::newRow("on truncation") << "truncation" << "continue" << "fail";
    QTest::newRow("stream") << "stream" << "false" << "true";
    QTest::newRow("provider") << "provider" << "scenario" << "ollama";
    QTest::newRow("mode") << "mode" << "auto" << "tool";
    QTest::newRow("scenario") << "scenario" << "amber-case" << "missing-field";
}

void TestGuiUndo::runEditsUndoAndRedo()
{
    QFETCH(QString, edit);
    QFETCH(QString, before);
    QFETCH(QString, after);
    RunDraft* draft = m_window->runDraft();
    RunTargetForm* form = m_pane->targetForm();
    PromptVariables* variables = m_pane->variables();
    draft->setPrompt(QString(), QStringLiteral("Goals of {{team}}"));
    if (edit == QLatin1String("variable cleared"))
        draft->setVariables({{"team", "Sales"}}); // a load: not an undo step
    QVERIFY(form->selectScenario(QStringLiteral("amber-case")));
    draft->undoStack()->clear();

    std::function<QString()> shown;
    std::function<void()> act;
    if (edit.startsWith(QLatin1String("variable"))) {
        QCOMPARE(variables->rowCount(), 1);
        shown = [variables] { return variables->item(0, 1)->text(); };
        act = [variables, after] { variables->setValue(QStringLiteral("team"), after); };
    } else if (edit == QLatin1String("repairs")) {
        shown = [form] { return QString::number(form->repairsSpin()->value()); };
        act = [form] { form->repairsSpin()->setValue(5); };
    } else if (edit == QLatin1String("max tokens")) {
        shown = [form] { return QString::number(form->maxTokensSpin()->value()); };
        act = [form] { form->maxTokensSpin()->setValue(777); };
    } else if (edit == QLatin1String("truncation")) {
        shown = [form] { return form->truncationCombo()->currentText(); };
        act = [form] { form->truncationCombo()->setCurrentText(QStringLiteral("fail")); };
    } else if (edit == QLatin1String("stream")) {
        shown = [form] { return form->streamCheck()->isChecked() ? QStringLiteral("true") : QStringLiteral("false"); };
        act = [form] { form->streamCheck()->setChecked(true); };
    } else if (edit == QLatin1String("provider")) {
        shown = [form] { return form->providerCombo()->currentText(); };
        act = [form] { form->providerCombo()->setCurrentText(QStringLiteral("ollama")); };
    } else if (edit == QLatin1String("mode")) {
        shown = [form] { return form->modeCombo()->currentText(); };
        act = [form] { form->modeCombo()->setCurrentText(QStringLiteral("tool")); };
    } else {
        shown = [form] { return form->scenarioCombo()->currentText(); };
        act = [form] {
            form->scenarioCombo()->setCurrentIndex(form->scenarioCombo()->findText(QStringLiteral("missing-field")));
        };
    }
    QCOMPARE(shown(), before);
    act();
    QCOMPARE(shown(), after);
    QCOMPARE(draft->undoStack()->count(), 1);
    const engine::Policy edited = draft->policy();
    const TargetChoice editedTarget = draft->targetChoice();
    const auto editedVariables = draft->variables();

    QVERIFY(m_window->undoGroup()->activeStack() == draft->undoStack());
    m_window->undoGroup()->undo();
    QCOMPARE(shown(), before);
    m_window->undoGroup()->redo();
    QCOMPARE(shown(), after);
    // The draft says what the widgets show.
    QVERIFY(samePolicy(draft->policy(), edited));
    QVERIFY(draft->targetChoice() == editedTarget);
    QVERIFY(draft->variables() == editedVariables);
}

// Typing a model name is one undo step, and undoing it gives the name as it was.
void TestGuiUndo::typingAModelNameIsOneStep()
{
    RunTargetForm* form = m_pane->targetForm();
    form->providerCombo()->setCurrentText(QStringLiteral("openai"));
    RunDraft* draft = m_window->runDraft();
    draft->undoStack()->clear();
    const QString model = form->modelEdit()->text();
    QTest::keyClicks(form->modelEdit(), QStringLiteral("-next"));
    QCOMPARE(form->modelEdit()->text(), model + QStringLiteral("-next"));
    QCOMPARE(QString::fromStdString(draft->targetChoice().target.model), model + QStringLiteral("-next"));
    QCOMPARE(draft->undoStack()->count(), 1);
    draft->undoStack()->undo();
    QCOMPARE(form->modelEdit()->text(), model);
    QCOMPARE(QString::fromStdString(draft->targetChoice().target.model), model);
}

// Coerce lives once, in the validation settings: both switches show it, either sets it.
void TestGuiUndo::coerceHasOneOwner()
{
    QCheckBox* runCoerce = m_pane->targetForm()->coerceCheck();
    SchemaDocument* document = m_window->document();
    QVERIFY(!runCoerce->isChecked());
    runCoerce->setChecked(true);
    QVERIFY(m_window->runDraft()->policy().coerce);
    QVERIFY(m_window->runDraft()->spec(RunDraft::SchemaRule::NullWhenBlank)->policy.coerce);
    ValidationSettings settings = m_window->document()->settings();
    QVERIFY(settings.coerce);
    settings.coerce = false;
    document->setSettings(settings);
    QVERIFY(!runCoerce->isChecked());
    QVERIFY(!m_window->runDraft()->policy().coerce);
}

// A demo writes its prompt into the draft; the Run tab shows it.
void TestGuiUndo::demoPromptArrivesThroughTheDraft()
{
    const QList<Demo> demos = m_window->startPage()->demos();
    std::optional<Demo> withPrompt;
    providers::Scenario scenario;
    for (const Demo& demo : demos) {
        auto loaded = providers::loadScenario(demo.path);
        if (loaded && !loaded->promptUser.empty()) {
            withPrompt = demo;
            scenario = std::move(loaded.value());
            break;
        }
    }
    QVERIFY(withPrompt);
    m_pane->userEdit()->setPlainText(QStringLiteral("Something else entirely."));
    QVERIFY(m_window->runDemo(*withPrompt));
    const QString user = QString::fromStdString(scenario.promptUser);
    QCOMPARE(m_window->runDraft()->user(), user);
    QCOMPARE(m_pane->userEdit()->toPlainText(), user);
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->lastRecord().has_value(), 20000);
    // And a prompt written into the draft by anyone else shows the same way.
    m_window->runDraft()->setPrompt(QStringLiteral("Be brief."), QStringLiteral("Plan for {{quarter}}"));
    QCOMPARE(m_pane->systemEdit()->toPlainText(), QStringLiteral("Be brief."));
    QCOMPARE(m_pane->userEdit()->toPlainText(), QStringLiteral("Plan for {{quarter}}"));
    QCOMPARE(m_pane->variables()->rowCount(), 1);
}

// Edit ▸ Copy with the caret in a Run prompt copies the prompt's selection, not the schema's.
void TestGuiUndo::editCopyActsOnTheRunPrompt()
{
    m_window->showActivity(Activity::Design);
    m_window->schemaEditor()->setText(QStringLiteral("{\"title\": \"schema text\"}"));
    m_window->schemaEditor()->setFocus();
    m_window->schemaEditor()->selectAll();
    m_window->showActivity(Activity::Run);
    QPlainTextEdit* prompt = m_pane->userEdit();
    prompt->setPlainText(QStringLiteral("copy me from the prompt"));
    prompt->setFocus();
    prompt->selectAll();
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(prompt));
    QApplication::clipboard()->clear();
    QAction* copy = menuAction(m_window.get(), QStringLiteral("&Edit"), QStringLiteral("&Copy"));
    QVERIFY(copy);
    copy->trigger();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("copy me from the prompt"));
}

// Edit ▸ Undo with the focus in a filter box undoes the typing there, and nothing else.
void TestGuiUndo::editUndoActsOnTheFilterBox()
{
    m_window->schemaEditor()->setText(QStringLiteral("{}"));
    m_window->showActivity(Activity::Captures);
    auto* filter = m_window->captureViews()->browser()->filterBar()->findChild<QLineEdit*>();
    QVERIFY(filter);
    filter->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(filter));
    QTest::keyClicks(filter, QStringLiteral("abc"));
    QCOMPARE(filter->text(), QStringLiteral("abc"));
    QAction* undo = menuAction(m_window.get(), QStringLiteral("&Edit"), QStringLiteral("&Undo"));
    QVERIFY(undo);
    undo->trigger();
    QVERIFY2(filter->text().isEmpty(), qPrintable(filter->text()));
    QCOMPARE(m_window->schemaEditor()->text(), QStringLiteral("{}"));
}

void TestGuiUndo::shortcutsFireFromTheSchemaEditor_data()
{
    QTest::addColumn<QKeySequence>("keys");
    QTest::addColumn<int>("activity");
    QTest::newRow("Ctrl+Shift+H: re-validate history") << QKeySequence(QStringLiteral("Ctrl+Shift+H")) << int(Activity::Captures);
    QTest::newRow("Run") << QKeySequence(ActivityWords::shortcut(Activity::Run)) << int(Activity::Run);
    QTest::newRow("Compare") << QKeySequence(ActivityWords::shortcut(Activity::Compare)) << int(Activity::Compare);
}

void TestGuiUndo::shortcutsFireFromTheSchemaEditor()
{
    QFETCH(QKeySequence, keys);
    QFETCH(int, activity);
    m_window->showActivity(Activity::Design);
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    CodeEditor* editor = m_window->schemaEditor();
    editor->setText(QString::fromLatin1(kSchema));
    editor->setFocus();
    QTRY_VERIFY(editor->hasFocus());
    QTest::keyClick(editor, keys[0].key(), keys[0].keyboardModifiers());
    QTRY_COMPARE(int(m_window->currentActivity()), activity);
    QCOMPARE(editor->text(), QString::fromLatin1(kSchema)); // the key typed nothing
}

QString TestGuiUndo::comparisonShown() const
{
    const CompareView* compare = m_window->compareView();
    return itemTexts(compare->variantList()).join(QLatin1Char(';')) + QStringLiteral(" | ") + itemTexts(compare->targetList()).join(QLatin1Char(';'))
           + QStringLiteral(" | ") + QString::number(compare->repeatSpin()->value()) + QStringLiteral(" | ") + compare->baselineBox()->currentText();
}

// Each row: an edit of the drift comparison; the Compare activity shows it, Undo (through the
// window's undo group) shows the plan as it was, Redo the edit again.
void TestGuiUndo::comparePlanEditsUndoAndRedo_data()
{
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("expected"); // a part of what is shown after the edit
    QTest::newRow("add variant") << "add variant" << "draft — ";
    QTest::newRow("remove variant") << "remove variant" << " | offline | 100 | offline";
    QTest::newRow("rename variant") << "rename variant" << "v2b — ";
    QTest::newRow("rename the baseline") << "rename baseline" << "| base";
    QTest::newRow("add target") << "add target" << "offline;scenario/";
    QTest::newRow("remove target") << "remove target" << " |  | 100 | v1";
    QTest::newRow("repeats") << "repeats" << "| 42 |";
    QTest::newRow("baseline") << "baseline" << "| v2";
}

void TestGuiUndo::comparePlanEditsUndoAndRedo()
{
    QFETCH(QString, edit);
    QFETCH(QString, expected);
    m_window->showActivity(Activity::Compare);
    CompareView* compare = m_window->compareView();
    QVERIFY2(compare->openComparison(driftComparison()), qPrintable(compare->status()));
    QCOMPARE(compare->plan()->undoStack()->count(), 0);
    const QString before = comparisonShown();
    QCOMPARE(before, QStringLiteral("v1 — drift-prompts.compare.json, 1 case(s);v2 — drift-prompts.compare.json, 1 case(s) | offline | 100 | v1"));
    if (edit == QLatin1String("add variant")) {
        m_window->schemaEditor()->setText(QString::fromLatin1(kSchema));
        m_window->runDraft()->setPrompt(QString(), QStringLiteral("Name one goal."));
        QVERIFY2(compare->addDraftVariant(), qPrintable(compare->status()));
    } else if (edit == QLatin1String("remove variant")) {
        compare->removeVariant(0);
    } else if (edit == QLatin1String("rename variant")) {
        compare->renameVariant(1, QStringLiteral("v2b"));
    } else if (edit == QLatin1String("rename baseline")) {
        compare->renameVariant(0, QStringLiteral("base"));
    } else if (edit == QLatin1String("add target")) {
        QVERIFY2(compare->addRunTarget(), qPrintable(compare->status()));
    } else if (edit == QLatin1String("remove target")) {
        compare->removeTarget(0);
    } else if (edit == QLatin1String("repeats")) {
        compare->repeatSpin()->setValue(42);
    } else {
        compare->baselineBox()->setCurrentIndex(1);
        emit compare->baselineBox()->activated(1); // as a user's choice says it
    }
    const QString after = comparisonShown();
    QVERIFY2(after.contains(expected), qPrintable(after));
    QCOMPARE(compare->plan()->undoStack()->count(), 1);
    QVERIFY(m_window->undoGroup()->activeStack() == compare->plan()->undoStack());
    m_window->undoGroup()->undo();
    QCOMPARE(comparisonShown(), before);
    m_window->undoGroup()->redo();
    QCOMPARE(comparisonShown(), after);
}

// A plan saved is a comparison file (it validates against schemas/compare.schema.json) that
// reads back as the same plan, edits included.
void TestGuiUndo::comparePlanSavesAndReadsBack()
{
    CompareView* compare = m_window->compareView();
    QVERIFY2(compare->openComparison(driftComparison()), qPrintable(compare->status()));
    compare->setRepeat(7);
    compare->renameVariant(1, QStringLiteral("v2 reworded"));
    compare->setBaseline(QStringLiteral("v2 reworded"));
    const QString path = m_dir->filePath(QStringLiteral("mine.compare.json"));
    QVERIFY2(compare->saveComparison(path), qPrintable(compare->status()));
    QVERIFY(compare->plan()->undoStack()->isClean());

    const schema::SchemaFile format = schema::loadSchemaFile(QStringLiteral(CONFORM_SOURCE_DIR "/schemas/compare.schema.json"));
    QVERIFY2(format.ok, format.error.c_str());
    auto written = schema::readJsonFile(path);
    QVERIFY(written);
    const auto verdict = format.validator->validate(written.value());
    QVERIFY2(verdict.valid, dump(verdict.toJson()).c_str());

    ComparePlan reread;
    QString error;
    QVERIFY2(reread.open(path, &error), qPrintable(error));
    const ComparePlan* saved = compare->plan();
    QCOMPARE(reread.variantNames(), saved->variantNames());
    QCOMPARE(reread.targetNames(), saved->targetNames());
    QCOMPARE(reread.repeat(), 7);
    QCOMPARE(reread.baseline(), QStringLiteral("v2 reworded"));
    QCOMPARE(reread.name(), saved->name());
    QCOMPARE(reread.concurrency(), saved->concurrency());
    QVERIFY(samePolicy(reread.policy(), saved->policy()));
    for (std::size_t i = 0; i < saved->variants().size(); ++i) {
        const suite::SuiteCase& a = saved->variants()[i].cases.cases.front();
        const suite::SuiteCase& b = reread.variants()[i].cases.cases.front();
        QCOMPARE(b.name, a.name);
        QCOMPARE(b.prompt.system, a.prompt.system);
        QCOMPARE(b.prompt.user, a.prompt.user);
        QVERIFY(b.schema == a.schema);
        QVERIFY(b.scenario && a.scenario);
        QCOMPARE(b.scenario->name, a.scenario->name);
    }
    QCOMPARE(reread.targets().front().target.scenario->name, saved->targets().front().target.scenario->name);
}

QTEST_MAIN(TestGuiUndo)
#include "test_gui_undo.moc"
