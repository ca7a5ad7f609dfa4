// QA's loop in the workbench: the Triage activity lists failures by cause, in words, with
// their trend; a reviewer moves through them and sets states and notes from the keyboard; a
// fixed cluster that receives a newer capture stands out as regressed; Make regression suite…
// writes the suite and opens it in Suites, where it replays offline; the Captures list's
// context menu reviews, labels, adds to a suite and copies ids; and Triage over 100,000
// captures never holds the GUI thread.
//
// The store is written by hand (tests/store/cluster_fixture.h), so every expected cluster,
// count and word below is worked out from the documents, not read from Conform:
//   "price"     failed, items[i].price missing (i = 0 or 5), four captures, two schema versions
//   "repaired"  repaired after items[0].price was missing, three captures
//   "cut"       failed, cut at max tokens, two captures
#include "../store/cluster_fixture.h"
#include "event_loop_watchdog.h"
#include "grow_store.h"

#include "captures/capturecontextmenu.h"
#include "captures/capturefilterbar.h"
#include "captures/capturepagemodel.h"
#include "captures/capturesbrowser.h"
#include "settings/appsettings.h"
#include "suites/suitesview.h"
#include "triage/clusterlistmodel.h"
#include "triage/clusterwords.h"
#include "captures/storedrun.h"
#include "triage/qajobs.h"
#include "triage/triageview.h"
#include "workbench/activity.h"
#include "workbench/captureviews.h"
#include "workbench/mainwindow.h"
#include "widgets/themecolours.h"

#include "json/parse.h"
#include "store/capture.h"
#include "store/store.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFont>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPlainTextEdit>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace conform;
using namespace conform::gui;
using namespace clusterfixture;

namespace {

const char* const kReviewer = "Ana QA";

std::string isoAgo(qint64 ms)
{
    return store::isoTime(QDateTime::currentMSecsSinceEpoch() - ms);
}

constexpr qint64 kHour = 3600 * 1000;

// A capture document whose policy allowed exactly the calls it made, as a real run's did:
// replayed, it makes those calls and no other.
Json ran(Json document)
{
    document["spec"]["policy"]["max_calls"] = document["attempts"].size();
    return document;
}

// The nine captures of the header, an hour apart, the newest an hour ago.
std::vector<Json> nineDocuments()
{
    const Json price0 = Json::array({issue(Json::array({"items", 0, "price"}), "invalid_type")});
    const Json price5 = Json::array({issue(Json::array({"items", 5, "price"}), "invalid_type")});
    return {
        ran(document("p1", isoAgo(9 * kHour), "failed", {}, {invalid(price0)}, ordersV1())),
        ran(document("p2", isoAgo(8 * kHour), "failed", {}, {invalid(price5)}, ordersV2())),
        ran(document("p3", isoAgo(7 * kHour), "failed", {}, {invalid(price5)}, ordersV1())),
        ran(document("p4", isoAgo(6 * kHour), "failed", {}, {invalid(price0)}, ordersV2())),
        ran(document("r1", isoAgo(5 * kHour), "repaired", {}, {invalid(price0), valid()}, ordersV1())),
        ran(document("r2", isoAgo(4 * kHour), "repaired", {}, {invalid(price5), valid()}, ordersV1())),
        ran(document("r3", isoAgo(3 * kHour), "repaired", {}, {invalid(price0), valid()}, ordersV1())),
        ran(document("t1", isoAgo(2 * kHour), "failed", {"truncated"}, {invalid(price0)}, ordersV1())),
        ran(document("t2", isoAgo(1 * kHour), "failed", {"truncated"}, {invalid(price0)}, ordersV1())),
    };
}

bool insertDocuments(const QString& path, const std::vector<Json>& documents)
{
    auto opened = store::Store::open(store::StoreLocation::parse(path).value());
    if (!opened)
        return false;
    std::vector<store::Capture> captures;
    for (const Json& d : documents) {
        auto capture = store::captureFromDocument(d);
        if (!capture)
            return false;
        captures.push_back(std::move(capture.value()));
    }
    return bool(opened.value()->insert(captures));
}

std::optional<store::Review> reviewIn(const QString& path, store::SubjectKind kind, const std::string& id)
{
    auto opened = store::Store::open(store::StoreLocation::parse(path).value(), store::OpenOptions{false});
    if (!opened)
        return std::nullopt;
    auto review = opened.value()->reviewOf({kind, id});
    return review ? review.value() : std::nullopt;
}

Json readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Json();
    auto parsed = json::parseStrict(file.readAll().toStdString());
    return parsed ? parsed.value() : Json();
}

