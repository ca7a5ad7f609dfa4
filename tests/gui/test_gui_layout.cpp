// The workbench keeps its shape: every activity, at the smallest window it is laid out for
// (1024×700) and at 1600×900, with a run, its capture and the dashboard on screen, has no
// visible control squeezed below its minimum size hint or reaching outside the window. The
// activities switch by shortcut and never hide; each keeps its own splitter layout.
//
// What "crushed" means here is Qt's own measure: a layout that cannot give a widget its
// minimumSizeHint() squeezes it below it (a button a few pixels wide, a list showing one
// and a half rows), or lays it past its parent's edge. Content inside a scroll area scrolls,
// so only the scroll area itself is held to it.
#include "batch/batch.h"
#include "batch/batchpanel.h"
#include "captures/capturepagemodel.h"
#include "captures/capturesbrowser.h"
#include "captures/capturestore.h"
#include "captures/captureview.h"
#include "dashboard/dashboard.h"
#include "run/runpane.h"
#include "run/runtargetform.h"
#include "widgets/codeeditor.h"
#include "workbench/activitybar.h"
#include "workbench/activitydock.h"
#include "workbench/captureviews.h"
#include "workbench/mainwindow.h"
#include "workbench/startpage.h"

#include <QAbstractItemView>
#include <QChartView>
#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSet>
#include <QTranslator>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <functional>
#include <memory>

using namespace conform;
using namespace conform::gui;

Q_DECLARE_METATYPE(conform::gui::Activity)

namespace {

// The widget's path for a failure message: class and object names up to the window.
QString describe(const QWidget* widget)
{
    QStringList parts;
    for (const QWidget* w = widget; w && !w->isWindow(); w = w->parentWidget()) {
        QString part = QString::fromLatin1(w->metaObject()->className());
        if (!w->objectName().isEmpty())
            part += QLatin1Char('#') + w->objectName();
        if (auto* button = qobject_cast<const QAbstractButton*>(w); button && !button->text().isEmpty())
            part += QStringLiteral("(\"%1\")").arg(button->text());
        parts.prepend(part);
    }
    return parts.join(QStringLiteral(" > "));
}

// Inside a scroll area (its viewport, its scroll bars, its corner), a tab bar's scroll
// buttons, a spin box's or combo box's own editor, or a splitter's handle, size and place
// are the container's business.
bool managedByContainer(const QWidget* widget, const QWidget* window)
{
    for (const QWidget* w = widget->parentWidget(); w && w != window; w = w->parentWidget())
        if (qobject_cast<const QAbstractScrollArea*>(w) || qobject_cast<const QTabBar*>(w) || qobject_cast<const QAbstractSpinBox*>(w)
            || qobject_cast<const QComboBox*>(w))
            return true;
    return qobject_cast<const QSplitterHandle*>(widget) != nullptr;
}

// Every visible control of `window` squeezed below its minimum size hint or reaching past the
// window's edge, one line each.
// From `widget` down, the widest child at each level with its minimum width (and a label's
// text or a tab bar's titles): what makes a page as wide as it is.
QStringList widestChain(QWidget* widget)
{
    QStringList chain;
    for (int depth = 0; widget && depth < 12; ++depth) {
        QWidget* widest = nullptr;
        for (QObject* child : widget->children())
            if (auto* w = qobject_cast<QWidget*>(child); w && !w->isWindow() && !w->isHidden()
                                                          && (!widest || w->minimumSizeHint().width() > widest->minimumSizeHint().width()))
                widest = w;
        if (!widest)
            break;
        QString what = QStringLiteral("%1 %2 wide").arg(describe(widest)).arg(widest->minimumSizeHint().width());
        if (auto* label = qobject_cast<QLabel*>(widest))
            what += QStringLiteral(" \"%1\"").arg(label->text().left(100));
        if (auto* tabs = qobject_cast<QTabBar*>(widest)) {
            QStringList titles;
            for (int i = 0; i < tabs->count(); ++i)
                titles << tabs->tabText(i);
            what += QStringLiteral(" [%1]").arg(titles.join(QStringLiteral(" | ")));
        }
        chain << QStringLiteral("    ") + what;
        widget = widest;
    }
    return chain;
}

QStringList crushedControls(QWidget* window)
{
    QStringList problems;
    const QRect bounds = window->rect().adjusted(-1, -1, 1, 1);
    for (QWidget* widget : window->findChildren<QWidget*>()) {
        if (widget->isWindow() || !widget->isVisibleTo(window) || managedByContainer(widget, window))
            continue;
        const QRect placed(widget->mapTo(window, QPoint(0, 0)), widget->size());
        if (!bounds.contains(placed))
            problems << QStringLiteral("%1: at %2,%3 %4×%5, outside the %6×%7 window")
                            .arg(describe(widget)).arg(placed.x()).arg(placed.y()).arg(placed.width()).arg(placed.height())
                            .arg(window->width()).arg(window->height());
        // As layouts take it (qSmartMinSize): a minimum set on the widget overrides its hint.
        QSize hint = widget->minimumSizeHint();
        if (widget->minimumWidth() > 0)
            hint.setWidth(widget->minimumWidth());
        if (widget->minimumHeight() > 0)
            hint.setHeight(widget->minimumHeight());
        const QSizePolicy policy = widget->sizePolicy();
        const bool narrow = hint.width() > 0 && policy.horizontalPolicy() != QSizePolicy::Ignored && widget->width() < hint.width();
        const bool low = hint.height() > 0 && policy.verticalPolicy() != QSizePolicy::Ignored && widget->height() < hint.height();
        if (narrow || low) {
            problems << QStringLiteral("%1: %2×%3, below its minimum %4×%5")
                            .arg(describe(widget)).arg(widget->width()).arg(widget->height()).arg(hint.width()).arg(hint.height());
            // A stack is as wide as its widest page, shown or not: name the pages too wide.
            if (auto* stack = qobject_cast<QStackedWidget*>(widget))
                for (int i = 0; i < stack->count(); ++i)
                    if (const QSize page = stack->widget(i)->minimumSizeHint(); page.width() > widget->width() || page.height() > widget->height())
                    {
                        problems << QStringLiteral("  page %1 needs %2×%3").arg(describe(stack->widget(i))).arg(page.width()).arg(page.height());
                        problems << widestChain(stack->widget(i));
                    }
        }
    }
    return problems;
}

} // namespace

