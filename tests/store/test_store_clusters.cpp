// Clusters, reviews and labels in the store, on SQLite and on a throwaway PostgreSQL cluster:
// grouping by cause, the upgrade of a store written before clusters, reviews with their
// history and `regressed`, labels after the fact, and the command line over them. Expected
// figures are worked out by hand from the documents below.
#include "capture_fixture.h"
#include "cluster_fixture.h"
#include "postgres_cluster.h"
#include "test_registry.h"

#include "cli_in_process.h"
#include "store/detail/connection.h"
#include "store/migrations.h"
#include "store/store.h"

#include <QTest>

using namespace conform;
using namespace conform::store;
using namespace clusterfixture;

namespace {

constexpr std::int64_t kHour = 3'600'000;

// 2026-11-01T00:00:00Z, and the day after, ...
std::int64_t day(int n)
{
    return 1'793'491'200'000 + std::int64_t(n - 1) * 24 * kHour;
}

std::string at(std::int64_t ms)
{
    return isoTime(ms);
}

// Seven captures: three fail for a missing price (two schema versions), one was repaired
// for it, one was cut, one is valid, one unchecked.
std::vector<Json> sevenDocuments()
{
    const Json price0 = Json::array({issue({"items", 0, "price"}, "invalid_type", "Required")});
    const Json price5 = Json::array({issue({"items", 5, "price"}, "invalid_type", "Required")});
    return {
        document("c1", at(day(1) + 10 * kHour), "failed", {}, {invalid(price0)}, ordersV1()),
        document("c2", at(day(2) + 9 * kHour), "failed", {}, {invalid(price5)}, ordersV2()),
        document("c3", at(day(3) + 8 * kHour), "failed", {}, {invalid(price0), invalid(price5)}, ordersV1()),
        document("c4", at(day(2) + 12 * kHour), "repaired", {}, {invalid(price0), valid()}, ordersV1()),
        document("c5", at(day(1) + 11 * kHour), "failed", {"truncated"}, {invalid(price0)}, ordersV1()),
        document("c6", at(day(3) + 9 * kHour), "valid", {}, {valid()}, ordersV1()),
        document("c7", at(day(3) + 10 * kHour), "unchecked", {}, {valid()}, ordersV1()),
    };
}

std::vector<Capture> capturesOf(const std::vector<Json>& documents)
{
    std::vector<Capture> out;
    for (const Json& d : documents)
        out.push_back(captureFromDocument(d).value());
    return out;
}

const std::string kPriceCluster = "ca35e0a37ddab64c"; // canonicalTextByHand's first row: the same cause

std::vector<std::string> idsOf(const std::vector<Cluster>& clusters)
{
    std::vector<std::string> ids;
    for (const Cluster& c : clusters)
        ids.push_back(c.id);
    return ids;
}

const Cluster* find(const std::vector<Cluster>& clusters, const std::string& id)
{
    for (const Cluster& c : clusters)
        if (c.id == id)
            return &c;
    return nullptr;
}

QStringList versionTenUndone()
{
    return {QStringLiteral("DROP INDEX captures_by_cluster"), QStringLiteral("ALTER TABLE captures DROP COLUMN cluster"),
            QStringLiteral("DROP TABLE clusters"), QStringLiteral("DROP TABLE reviews"), QStringLiteral("DROP TABLE review_history"),
            QStringLiteral("UPDATE conform_meta SET value = '9' WHERE key = 'schema_version'")};
}

ReviewChange change(SubjectKind kind, const std::string& id, ReviewState state, std::optional<std::string> note, const std::string& who,
                    std::int64_t atMs)
{
    return ReviewChange{{{kind, id}}, state, std::move(note), who, atMs};
}

} // namespace