QStringList causes(ClusterListModel* model)
{
    QStringList out;
    for (int row = 0; row < model->rowCount(); ++row)
        out << model->index(row, ClusterListModel::Cause).data().toString();
    return out;
}

} // namespace

class TestGuiTriage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void words_data();
    void words();
    void spansOfFindings_data();
    void spansOfFindings();
    void labelEdits_data();
    void labelEdits();
    void listsCausesInWords();
    void reviewFromTheKeyboard();
    void fixedClusterRegresses();
    void makeRegressionSuiteOpensSuites();
    void capturesContextMenu();
    void hundredThousandCaptures();

private:
    void openWindow();
    TriageView* showTriage();
    CapturesBrowser* showCaptures();

    QTemporaryDir m_config;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_store;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiTriage::initTestCase()
{
    QVERIFY(m_config.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_config.path());
    QApplication::setOrganizationName(QStringLiteral("ConformTriageTest"));
    QApplication::setApplicationName(QStringLiteral("test_gui_triage"));
}

void TestGuiTriage::init()
{
    QSettings().clear();
    AppSettings settings = AppSettings::load();
    settings.reviewerName = QString::fromLatin1(kReviewer);
    settings.save();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = m_dir->filePath(QStringLiteral("team.db"));
}

void TestGuiTriage::cleanup()
{
    m_window.reset();
}

