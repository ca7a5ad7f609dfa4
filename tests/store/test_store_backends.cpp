// The store on both backends: round trips, metrics worked out by hand, filters, paging,
// replay over history, migrations, the writer thread and the table model. Every test runs
// once on SQLite and once on a throwaway PostgreSQL cluster.
#include "capture_fixture.h"
#include "postgres_cluster.h"
#include "test_registry.h"

#include "schema/schema.h"
#include "store/migrations.h"
#include "store/detail/connection.h"
#include "store/detail/order_sql.h"
#include "store/replay.h"
#include "store/store.h"
#include "store/writer.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>

using namespace conform;
using namespace conform::store;

namespace {

std::vector<Capture> fixtureCaptures()
{
    std::vector<Capture> captures;
    for (const Json& document : fixtureDocuments())
        captures.push_back(captureFromDocument(document).value());
    return captures;
}

void insertFixture(Store& store)
{
    auto inserted = store.insert(fixtureCaptures());
    QVERIFY2(inserted, inserted ? "" : inserted.error().toString().c_str());
    QCOMPARE(inserted->inserted.size(), std::size_t(10));
}

Json statsOf(Store& store, StatsQuery query)
{
    auto stats = store.stats(query);
    if (!stats)
        qWarning("%s", stats.error().toString().c_str());
    return stats ? stats.value() : Json();
}

} // namespace