class StoreClustersTest : public QObject
{
    Q_OBJECT

private slots:
    void clustersGroupByCause_data() { addBackendRows(); }
    void clustersGroupByCause()
    {
        OPEN_FRESH_STORE(store, "clusters_group");
        QVERIFY(store.insert(capturesOf(sevenDocuments())));
        ClusterQuery query;
        query.perDay = true;
        query.spread = true;
        auto clusters = store.clusters(query);
        QVERIFY2(clusters, clusters ? "" : clusters.error().toString().c_str());
        // Biggest first; the two of one capture each, most recently seen first (c4, then c5).
        QCOMPARE(clusters->size(), std::size_t(3));
        const Cluster& price = clusters->at(0);
        QCOMPARE(price.id, kPriceCluster);
        QCOMPARE(price.count, std::int64_t(3));
        QCOMPARE(price.outcome, int(OutcomeCode::Failed));
        QCOMPARE(price.firstSeenMs, day(1) + 10 * kHour);
        QCOMPARE(price.lastSeenMs, day(3) + 8 * kHour);
        QCOMPARE(price.examples, (std::vector<std::string>{"c3", "c2", "c1"}));
        QCOMPARE(price.schemaHash, std::string("d4c08ef12cb116b8")); // c3's: orders as first written
        QCOMPARE(price.schemaTitle, std::string("orders"));
        QCOMPARE(price.state, ReviewState::New);
        QVERIFY(!price.review);
        QCOMPARE(price.schemaVersions, std::int64_t(2));
        QCOMPARE(price.targets.size(), std::size_t(1));
        QCOMPARE(price.targets[0].count, std::int64_t(3));
        QCOMPARE(price.perDay.size(), std::size_t(3));
        QCOMPARE(price.perDay[1].dayStartMs, day(2));
        QCOMPARE(price.perDay[1].count, std::int64_t(1));
        QCOMPARE(dump(price.toJson()),
                 std::string(R"({"cluster":"ca35e0a37ddab64c","count":3,"outcome":"failed","schema_hash":"d4c08ef12cb116b8",)"
                             R"("schema_title":"orders","schema_id":null,"findings":[{"path":["items","*","price"],"code":"invalid_type",)"
                             R"("message":"Required"}],"flags":[],"first_seen":"2026-11-01T10:00:00.000Z","last_seen":"2026-11-03T08:00:00.000Z",)"
                             R"("state":"new","note":null,"reviewer":null,"reviewed_at":null,"examples":["c3","c2","c1"]})"));
        QCOMPARE(store::outcomeNameOf(clusters->at(1).outcome), std::string_view("repaired"));
        QCOMPARE(clusters->at(1).examples, std::vector<std::string>{"c4"});
        QCOMPARE(clusters->at(2).flags, int(Truncated));
        QVERIFY(clusters->at(2).findings.empty());

        // The filter picks the captures; newest first orders by the last one seen.
        query = {};
        QVERIFY(query.filter.set("outcome", "failed"));
        query.order = ClusterOrder::Newest;
        auto failed = store.clusters(query);
        QVERIFY(failed);
        QCOMPARE(failed->size(), std::size_t(2));
        QCOMPARE(failed->at(0).id, kPriceCluster);
        QVERIFY(failed->at(1).flags == Truncated);
        query = {};
        query.filter.sinceMs = day(2);
        QCOMPARE(store.clusters(query)->at(0).count, std::int64_t(2));
        query.limit = 1;
        QCOMPARE(store.clusters(query)->size(), std::size_t(1));
        // A cluster's captures, by the filter.
        Filter ofPrice;
        QVERIFY(ofPrice.set("cluster", kPriceCluster));
        QCOMPARE(store.count(ofPrice).value(), std::int64_t(3));
        auto one = store.cluster(kPriceCluster);
        QVERIFY(one && one.value());
        QCOMPARE(one.value()->count, std::int64_t(3));
        QVERIFY(!store.cluster("0000000000000000").value());
    }