void TestGuiTriage::openWindow()
{
    qputenv("CONFORM_STORE", m_store.toUtf8());
    m_window = std::make_unique<MainWindow>(m_dir->path());
    m_window->resize(1024, 700);
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

TriageView* TestGuiTriage::showTriage()
{
    TriageView* triage = m_window->captureViews()->triage();
    QSignalSpy refreshed(triage, &TriageView::refreshed);
    m_window->showActivity(Activity::Triage);
    if (!refreshed.wait(60000))
        return nullptr;
    return triage;
}

CapturesBrowser* TestGuiTriage::showCaptures()
{
    CapturesBrowser* browser = m_window->captureViews()->browser();
    QSignalSpy loaded(browser->model(), &CapturePageModel::pageLoaded);
    m_window->showActivity(Activity::Captures);
    if (browser->model()->rowCount() == 0 && !loaded.wait(30000))
        return nullptr;
    return browser;
}

void TestGuiTriage::words_data()
{
    QTest::addColumn<QString>("finding");
    QTest::addColumn<QString>("words");
    QTest::newRow("missing, Zod 3") << R"({"path": ["items", "*", "price"], "code": "invalid_type", "message": "Required"})"
                                    << "items[*].price is missing";
    QTest::newRow("missing, Zod 4") << R"({"path": ["total"], "code": "invalid_type", "message": "Invalid input: expected number, received undefined"})"
                                    << "total is missing";
    QTest::newRow("wrong type") << R"({"path": ["total"], "code": "invalid_type", "message": "Expected number, received string"})"
                                << "total: Expected number, received string";
    QTest::newRow("a key that is no identifier") << R"({"path": ["line items", "*"], "code": "too_small", "message": "Too short"})"
                                                 << R"(["line items"][*]: Too short)";
    QTest::newRow("enum") << R"({"path": ["overall_rating"], "code": "invalid_enum_value", "message": "Invalid enum value"})"
                          << "overall_rating is not one of the allowed values";
    QTest::newRow("no JSON") << R"({"path": [], "code": "no_json", "message": "no JSON found"})" << "the reply holds no JSON value";
    QTest::newRow("refused request") << R"({"path": [], "code": "http_400", "message": "bad schema"})" << "the request was refused (HTTP 400)";
    QTest::newRow("root") << R"({"path": [], "code": "invalid_type", "message": "Expected object, received array"})"
                          << "the value: Expected object, received array";
}

void TestGuiTriage::words()
{
    QFETCH(QString, finding);
    QFETCH(QString, words);
    const auto parsed = store::Finding::fromJson(json::parseStrict(finding.toStdString()).value());
    QVERIFY(parsed);
    QCOMPARE(ClusterWords::finding(*parsed), words);
}

void TestGuiTriage::spansOfFindings_data()
{
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("issues");
    QTest::addColumn<QStringList>("marked");
    QTest::newRow("a missing member marks the bracket of the object lacking it")
        << R"({"items": [{"price": 1}, {"name": "pen"}, {}]})"
        << R"([{"path": ["items", 2, "price"], "code": "invalid_type"}, {"path": ["items", 1, "price"], "code": "invalid_type"}])"
        << QStringList{"{", "{"};
    QTest::newRow("a wrong item is marked whole")
        << R"({"items": [{"price": 1}, "pen"]})" << R"([{"path": ["items", 1], "code": "invalid_type"}])" << QStringList{R"("pen")"};
    QTest::newRow("a wrong value is marked itself")
        << "Here you go:\n```json\n{\"total\": \"12\"}\n```" << R"([{"path": ["total"], "code": "invalid_type"}])" << QStringList{R"("12")"};
    QTest::newRow("prose has nothing to mark") << "I cannot help with that." << R"([{"path": [], "code": "custom"}])" << QStringList{};
}

void TestGuiTriage::spansOfFindings()
{
    QFETCH(QString, raw);
    QFETCH(QString, issues);
    QFETCH(QStringList, marked);
    const std::string text = raw.toStdString();
    QStringList found;
    engine::AttemptRecord attempt;
    attempt.raw = text;
    attempt.issues = json::parseStrict(issues.toStdString()).value();
    for (const Span& span : issueSpans(attempt))
        found << QString::fromStdString(text.substr(span.offset, span.length));
    QCOMPARE(found, marked); // in text order; the item that has its price is left alone
}

void TestGuiTriage::labelEdits_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("set");    // k=v,k=v
    QTest::addColumn<QString>("remove"); // k,k
    QTest::addColumn<QString>("error");  // a part of it
    QTest::newRow("set and remove") << "ticket=QA-12  -draft owner=ana" << "ticket=QA-12,owner=ana" << "draft" << "";
    QTest::newRow("a word that is neither") << "ticket" << "" << "" << "\"ticket\": write key=value";
    QTest::newRow("a key the store keeps") << "suite=x" << "" << "" << "suite";
    QTest::newRow("nothing") << "   " << "" << "" << "no label given";
}

void TestGuiTriage::labelEdits()
{
    QFETCH(QString, text);
    QFETCH(QString, set);
    QFETCH(QString, remove);
    QFETCH(QString, error);
    const auto change = parseLabelEdit(text);
    if (!error.isEmpty()) {
        QVERIFY(!change);
        QVERIFY2(QString::fromStdString(change.error().toString()).contains(error), change.error().toString().c_str());
        return;
    }
    QVERIFY(change);
    QStringList sets, removes;
    for (const auto& [key, value] : change->set)
        sets << QString::fromStdString(key + "=" + value);
    for (const std::string& key : change->remove)
        removes << QString::fromStdString(key);
    QCOMPARE(sets.join(QLatin1Char(',')), set);
    QCOMPARE(removes.join(QLatin1Char(',')), remove);
}

