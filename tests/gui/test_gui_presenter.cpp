// Presenter mode: a demo or a stored capture walked through step by step, full-window. The
// captions are the ones the run's record makes (engine/narration.h), compared here with
// sequences written out by hand from the scenario files and from a capture document written
// here; stepping back shows exactly what stepping forward showed; the keys a presenter's
// clicker sends work; nothing is cut or squeezed at 1280×720 or 1920×1080; German too.
#include "captures/capturesbrowser.h"
#include "captures/captureview.h"
#include "presenter/presenterview.h"
#include "run/runpane.h"
#include "run/runtargetform.h"
#include "workbench/activity.h"
#include "workbench/captureviews.h"
#include "workbench/demos.h"
#include "workbench/mainwindow.h"

#include "store/capture.h"
#include "store/store.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QLabel>
#include <QMenuBar>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace conform;
using namespace conform::gui;

namespace {

// What one step puts on screen.
struct Screen
{
    QString caption;
    QStringList highlighted;
    QStringList issues;
    QString closing;
    friend bool operator==(const Screen&, const Screen&) = default;
};

Screen screenOf(const PresenterView* view)
{
    return {view->captionText(), view->highlightedTexts(), view->issueTexts(), view->closingText()};
}

// A capture as an import writes one: an order whose item lacks its price, repaired by one
// turn. Its issue has no recorded span (imports rarely have one): it is found by its path.
Json importedCapture()
{
    const auto attempt = [](const char* kind, int repair, const char* raw, bool valid, Json issues) {
        return Json{{"kind", kind}, {"target", "openai/gpt-4o-mini"}, {"mode", "strict"}, {"repair", repair}, {"raw", raw},
                    {"parsed", true}, {"value", Json::parse(raw)}, {"valid", valid}, {"fixes", Json::array()}, {"coercions", Json::array()},
                    {"issues", std::move(issues)}, {"stop_reason", "end"}, {"usage", Json{{"input", 120}, {"output", 30}, {"cached", 0}}},
                    {"latency_ms", 400}, {"http_status", 200}, {"retries", Json::array()}, {"truncated", false}, {"not_enforced", false}};
    };
    const Json missing = Json::array({Json{{"code", "invalid_type"}, {"expected", "number"}, {"received", "undefined"},
                                           {"path", Json::array({"items", 0, "price"})}, {"message", "Required"}}});
    return Json{{"id", "imported-1"}, {"time", "2026-11-20T10:00:00Z"}, {"source", "import"}, {"labels", Json::object()},
                {"spec", Json{{"schema", Json::parse(R"({"type":"object","properties":{"items":{"type":"array"}}})")},
                              {"prompt", Json{{"system", ""}, {"user", "The order, please."}}},
                              {"targets", Json::array({Json{{"provider", "openai"}, {"model", "gpt-4o-mini"}, {"mode", "strict"}}})},
                              {"policy", Json::object()}}},
                {"outcome", "repaired"}, {"flags", Json::array()}, {"value", Json::parse(R"({"items":[{"price":3}]})")},
                {"attempts", Json::array({attempt("initial", 0, R"({"items":[{}]})", false, missing),
                                          attempt("repair", 1, R"({"items":[{"price":3}]})", true, Json::array())})}};
}

} // namespace

class TestGuiPresenter : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void demosByHand_data();
    void demosByHand();
    void anImportedCapture();
    void backAndForthShowTheSame();
    void followsARunAsItHappens();
    void keys();
    void layout_data();
    void layout();
    void german();

private:
    void openWindow(QSize size = {1280, 720});
    // Plays the built-in demo `name` as fast as it goes, then presses F5.
    PresenterView* playAndPresent(const QString& name);
    QStringList captions(PresenterView* view);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiPresenter::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConformPresenterTest"));
    QApplication::setApplicationName(QStringLiteral("test_gui_presenter"));
    qputenv("CONFORM_STORE", m_dir.filePath(QStringLiteral("captures.db")).toUtf8());
}

void TestGuiPresenter::init()
{
    QSettings().clear();
}

void TestGuiPresenter::cleanup()
{
    m_window.reset();
}