    // The same cause has the same id in every store and after an export and an import.
    void idsSurviveExportAndImport_data() { addBackendRows(); }
    void idsSurviveExportAndImport()
    {
        OPEN_FRESH_STORE(imported, "clusters_imported");
        const QString origin = freshStore(QStringLiteral("sqlite"), QStringLiteral("clusters_origin"));
        std::vector<std::string> before;
        {
            auto store = Store::open(StoreLocation::parse(origin).value());
            QVERIFY(store && store.value()->insert(capturesOf(sevenDocuments())));
            before = idsOf(store.value()->clusters({}).value());
        }
        const QString lines = origin + QStringLiteral(".jsonl");
        QCOMPARE(runCliInProcess({"captures", "export", "--store", origin, "-o", lines}).code, 0);
        QCOMPARE(runCliInProcess({"captures", "import", lines, "--store", location_imported}).code, 0);
        QCOMPARE(idsOf(imported.clusters({}).value()), before);
        QCOMPARE(before.front(), kPriceCluster);
    }

    // A store written before clusters: opening it gives every failure its cluster, from the
    // run documents already stored (packed bodies included).
    void migratesAnOldStore_data() { addBackendRows(); }
    void migratesAnOldStore()
    {
        OPEN_FRESH_STORE(fresh, "clusters_from_v9");
        QVERIFY(fresh.insert(capturesOf(sevenDocuments())));
        const std::vector<std::string> before = idsOf(fresh.clusters({}).value());
        const StoreLocation location = fresh.location();
        {
            auto connection = Connection::open(location, OpenOptions{false});
            QVERIFY(connection);
            QVERIFY(connection.value()->execAll(versionTenUndone(), "test"));
            QCOMPARE(storedVersion(*connection.value()).value(), 9);
        }
        auto reopened = Store::open(location);
        QVERIFY2(reopened, reopened ? "" : reopened.error().toString().c_str());
        auto connection = Connection::open(location, OpenOptions{false});
        QCOMPARE(storedVersion(*connection.value()).value(), kStoreVersion);
        auto after = reopened.value()->clusters({});
        QVERIFY2(after, after ? "" : after.error().toString().c_str());
        QCOMPARE(idsOf(after.value()), before);
        QCOMPARE(after->at(0).count, std::int64_t(3));
        QCOMPARE(after->at(0).findings.at(0).message, std::string("Required"));
        QCOMPARE(reopened.value()->capture("c1").value()->summary.cluster, kPriceCluster);
        QVERIFY(reopened.value()->capture("c6").value()->summary.cluster.empty());
    }