void TestGuiTriage::listsCausesInWords()
{
    QVERIFY(insertDocuments(m_store, nineDocuments()));
    openWindow();
    QSignalSpy shown(m_window->captureViews()->triage(), &TriageView::detailShown);
    TriageView* triage = showTriage();
    QVERIFY(triage);
    ClusterListModel* model = triage->model();
    // Biggest first: price (4), repaired (3), cut (2).
    QCOMPARE(causes(model), (QStringList{"items[*].price is missing", "items[*].price is missing", "the reply was cut at the token limit"}));
    QCOMPARE(model->index(0, ClusterListModel::Captures).data().toString(), QStringLiteral("4"));
    QCOMPARE(model->index(0, ClusterListModel::Outcome).data().toString(), QStringLiteral("failed"));
    QCOMPARE(model->index(1, ClusterListModel::Outcome).data().toString(), QStringLiteral("repaired"));
    QCOMPARE(model->index(2, ClusterListModel::Captures).data().toString(), QStringLiteral("2"));
    QCOMPARE(model->index(0, ClusterListModel::State).data().toString(), QStringLiteral("new"));
    // The trend: the price captures ran 6 to 9 hours ago, all within the last two days.
    qlonglong trendTotal = 0;
    for (const QVariant& n : model->index(0, ClusterListModel::Trend).data(ClusterListModel::TrendRole).toList())
        trendTotal += n.toLongLong();
    QCOMPARE(trendTotal, 4);

    // The biggest is chosen once the list is read: what they share, its spread, its newest
    // captures, its reply highlighted.
    QCOMPARE(triage->table()->currentIndex().row(), 0);
    QTRY_VERIFY(shown.count() > 0);
    QCOMPARE(triage->causeLabel()->text(), QStringLiteral("items[*].price is missing"));
    QVERIFY2(triage->spreadLabel()->text().contains(QLatin1String("2 schema version")), qPrintable(triage->spreadLabel()->text()));
    QVERIFY2(triage->spreadLabel()->text().contains(QLatin1String("gpt-4o-mini")), qPrintable(triage->spreadLabel()->text()));
    QCOMPARE(triage->sharedList()->item(0)->text(), QStringLiteral("items[*].price is missing"));
    QStringList examples;
    for (int i = 0; i < triage->examplesList()->count(); ++i)
        examples << triage->examplesList()->item(i)->text();
    QCOMPARE(examples, (QStringList{"p4", "p3", "p2", "p1"})); // newest first
    // p4's reply is {"items":[{}]}: the bracket of the item lacking its price is marked.
    QCOMPARE(triage->replyView()->toPlainText(), QStringLiteral(R"({"items":[{}]})"));
    const auto marks = triage->replyView()->extraSelections();
    QCOMPARE(marks.size(), 1);
    QCOMPARE(marks.front().cursor.position(), 11);
    QCOMPARE(marks.front().cursor.selectedText(), QStringLiteral("{"));

    // A double-click on an example opens it in Captures.
    emit triage->examplesList()->itemActivated(triage->examplesList()->item(1));
    QTRY_COMPARE(m_window->currentActivity(), Activity::Captures);
}