class TestGuiLayout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void everyActivityKeepsItsShape_data();
    void everyActivityKeepsItsShape();
    void shortcutsBringActivitiesForwardAndNeverHide();
    void eachActivityKeepsItsSplitters();
    void anActivityMayBeDocked();
    void germanThroughout();

private:
    void openWindow();
    // Runs a built-in demo in the Run activity (in process) and waits for its capture.
    void runDemo(const char* name);
    // Opens the captures list's first capture, as QA does.
    void openFirstCapture();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiLayout::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings go to a throw-away place
    QCoreApplication::setOrganizationName(QStringLiteral("ConformTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_gui_layout"));
}

void TestGuiLayout::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    qputenv("CONFORM_STORE", m_dir->filePath(QStringLiteral("captures.db")).toUtf8());
    openWindow();
}

void TestGuiLayout::cleanup()
{
    m_window.reset();
    m_dir.reset();
}

void TestGuiLayout::openWindow()
{
    m_window = std::make_unique<MainWindow>(QStringLiteral(CONFORM_SOURCE_DIR "/schemas"));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestGuiLayout::runDemo(const char* name)
{
    RunPane* run = m_window->runPane();
    QSignalSpy landed(m_window->captureViews()->store(), &CaptureStore::capturesLanded);
    QVERIFY(run->targetForm()->selectScenario(QLatin1String(name)));
    m_window->showActivity(Activity::Run);
    run->runDemo();
    QTRY_VERIFY_WITH_TIMEOUT(!run->isRunning(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(!landed.isEmpty(), 30000);
}

void TestGuiLayout::openFirstCapture()
{
    CapturesBrowser* browser = m_window->captureViews()->browser();
    QTRY_VERIFY_WITH_TIMEOUT(browser->model()->rowCount() > 0, 30000);
    browser->table()->selectRow(0);
    QTRY_VERIFY_WITH_TIMEOUT(browser->captureView()->capture().has_value(), 30000);
}

void TestGuiLayout::everyActivityKeepsItsShape_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<Activity>("activity");
    for (const QSize size : {QSize(1024, 700), QSize(1600, 900)})
        for (Activity activity : kActivities)
            QTest::addRow("%s at %dx%d", qPrintable(ActivityWords::key(activity)), size.width(), size.height()) << size << activity;
}

void TestGuiLayout::everyActivityKeepsItsShape()
{
    QFETCH(QSize, size);
    QFETCH(Activity, activity);
    // What a user has on screen: a run with repairs and a 100-run batch over four demos (its
    // table full, Captures and the Dashboard over a hundred captures), a capture open.
    runDemo("missing-field");
    BatchPanel* batch = m_window->captureViews()->batchPanel();
    batch->checkTargets({QStringLiteral("scenario/missing-field"), QStringLiteral("scenario/fenced-reply"), QStringLiteral("scenario/hopeless-model"),
                         QStringLiteral("scenario/truncated-article")});
    batch->setRepeats(25);
    batch->setConcurrency(32); // the demos pause 80–300 ms a turn: all at once, the wait is short
    QSignalSpy batchDone(batch, &BatchPanel::batchFinished);
    batch->run();
    QVERIFY(batchDone.wait(120000));
    QCOMPARE(batch->runner()->runsDone(), 100);
    m_window->resize(size);
    m_window->showActivity(activity);
    if (activity == Activity::Captures)
        openFirstCapture();
    if (activity == Activity::Dashboard) { // its charts drawn, not the note that it is reading
        Dashboard* dashboard = m_window->captureViews()->dashboard();
        QSignalSpy drawn(dashboard, &Dashboard::refreshed);
        dashboard->refresh();
        QVERIFY(drawn.wait(30000));
        QVERIFY(dashboard->chartView(DashboardChart::OutcomeMix)->isVisible());
    }
    QCOMPARE(m_window->size(), size);
    // Layouts settle over posted events (later on a busy machine): a crushed control is one
    // that stays crushed.
    QStringList problems;
    QTRY_VERIFY2_WITH_TIMEOUT((problems = crushedControls(m_window.get())).isEmpty(),
                              qPrintable(QStringLiteral("\n  ") + problems.join(QStringLiteral("\n  "))), 3000);
    // Screenshots for the README, when asked for (CONFORM_SCREENSHOT_DIR).
    if (const QString dir = qEnvironmentVariable("CONFORM_SCREENSHOT_DIR"); !dir.isEmpty())
        m_window->grab().save(QStringLiteral("%1/%2-%3x%4.png").arg(dir, ActivityWords::key(activity)).arg(size.width()).arg(size.height()));
}

void TestGuiLayout::shortcutsBringActivitiesForwardAndNeverHide()
{
    for (Activity activity : kActivities) {
        const QKeySequence keys(ActivityWords::shortcut(activity));
        for (int press = 0; press < 2; ++press) { // pressing again keeps it in front
            QTest::keySequence(m_window.get(), keys);
            QCOMPARE(m_window->currentActivity(), activity);
            QVERIFY(m_window->activityPage(activity)->isVisible());
            QVERIFY(m_window->activityBar()->button(activity)->isChecked());
        }
    }
    // The bar does the same.
    QTest::mouseClick(m_window->activityBar()->button(Activity::Dashboard), Qt::LeftButton);
    QCOMPARE(m_window->currentActivity(), Activity::Dashboard);
    QVERIFY(!m_window->runPane()->isVisible());
}

void TestGuiLayout::eachActivityKeepsItsSplitters()
{
    // At the window's own size: the offscreen screen is small, so a restored window is fitted
    // to it, as a real one is to its screen.
    m_window->showActivity(Activity::Design);
    QSplitter* design = m_window->designSplitter();
    const int designWidth = design->width();
    design->setSizes({150, designWidth / 2, designWidth / 2 - 150});
    const QList<int> designSizes = design->sizes();
    m_window->showActivity(Activity::Run);
    QSplitter* run = m_window->runPane()->splitter();
    run->setSizes({run->width() / 2 + 40, run->width() / 2 - 40});
    const QList<int> runSizes = run->sizes();
    m_window->showActivity(Activity::Captures);
    m_window->showActivity(Activity::Design);
    QCOMPARE(design->sizes(), designSizes);
    m_window->showActivity(Activity::Run);
    QCOMPARE(run->sizes(), runSizes);
    // And across sessions, with the activity the user left.
    const QSize size = m_window->size();
    QVERIFY(m_window->close());
    m_window.reset();
    openWindow();
    QCOMPARE(m_window->size(), size);
    QCOMPARE(m_window->currentActivity(), Activity::Run);
    QCOMPARE(m_window->runPane()->splitter()->sizes(), runSizes);
    m_window->showActivity(Activity::Design);
    QCOMPARE(m_window->designSplitter()->sizes(), designSizes);
}

// Docks are a choice, never the default: an activity moved into one sits beside Design, its
// bar button raises the dock, closing the dock puts it back, and the choice lasts.
void TestGuiLayout::anActivityMayBeDocked()
{
    QWidget* captures = m_window->activityPage(Activity::Captures);
    QVERIFY(!m_window->activityDock(Activity::Captures));
    m_window->showActivity(Activity::Captures);
    m_window->setActivityDocked(Activity::Captures, true);
    ActivityDock* dock = m_window->activityDock(Activity::Captures);
    QVERIFY(dock);
    QCOMPARE(dock->widget(), captures);
    QCOMPARE(m_window->currentActivity(), Activity::Design); // the stack shows Design beside it
    QTRY_VERIFY(dock->isVisible() && captures->isVisible() && m_window->designSplitter()->isVisible());
    m_window->setActivityDocked(Activity::Design, true); // the home stays home
    QVERIFY(!m_window->activityDock(Activity::Design));

    // The bar (or the shortcut) raises the dock and leaves the stack as it is.
    dock->hide();
    m_window->activityBar()->button(Activity::Captures)->click();
    QTRY_VERIFY(dock->isVisible());
    QCOMPARE(m_window->currentActivity(), Activity::Design);

    // The choice lasts into the next session.
    QVERIFY(m_window->close());
    m_window.reset();
    openWindow();
    dock = m_window->activityDock(Activity::Captures);
    QVERIFY(dock);
    QTRY_VERIFY(dock->isVisible());

    // Closing the dock gives the activity back to the bar, in its place.
    QVERIFY(dock->close());
    QTRY_VERIFY(!m_window->activityDock(Activity::Captures));
    m_window->showActivity(Activity::Captures);
    QCOMPARE(m_window->currentActivity(), Activity::Captures);
    QVERIFY(m_window->activityPage(Activity::Captures)->isVisible());
    m_window->showActivity(Activity::Dashboard);
    QCOMPARE(m_window->currentActivity(), Activity::Dashboard);
    QVERIFY(m_window->close());
    m_window.reset();
    openWindow();
    QVERIFY(!m_window->activityDock(Activity::Captures));
}

namespace {

// Words that are English and not German: a text holding one was not translated. Names that
// read the same in both (JSON, HTTP, Schema, Tokens, model and scenario names, wire names
// such as invalid_type) are not listed, so they pass.
const QSet<QString> kEnglishWords = {
    QStringLiteral("the"), QStringLiteral("and"), QStringLiteral("of"), QStringLiteral("with"), QStringLiteral("for"),
    QStringLiteral("from"), QStringLiteral("this"), QStringLiteral("that"), QStringLiteral("is"), QStringLiteral("are"),
    QStringLiteral("not"), QStringLiteral("no"), QStringLiteral("new"), QStringLiteral("open"), QStringLiteral("save"),
    QStringLiteral("cancel"), QStringLiteral("show"), QStringLiteral("copy"), QStringLiteral("every"), QStringLiteral("first"),
    QStringLiteral("all"), QStringLiteral("any"), QStringLiteral("none"), QStringLiteral("run"), QStringLiteral("runs"),
    QStringLiteral("captures"), QStringLiteral("capture"), QStringLiteral("repairs"), QStringLiteral("attempts"),
    QStringLiteral("valid"), QStringLiteral("failed"), QStringLiteral("repaired"), QStringLiteral("target"),
    QStringLiteral("value"), QStringLiteral("reply"), QStringLiteral("replay"), QStringLiteral("issues"),
    QStringLiteral("outcome"), QStringLiteral("time"), QStringLiteral("model"), QStringLiteral("provider"),
    QStringLiteral("workspace"), QStringLiteral("instance"), QStringLiteral("lines"),
    QStringLiteral("when"), QStringLiteral("its"), QStringLiteral("it"),
    QStringLiteral("untitled"), QStringLiteral("own"), QStringLiteral("history"), QStringLiteral("latency"),
    QStringLiteral("truncated"), QStringLiteral("cancelled"), QStringLiteral("refused"), QStringLiteral("pace"),
};

// The texts a user reads on `widget` (its own, not its children's): labels, buttons, tabs,
// choices, placeholders, headers, the first rows of a view, and tooltips.
QStringList textsOf(QWidget* widget)
{
    QStringList texts{widget->toolTip()};
    if (auto* label = qobject_cast<QLabel*>(widget))
        texts << label->text();
    if (auto* button = qobject_cast<QAbstractButton*>(widget))
        texts << button->text();
    if (auto* tabs = qobject_cast<QTabBar*>(widget))
        for (int i = 0; i < tabs->count(); ++i)
            texts << tabs->tabText(i) << tabs->tabToolTip(i);
    if (auto* combo = qobject_cast<QComboBox*>(widget))
        for (int i = 0; i < combo->count(); ++i)
            texts << combo->itemText(i);
    if (auto* line = qobject_cast<QLineEdit*>(widget))
        texts << line->placeholderText();
    if (auto* plain = qobject_cast<QPlainTextEdit*>(widget))
        texts << plain->placeholderText();
    if (auto* view = qobject_cast<QAbstractItemView*>(widget); view && view->model()) {
        const QAbstractItemModel* model = view->model();
        for (int column = 0; column < model->columnCount(); ++column)
            texts << model->headerData(column, Qt::Horizontal).toString();
        for (int row = 0; row < std::min(model->rowCount(), 5); ++row)
            for (int column = 0; column < model->columnCount(); ++column)
                if (const QVariant shown = model->index(row, column).data(); shown.typeId() == QMetaType::QString)
                    texts << shown.toString();
    }
    return texts;
}

// The English words of `text`, ignoring what reads as code: `quoted`, paths, --options, ids.
QStringList englishIn(const QString& text)
{
    static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z']*"));
    QString plain = QString(text).remove(tags);
    QStringList found;
    for (const QString& token : plain.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        // Names: paths, wire names, options, file and demo names ("fenced-reply").
        if (token.contains(QLatin1Char('/')) || token.contains(QLatin1Char('_')) || token.contains(QLatin1Char('-'))
            || token.contains(QLatin1Char('`')) || token.contains(QLatin1Char('{')))
            continue;
        for (auto it = word.globalMatch(token); it.hasNext();) {
            const QString w = it.next().captured(0).toLower().remove(QStringLiteral("'s"));
            if (kEnglishWords.contains(w))
                found << w;
        }
    }
    return found;
}

} // namespace

// With the German translation loaded, no visible text of any activity (with a run, its
// capture, a re-validation and the dashboard on screen) nor any menu reads as English.
void TestGuiLayout::germanThroughout()
{
    QTranslator german;
    QVERIFY(german.load(QStringLiteral(CONFORM_QM_DIR "/conform_de.qm")));
    QCoreApplication::installTranslator(&german);
    const auto uninstall = qScopeGuard([&] { QCoreApplication::removeTranslator(&german); });
    m_window.reset();
    openWindow(); // built in German
    m_window->resize(1600, 900);
    runDemo("missing-field");
    QStringList problems;
    const auto walk = [&](const QString& where) {
        for (QWidget* widget : m_window->findChildren<QWidget*>()) {
            if (!widget->isVisibleTo(m_window.get()))
                continue;
            for (const QString& text : textsOf(widget))
                if (const QStringList english = englishIn(text); !english.isEmpty())
                    problems << QStringLiteral("%1: %2: \"%3\" (%4)").arg(where, describe(widget), text.left(120), english.join(QLatin1Char(',')));
        }
    };
    for (Activity activity : kActivities) {
        m_window->showActivity(activity);
        if (activity == Activity::Captures)
            openFirstCapture();
        QTest::qWait(50);
        walk(ActivityWords::key(activity));
    }
    std::function<void(QMenu*, const QString&)> menus = [&](QMenu* menu, const QString& path) {
        emit menu->aboutToShow(); // menus filled when opened (Demos, recent lists)
        for (QAction* action : menu->actions()) {
            if (action->menu())
                menus(action->menu(), path + action->text() + QStringLiteral(" ▸ "));
            else if (const QStringList english = englishIn(action->text() + QLatin1Char(' ') + action->toolTip()); !english.isEmpty())
                problems << QStringLiteral("menu %1%2 (%3)").arg(path, action->text(), english.join(QLatin1Char(',')));
        }
    };
    for (QAction* action : m_window->menuBar()->actions())
        if (action->menu())
            menus(action->menu(), action->text() + QStringLiteral(" ▸ "));
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 English texts:\n  ").arg(problems.size()) + problems.join(QStringLiteral("\n  "))));
}

QTEST_MAIN(TestGuiLayout)
#include "test_gui_layout.moc"
