// The store in use has one owner (workbench/workspace.h): Settings ▸ Store changed through the
// dialog makes the new store the one every view reads and writes — the Captures list, a
// demo's capture, the Dashboard — at once and after a restart, for SQLite and PostgreSQL;
// $CONFORM_STORE wins over the setting and the window says so; a store that cannot be used
// says so in the status bar with a way to Settings; and Suites never blocks the GUI thread
// while it runs and a cell's captures are read from a store of 100,000 captures.
//
// Every check is on an effect (rows listed, captures counted in the store's file or database,
// words in the window), never on the value kept in QSettings.
#include "event_loop_watchdog.h"
#include "grow_store.h"
#include "postgres_cluster.h"
#include "require_dependency.h"

#include "batch/batchpanel.h"
#include "captures/capturepagemodel.h"
#include "captures/capturesbrowser.h"
#include "captures/capturestore.h"
#include "captures/captureview.h"
#include "dashboard/dashboard.h"
#include "run/attemptmodel.h"
#include "settings/settingsdialog.h"
#include "settings/storepage.h"
#include "suites/suitecapturesdialog.h"
#include "suites/suitesview.h"
#include "widgets/tonelabel.h"
#include "workbench/captureviews.h"
#include "workbench/demos.h"
#include "workbench/livestorelabel.h"
#include "workbench/mainwindow.h"
#include "workbench/workspace.h"

#include "run/runpane.h"
#include "store/store.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace conform;
using namespace conform::gui;

namespace {

// Captures in the store at `where` (a file or a URL); -1 when it does not open.
qint64 capturesIn(const QString& where)
{
    auto location = store::StoreLocation::parse(where);
    if (!location)
        return -1;
    auto opened = store::Store::open(location.value(), store::OpenOptions{false});
    if (!opened)
        return -1;
    auto n = opened.value()->count({});
    return n ? n.value() : -1;
}

// What the status bar says of the store in use, whole: the label elides a long name in the
// middle (the window keeps its minimum width), and its tooltip's first line holds it all.
QString storeLabel(MainWindow& window)
{
    const QLabel* label = window.captureViews()->liveStore()->label();
    const QString whole = label->toolTip().section(QLatin1Char('\n'), 0, 0);
    const QStringList ends = label->text().split(QChar(0x2026)); // …
    if (!whole.startsWith(ends.first()) || !whole.endsWith(ends.last()))
        return QStringLiteral("the label \"%1\" is not the tooltip's \"%2\"").arg(label->text(), whole);
    return whole;
}

} // namespace

class TestStoreInUse : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();
    void chooseStoreOrder_data();
    void chooseStoreOrder();
    void settingsStoreIsTheStoreInUse_data();
    void settingsStoreIsTheStoreInUse();
    void environmentStoreWins();
    void unusableStoreOffersSettings();
    void batchKeepsItsStoreWhenReplaced();
    void suitesNeverBlock();

private:
    // Plays the built-in demo `name` in the window's Run activity and waits for its capture.
    void playDemo(MainWindow& window, const QString& name);
    // Shows Captures and waits for its list to hold `rows` rows.
    void expectListed(MainWindow& window, int rows);
    // Shows the Dashboard and waits for it to count `captures`.
    void expectCounted(MainWindow& window, qint64 captures);
    // Settings ▸ Store set to `where` and OK, as a user does.
    void chooseStore(MainWindow& window, const QString& where);
    std::unique_ptr<MainWindow> openWindow();

    QTemporaryDir m_config;
    QTemporaryDir m_workspace;
    QByteArray m_environmentStore;
};

void TestStoreInUse::initTestCase()
{
    QVERIFY(m_config.isValid() && m_workspace.isValid());
    QStandardPaths::setTestModeEnabled(true); // the default store goes to a throw-away place
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_config.path());
    QApplication::setOrganizationName(QStringLiteral("ConformStoreTest"));
    QApplication::setApplicationName(QStringLiteral("test_store_in_use"));
    m_environmentStore = qgetenv("CONFORM_STORE"); // ctest's, for this test's own store
}