void TestGuiTriage::reviewFromTheKeyboard()
{
    QVERIFY(insertDocuments(m_store, nineDocuments()));
    openWindow();
    TriageView* triage = showTriage();
    QVERIFY(triage);
    QTableView* table = triage->table();
    table->setFocus();
    QSignalSpy shown(triage, &TriageView::detailShown);
    QSignalSpy reviewed(triage, &TriageView::reviewed);
    QSignalSpy refreshed(triage, &TriageView::refreshed);
    QCOMPARE(table->currentIndex().row(), 0); // the first is chosen when the list is read
    QTest::keyClick(table, Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(table->currentIndex().row(), 1);
    QTest::keyClick(table, Qt::Key_Up, Qt::AltModifier);
    QCOMPARE(table->currentIndex().row(), 0);
    const std::string price = triage->currentCluster()->id;

    // Alt+4: fixed, signed with Settings' name.
    QTest::keyClick(table, Qt::Key_4, Qt::AltModifier);
    QVERIFY(reviewed.wait(10000));
    QCOMPARE(reviewed.last().at(0).toString(), QString());
    QVERIFY(refreshed.wait(10000));
    auto review = reviewIn(m_store, store::SubjectKind::Cluster, price);
    QVERIFY(review);
    QCOMPARE(int(review->state), int(store::ReviewState::Fixed));
    QCOMPARE(review->reviewer, std::string(kReviewer));
    QCOMPARE(triage->currentCluster()->id, price); // the list kept its place
    QCOMPARE(triage->model()->index(0, ClusterListModel::State).data().toString(), QStringLiteral("fixed"));
    QVERIFY(triage->stateButton(store::ReviewState::Fixed)->isChecked());

    // F2, a note, Enter: kept with the state it had.
    QTest::keyClick(table, Qt::Key_F2);
    QTRY_VERIFY(triage->noteEdit()->hasFocus());
    QTest::keyClicks(triage->noteEdit(), QStringLiteral("prompt v7 names price"));
    QTest::keyClick(triage->noteEdit(), Qt::Key_Return);
    QVERIFY(reviewed.wait(10000));
    QVERIFY(refreshed.wait(10000));
    review = reviewIn(m_store, store::SubjectKind::Cluster, price);
    QCOMPARE(review->note, std::string("prompt v7 names price"));
    QCOMPARE(int(review->state), int(store::ReviewState::Fixed));
    QVERIFY(table->hasFocus()); // back to the list for the next one

    // Escape drops a note being written.
    QTest::keyClick(table, Qt::Key_F2);
    QTest::keyClicks(triage->noteEdit(), QStringLiteral(" (draft)"));
    QTest::keyClick(triage->noteEdit(), Qt::Key_Escape);
    QCOMPARE(triage->noteEdit()->text(), QStringLiteral("prompt v7 names price"));

    // Alt+N: the next cluster nobody reviewed (the repaired one, row 1); Alt+3 expected.
    QTest::keyClick(table, Qt::Key_N, Qt::AltModifier);
    QCOMPARE(table->currentIndex().row(), 1);
    const std::string repaired = triage->currentCluster()->id;
    QTest::keyClick(table, Qt::Key_3, Qt::AltModifier);
    QVERIFY(reviewed.wait(10000));
    QVERIFY(refreshed.wait(10000));
    QCOMPARE(int(reviewIn(m_store, store::SubjectKind::Cluster, repaired)->state), int(store::ReviewState::Expected));
    // Alt+Up goes back; Alt+N from there finds the cut one, the last unreviewed.
    QTest::keyClick(table, Qt::Key_Up, Qt::AltModifier);
    QCOMPARE(table->currentIndex().row(), 0);
    QTest::keyClick(table, Qt::Key_N, Qt::AltModifier);
    QCOMPARE(table->currentIndex().row(), 2);
    QVERIFY(!triage->nextUnreviewed()); // none other left

    // "Needing review" lists only that one.
    triage->setOnlyUnreviewed(true);
    QVERIFY(refreshed.wait(10000));
    QCOMPARE(causes(triage->model()), QStringList{"the reply was cut at the token limit"});
    triage->setOnlyUnreviewed(false);
    QVERIFY(refreshed.wait(10000));
}

void TestGuiTriage::fixedClusterRegresses()
{
    QVERIFY(insertDocuments(m_store, nineDocuments()));
    openWindow();
    TriageView* triage = showTriage();
    QVERIFY(triage);
    QSignalSpy reviewed(triage, &TriageView::reviewed);
    QSignalSpy refreshed(triage, &TriageView::refreshed);
    QVERIFY(triage->selectCluster(triage->model()->index(0, 0).data(ClusterListModel::ClusterIdRole).toString()));
    const std::string price = triage->currentCluster()->id;
    triage->setState(store::ReviewState::Fixed);
    QVERIFY(reviewed.wait(10000));
    QVERIFY(refreshed.wait(10000));

    // A capture that ran before the fix, imported afterwards, does not reopen it...
    const Json price0 = Json::array({issue(Json::array({"items", 2, "price"}), "invalid_type")});
    QVERIFY(insertDocuments(m_store, {document("late-import", isoAgo(30 * kHour), "failed", {}, {invalid(price0)}, ordersV1())}));
    triage->refresh();
    QVERIFY(refreshed.wait(10000));
    QCOMPARE(triage->model()->index(triage->model()->rowOf(price), ClusterListModel::State).data().toString(), QStringLiteral("fixed"));
    // ...one newer than the fix does: regressed, in the failure colour and bold.
    QVERIFY(insertDocuments(m_store, {document("after-fix", store::isoTime(QDateTime::currentMSecsSinceEpoch() + 60000), "failed", {},
                                               {invalid(price0)}, ordersV1())}));
    triage->refresh();
    QVERIFY(refreshed.wait(10000));
    const QModelIndex state = triage->model()->index(triage->model()->rowOf(price), ClusterListModel::State);
    QCOMPARE(state.data().toString(), QStringLiteral("regressed"));
    QVERIFY(state.data(Qt::FontRole).value<QFont>().bold());
    QCOMPARE(state.data(Qt::ForegroundRole).value<QColor>(), statusColours().failure);
    QVERIFY(triage->selectCluster(QString::fromStdString(price)));
    QVERIFY2(triage->reviewLabel()->text().startsWith(QLatin1String("Regressed")), qPrintable(triage->reviewLabel()->text()));
    // A note alone does not end a regression: a state has to be chosen.
    triage->setNote(QStringLiteral("looking"));
    QVERIFY2(triage->statusText().contains(QLatin1String("choose its state")), qPrintable(triage->statusText()));
    QCOMPARE(int(reviewIn(m_store, store::SubjectKind::Cluster, price)->state), int(store::ReviewState::Fixed));
    // Choosing one takes the note typed along.
    triage->setState(store::ReviewState::Confirmed);
    QVERIFY(reviewed.wait(10000));
    const auto review = reviewIn(m_store, store::SubjectKind::Cluster, price);
    QCOMPARE(int(review->state), int(store::ReviewState::Confirmed));
    QCOMPARE(review->note, std::string("looking"));
}

void TestGuiTriage::makeRegressionSuiteOpensSuites()
{
    QVERIFY(insertDocuments(m_store, nineDocuments()));
    openWindow();
    TriageView* triage = showTriage();
    QVERIFY(triage);
    QVERIFY(triage->selectCluster(triage->model()->index(0, 0).data(ClusterListModel::ClusterIdRole).toString()));
    const QString path = m_dir->filePath(QStringLiteral("price.suite.json"));
    QSignalSpy written(triage, &TriageView::regressionSuiteWritten);
    triage->makeRegressionSuite(path);
    QVERIFY(written.wait(10000));
    QCOMPARE(written.last().at(2).toString(), QString());
    QCOMPARE(written.last().at(1).toInt(), 4);
    const Json suite = readJson(path);
    QCOMPARE(suite["cases"].size(), std::size_t(4));
    QCOMPARE(suite["thresholds"]["min_success"].get<int>(), 1);
    QCOMPARE(suite["cases"][0]["capture"].get<std::string>(), std::string("p4"));

    // Suites shows it, ready to replay offline; replayed, the cases fail as they failed.
    QTRY_COMPARE(m_window->currentActivity(), Activity::Suites);
    SuitesView* suites = m_window->findChild<SuitesView*>();
    QVERIFY(suites);
    QCOMPARE(suites->suitePath(), path);
    QVERIFY(suites->canReplay());
    QVERIFY(suites->replays());
    const qint64 before = [this] {
        auto opened = store::Store::open(store::StoreLocation::parse(m_store).value(), store::OpenOptions{false});
        return opened ? opened.value()->count({}).value() : -1;
    }();
    QSignalSpy finished(suites, &SuitesView::finished);
    suites->run();
    QVERIFY(finished.wait(30000));
    QVERIFY2(suites->status().contains(QLatin1String("0 of 4 runs succeeded")), qPrintable(suites->status()));
    QVERIFY2(suites->status().contains(QLatin1String("NOT met")), qPrintable(suites->status()));
    QVERIFY2(suites->status().contains(QLatin1String("Replayed")), qPrintable(suites->status()));
    auto opened = store::Store::open(store::StoreLocation::parse(m_store).value(), store::OpenOptions{false});
    QCOMPARE(opened.value()->count({}).value(), before); // nothing stored
    // The command line reads the same file the same way: one failing case fails the suite.
    QProcess cli;
    cli.start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("suite"), path, QStringLiteral("--replay")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 1);
}

