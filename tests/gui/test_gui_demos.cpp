// Every built-in demo shows what its scenario promises, on screen: each is played from the
// Demos list as a presenter would, and the steps its scenario's "expect.steps" names (the
// codes of engine/steps.h) are read off the widgets that show them (checks/steprole.h): the
// attempts table's Mode column, the Transport events, the line that says where the value was
// read, the Fixes (coercions among them), the Issues, and the activity line while a stream is
// quiet. In English and in German: every line that carries a step is there in words, and in
// German in other words than in English (but for the wire's own: mode names, Zod's messages).
#include "checks/fixtable.h"
#include "checks/steprole.h"
#include "providers/scenario.h"
#include "run/attemptmodel.h"
#include "run/attemptview.h"
#include "run/runpane.h"
#include "run/runtargetform.h"
#include "widgets/tonelabel.h"
#include "workbench/activity.h"
#include "workbench/demos.h"
#include "workbench/mainwindow.h"

#include <QCheckBox>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <QTreeWidgetItem>

#include <functional>
#include <map>
#include <memory>

using namespace conform;
using namespace conform::gui;

namespace {

// One step read off the screen: its code and the words beside it.
struct Shown
{
    QString code, text;
};

// The codes and words of `items` that carry a step (role kStepRole), once each per attempt.
void addShown(QList<Shown>& shown, qsizetype attemptStart, const QString& code, const QString& text)
{
    if (code.isEmpty())
        return;
    for (qsizetype i = attemptStart; i < shown.size(); ++i)
        if (shown[i].code == code)
            return;
    shown.push_back({code, text});
}

// Steps whose words are the wire's in every language: a mode's name, a Zod-style issue's
// message (Zod's own words, which exports and the command line share).
bool wireWords(const QString& code)
{
    return code.startsWith(QLatin1String("mode:")) || code == QLatin1String("invalid");
}

} // namespace

class TestGuiDemos : public QObject
{
    Q_OBJECT

private slots:
    void stepsOnScreen_data();
    void stepsOnScreen();
    void coercionIsAChangeOfItsOwn();
    void reaskSaysWhy();
    void aDemoWithoutAModeRunsInAuto();

private:
    // English words per scenario and code, for the German rows to differ from.
    std::map<std::pair<QString, QString>, QString> m_english;
};

void TestGuiDemos::stepsOnScreen_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<bool>("german");
    for (const bool german : {false, true})
        for (const QString& path : providers::builtinScenarioPaths()) {
            auto loaded = providers::loadScenario(path);
            QVERIFY2(loaded, loaded ? "" : loaded.error().toString().c_str());
            QVERIFY2(loaded->expect && loaded->expect->contains("steps"), qPrintable(path + QStringLiteral(": no expect.steps")));
            const QString name = QString::fromStdString(loaded->name);
            QTest::addRow("%s %s", german ? "de" : "en", qPrintable(name)) << name << german;
        }
}