    void reviewsKeepStateNoteWhoAndWhen_data() { addBackendRows(); }
    void reviewsKeepStateNoteWhoAndWhen()
    {
        OPEN_FRESH_STORE(store, "reviews");
        QVERIFY(store.insert(capturesOf(sevenDocuments())));
        const ReviewSubject price{SubjectKind::Cluster, kPriceCluster};
        auto first = store.review(change(SubjectKind::Cluster, kPriceCluster, ReviewState::Confirmed, "missing prices on gift cards", "ana",
                                         day(4)));
        QVERIFY2(first, first ? "" : first.error().toString().c_str());
        QCOMPARE(first->size(), std::size_t(1));
        QVERIFY(!first->at(0).previousState);
        auto review = store.reviewOf(price).value();
        QVERIFY(review);
        QCOMPARE(review->state, ReviewState::Confirmed);
        QCOMPARE(review->note, std::string("missing prices on gift cards"));
        QCOMPARE(review->reviewer, std::string("ana"));
        QCOMPARE(review->reviewedAtMs, day(4));
        // Another reviewer changes the state; no note given keeps the note.
        QVERIFY(store.review(change(SubjectKind::Cluster, kPriceCluster, ReviewState::Expected, std::nullopt, "ben", day(4) + kHour)));
        review = store.reviewOf(price).value();
        QCOMPARE(review->state, ReviewState::Expected);
        QCOMPARE(review->note, std::string("missing prices on gift cards"));
        QCOMPARE(review->reviewer, std::string("ben"));
        // An empty note clears it.
        QVERIFY(store.review(change(SubjectKind::Cluster, kPriceCluster, ReviewState::Expected, std::string(), "ben", day(4) + 2 * kHour)));
        QCOMPARE(store.reviewOf(price).value()->note, std::string());
        auto history = store.reviewHistory(price).value();
        QCOMPARE(history.size(), std::size_t(3));
        QCOMPARE(history[1].previousState, std::optional(ReviewState::Confirmed));
        QCOMPARE(history[1].state, ReviewState::Expected);
        QCOMPARE(history[1].reviewer, std::string("ben"));
        QCOMPARE(history[1].atMs, day(4) + kHour);
        QCOMPARE(history[2].previousNote, std::optional<std::string>("missing prices on gift cards"));
        QCOMPARE(dump(history[0].toJson()),
                 std::string(R"({"subject":{"kind":"cluster","id":"ca35e0a37ddab64c"},"state":"confirmed","previous_state":null,)"
                             R"("note":"missing prices on gift cards","previous_note":null,"reviewer":"ana","at":"2026-11-04T00:00:00.000Z"})"));
        // The list reads the review.
        const Cluster listed = store.clusters({}).value().at(0);
        QCOMPARE(listed.state, ReviewState::Expected);
        QCOMPARE(listed.review->reviewer, std::string("ben"));

        // A single capture, and an unknown id among known ones: nothing at all changes.
        QVERIFY(store.review(change(SubjectKind::Capture, "c5", ReviewState::Ignored, "load test", "ana", day(5))));
        QCOMPARE(store.reviewOf({SubjectKind::Capture, "c5"}).value()->state, ReviewState::Ignored);
        ReviewChange mixed{{{SubjectKind::Capture, "c1"}, {SubjectKind::Cluster, "ffffffffffffffff"}}, ReviewState::Fixed, std::nullopt, "ana", day(5)};
        auto refused = store.review(mixed);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.find("no cluster ffffffffffffffff") != std::string::npos, refused.error().message.c_str());
        QVERIFY(!store.reviewOf({SubjectKind::Capture, "c1"}).value());
        mixed.subjects = {{SubjectKind::Capture, "nope"}};
        QVERIFY(!store.review(mixed));
        QVERIFY(!store.review(change(SubjectKind::Capture, "c1", ReviewState::Regressed, std::nullopt, "ana", day(5))));
        QVERIFY(!store.review(change(SubjectKind::Capture, "c1", ReviewState::Fixed, std::nullopt, "", day(5))));
    }

    // Fixed, then a capture of the cause arrives: regressed only when it ran after the fix.
    void fixedRegressesForANewerCapture_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<qint64>("capturedAfterFix");
        QTest::addColumn<QString>("state");
        for (const char* backend : {"sqlite", "postgres"}) {
            QTest::addRow("%s: newer", backend) << QString::fromLatin1(backend) << qint64(kHour) << QStringLiteral("regressed");
            QTest::addRow("%s: older, imported later", backend) << QString::fromLatin1(backend) << qint64(-kHour) << QStringLiteral("fixed");
        }
    }
    void fixedRegressesForANewerCapture()
    {
        QFETCH(qint64, capturedAfterFix);
        QFETCH(QString, state);
        OPEN_FRESH_STORE(store, "regressed");
        QVERIFY(store.insert(capturesOf(sevenDocuments())));
        const std::int64_t fixedAt = day(4);
        QVERIFY(store.review(change(SubjectKind::Cluster, kPriceCluster, ReviewState::Fixed, "prompt v7 asks for every price", "ana", fixedAt)));
        QCOMPARE(store.cluster(kPriceCluster).value()->state, ReviewState::Fixed);
        const Json again = document("c8", at(fixedAt + capturedAfterFix), "failed", {},
                                    {invalid(Json::array({issue({"items", 9, "price"}, "invalid_type")}))}, ordersV2());
        QVERIFY(store.insert(capturesOf({again})));
        QCOMPARE(QString::fromUtf8(reviewStateName(store.cluster(kPriceCluster).value()->state)), state);
        // Read through a filter that leaves the new capture out, the state is the cluster's.
        ClusterQuery before;
        before.filter.untilMs = day(3) + 12 * kHour;
        QCOMPARE(QString::fromUtf8(reviewStateName(find(store.clusters(before).value(), kPriceCluster)->state)), state);
        ClusterQuery regressed;
        regressed.states = {ReviewState::Regressed};
        QCOMPARE(store.clusters(regressed)->size(), std::size_t(state == QLatin1String("regressed") ? 1 : 0));
        // Someone looks again: as set.
        QVERIFY(store.review(change(SubjectKind::Cluster, kPriceCluster, ReviewState::Confirmed, std::nullopt, "ben", fixedAt + 2 * kHour)));
        QCOMPARE(store.cluster(kPriceCluster).value()->state, ReviewState::Confirmed);
    }

    void labelsAfterTheFact_data() { addBackendRows(); }
    void labelsAfterTheFact()
    {
        OPEN_FRESH_STORE(store, "labels");
        QVERIFY(store.insert(capturesOf(sevenDocuments())));
        QVERIFY(store.relabel({{"c1", "c2"}, {{"ticket", "QA-12"}, {"owner", "ana"}}, {}}));
        QVERIFY(store.relabel({{"c2"}, {{"ticket", "QA-13"}}, {"owner"}}));
        Filter ticket;
        QVERIFY(ticket.set("label", "ticket=QA-12"));
        QCOMPARE(store.count(ticket).value(), std::int64_t(1));
        const Labels labels = store.capture("c2").value()->summary.labels;
        QCOMPARE(labels, (Labels{{"ticket", "QA-13"}}));
        auto reserved = store.relabel({{"c1"}, {{"case", "x"}}, {}});
        QVERIFY(!reserved);
        QVERIFY2(reserved.error().message.find("'case'") != std::string::npos, reserved.error().message.c_str());
        QVERIFY(!store.relabel({{"c1"}, {}, {"source"}}));
        QVERIFY(!store.relabel({{"c1", "nope"}, {{"ticket", "QA-99"}}, {}}));
        QCOMPARE(labelValue(store.capture("c1").value()->summary.labels, "ticket"), std::string("QA-12"));
    }

    // The command line: clusters, review and label, and their errors, as CI reads them.
    void commandLine()
    {
        const QString path = freshStore(QStringLiteral("sqlite"), QStringLiteral("clusters_cli"));
        {
            auto store = Store::open(StoreLocation::parse(path).value());
            QVERIFY(store && store.value()->insert(capturesOf(sevenDocuments())));
        }
        const QString cluster = QString::fromStdString(kPriceCluster);
        CliRun run = runCliInProcess({"captures", "clusters", "--store", path, "--json"});
        QCOMPARE(run.code, 0);
        QCOMPARE(std::count(run.out.begin(), run.out.end(), '\n'), 3);
        QVERIFY2(run.out.starts_with(R"({"cluster":"ca35e0a37ddab64c","count":3,"outcome":"failed")"), run.out.c_str());
        run = runCliInProcess({"captures", "clusters", "--store", path});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.out.find("ca35e0a37ddab64c  3  failed  orders  /items/*/price invalid_type  last 2026-11-03T08:00:00.000Z  new\n")
                     != std::string::npos, run.out.c_str());
        QVERIFY2(run.out.find("  1  failed  orders  truncated  last 2026-11-01T11:00:00.000Z  new\n") != std::string::npos, run.out.c_str());

        run = runCliInProcess({"captures", "review", "--cluster", cluster, "--state", "fixed", "--note", "prompt v7", "--reviewer", "ana",
                               "--store", path});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.out.starts_with("cluster ca35e0a37ddab64c: fixed (was new), by ana at "), run.out.c_str());
        run = runCliInProcess({"captures", "clusters", "--store", path, "--state", "fixed", "--json"});
        QCOMPARE(std::count(run.out.begin(), run.out.end(), '\n'), 1);
        const Json line = Json::parse(run.out);
        QCOMPARE(dump(line["state"]), dump(Json("fixed")));
        QCOMPARE(dump(line["note"]), dump(Json("prompt v7")));
        QCOMPARE(dump(line["reviewer"]), dump(Json("ana")));
        QVERIFY(line["reviewed_at"].get<std::string>().ends_with("Z"));
        run = runCliInProcess({"captures", "review", "c1", "c2", "--state", "expected", "--reviewer", "ben", "--store", path, "--json"});
        QCOMPARE(run.code, 0);
        QCOMPARE(std::count(run.out.begin(), run.out.end(), '\n'), 2);
        run = runCliInProcess({"captures", "review", "--cluster", cluster, "--history", "--store", path, "--json"});
        QCOMPARE(run.code, 0);
        QCOMPARE(dump(Json::parse(run.out)["state"]), dump(Json("fixed")));

        run = runCliInProcess({"captures", "label", "c1", "c3", "--set", "ticket=QA-7", "--store", path});
        QCOMPARE(run.code, 0);
        run = runCliInProcess({"captures", "list", "--label", "ticket=QA-7", "--store", path});
        QCOMPARE(std::count(run.out.begin(), run.out.end(), '\n'), 2);
        run = runCliInProcess({"captures", "list", "--cluster", cluster, "--store", path});
        QCOMPARE(std::count(run.out.begin(), run.out.end(), '\n'), 3);
    }

    void commandLineErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("error");
        QTest::newRow("unknown cluster") << QStringList{"captures", "review", "--cluster", "ffffffffffffffff", "--state", "fixed", "--reviewer", "a"}
                                         << "no cluster ffffffffffffffff";
        QTest::newRow("unknown capture") << QStringList{"captures", "review", "c1", "nope", "--state", "fixed", "--reviewer", "a"} << "no capture nope";
        QTest::newRow("regressed is read, not set") << QStringList{"captures", "review", "c1", "--state", "regressed", "--reviewer", "a"}
                                                    << "no one sets it";
        QTest::newRow("no state") << QStringList{"captures", "review", "c1", "--reviewer", "a"} << "give --state S";
        QTest::newRow("nothing to review") << QStringList{"captures", "review", "--state", "fixed", "--reviewer", "a"} << "give capture ids or --cluster C";
        QTest::newRow("label: nothing to do") << QStringList{"captures", "label", "c1"} << "give --set K=V or --remove K";
        QTest::newRow("label: not K=V") << QStringList{"captures", "label", "c1", "--set", "ticket"} << "--set wants K=V";
        QTest::newRow("label: unknown capture") << QStringList{"captures", "label", "nope", "--set", "a=b"} << "no capture nope";
        QTest::newRow("label: a run's own") << QStringList{"captures", "label", "c1", "--remove", "suite"} << "cannot be changed";
        QTest::newRow("clusters: bad state") << QStringList{"captures", "clusters", "--state", "done"} << "--state must be";
    }
    void commandLineErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, error);
        const QString path = freshStore(QStringLiteral("sqlite"), QStringLiteral("clusters_cli_errors"));
        {
            auto store = Store::open(StoreLocation::parse(path).value());
            QVERIFY(store && store.value()->insert(capturesOf(sevenDocuments())));
        }
        const CliRun run = runCliInProcess(arguments + QStringList{"--store", path});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.starts_with("conform-cli: error: "), run.err.c_str());
        QCOMPARE(std::count(run.err.begin(), run.err.end(), '\n'), 1);
        QVERIFY2(run.err.find(error.toStdString()) != std::string::npos, run.err.c_str());
        auto store = Store::open(StoreLocation::parse(path).value());
        QVERIFY(!store.value()->reviewOf({SubjectKind::Capture, "c1"}).value()); // nothing was written
        QVERIFY(labelValue(store.value()->capture("c1").value()->summary.labels, "a").empty());
    }
};

CONFORM_TEST_CLASS(StoreClustersTest);
#include "test_store_clusters.moc"