void TestGuiTriage::capturesContextMenu()
{
    QVERIFY(insertDocuments(m_store, nineDocuments()));
    openWindow();
    CapturesBrowser* browser = showCaptures();
    QVERIFY(browser);
    CapturePageModel* model = browser->model();
    QTRY_COMPARE(model->rowCount(), 9);
    // The first-finding column: a failed capture's cause in words; a cut one's flag.
    QMap<QString, QString> findingOf;
    for (int row = 0; row < model->rowCount(); ++row)
        findingOf[model->index(row, 0).data(CapturePageModel::IdRole).toString()] = model->index(row, CapturePageModel::Finding).data().toString();
    QCOMPARE(findingOf.value("p2"), QStringLiteral("items[*].price is missing"));
    QCOMPARE(findingOf.value("r1"), QStringLiteral("items[*].price is missing"));
    QCOMPARE(findingOf.value("t1"), QStringLiteral("the reply was cut at the token limit"));

    // Two rows chosen: p1 and p2.
    QTableView* table = browser->table();
    table->selectionModel()->clearSelection();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString id = model->index(row, 0).data(CapturePageModel::IdRole).toString();
        if (id == "p1" || id == "p2")
            table->selectionModel()->select(model->index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    QStringList ids = browser->selectedIds();
    ids.sort();
    QCOMPARE(ids, (QStringList{"p1", "p2"}));

    // A right-click opens the menu, with what it offers.
    emit table->customContextMenuRequested(QPoint(10, 10));
    QTRY_VERIFY(qobject_cast<QMenu*>(QApplication::activePopupWidget()));
    QMenu* popup = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    QStringList texts;
    for (QAction* action : popup->actions())
        if (!action->isSeparator())
            texts << action->text();
    popup->close();
    QCOMPARE(texts, (QStringList{"Review 2 capture(s) as", "Label…", "Add to regression suite…", "Open its cluster in Triage", "Copy 2 id(s)"}));

    CaptureContextMenu* menu = browser->contextMenu();
    QSignalSpy done(menu, &CaptureContextMenu::done);
    // Review ▸ confirmed, through the menu's own action.
    std::unique_ptr<QMenu> built(menu->menuForSelection());
    QMenu* review = QMenu::menuInAction(built->actions().front());
    QVERIFY(review);
    for (QAction* action : review->actions())
        if (action->text() == QLatin1String("confirmed"))
            action->trigger();
    QVERIFY(done.wait(10000));
    QCOMPARE(done.last().at(1).toString(), QString());
    for (const char* id : {"p1", "p2"}) {
        const auto r = reviewIn(m_store, store::SubjectKind::Capture, id);
        QVERIFY(r);
        QCOMPARE(int(r->state), int(store::ReviewState::Confirmed));
        QCOMPARE(r->reviewer, std::string(kReviewer));
    }

    // Label…: set one, then remove it.
    menu->labelSelected(QStringLiteral("ticket=QA-12"));
    QVERIFY(done.wait(10000));
    QCOMPARE(done.last().at(1).toString(), QString());
    auto opened = store::Store::open(store::StoreLocation::parse(m_store).value(), store::OpenOptions{false});
    QCOMPARE(store::labelValue(opened.value()->capture("p1").value()->summary.labels, "ticket"), std::string("QA-12"));
    menu->labelSelected(QStringLiteral("-ticket"));
    QVERIFY(done.wait(10000));
    QCOMPARE(done.last().at(1).toString(), QString());
    QCOMPARE(store::labelValue(opened.value()->capture("p2").value()->summary.labels, "ticket"), std::string());
    const auto said = done.count();
    menu->labelSelected(QStringLiteral("suite=nightly")); // refused at once: the store keeps "suite" itself
    QCOMPARE(done.count(), said + 1);
    QVERIFY2(done.last().at(1).toString().contains(QLatin1String("suite")), qPrintable(done.last().at(1).toString()));

    // Add to regression suite…, twice into one file: the second adds nothing.
    const QString path = m_dir->filePath(QStringLiteral("mixed.suite.json"));
    QSignalSpy written(menu, &CaptureContextMenu::regressionSuiteWritten);
    menu->addSelectedToSuite(path);
    QVERIFY(written.wait(10000));
    QCOMPARE(written.last().at(1).toInt(), 2);
    QTRY_COMPARE(m_window->currentActivity(), Activity::Suites);
    m_window->showActivity(Activity::Captures);
    menu->addSelectedToSuite(path);
    QVERIFY(written.wait(10000));
    QCOMPARE(written.last().at(1).toInt(), 2);
    QCOMPARE(readJson(path)["cases"].size(), std::size_t(2));

    // Copy id.
    menu->copySelectedIds();
    QStringList copied = QApplication::clipboard()->text().split(QLatin1Char('\n'));
    copied.sort();
    QCOMPARE(copied, (QStringList{"p1", "p2"}));

    // Open its cluster in Triage: the current row's.
    m_window->showActivity(Activity::Captures);
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, 0).data(CapturePageModel::IdRole).toString() == QLatin1String("t1"))
            table->setCurrentIndex(model->index(row, 0));
    const QString cut = model->clusterOf(table->currentIndex().row());
    QVERIFY(!cut.isEmpty());
    std::unique_ptr<QMenu> again(menu->menuForSelection());
    for (QAction* action : again->actions())
        if (action->text() == QLatin1String("Open its cluster in Triage"))
            action->trigger();
    QTRY_COMPARE(m_window->currentActivity(), Activity::Triage);
    TriageView* triage = m_window->captureViews()->triage();
    QTRY_VERIFY(triage->currentCluster() && triage->currentCluster()->id == cut.toStdString());
}

