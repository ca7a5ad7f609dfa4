// test_batch: runs that build a rate. Scripted scenarios (tests/batch/data) run N times per
// target in process; the expected tallies are worked out by hand from the scenario files:
//   first-try   one valid reply                       -> valid, 0 repairs, 100 in / 10 out
//   one-repair  a wrong key, then the right one       -> repaired, 1 repair, 250 in / 22 out
//   never       a number where a string is wanted x3  -> failed after 2 repairs (3 calls), 300 in / 30 out
//   cut         a reply stopped at max_tokens         -> failed, truncated (the policy says fail)
// every reply delayed 30 ms, so a run's latency is about 30 ms a call at least (25 ms is
// asserted: Qt's coarse timers may fire up to 5% early).
#include "batch/batch.h"

#include "engine/engine.h"
#include "json/parse.h"
#include "providers/scenario.h"
#include "store/store.h"
#include "store/writer.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace conform;

namespace {

QString dataFile(const QString& name)
{
    return QStringLiteral(CONFORM_TEST_DATA "/") + name;
}

Json schemaJson()
{
    QFile file(dataFile(QStringLiteral("schema.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return json::parseStrict(file.readAll().toStdString()).value();
}

engine::Target scenarioTarget(const QString& name)
{
    engine::Target target;
    target.provider = providers::ProviderKind::Scenario;
    target.mode = engine::ModeChoice::Text;
    auto scenario = providers::loadScenario(dataFile(name + QStringLiteral(".json")));
    if (scenario) {
        target.model = scenario->name;
        target.scenario = std::make_shared<const providers::Scenario>(std::move(scenario.value()));
    }
    return target;
}

batch::BatchSpec batchOf(const QStringList& scenarios, int repeats, int concurrency)
{
    batch::BatchSpec b;
    b.spec.schema = schemaJson();
    b.spec.prompt.user = "Answer yes.";
    b.spec.policy.maxRepairs = 2;
    b.spec.policy.maxCalls = 3;
    b.spec.policy.onTruncation = engine::TruncationPolicy::Fail;
    for (const QString& name : scenarios)
        b.targets.push_back(scenarioTarget(name));
    b.repeats = repeats;
    b.concurrency = concurrency;
    return b;
}

} // namespace

class TestBatch : public QObject
{
    Q_OBJECT

private slots:
    void tallyOfOneCapture();
    void talliesPerTarget_data();
    void talliesPerTarget();
    void everyRunCapturedWithLabels();
    void concurrencyIsALimit();
    void cancelStopsEverythingInFlight();
    void emptyBatchFinishesAfterStart();
};

void TestBatch::tallyOfOneCapture()
{
    store::CaptureSummary s;
    s.outcome = static_cast<int>(store::OutcomeCode::Repaired);
    s.flags = store::Truncated | store::NotEnforced;
    s.parseOkFirst = true;
    s.repairs = 2;
    s.latencyMs = 120;
    s.tokensIn = 7;
    s.tokensOut = 3;
    const store::Tally t = batch::tallyOf(s);
    QCOMPARE(t.count, 1);
    QCOMPARE(t.parsed, 1);
    QCOMPARE(t.firstTryValid, 0);
    QCOMPARE(t.repaired, 1);
    QCOMPARE(t.valid + t.fallback + t.failed, 0);
    QCOMPARE(t.truncated, 1);
    QCOMPARE(t.refused, 0);
    QCOMPARE(t.repairs, 2);
    QCOMPARE(t.tokensIn, 7);
    QCOMPARE(t.latencyPercentile(0.5), 120);
}

void TestBatch::talliesPerTarget_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("valid");
    QTest::addColumn<int>("repaired");
    QTest::addColumn<int>("failed");
    QTest::addColumn<int>("firstTryValid");
    QTest::addColumn<int>("truncated");
    QTest::addColumn<int>("repairs");
    QTest::addColumn<int>("tokensIn");
    QTest::addColumn<int>("tokensOut");
    QTest::addColumn<int>("minLatency"); // 25 ms a call at least
    // Three runs of each.
    QTest::newRow("first-try") << "first-try" << 3 << 0 << 0 << 3 << 0 << 0 << 300 << 30 << 25;
    QTest::newRow("one-repair") << "one-repair" << 0 << 3 << 0 << 0 << 0 << 3 << 750 << 66 << 50;
    QTest::newRow("never") << "never" << 0 << 0 << 3 << 0 << 0 << 6 << 900 << 90 << 75;
    QTest::newRow("cut") << "cut" << 0 << 0 << 3 << 0 << 3 << 0 << 300 << 30 << 25;
}

void TestBatch::talliesPerTarget()
{
    QFETCH(QString, scenario);
    // The target under test runs beside the others, as in the panel; its row is its own.
    const QStringList all = {QStringLiteral("first-try"), QStringLiteral("one-repair"), QStringLiteral("never"), QStringLiteral("cut")};
    batch::BatchRunner runner;
    QSignalSpy finished(&runner, &batch::BatchRunner::finished);
    QSignalSpy changed(&runner, &batch::BatchRunner::tallyChanged);
    runner.start(batchOf(all, 3, 3));
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QCOMPARE(changed.count(), 12);
    QCOMPARE(runner.runsDone(), 12);
    const store::Tally& t = runner.tally(int(all.indexOf(scenario)));
    QCOMPARE(t.count, 3);
    QTEST(int(t.valid), "valid");
    QTEST(int(t.repaired), "repaired");
    QTEST(int(t.failed), "failed");
    QTEST(int(t.firstTryValid), "firstTryValid");
    QTEST(int(t.truncated), "truncated");
    QTEST(int(t.repairs), "repairs");
    QTEST(int(t.tokensIn), "tokensIn");
    QTEST(int(t.tokensOut), "tokensOut");
    QFETCH(int, minLatency);
    QVERIFY2(t.latencyPercentile(0.5) >= minLatency, qPrintable(QString::number(t.latencyPercentile(0.5))));
}

void TestBatch::everyRunCapturedWithLabels()
{
    QTemporaryDir dir;
    auto location = store::StoreLocation::parse(dir.filePath(QStringLiteral("batch.db")));
    QVERIFY(location);
    store::CaptureWriter writer(location.value());
    QVERIFY(writer.waitUntilOpen().ok());
    batch::BatchRunner runner(&writer);
    QStringList ids;
    connect(&runner, &batch::BatchRunner::runFinished, this, [&](int, const engine::RunRecord&, const QString& id) { ids << id; });
    QSignalSpy finished(&runner, &batch::BatchRunner::finished);
    auto spec = batchOf({QStringLiteral("first-try"), QStringLiteral("one-repair")}, 5, 4);
    spec.labels = {{"experiment", "e1"}};
    runner.start(std::move(spec));
    QVERIFY(finished.wait(30000));
    QVERIFY(writer.flush().ok());
    QCOMPARE(ids.size(), 10);
    QCOMPARE(QSet<QString>(ids.begin(), ids.end()).size(), 10);

    auto store = store::Store::open(location.value());
    QVERIFY(store);
    store::Filter batchFilter;
    QVERIFY(batchFilter.set("label", "batch=" + runner.batchId()).ok());
    QCOMPARE(store.value()->count(batchFilter).value(), 10);
    store::Filter oneTarget = batchFilter;
    QVERIFY(oneTarget.set("label", "target=scenario/one-repair").ok());
    QVERIFY(oneTarget.set("label", "experiment=e1").ok());
    QCOMPARE(store.value()->count(oneTarget).value(), 5);
    store::Filter thirdRepeat = batchFilter;
    QVERIFY(thirdRepeat.set("label", "repeat=3").ok());
    QCOMPARE(store.value()->count(thirdRepeat).value(), 2);
    // One schema and one prompt version for the whole batch.
    const auto rows = store.value()->list(batchFilter, 100);
    QVERIFY(rows);
    for (const store::CaptureSummary& row : rows.value()) {
        QCOMPARE(row.schemaHash, rows->front().schemaHash);
        QCOMPARE(row.promptHash, rows->front().promptHash);
    }
    store::Filter repaired = oneTarget;
    QVERIFY(repaired.set("outcome", "repaired").ok());
    QCOMPARE(store.value()->count(repaired).value(), 5);
}

void TestBatch::concurrencyIsALimit()
{
    batch::BatchRunner runner;
    int most = 0;
    // At each run's end: the runs still in flight, plus the one that just ended.
    connect(&runner, &batch::BatchRunner::runFinished, this, [&] { most = std::max(most, runner.runsInFlight() + 1); });
    QSignalSpy finished(&runner, &batch::BatchRunner::finished);
    runner.start(batchOf({QStringLiteral("first-try")}, 8, 2));
    QVERIFY(finished.wait(30000));
    QCOMPARE(runner.tally(0).count, 8);
    QCOMPARE(most, 2);
}

void TestBatch::cancelStopsEverythingInFlight()
{
    batch::BatchRunner runner;
    QSignalSpy finished(&runner, &batch::BatchRunner::finished);
    QSignalSpy done(&runner, &batch::BatchRunner::runFinished);
    runner.start(batchOf({QStringLiteral("slow")}, 20, 3));
    QTRY_VERIFY_WITH_TIMEOUT(done.count() >= 1, 10000);
    runner.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QVERIFY(!runner.running());
    const int tallied = int(runner.tally(0).count);
    QVERIFY2(tallied < 20, qPrintable(QString::number(tallied)));
    QCOMPARE(tallied, runner.runsDone());
    // Nothing more arrives: no run is left in flight, none is started.
    QTest::qWait(600);
    QCOMPARE(int(runner.tally(0).count), tallied);
    QCOMPARE(finished.count(), 1);
}

void TestBatch::emptyBatchFinishesAfterStart()
{
    batch::BatchRunner runner;
    QSignalSpy finished(&runner, &batch::BatchRunner::finished);
    runner.start(batchOf({}, 5, 2));
    QCOMPARE(finished.count(), 0); // not inside start()
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
}

QTEST_GUILESS_MAIN(TestBatch)
#include "test_batch.moc"