void TestGuiPresenter::openWindow(QSize size)
{
    m_window = std::make_unique<MainWindow>(m_dir.path());
    m_window->resize(size);
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

PresenterView* TestGuiPresenter::playAndPresent(const QString& name)
{
    RunPane* pane = m_window->runPane();
    pane->targetForm()->paceSpin()->setValue(0);
    const QList<Demo> demos = availableDemos(m_dir.path());
    const auto demo = std::find_if(demos.begin(), demos.end(), [&](const Demo& d) { return d.name == name; });
    if (demo == demos.end() || !m_window->runDemo(*demo))
        return nullptr;
    if (!QTest::qWaitFor([pane] { return pane->lastRecord().has_value(); }, 60000))
        return nullptr;
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    return m_window->isPresenting() ? m_window->presenter() : nullptr;
}

QStringList TestGuiPresenter::captions(PresenterView* view)
{
    QStringList out;
    view->restart();
    for (int step = 0; step < view->stepCount(); ++step) {
        view->showStep(step);
        out << view->captionText();
    }
    return out;
}

void TestGuiPresenter::demosByHand_data()
{
    QTest::addColumn<QString>("demo");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<int>("markedStep");
    QTest::addColumn<QString>("marked"); // what that step highlights in the reply
    // fenced-reply: a sentence, then the goals in a ```json fence: the fenced block is taken.
    QTest::newRow("fenced-reply") << "fenced-reply"
                                  << QStringList{"Conform asks scenario/fenced-reply for JSON, in strict mode.",
                                                 "The model wrapped its JSON in a code fence; Conform takes the fenced block.",
                                                 "The value passes the schema.", "Valid at the first try."}
                                  << 1 << "";
    // trailing-commas: the facts arrive with trailing commas, removed.
    QTest::newRow("trailing-commas") << "trailing-commas"
                                     << QStringList{"Conform asks scenario/trailing-commas for JSON, in strict mode.",
                                                    "The JSON text is broken; Conform repairs it: removed trailing comma.",
                                                    "The value passes the schema.", "Valid at the first try."}
                                     << 1 << ",";
    // amber-case: overall_rating comes back "Amber" where the enum says "amber"; one repair turn.
    QTest::newRow("amber-case") << "amber-case"
                                << QStringList{"Conform asks scenario/amber-case for JSON, in strict mode.",
                                               "/overall_rating: Invalid enum value. Expected 'red' | 'amber' | 'green', received 'Amber'.",
                                               "Conform shows the model its issues and asks it to fix just those.",
                                               "The value passes the schema.", "Valid after 1 repair(s)."}
                                << 1 << "\"Amber\"";
}

void TestGuiPresenter::demosByHand()
{
    QFETCH(QString, demo);
    QFETCH(QStringList, expected);
    QFETCH(int, markedStep);
    QFETCH(QString, marked);
    openWindow();
    PresenterView* view = playAndPresent(demo);
    QVERIFY(view);
    QCOMPARE(view->step(), 0);
    QCOMPARE(captions(view), expected);
    view->showStep(markedStep);
    const QStringList highlighted = view->highlightedTexts();
    QCOMPARE(highlighted.size(), 1);
    if (marked.isEmpty()) // the fenced block: the JSON inside the fence, whole
        QVERIFY2(highlighted.front().startsWith(QLatin1Char('{')) && highlighted.front().endsWith(QLatin1Char('}')), qPrintable(highlighted.front()));
    else
        QCOMPARE(highlighted.front(), marked);
    // The last step closes with the card; the first reply as JSON.parse alone would read it.
    view->showStep(view->stepCount() - 1);
    QVERIFY2(view->closingText().contains(QLatin1String("Without Conform: ")), qPrintable(view->closingText()));
}

void TestGuiPresenter::anImportedCapture()
{
    {
        auto opened = store::Store::open(store::StoreLocation::parse(m_dir.filePath(QStringLiteral("captures.db"))).value());
        QVERIFY(opened);
        QVERIFY(opened.value()->insert({store::captureFromDocument(importedCapture()).value()}));
    }
    openWindow();
    m_window->showActivity(Activity::Captures);
    CapturesBrowser* browser = m_window->captureViews()->browser();
    browser->openCapture(QStringLiteral("imported-1"));
    QTRY_VERIFY(browser->captureView()->capture().has_value());
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QVERIFY(m_window->isPresenting());
    PresenterView* view = m_window->presenter();
    QCOMPARE(captions(view), (QStringList{"Conform asks openai/gpt-4o-mini for JSON, in strict mode.", "/items/0/price is missing.",
                                          "Conform shows the model its issues and asks it to fix just those.",
                                          "The value passes the schema.", "Valid after 1 repair(s)."}));
    view->showStep(1); // {"items":[{}]}: the bracket of the item lacking its price
    QCOMPARE(view->highlightedTexts(), QStringList{"{"});
    QCOMPARE(view->issueTexts().size(), 1);
    view->showStep(4);
    QCOMPARE(view->closingText(), QStringLiteral("Outcome: repaired\n2 call(s) · 1 repair(s)\n240 tokens in, 60 out\n0.80 s of calls\n"
                                                 "Without Conform: JSON.parse succeeds, and the value breaks the schema (1 issue(s))."));
}

void TestGuiPresenter::backAndForthShowTheSame()
{
    openWindow();
    PresenterView* view = playAndPresent(QStringLiteral("amber-case"));
    QVERIFY(view);
    QList<Screen> forward;
    for (int step = 0; step < view->stepCount(); ++step) {
        view->showStep(step);
        forward << screenOf(view);
    }
    for (int step = view->stepCount() - 1; step >= 0; --step) {
        view->showStep(step);
        QVERIFY2(screenOf(view) == forward[step], qPrintable(QStringLiteral("step %1 differs going back").arg(step)));
    }
}

void TestGuiPresenter::followsARunAsItHappens()
{
    openWindow();
    RunPane* pane = m_window->runPane();
    pane->targetForm()->paceSpin()->setValue(5); // slow enough to press F5 while it streams
    const QList<Demo> demos = availableDemos(m_dir.path());
    const auto demo = std::find_if(demos.begin(), demos.end(), [](const Demo& d) { return d.name == QLatin1String("amber-case"); });
    QVERIFY(demo != demos.end() && m_window->runDemo(*demo));
    QVERIFY(pane->isRunning());
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    PresenterView* view = m_window->presenter();
    QVERIFY(m_window->isPresenting());
    QVERIFY(view->isLive());
    // Told as it happens: the presenter keeps up with Space, step by step, as attempts come in;
    // on the newest step, a new attempt takes it to the first new step by itself.
    int pressed = 0;
    QVERIFY(QTest::qWaitFor([&] {
        if (view->step() + 1 < view->stepCount() && view->isLive()) {
            QTest::keyClick(view, Qt::Key_Space);
            ++pressed;
        }
        return !view->isLive();
    }, 60000));
    QVERIFY(pressed > 0);
    QVERIFY(view->step() > 0);
    QCOMPARE(captions(view), (QStringList{"Conform asks scenario/amber-case for JSON, in strict mode.",
                                          "/overall_rating: Invalid enum value. Expected 'red' | 'amber' | 'green', received 'Amber'.",
                                          "Conform shows the model its issues and asks it to fix just those.",
                                          "The value passes the schema.", "Valid after 1 repair(s)."}));
}

void TestGuiPresenter::keys()
{
    openWindow();
    PresenterView* view = playAndPresent(QStringLiteral("amber-case"));
    QVERIFY(view);
    QVERIFY(!m_window->menuBar()->isVisible()); // the run fills the window
    QVERIFY(view->hasFocus());
    const QList<std::pair<int, int>> presses{{Qt::Key_Space, 1}, {Qt::Key_Right, 2}, {Qt::Key_Left, 1}, {Qt::Key_PageDown, 2},
                                             {Qt::Key_Down, 3},  {Qt::Key_PageUp, 2}, {Qt::Key_Up, 1},  {Qt::Key_Home, 0}};
    for (const auto& [key, step] : presses) {
        QTest::keyClick(view, Qt::Key(key));
        QCOMPARE(view->step(), step);
    }
    QTest::keyClick(view, Qt::Key_P);
    QVERIFY(view->isPlaying());
    QTest::keyClick(view, Qt::Key_Space); // a step by hand pauses
    QVERIFY(!view->isPlaying());
    QTest::keyClick(view, Qt::Key_Escape);
    QVERIFY(!m_window->isPresenting());
    QVERIFY(m_window->menuBar()->isVisible());
}

void TestGuiPresenter::layout_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1280x720") << QSize(1280, 720);
    QTest::newRow("1920x1080") << QSize(1920, 1080);
}