void TestGuiTriage::hundredThousandCaptures()
{
    // Nine captures grown to 100,000 by copying rows (each copy keeps its cluster): every one
    // is a failure, so the clusters' counts add up to 100,000.
    QVERIFY(insertDocuments(m_store, nineDocuments()));
    QVERIFY(growStore(m_store, 100000));
    openWindow();
    EventLoopWatchdog watchdog;
    TriageView* triage = showTriage();
    QVERIFY(triage);
    qint64 total = 0;
    for (const store::Cluster& c : triage->model()->clusters())
        total += c.count;
    QCOMPARE(total, qint64(100000));
    QCOMPARE(triage->model()->rowCount(), 3);
    // Through every cluster and back, its detail read each time, a state set on the way.
    QSignalSpy shown(triage, &TriageView::detailShown);
    QSignalSpy reviewed(triage, &TriageView::reviewed);
    QSignalSpy refreshed(triage, &TriageView::refreshed);
    for (int i = 0; i < 2; ++i) {
        triage->nextCluster();
        QVERIFY(shown.wait(30000));
    }
    triage->previousCluster();
    QVERIFY(shown.wait(30000));
    triage->setState(store::ReviewState::Ignored);
    QVERIFY(reviewed.wait(30000));
    QVERIFY(refreshed.wait(60000));
    triage->setNewestFirst(true);
    QVERIFY(refreshed.wait(60000));
    triage->setNewestFirst(false);
    QVERIFY(refreshed.wait(60000));
    qInfo("Triage over 100,000 captures: worst GUI-thread turn %.1f ms of CPU (%s)", watchdog.longestStallMs(),
          qPrintable(watchdog.longestGapParts()));
    QVERIFY2(watchdog.longestStallMs() < 50, qPrintable(QString::number(watchdog.longestStallMs())));
}

QTEST_MAIN(TestGuiTriage)
#include "test_gui_triage.moc"