void TestGuiDemos::stepsOnScreen()
{
    QFETCH(QString, scenario);
    QFETCH(bool, german);
    QTranslator translator;
    if (german) {
        QVERIFY(translator.load(QStringLiteral(CONFORM_QM_DIR "/conform_de.qm")));
        QCoreApplication::installTranslator(&translator);
    }
    const auto uninstall = qScopeGuard([&] { QCoreApplication::removeTranslator(&translator); });

    QTemporaryDir workspace;
    QVERIFY(workspace.isValid());
    MainWindow window(workspace.path()); // built in the language installed
    window.resize(1600, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunPane* pane = window.runPane();
    pane->targetForm()->paceSpin()->setValue(0); // as fast as it goes; the stall keeps its time

    const QList<Demo> demos = availableDemos(workspace.path());
    const auto demo = std::find_if(demos.begin(), demos.end(), [&](const Demo& d) { return d.name == scenario; });
    QVERIFY(demo != demos.end());
    auto loaded = providers::loadScenario(demo->path);
    QVERIFY(loaded);
    QStringList expected;
    for (const Json& step : (*loaded->expect)["steps"])
        expected << QString::fromStdString(step.get<std::string>());

    // The quiet stream is said while it lasts, on the activity line: watched as it runs, and
    // placed after the transport events of the attempt it happened in.
    int stallDuring = -1;
    QString stallText;
    QTimer watch;
    watch.setInterval(100);
    connect(&watch, &QTimer::timeout, this, [&] {
        if (stallDuring < 0 && pane->activityLabel()->property(kStepProperty).toString() == QLatin1String("stall")) {
            stallDuring = pane->attemptModel()->rowCount();
            stallText = pane->activityLabel()->text();
        }
    });
    watch.start();
    QVERIFY(window.runDemo(*demo));
    // In German the stalled stream is cut short once its quiet is on screen (English waits it
    // out): what follows the stall was read already.
    const bool cutShort = german && expected.contains(QStringLiteral("stall"));
    if (cutShort) {
        QTRY_VERIFY_WITH_TIMEOUT(stallDuring >= 0, 30000);
        QTest::mouseClick(pane->cancelButton(), Qt::LeftButton);
        expected = expected.mid(0, expected.indexOf(QStringLiteral("stall")) + 1);
    }
    QTRY_VERIFY_WITH_TIMEOUT(pane->lastRecord().has_value(), 60000);
    watch.stop();

    QList<Shown> shown;
    AttemptModel* model = pane->attemptModel();
    AttemptView* detail = pane->attemptDetail();
    for (int row = 0; row < model->rowCount(); ++row) {
        pane->attemptView()->selectRow(row); // the detail shows that attempt
        const qsizetype start = shown.size();
        const QModelIndex mode = model->index(row, AttemptModel::ModeColumn);
        for (const QString& code : mode.data(kStepRole).toStringList())
            shown.push_back({code, mode.data().toString()});
        for (int i = 0; i < detail->transportList()->count(); ++i)
            shown.push_back({detail->transportList()->item(i)->data(kStepRole).toString(), detail->transportList()->item(i)->text()});
        shown.erase(std::remove_if(shown.begin() + start, shown.end(), [](const Shown& s) { return s.code.isEmpty(); }), shown.end());
        if (stallDuring == row)
            shown.push_back({QStringLiteral("stall"), stallText});
        const qsizetype read = shown.size();
        addShown(shown, read, detail->candidateLabel()->property(kStepProperty).toString(), detail->candidateLabel()->text());
        for (int i = 0; i < detail->fixTable()->topLevelItemCount(); ++i) {
            const QTreeWidgetItem* item = detail->fixTable()->topLevelItem(i);
            addShown(shown, read, item->data(FixTable::WhatColumn, kStepRole).toString(), item->text(FixTable::WhatColumn));
        }
        for (int i = 0; i < detail->issueList()->count(); ++i)
            addShown(shown, read, detail->issueList()->item(i)->data(kStepRole).toString(), detail->issueList()->item(i)->text());
    }
    if (cutShort) // the cancelled attempt is listed too; the promise ends at the stall
        shown = shown.mid(0, expected.size());

    QStringList codes;
    for (const Shown& s : shown)
        codes << s.code;
    QCOMPARE(codes, expected);
    for (const Shown& s : shown) {
        QVERIFY2(!s.text.trimmed().isEmpty(), qPrintable(s.code + QStringLiteral(": no words on screen")));
        const auto key = std::make_pair(scenario, s.code);
        if (!german)
            m_english[key] = s.text;
        else if (const auto english = m_english.find(key); english != m_english.end() && !wireWords(s.code))
            QVERIFY2(s.text != english->second, qPrintable(s.code + QStringLiteral(" reads the same in German: ") + s.text));
    }
}

namespace {

// A window on an empty workspace, its demo `name` played to the end at full speed.
struct PlayedDemo
{
    QTemporaryDir workspace;
    std::unique_ptr<MainWindow> window;

    bool play(const QString& name, const std::function<void(MainWindow&)>& before = {})
    {
        window = std::make_unique<MainWindow>(workspace.path());
        window->resize(1600, 900);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return false;
        window->runPane()->targetForm()->paceSpin()->setValue(0);
        if (before)
            before(*window);
        const QList<Demo> demos = availableDemos(workspace.path());
        const auto demo = std::find_if(demos.begin(), demos.end(), [&](const Demo& d) { return d.name == name; });
        if (demo == demos.end() || !window->runDemo(*demo))
            return false;
        return QTest::qWaitFor([&] { return window->runPane()->lastRecord().has_value(); }, 60000);
    }
};

} // namespace

// amber-case with Coerce on: the enum's letter case is changed before validating, and that
// change is listed with the fixes, as what it is (not as an issue).
void TestGuiDemos::coercionIsAChangeOfItsOwn()
{
    PlayedDemo demo;
    QVERIFY(demo.play(QStringLiteral("amber-case"), [](MainWindow& window) { window.runPane()->targetForm()->coerceCheck()->setChecked(true); }));
    RunPane* pane = demo.window->runPane();
    QCOMPARE(pane->lastRecord()->outcome, engine::Outcome::Valid);
    AttemptView* detail = pane->attemptDetail();
    QCOMPARE(detail->fixTable()->coercionCount(), 1);
    const QTreeWidgetItem* row = detail->fixTable()->topLevelItem(0);
    QCOMPARE(row->data(FixTable::WhatColumn, kStepRole).toString(), QStringLiteral("coerce:enum_case"));
    QCOMPARE(row->text(FixTable::WhereColumn), QStringLiteral("/overall_rating"));
    QCOMPARE(row->text(FixTable::ChangeColumn), QStringLiteral("\"Amber\" → \"amber\""));
    QCOMPARE(detail->tabs()->tabText(AttemptView::FixesTab), QStringLiteral("Fixes (1)"));
    for (int i = 0; i < detail->issueList()->count(); ++i)
        QVERIFY2(!detail->issueList()->item(i)->text().contains(QLatin1String("Amber")), qPrintable(detail->issueList()->item(i)->text()));
}

// truncated-article: the second attempt says it was asked again, and why, with the numbers.
void TestGuiDemos::reaskSaysWhy()
{
    PlayedDemo demo;
    QVERIFY(demo.play(QStringLiteral("truncated-article")));
    RunPane* pane = demo.window->runPane();
    QCOMPARE(pane->attemptModel()->rowCount(), 2);
    const QModelIndex second = pane->attemptModel()->index(1, AttemptModel::ModeColumn);
    QCOMPARE(second.data().toString(), QStringLiteral("strict (asked again, 2048 tokens)"));
    QCOMPARE(second.data(Qt::ToolTipRole).toString(), QStringLiteral("cut at max_tokens 1024 → asked again with 2048"));
    pane->attemptView()->selectRow(1);
    QVERIFY2(pane->attemptDetail()->sentView()->toPlainText().startsWith(QStringLiteral("Asked again: cut at max_tokens 1024 → asked again with 2048.")),
             qPrintable(pane->attemptDetail()->sentView()->toPlainText()));
    pane->attemptView()->selectRow(0); // the cut reply: said so, nothing read from it shown
    QCOMPARE(pane->attemptDetail()->issueList()->item(0)->text(),
             QStringLiteral("cut at max_tokens 1024: the reply is incomplete and never taken as the answer"));
    QCOMPARE(pane->attemptDetail()->fixTable()->topLevelItemCount(), 0);
}

// Demos played one after the other from the Start page: each keeps its own promise, so one
// that names no mode runs in auto (strict first), not in the tool mode of the demo before.
void TestGuiDemos::aDemoWithoutAModeRunsInAuto()
{
    PlayedDemo demo;
    QVERIFY(demo.play(QStringLiteral("tool-call")));
    RunPane* pane = demo.window->runPane();
    QCOMPARE(pane->attemptModel()->index(0, AttemptModel::ModeColumn).data().toString(), QStringLiteral("tool"));
    const QList<Demo> demos = availableDemos(demo.workspace.path());
    const auto fenced = std::find_if(demos.begin(), demos.end(), [](const Demo& d) { return d.name == QLatin1String("fenced-reply"); });
    QVERIFY(fenced != demos.end());
    QVERIFY(demo.window->runDemo(*fenced));
    QTRY_VERIFY_WITH_TIMEOUT(pane->lastRecord().has_value() && pane->lastRecord()->attempts.size() == 1
                                 && pane->attemptModel()->rowCount() == 1 && !pane->isRunning(), 60000);
    QCOMPARE(pane->attemptModel()->index(0, AttemptModel::ModeColumn).data().toString(), QStringLiteral("strict"));
}

QTEST_MAIN(TestGuiDemos)
#include "test_gui_demos.moc"