void TestStoreInUse::init()
{
    QSettings().clear();
    qunsetenv("CONFORM_STORE"); // each test says whether it wants one
}

void TestStoreInUse::cleanupTestCase()
{
    qputenv("CONFORM_STORE", m_environmentStore);
}

void TestStoreInUse::chooseStoreOrder_data()
{
    QTest::addColumn<QString>("environment"); // CONFORM_STORE; empty: unset
    QTest::addColumn<QString>("setting");     // Settings ▸ Store
    QTest::addColumn<int>("origin");
    QTest::addColumn<QString>("chosen");      // the store's display, or the start of the error
    const QString defaultStore = QString::fromStdString(store::StoreLocation::defaultLocation().display());
    QTest::newRow("CONFORM_STORE wins over the setting") << QStringLiteral("/tmp/pinned.db") << QStringLiteral("/tmp/chosen.db") << int(store::StoreOrigin::Environment) << QStringLiteral("/tmp/pinned.db");
    QTest::newRow("the setting, without CONFORM_STORE") << QStringLiteral("") << QStringLiteral("/tmp/chosen.db") << int(store::StoreOrigin::Setting) << QStringLiteral("/tmp/chosen.db");
    QTest::newRow("a URL setting, its password never shown") << QStringLiteral("") << QStringLiteral("postgresql://qa:pw@db:5433/team") << int(store::StoreOrigin::Setting)
                                                            << QStringLiteral("postgresql://qa:***@db:5433/team");
    QTest::newRow("neither: the default") << QStringLiteral("") << QStringLiteral("  ") << int(store::StoreOrigin::Default) << defaultStore;
    QTest::newRow("a bad CONFORM_STORE is an error, not the setting") << QStringLiteral("postgresql://nohost") << QStringLiteral("/tmp/chosen.db")
                                                                      << int(store::StoreOrigin::Environment) << QStringLiteral("CONFORM_STORE: ");
    QTest::newRow("a bad setting is an error, not the default") << QStringLiteral("") << QStringLiteral("postgresql://nohost") << int(store::StoreOrigin::Setting)
                                                                << QStringLiteral("Settings > Store: ");
}

void TestStoreInUse::chooseStoreOrder()
{
    QFETCH(QString, environment);
    QFETCH(QString, setting);
    QFETCH(int, origin);
    QFETCH(QString, chosen);
    if (!environment.isEmpty())
        qputenv("CONFORM_STORE", environment.toUtf8());
    const store::StoreChoice choice = store::chooseStore(setting);
    QCOMPARE(int(choice.origin), origin);
    const QString said = choice.location ? QString::fromStdString(choice.location->display())
                                         : QString::fromStdString(choice.location.error().toString());
    QVERIFY2(choice.location ? said == chosen : said.startsWith(chosen), qPrintable(said));
}

std::unique_ptr<MainWindow> TestStoreInUse::openWindow()
{
    auto window = std::make_unique<MainWindow>(m_workspace.path());
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        qWarning("the window was not exposed");
    return window;
}