class StoreBackendsTest : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data() { addBackendRows(); }
    void roundTrip()
    {
        OPEN_FRESH_STORE(store, "round_trip");
        insertFixture(store);
        for (const Json& original : fixtureDocuments()) {
            auto back = store.capture(original["id"].get<std::string>());
            QVERIFY(back && back.value());
            QCOMPARE(QString::fromStdString(dump(back.value()->document())), QString::fromStdString(dump(original)));
        }
        auto missing = store.capture("no-such-id");
        QVERIFY(missing && !missing.value());
        auto again = store.insert(fixtureCaptures()); // by id: nothing is stored twice
        QVERIFY(again);
        QCOMPARE(again->inserted.size(), std::size_t(0));
        QCOMPARE(again->alreadyPresent, std::size_t(10));
        QCOMPARE(store.count({}).value(), std::int64_t(10));
    }

    void statsWorkedOutByHand_data() { addBackendRows(); }
    void statsWorkedOutByHand()
    {
        OPEN_FRESH_STORE(store, "stats_hand");
        insertFixture(store);
        const Json s = statsOf(store, {});
        QCOMPARE(s["count"].get<int>(), 10);
        QCOMPARE(s["parse_rate"].get<double>(), 0.7);
        QCOMPARE(s["first_try_valid_rate"].get<double>(), 0.4);
        QCOMPARE(s["final_success_rate"].get<double>(), 0.6);
        QCOMPARE(s["repaired_rate"].get<double>(), 0.2);
        QCOMPARE(s["fallback_rate"].get<double>(), 0.1);
        QCOMPARE(s["failed_rate"].get<double>(), 0.3);
        QCOMPARE(s["truncated_rate"].get<double>(), 0.1);
        QCOMPARE(s["refused_rate"].get<double>(), 0.1);
        QCOMPARE(s["transport_error_rate"].get<double>(), 0.1);
        QCOMPARE(s["mean_repairs"].get<double>(), 0.6);
        QCOMPARE(s["latency_ms"]["p50"].get<int>(), 500);
        QCOMPARE(s["latency_ms"]["p95"].get<int>(), 2000);
        QCOMPARE(s["latency_ms"]["p99"].get<int>(), 2000);
        QCOMPARE(s["tokens"]["input"].get<int>(), 160);
        QCOMPARE(s["tokens"]["output"].get<int>(), 80);
        QCOMPARE(s["tokens"]["cached"].get<int>(), 4);
        QCOMPARE(s["targets"]["final_success_rate"]["met"].get<bool>(), false);
        QCOMPARE(s["targets"]["mean_repairs"]["met"].get<bool>(), true);
        QCOMPARE(s["targets"]["fallback_rate"]["met"].get<bool>(), false);
        // Case a: valid twice (all pass); case b: repaired then failed (one passes).
        QCOMPARE(s["pass_k"]["cases"].get<int>(), 2);
        QCOMPARE(s["pass_k"]["mean_repeats"].get<double>(), 2.0);
        QCOMPARE(s["pass_k"]["pass_all_rate"].get<double>(), 0.5);
        QCOMPARE(s["pass_k"]["pass_any_rate"].get<double>(), 1.0);
    }

    void statsGroupedAndBucketed_data() { addBackendRows(); }
    void statsGroupedAndBucketed()
    {
        OPEN_FRESH_STORE(store, "stats_groups");
        insertFixture(store);
        StatsQuery query;
        query.by = {"provider", "model"};
        query.bucket = Bucket::Day;
        const Json s = statsOf(store, query);
        QCOMPARE(s["groups"].size(), std::size_t(3));
        const Json& anthropic = s["groups"][0];
        QCOMPARE(dump(anthropic["key"]), std::string(R"({"provider":"anthropic","model":"claude"})"));
        QCOMPARE(anthropic["count"].get<int>(), 4);
        QCOMPARE(anthropic["final_success_rate"].get<double>(), 0.25);
        QCOMPARE(anthropic["latency_ms"]["p50"].get<int>(), 600);
        QCOMPARE(s["groups"][1]["key"]["provider"].get<std::string>(), std::string("ollama"));
        QCOMPARE(s["groups"][1]["final_success_rate"].get<double>(), 1.0);
        QCOMPARE(s["groups"][2]["final_success_rate"].get<double>(), 0.75);
        QCOMPARE(s["groups"][2]["buckets"].size(), std::size_t(2)); // openai ran on 1 and 2 November
        QCOMPARE(s["buckets"].size(), std::size_t(3));
        QCOMPARE(s["buckets"][0]["start"].get<std::string>(), std::string("2026-11-01T00:00:00.000Z"));
        QCOMPARE(s["buckets"][0]["count"].get<int>(), 3);
        QCOMPARE(s["buckets"][0]["final_success_rate"].get<double>(), 1.0);
        QCOMPARE(s["buckets"][1]["count"].get<int>(), 4);
        QCOMPARE(s["buckets"][1]["final_success_rate"].get<double>(), 0.25);
        QCOMPARE(s["buckets"][2]["count"].get<int>(), 3);
        query.bucket = Bucket::Hour;
        query.by = {"schema"};
        const Json hourly = statsOf(store, query);
        QCOMPARE(hourly["buckets"].size(), std::size_t(10));
        QCOMPARE(hourly["groups"].size(), std::size_t(2)); // two schema versions
    }

    void backendsAgree()
    {
        REQUIRE_POSTGRES(PostgresCluster::shared());
        std::vector<Json> results;
        for (const QString& backend : {QStringLiteral("sqlite"), QStringLiteral("postgres")}) {
            auto store = Store::open(StoreLocation::parse(freshStore(backend, QStringLiteral("agree"))).value());
            QVERIFY(store);
            insertFixture(*store.value());
            StatsQuery query;
            query.by = {"provider", "model", "schema", "prompt", "mode"};
            query.bucket = Bucket::Hour;
            results.push_back(statsOf(*store.value(), query));
            results.push_back(statsOf(*store.value(), {}));
        }
        QVERIFY(!results[0].is_null());
        QCOMPARE(QString::fromStdString(dump(results[2])), QString::fromStdString(dump(results[0])));
        QCOMPARE(QString::fromStdString(dump(results[3])), QString::fromStdString(dump(results[1])));
    }

    void filters_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QStringList>("filters"); // name=value pairs
        QTest::addColumn<int>("expected");
        const std::pair<const char*, std::pair<QStringList, int>> cases[] = {
            {"none", {{}, 10}},
            {"outcome failed", {{"outcome=failed"}, 3}},
            {"flag truncated", {{"flag=truncated"}, 1}},
            {"provider", {{"provider=anthropic"}, 4}},
            {"model", {{"model=llama3"}, 2}},
            {"mode", {{"mode=json-object"}, 1}},
            {"label", {{"label=case=a"}, 2}},
            {"two labels", {{"label=case=b", "label=repeat=2"}, 1}},
            {"since", {{"since=2026-11-02"}, 7}},
            {"until", {{"until=2026-11-02"}, 3}},
            {"since and until", {{"since=2026-11-02T00:00:00Z", "until=2026-11-03"}, 4}},
            {"reply text", {{"text=needle"}, 1}},
            {"like characters are literal", {{"text=%"}, 0}},
            {"provider and outcome", {{"provider=openai", "outcome=valid"}, 2}},
            {"source suite", {{"source=suite"}, 4}},
            {"source proxy", {{"source=proxy"}, 2}},
            {"source otlp", {{"source=otlp"}, 1}},
            {"source import and outcome", {{"source=import", "outcome=valid"}, 1}},
            {"source run", {{"source=run"}, 2}},
        };
        for (const QString& backend : {QStringLiteral("sqlite"), QStringLiteral("postgres")})
            for (const auto& [name, c] : cases)
                QTest::newRow(qPrintable(backend + QLatin1Char(' ') + QLatin1String(name))) << backend << c.first << c.second;
    }
    void filters()
    {
        QFETCH(QStringList, filters);
        QFETCH(int, expected);
        OPEN_FRESH_STORE(store, "filters");
        insertFixture(store);
        Filter filter;
        for (const QString& pair : filters) {
            const qsizetype eq = pair.indexOf(QLatin1Char('='));
            QVERIFY(filter.set(pair.left(eq).toStdString(), pair.mid(eq + 1).toStdString()));
        }
        QCOMPARE(store.count(filter).value(), std::int64_t(expected));
        QCOMPARE(store.list(filter, 100)->size(), std::size_t(expected));
        QCOMPARE(statsOf(store, {filter, {}, {}, {}})["count"].get<int>(), expected);
    }

    void schemaVersionsAreHashes_data() { addBackendRows(); }
    void schemaVersionsAreHashes()
    {
        OPEN_FRESH_STORE(store, "hashes");
        insertFixture(store);
        Filter filter;
        filter.schemaHash = shortHash(dump(fixtureSchemaV2())).substr(0, 6); // a prefix is enough
        QCOMPARE(store.count(filter).value(), std::int64_t(2));
        filter.schemaHash = shortHash(dump(fixtureSchema()));
        QCOMPARE(store.count(filter).value(), std::int64_t(8));
    }

    void listPagesNewestFirst_data() { addBackendRows(); }
    void listPagesNewestFirst()
    {
        OPEN_FRESH_STORE(store, "paging");
        insertFixture(store);
        Filter page;
        page.descending = true;
        QStringList ids;
        for (;;) {
            std::vector<std::int64_t> seqs;
            auto rows = store.list(page, 3, &seqs);
            QVERIFY(rows);
            for (const CaptureSummary& s : rows.value())
                ids << QString::fromStdString(s.id).right(2);
            if (rows->size() < 3)
                break;
            page.afterSeq = seqs.back();
        }
        QCOMPARE(ids, QStringList({"10", "09", "08", "07", "06", "05", "04", "03", "02", "01"}));
    }

    // Every sortable column, both ways, read three rows a page so that pages break inside
    // runs of equal keys. The orders are worked out by hand from the fixture's table (ids
    // 01-10 in time order; equal keys fall newest first when descending).
    void pagesInEveryOrder_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("descending");
        QTest::addColumn<QString>("expected");
        const struct { const char* key; bool descending; const char* expected; } cases[] = {
            {"outcome", true, "08 07 04 06 09 03 10 05 02 01"},   // failed, fallback, repaired, valid
            {"outcome", false, "01 02 05 10 03 09 06 04 07 08"},
            {"time", true, "10 09 08 07 06 05 04 03 02 01"},
            {"time", false, "01 02 03 04 05 06 07 08 09 10"},
            {"provider", false, "05 06 07 08 09 10 01 02 03 04"}, // anthropic, ollama, openai
            {"provider", true, "04 03 02 01 10 09 08 07 06 05"},
            {"model", false, "05 06 07 08 01 02 03 04 09 10"},    // claude, gpt-4o-mini, llama3
            {"mode", false, "06 01 02 03 04 09 10 05 07 08"},     // json-object, strict, text, tool
            {"attempts", true, "06 04 09 03 10 08 07 05 02 01"},  // 4, 3, 2, 1
            {"repairs", true, "06 04 09 03 10 08 07 05 02 01"},   // 2, 1, 0
            {"repairs", false, "01 02 05 07 08 10 03 09 04 06"},
            {"latency", false, "01 02 03 04 05 06 07 08 09 10"},  // 100 ms up to 2,000 ms
            {"latency", true, "10 09 08 07 06 05 04 03 02 01"},
            {"tokens", true, "06 04 09 03 10 07 05 02 01 08"},    // 60, 45, 30, 15, 0
        };
        for (const char* backend : {"sqlite", "postgres"})
            for (const auto& c : cases)
                QTest::addRow("%s %s %s", backend, c.key, c.descending ? "desc" : "asc")
                    << QString::fromLatin1(backend) << QString::fromLatin1(c.key) << c.descending << QString::fromLatin1(c.expected);
    }
    void pagesInEveryOrder()
    {
        QFETCH(QString, key);
        QFETCH(bool, descending);
        QFETCH(QString, expected);
        OPEN_FRESH_STORE(store, "orders");
        insertFixture(store);
        const Order order{sortKeyNamed(key.toStdString()).value(), descending};
        QStringList ids;
        std::optional<Cursor> after;
        int pages = 0;
        do {
            auto page = store.page({}, order, after, 3);
            QVERIFY2(page, page ? "" : page.error().toString().c_str());
            for (const CaptureSummary& s : page->rows)
                ids << QString::fromStdString(s.id).right(2);
            after = page->next;
            QVERIFY(++pages <= 5);
        } while (after);
        QCOMPARE(ids.join(QLatin1Char(' ')), expected);
        // A filter narrows a sorted list: the failed captures, slowest first.
        Filter failed;
        failed.outcome = static_cast<int>(OutcomeCode::Failed);
        auto slowest = store.page(failed, {SortKey::Latency, true}, std::nullopt, 2);
        QVERIFY(slowest && slowest->rows.size() == 2 && slowest->next);
        QCOMPARE(QString::fromStdString(slowest->rows[0].id).right(2), QStringLiteral("08"));
        QCOMPARE(QString::fromStdString(slowest->rows[1].id).right(2), QStringLiteral("07"));
        QCOMPARE(store.page(failed, {SortKey::Latency, true}, slowest->next, 2)->rows.size(), std::size_t(1));

        // SQLite reads a page from the key's index, with no sort step (a million rows would
        // otherwise be sorted for every page).
        if (backend == QLatin1String("sqlite")) {
            auto connection = Connection::open(store.location(), OpenOptions{false});
            QVERIFY(connection);
            const SqlCondition next = detail::afterCursor(order, Cursor{QVariant(1), 0, 5});
            auto plan = connection.value()->exec(QStringLiteral("EXPLAIN QUERY PLAN SELECT c.seq FROM captures c WHERE ") + next.sql
                                                     + detail::orderByClause(order) + QStringLiteral(" LIMIT 3"),
                                                 next.values);
            QVERIFY(plan);
            QString steps;
            while (plan->next())
                steps += plan->value(3).toString() + QLatin1Char('\n');
            QVERIFY2(steps.contains(QStringLiteral("USING INDEX captures_by_") + key) || steps.contains(QStringLiteral("USING COVERING INDEX captures_by_") + key),
                     qPrintable(steps));
            QVERIFY2(!steps.contains(QStringLiteral("TEMP B-TREE")), qPrintable(steps));
        }
    }

    void replayOverHistory_data() { addBackendRows(); }
    void replayOverHistory()
    {
        OPEN_FRESH_STORE(store, "replay");
        insertFixture(store);
        auto validator = schema::Validator::compile(editedSchema());
        QVERIFY(validator);
        std::vector<std::pair<std::int64_t, std::int64_t>> progress;
        auto report = replayHistory(store, {}, validator.value(), editedSchema(),
                                    [&](std::int64_t done, std::int64_t total) { progress.emplace_back(done, total); });
        QVERIFY(report);
        // Worked out from the table: ages 40, 50 and 31 break "maximum 30"; the numeric name
        // of capture 7 is allowed now.
        QCOMPARE(report->count, std::int64_t(10));
        QCOMPARE(report->validBefore, std::int64_t(7));
        QCOMPARE(report->validAfter, std::int64_t(5));
        QCOMPARE(report->becameInvalid, std::int64_t(3));
        QCOMPARE(report->becameValid, std::int64_t(1));
        QStringList changed;
        for (const ReplayChange& c : report->changes)
            changed << QString::fromStdString(c.id).right(2) + (c.validAfter ? QStringLiteral("+") : QStringLiteral("-"));
        QCOMPARE(changed, QStringList({"02-", "05-", "07+", "10-"}));
        QCOMPARE(report->changes[0].issue["code"].get<std::string>(), std::string("too_big"));
        QCOMPARE(progress.back(), std::make_pair(std::int64_t(10), std::int64_t(10)));
        Filter onlyOllama;
        onlyOllama.provider = "ollama";
        QCOMPARE(replayHistory(store, onlyOllama, validator.value(), editedSchema())->becameInvalid, std::int64_t(1));
        std::atomic_bool cancelled{true};
        QVERIFY(replayHistory(store, {}, validator.value(), editedSchema(), {}, &cancelled)->cancelled);
        // The workbench's way: on a worker thread with its own connection, reporting back.
        ReplayJob job(store.location(), {}, std::make_shared<const schema::Validator>(validator.value()), editedSchema());
        QSignalSpy finished(&job, &ReplayJob::finished);
        QSignalSpy progressed(&job, &ReplayJob::progress);
        job.start();
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.constFirst().constFirst().value<ReplayReport>().becameInvalid, std::int64_t(3));
        QVERIFY(!progressed.isEmpty());
    }

    void migratesFromVersionOne_data() { addBackendRows(); }
    void migratesFromVersionOne()
    {
        QFETCH(QString, backend);
        if (backend == QLatin1String("postgres"))
            REQUIRE_POSTGRES(PostgresCluster::shared());
        const auto location = StoreLocation::parse(freshStore(backend, QStringLiteral("from_v1"))).value();
        {
            // A store as version 1 wrote it: its tables, one labelled capture, no v2 columns.
            auto connection = Connection::open(location, OpenOptions{});
            QVERIFY(connection);
            Connection& c = *connection.value();
            QVERIFY(c.execAll(migrationStatements(1, c.dialect()), "test"));
            QVERIFY(c.exec(QStringLiteral("INSERT INTO schemas VALUES ('h1', 'people', '{\"type\":\"object\"}')")));
            QVERIFY(c.exec(QStringLiteral("INSERT INTO prompts VALUES ('p1', 's', 'u')")));
            for (int i = 1; i <= 2; ++i) {
                QVERIFY(c.exec(QStringLiteral("INSERT INTO captures (seq, id, created_at, schema_hash, prompt_hash, provider, model, mode, outcome,"
                                              " flags, attempts, repairs, parse_ok_first, first_try_valid, latency_ms, tokens_in, tokens_out,"
                                              " tokens_cached) VALUES (%1, 'old-%1', 1790000000000, 'h1', 'p1', 'openai', 'm', 'strict', %2, 0, 1, 0,"
                                              " 1, 1, %3, 1, 1, 0)").arg(i).arg(i == 1 ? 0 : 3).arg(i * 1000)));
                // The second ran twice: its first attempt's usage is in its run document only.
                const QString attempts = i == 1 ? QString() : QStringLiteral("{\"usage\":{\"input\":7,\"output\":3,\"cached\":1}},{\"usage\":{\"input\":9}}");
                QVERIFY(c.exec(QStringLiteral("INSERT INTO capture_bodies VALUES (%1, '{}', '{\"outcome\":\"valid\",\"attempts\":[%2]}')").arg(i).arg(attempts)));
                QVERIFY(c.exec(QStringLiteral("INSERT INTO capture_replies VALUES (%1, '{}', 1, NULL, 0, 0)").arg(i)));
                QVERIFY(c.exec(QStringLiteral("INSERT INTO capture_labels VALUES (%1, 'case', 'x')").arg(i)));
            }
            QCOMPARE(storedVersion(c).value(), 1);
        }
        auto store = Store::open(location);
        QVERIFY2(store, store ? "" : store.error().toString().c_str());
        auto connection = Connection::open(location, OpenOptions{false});
        QCOMPARE(storedVersion(*connection.value()).value(), kStoreVersion);
        // Version 2's columns were filled in for the old captures.
        const Json s = statsOf(*store.value(), {});
        QCOMPARE(s["count"].get<int>(), 2);
        QCOMPARE(s["latency_ms"]["p50"].get<int>(), 1000);
        QCOMPARE(s["latency_ms"]["p99"].get<int>(), 2000);
        QCOMPARE(s["pass_k"]["cases"].get<int>(), 1);
        QCOMPARE(s["pass_k"]["pass_all_rate"].get<double>(), 0.0);
        QCOMPARE(s["pass_k"]["pass_any_rate"].get<double>(), 1.0);
        // Version 5's first-attempt tokens were read from the run documents.
        QVERIFY2((s["tokens"]["first_attempt"] == Json{{"input", 7}, {"output", 3}, {"cached", 1}}), s["tokens"]["first_attempt"].dump().c_str());
        QVERIFY(store.value()->capture("old-1").value());
    }

    // A store as version 3 wrote it has no source column: the upgrade gives each capture the
    // source its labels say (the proxy's `source` label, a suite's `suite` label, else run),
    // indexed, filterable and a value of --by.
    void sourceFilledInFromVersionThree_data() { addBackendRows(); }
    void sourceFilledInFromVersionThree()
    {
        QFETCH(QString, backend);
        if (backend == QLatin1String("postgres"))
            REQUIRE_POSTGRES(PostgresCluster::shared());
        const QString path = freshStore(backend, QStringLiteral("from_v3"));
        QVERIFY(!path.isEmpty());
        const StoreLocation location = StoreLocation::parse(path).value();
        {
            auto connection = Connection::open(location, OpenOptions{});
            QVERIFY(connection);
            Connection& c = *connection.value();
            for (int version = 1; version <= 3; ++version)
                QVERIFY(c.execAll(migrationStatements(version, c.dialect()), "test"));
            QVERIFY(c.exec(QStringLiteral("UPDATE conform_meta SET value = '3' WHERE key = 'schema_version'")));
            QVERIFY(c.exec(QStringLiteral("INSERT INTO schemas VALUES ('h1', 'people', '{\"type\":\"object\"}')")));
            QVERIFY(c.exec(QStringLiteral("INSERT INTO prompts VALUES ('p1', 's', 'u')")));
            const char* labels[][2] = {{"source", "proxy"}, {"suite", "goals"}, {"case", "x"}, {nullptr, nullptr}};
            for (int i = 1; i <= 4; ++i) {
                QVERIFY(c.exec(QStringLiteral("INSERT INTO captures (seq, id, created_at, schema_hash, prompt_hash, provider, model, mode, outcome,"
                                              " flags, attempts, repairs, parse_ok_first, first_try_valid, latency_ms, tokens_in, tokens_out,"
                                              " tokens_cached) VALUES (%1, 'old-%2', 1790000000000, 'h1', 'p1', 'openai', 'm', 'strict', 0, 0, 1, 0,"
                                              " 1, 1, 10, 1, 1, 0)").arg(1000 + i).arg(i))); // seqs clear of PostgreSQL's identity
                QVERIFY(c.exec(QStringLiteral("INSERT INTO capture_bodies VALUES (%1, '{}', '{\"outcome\":\"valid\",\"attempts\":[]}')").arg(1000 + i)));
                QVERIFY(c.exec(QStringLiteral("INSERT INTO capture_replies VALUES (%1, '{}', 1, NULL, 0, 0)").arg(1000 + i)));
                if (labels[i - 1][0])
                    QVERIFY(c.exec(QStringLiteral("INSERT INTO capture_labels VALUES (%1, '%2', '%3')").arg(1000 + i).arg(QLatin1String(labels[i - 1][0]),
                                                                                                             QLatin1String(labels[i - 1][1]))));
            }
            QCOMPARE(storedVersion(c).value(), 3);
        }
        auto store = Store::open(location);
        QVERIFY2(store, store ? "" : store.error().toString().c_str());
        const std::pair<const char*, const char*> expected[] = {{"old-1", "proxy"}, {"old-2", "suite"}, {"old-3", "run"}, {"old-4", "run"}};
        for (const auto& [id, source] : expected) {
            auto back = store.value()->capture(id);
            QVERIFY(back && back.value());
            QCOMPARE(back.value()->summary.source, std::string(source));
            QCOMPARE(back.value()->document()["source"].get<std::string>(), std::string(source));
        }
        Filter proxied;
        QVERIFY(proxied.set("source", "proxy"));
        QCOMPARE(store.value()->count(proxied).value(), std::int64_t(1));
        const Json bySource = statsOf(*store.value(), {{}, {"source"}, {}, {}});
        QCOMPARE(bySource["groups"].size(), std::size_t(3));
        // New captures: an explicit source wins; without one the labels decide.
        Json document = fixtureDocuments()[4];
        document["id"] = "new-otlp";
        QCOMPARE(captureFromDocument(document).value().summary.source, std::string("run"));
        document["source"] = "otlp";
        QVERIFY(store.value()->insert({captureFromDocument(document).value()}));
        document.erase("source");
        document["id"] = "new-labelled";
        document["labels"] = Json{{"source", "proxy"}};
        QVERIFY(store.value()->insert({captureFromDocument(document).value()}));
        QCOMPARE(store.value()->count(proxied).value(), std::int64_t(2));
        Filter otlp;
        QVERIFY(otlp.set("source", "otlp"));
        QCOMPARE(store.value()->count(otlp).value(), std::int64_t(1));
    }

    void newerStoreRefused_data() { addBackendRows(); }
    void newerStoreRefused()
    {
        OPEN_FRESH_STORE(store, "newer");
        const StoreLocation location = store.location();
        {
            auto connection = Connection::open(location, OpenOptions{false});
            QVERIFY(connection.value()->exec(QStringLiteral("UPDATE conform_meta SET value = '99' WHERE key = 'schema_version'")));
        }
        auto again = Store::open(location);
        QVERIFY(!again);
        QVERIFY2(QString::fromStdString(again.error().toString()).contains(QLatin1String("newer Conform (store version 99")),
                 again.error().toString().c_str());
    }

    void writerBatchesOnItsThread_data() { addBackendRows(); }
    void writerBatchesOnItsThread()
    {
        QFETCH(QString, backend);
        if (backend == QLatin1String("postgres"))
            REQUIRE_POSTGRES(PostgresCluster::shared());
        const auto location = StoreLocation::parse(freshStore(backend, QStringLiteral("writer"))).value();
        CaptureWriter writer(location);
        QVERIFY(writer.waitUntilOpen());
        std::atomic<int> committed{0}, commits{0};
        QObject::connect(&writer, &CaptureWriter::committed, &writer, [&](const QStringList& ids) { committed += int(ids.size()); ++commits; },
                         Qt::DirectConnection);
        const std::vector<Json> documents = fixtureDocuments();
        for (int i = 0; i < 2500; ++i) {
            Json document = documents[std::size_t(i) % documents.size()];
            document.erase("id");
            writer.submit(captureFromDocument(document).value());
        }
        QVERIFY(writer.flush());
        QCOMPARE(committed.load(), 2500);
        QVERIFY2(commits.load() < 100, qPrintable(QString::number(commits.load()))); // batched, not one commit each
        auto store = Store::open(location, OpenOptions{false});
        QCOMPARE(store.value()->count({}).value(), std::int64_t(2500));
        // Summed in two halves on two connections, or in one: the same figures.
        StatsQuery whole;
        whole.by = {"provider", "model", "mode"};
        whole.bucket = Bucket::Hour;
        StatsQuery halves = whole;
        halves.splitAbove = 1;
        QCOMPARE(QString::fromStdString(dump(statsOf(*store.value(), halves))), QString::fromStdString(dump(statsOf(*store.value(), whole))));
        QCOMPARE(statsOf(*store.value(), halves)["count"].get<int>(), 2500);
    }

    void groupValuesAreQuotedSafely_data() { addBackendRows(); }
    void groupValuesAreQuotedSafely()
    {
        OPEN_FRESH_STORE(store, "quotes");
        std::vector<Capture> captures;
        for (const char* model : {"it's", "plain", "it's", "x'); DROP TABLE captures; --"}) {
            Json document = fixtureDocuments()[0];
            document.erase("id");
            document["attempts"][0]["target"] = std::string("openai/") + model;
            captures.push_back(captureFromDocument(document).value());
        }
        QVERIFY(store.insert(captures));
        StatsQuery query;
        query.by = {"model"};
        const Json s = statsOf(store, query);
        QCOMPARE(s["groups"].size(), std::size_t(3));
        QCOMPARE(s["groups"][0]["key"]["model"].get<std::string>(), std::string("it's"));
        QCOMPARE(s["groups"][0]["count"].get<int>(), 2);
        QCOMPARE(s["groups"][2]["key"]["model"].get<std::string>(), std::string("x'); DROP TABLE captures; --"));
        QCOMPARE(store.count({}).value(), std::int64_t(4));
    }
};

CONFORM_TEST_CLASS(StoreBackendsTest);
#include "test_store_backends.moc"