void TestGuiPresenter::layout()
{
    QFETCH(QSize, size);
    openWindow(size);
    PresenterView* view = playAndPresent(QStringLiteral("amber-case"));
    QVERIFY(view);
    QTRY_COMPARE(view->size(), m_window->centralWidget()->size());
    for (int step = 0; step < view->stepCount(); ++step) {
        view->showStep(step);
        QApplication::processEvents();
        const QLabel* caption = view->captionLabel();
        QVERIFY2(caption->height() >= caption->heightForWidth(caption->width()),
                 qPrintable(QStringLiteral("step %1: the caption is cut (%2 < %3)").arg(step).arg(caption->height()).arg(caption->heightForWidth(caption->width()))));
        for (const QWidget* control : view->findChildren<QWidget*>()) {
            if (!control->isVisible() || !(qobject_cast<const QAbstractButton*>(control) || qobject_cast<const QComboBox*>(control)))
                continue;
            QVERIFY2(control->width() >= control->minimumSizeHint().width() && control->height() >= control->minimumSizeHint().height(),
                     qPrintable(QStringLiteral("step %1: %2 squeezed").arg(step).arg(control->metaObject()->className())));
        }
    }
}

void TestGuiPresenter::german()
{
    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(CONFORM_QM_DIR "/conform_de.qm")));
    QCoreApplication::installTranslator(&translator);
    const auto uninstall = qScopeGuard([&] { QCoreApplication::removeTranslator(&translator); });
    openWindow();
    PresenterView* view = playAndPresent(QStringLiteral("trailing-commas"));
    QVERIFY(view);
    QCOMPARE(captions(view), (QStringList{"Conform fragt scenario/trailing-commas nach JSON, im Modus strict.",
                                          "Der JSON-Text ist kaputt; Conform repariert ihn: abschließendes Komma entfernt.",
                                          "Der Wert erfüllt das Schema.", "Gültig beim ersten Versuch."}));
}

QTEST_MAIN(TestGuiPresenter)
#include "test_gui_presenter.moc"