void TestStoreInUse::playDemo(MainWindow& window, const QString& name)
{
    QSignalSpy landed(window.workspace()->captureStore(), &CaptureStore::capturesLanded);
    const QList<Demo> demos = availableDemos(m_workspace.path());
    const auto demo = std::find_if(demos.begin(), demos.end(), [&name](const Demo& d) { return d.name == name; });
    QVERIFY2(demo != demos.end(), qPrintable(name));
    QVERIFY(window.runDemo(*demo));
    QTRY_VERIFY_WITH_TIMEOUT(!window.runPane()->isRunning(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(!landed.isEmpty(), 30000);
}

void TestStoreInUse::expectListed(MainWindow& window, int rows)
{
    window.showActivity(Activity::Captures);
    CapturesBrowser* browser = window.captureViews()->browser();
    browser->refresh(); // what the "new captures" bar does on a click
    QTRY_COMPARE_WITH_TIMEOUT(browser->model()->rowCount(), rows, 15000);
}

void TestStoreInUse::expectCounted(MainWindow& window, qint64 captures)
{
    Dashboard* dashboard = window.captureViews()->dashboard();
    window.showActivity(Activity::Dashboard);
    dashboard->refresh();
    const QString expected = captures == 1 ? QStringLiteral("1 capture") : QStringLiteral("%1 captures").arg(captures);
    QTRY_VERIFY2_WITH_TIMEOUT(dashboard->statusText().startsWith(expected + QStringLiteral(" ·")), qPrintable(dashboard->statusText()), 15000);
}

void TestStoreInUse::chooseStore(MainWindow& window, const QString& where)
{
    SettingsDialog dialog(window.workspace()->keyRing(), schema::ZodStyle::Zod3, &window);
    dialog.show();
    dialog.storePage()->locationEdit()->setText(where);
    dialog.accept();
    QVERIFY2(!dialog.isVisible(), qPrintable(dialog.storePage()->resultLabel()->text()));
}

void TestStoreInUse::settingsStoreIsTheStoreInUse_data()
{
    QTest::addColumn<bool>("postgres");
    QTest::newRow("SQLite file") << false;
    QTest::newRow("PostgreSQL URL") << true;
}

void TestStoreInUse::settingsStoreIsTheStoreInUse()
{
    QFETCH(bool, postgres);
    QTemporaryDir stores;
    const QString first = stores.filePath(QStringLiteral("first.db"));
    QString chosen = stores.filePath(QStringLiteral("chosen.db"));
    if (postgres) {
        PostgresCluster& cluster = PostgresCluster::shared();
        REQUIRE_POSTGRES(cluster);
        chosen = cluster.createDatabase(QStringLiteral("store_in_use"));
        QVERIFY2(!chosen.isEmpty(), qPrintable(cluster.error()));
    }
    AppSettings settings;
    settings.store = first;
    settings.save();

    auto window = openWindow();
    QCOMPARE(storeLabel(*window), QStringLiteral("Store: ") + first);
    playDemo(*window, QStringLiteral("fenced-reply"));
    QCOMPARE(capturesIn(first), 1);
    expectListed(*window, 1);
    CaptureView* opened = window->captureViews()->browser()->captureView();
    QSignalSpy loaded(opened, &CaptureView::loaded);
    window->captureViews()->browser()->openCapture(window->captureViews()->browser()->model()->index(0, 0).data(CapturePageModel::IdRole).toString());
    QVERIFY(loaded.wait(10000));

    // Settings ▸ Store, OK: the new store is the one in use, with no restart.
    QSignalSpy changed(window->workspace(), &Workspace::storeChanged);
    QSignalSpy missing(opened, &CaptureView::loadFailed);
    chooseStore(*window, chosen);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(storeLabel(*window), QStringLiteral("Store: ") + chosen);
    QVERIFY2(window->captureViews()->liveStore()->label()->toolTip().contains(QLatin1String("Settings")),
             qPrintable(window->captureViews()->liveStore()->label()->toolTip()));
    expectListed(*window, 0); // the list reads the new store: nothing there yet
    QVERIFY(missing.count() == 1 || missing.wait(10000)); // the capture shown is looked up there, and is not
    QVERIFY2(missing.at(0).at(0).toString().contains(chosen), qPrintable(missing.at(0).at(0).toString()));
    // ...and nothing of the old store's capture stays on screen under that message.
    QVERIFY(!opened->capture().has_value());
    QCOMPARE(opened->attemptModel()->rowCount(), 0);
    playDemo(*window, QStringLiteral("fenced-reply"));
    QTRY_COMPARE_WITH_TIMEOUT(capturesIn(chosen), 1, 10000);
    QCOMPARE(capturesIn(first), 1); // the old store got nothing more
    expectListed(*window, 1);
    expectCounted(*window, 1);

    // After a restart: the chosen store again, for the list, a demo and the dashboard.
    window.reset();
    window = openWindow();
    QCOMPARE(storeLabel(*window), QStringLiteral("Store: ") + chosen);
    expectListed(*window, 1);
    playDemo(*window, QStringLiteral("trailing-commas"));
    QTRY_COMPARE_WITH_TIMEOUT(capturesIn(chosen), 2, 10000);
    QCOMPARE(capturesIn(first), 1);
    expectListed(*window, 2);
    expectCounted(*window, 2);
}

void TestStoreInUse::environmentStoreWins()
{
    QTemporaryDir stores;
    const QString pinned = stores.filePath(QStringLiteral("pinned.db"));
    const QString chosen = stores.filePath(QStringLiteral("chosen.db"));
    AppSettings settings;
    settings.store = chosen;
    settings.save();
    qputenv("CONFORM_STORE", pinned.toUtf8());

    auto window = openWindow();
    QCOMPARE(storeLabel(*window), QStringLiteral("Store: ") + pinned);
    QVERIFY2(window->captureViews()->liveStore()->label()->toolTip().contains(QLatin1String("CONFORM_STORE")),
             qPrintable(window->captureViews()->liveStore()->label()->toolTip()));
    playDemo(*window, QStringLiteral("fenced-reply"));
    QTRY_COMPARE_WITH_TIMEOUT(capturesIn(pinned), 1, 10000);
    QVERIFY(!QFileInfo::exists(chosen));

    // Settings ▸ Store says so, and choosing another store there changes nothing in use.
    SettingsDialog dialog(window->workspace()->keyRing(), schema::ZodStyle::Zod3, window.get());
    dialog.show();
    StorePage* page = dialog.storePage();
    QVERIFY(!page->overrideLabel()->isHidden());
    QCOMPARE(page->overrideLabel()->text(), QStringLiteral("CONFORM_STORE is set: the store chosen below is not in use"));
    QCOMPARE(page->inUseLabel()->text(), QStringLiteral("In use: ") + pinned);
    QVERIFY(page->inUseLabel()->toolTip().contains(QLatin1String("CONFORM_STORE")));
    page->locationEdit()->setText(stores.filePath(QStringLiteral("other.db")));
    dialog.accept();
    QCOMPARE(storeLabel(*window), QStringLiteral("Store: ") + pinned);
    playDemo(*window, QStringLiteral("fenced-reply"));
    QTRY_COMPARE_WITH_TIMEOUT(capturesIn(pinned), 2, 10000);
    QVERIFY(!QFileInfo::exists(stores.filePath(QStringLiteral("other.db"))));

    // Without CONFORM_STORE the page says what the setting puts in use, and no note.
    qunsetenv("CONFORM_STORE");
    StorePage free(chosen);
    QVERIFY(free.overrideLabel()->isHidden());
    QCOMPARE(free.inUseLabel()->text(), QStringLiteral("In use: ") + chosen);
}

void TestStoreInUse::unusableStoreOffersSettings()
{
    QTemporaryDir stores;
    const QString notes = stores.filePath(QStringLiteral("notes.db")); // a file, but not a store
    QFile file(notes);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("these are notes, not a database\n");
    file.close();
    AppSettings settings;
    settings.store = notes;
    settings.save();
    auto window = openWindow(); // starts: no dialog stands in the way
    LiveStoreLabel* live = window->captureViews()->liveStore();
    QTRY_VERIFY_WITH_TIMEOUT(live->settingsButton()->isVisible(), 15000);
    QCOMPARE(storeLabel(*window), QStringLiteral("Store not usable: ") + notes);
    // One line: what (the store cannot be used), where (the file), what next (Settings ▸ Store).
    const QString why = live->label()->toolTip();
    QVERIFY2(why.contains(QLatin1String("The capture store cannot be used: ")) && why.contains(notes)
                 && why.contains(QStringLiteral("Choose another in Settings ▸ Store.")),
             qPrintable(why));

    // A store that works, chosen in Settings: the button goes, the label names it.
    const QString good = stores.filePath(QStringLiteral("good.db"));
    chooseStore(*window, good);
    QCOMPARE(storeLabel(*window), QStringLiteral("Store: ") + good);
    QVERIFY(!live->settingsButton()->isVisible());
}

// Runs ×N started on one store and the store replaced while it runs: the batch's captures all
// land where it started (its writer lives until the batch ends), the next run in the new one.
void TestStoreInUse::batchKeepsItsStoreWhenReplaced()
{
    QTemporaryDir stores;
    const QString first = stores.filePath(QStringLiteral("first.db"));
    const QString second = stores.filePath(QStringLiteral("second.db"));
    AppSettings settings;
    settings.store = first;
    settings.save();
    auto window = openWindow();
    window->showActivity(Activity::Batch);
    BatchPanel* panel = window->captureViews()->batchPanel();
    panel->checkTargets({QStringLiteral("scenario/missing-field")}); // the demo brings its schema
    panel->setRepeats(20);
    panel->setConcurrency(2);
    QSignalSpy finished(panel, &BatchPanel::batchFinished);
    panel->run();
    QTRY_VERIFY_WITH_TIMEOUT(panel->runner() && panel->isRunning(), 15000);
    chooseStore(*window, second);
    QCOMPARE(storeLabel(*window), QStringLiteral("Store: ") + second);
    QVERIFY(finished.count() == 1 || finished.wait(60000));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QTRY_COMPARE_WITH_TIMEOUT(capturesIn(first), 20, 15000);
    playDemo(*window, QStringLiteral("fenced-reply"));
    QTRY_COMPARE_WITH_TIMEOUT(capturesIn(second), 1, 10000);
    QCOMPARE(capturesIn(first), 20);
}

void TestStoreInUse::suitesNeverBlock()
{
    QTemporaryDir stores;
    const QString path = stores.filePath(QStringLiteral("big.db"));
    const auto chosen = [&path] { return store::StoreChoice{store::StoreOrigin::Setting, store::StoreLocation::parse(path)}; };
    const QString suite = QStringLiteral(CONFORM_SOURCE_DIR "/schemas/questions.suite.json");
    {
        CaptureStore seed(chosen()); // a suite's captures, then copied to 100,000
        SuitesView view(&seed);
        QVERIFY(view.openSuite(suite));
        QSignalSpy done(&view, &SuitesView::finished);
        view.run();
        QVERIFY(done.wait(30000));
    }
    QVERIFY(growStore(path, 100000));
    QCOMPARE(capturesIn(path), 100000);

    CaptureStore store(chosen());
    SuitesView view(&store);
    view.resize(900, 600);
    view.show();
    QVERIFY(view.openSuite(suite));
    int landed = 0;
    connect(&store, &CaptureStore::capturesLanded, this, [&landed](int count) { landed += count; });
    QSignalSpy done(&view, &SuitesView::finished);
    EventLoopWatchdog watchdog;
    view.run();
    QVERIFY(done.wait(30000));
    QTRY_COMPARE_WITH_TIMEOUT(landed, 4, 30000); // committed: the cell's captures are in the store

    // A cell's captures opened, and the suite run again at once: the dialog reads the big
    // store while the suite runs, and neither holds up the GUI thread.
    const QString first = view.captureIds(0, 1).first();
    SuiteCapturesDialog* dialog = view.showCaptures(0, 1);
    QVERIFY(dialog);
    QSignalSpy shown(dialog, &SuiteCapturesDialog::captureShown);
    view.run();
    QVERIFY(view.running());
    QVERIFY(shown.wait(30000));
    QVERIFY2(dialog->documentText().contains(QStringLiteral("\"id\": \"%1\"").arg(first)), qPrintable(dialog->documentText().left(300)));
    QVERIFY(done.wait(30000));
    qInfo("a suite run twice and a cell's captures read, over 100,000 captures: worst GUI-thread turn %.1f ms of CPU (%s)",
          watchdog.longestStallMs(), qPrintable(watchdog.longestGapParts()));
    QVERIFY2(watchdog.longestStallMs() < 50, qPrintable(QString::number(watchdog.longestStallMs())));
    QVERIFY2(view.status().contains(QLatin1String("2 of 4 runs succeeded")), qPrintable(view.status()));
    dialog->close();
}

QTEST_MAIN(TestStoreInUse)
#include "test_store_in_use.moc"
