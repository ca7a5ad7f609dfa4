// The hourly rollups: a rollup-served answer equals the one summed from the captures (every
// figure, percentiles included) and a plain-SQL recount, for aligned and unaligned time
// ranges, every filter and grouping, and captures written in many batches and by two
// writers at once; and a rollup row stands for many captures. Both backends.
#include "capture_fixture.h"
#include "postgres_cluster.h"
#include "test_registry.h"

#include "stats/prices.h"
#include "store/detail/connection.h"
#include "store/detail/rollups.h"
#include "store/store.h"

#include <QSqlQuery>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

using namespace conform;
using namespace conform::store;

namespace {

constexpr std::int64_t kHour = 3'600'000;
const std::int64_t kStart = 1'793'000'000'000 + 1'234'567; // an unaligned moment in November 2026

// `count` captures varied from the fixture's ten: each field cycles at its own period, so
// targets, outcomes, flags, latencies, cases and hours mix. Ids start at `first`, times at kStart.
std::vector<Capture> variedCaptures(int first, int count, std::int64_t spacingMs)
{
    std::vector<Capture> base;
    for (const Json& document : fixtureDocuments())
        base.push_back(captureFromDocument(document).value());
    std::vector<Capture> out;
    for (int i = first; i < first + count; ++i) {
        Capture c = base[std::size_t(i % 10)];
        CaptureSummary& s = c.summary;
        s.id = "rollup-" + std::to_string(i);
        s.createdAtMs = kStart + std::int64_t(i - first) * spacingMs;
        s.outcome = (i * 7) % 11 < 7 ? 0 : (i * 7) % 11 < 9 ? 1 : (i % 3 == 0 ? 2 : 3);
        s.flags = s.outcome == 3 ? (i % 4 == 0 ? Truncated : i % 4 == 1 ? Refused | store::Cancelled : 0) : 0;
        s.repairs = s.outcome == 1 ? 1 + i % 2 : 0;
        s.parseOkFirst = i % 5 != 0;
        s.firstTryValid = s.outcome == 0;
        s.latencyMs = 40 + (i * 7919) % 5000;
        s.tokensIn = 100 + i % 17;
        s.tokensOut = 20 + i % 13;
        s.tokensCached = i % 2 ? 8 : 0;
        s.firstTokensIn = s.tokensIn / 2;
        s.firstTokensOut = s.tokensOut / 2;
        s.firstTokensCached = s.tokensCached;
        s.labels.clear();
        if (i % 3 == 0)
            s.labels = {{"suite", "nightly"}, {"case", "c" + std::to_string(i % 4)}};
        s.source.clear();
        out.push_back(std::move(c));
    }
    return out;
}

Json statsOf(Store& store, StatsQuery query, bool rollups)
{
    query.useRollups = rollups;
    auto stats = store.stats(query);
    if (!stats)
        qWarning("%s", stats.error().toString().c_str());
    return stats ? stats.value() : Json();
}

std::int64_t rollupRows(const QString& location)
{
    auto connection = Connection::open(StoreLocation::parse(location).value(), OpenOptions{false});
    auto rows = connection.value()->exec(QStringLiteral("SELECT COUNT(*) FROM capture_rollups"));
    return rows && rows->next() ? rows->value(0).toLongLong() : -1;
}

} // namespace

class StoreRollupsTest : public QObject
{
    Q_OBJECT

private slots:
    void latencyTextRoundTrip()
    {
        const std::map<int, std::int64_t> bins{{0, 1}, {7, 3}, {511, 2}, {512, 9}, {16383, 1'000'000'000'000}};
        const std::string text = detail::encodeLatency(bins);
        QCOMPARE(text, std::string("0:1 7:3 511:2 512:9 16383:1000000000000"));
        std::map<int, std::int64_t> back{{7, 1}};
        detail::decodeLatencyInto(text, back);
        QCOMPARE(back.at(7), std::int64_t(4));
        QCOMPARE(back.size(), bins.size());
        std::map<int, std::int64_t> damaged;
        detail::decodeLatencyInto("3:2 x:1 :5 9: 12:-4 40:1", damaged); // only the good pairs count
        QCOMPARE(damaged, (std::map<int, std::int64_t>{{3, 2}, {40, 1}}));
    }

    void rollupsAnswerAsTheCapturesDo_data() { addBackendRows(); }
    void rollupsAnswerAsTheCapturesDo()
    {
        OPEN_FRESH_STORE(store, "rollups_agree");
        const QString& location = location_store;
        // 900 captures, one every 2.5 minutes (37.5 hours), written in batches of 1 to 97, so
        // rows are created by one batch and merged into by the next ones.
        const auto captures = variedCaptures(0, 900, 150'000);
        for (std::size_t at = 0, size = 1; at < captures.size(); at += size, size = size * 3 % 97 + 1) {
            std::vector<Capture> batch(captures.begin() + std::ptrdiff_t(at),
                                       captures.begin() + std::ptrdiff_t(std::min(captures.size(), at + size)));
            QVERIFY(store.insert(batch));
        }
        QVERIFY(store.insert(variedCaptures(0, 50, 150'000))); // already there: the rollups do not count them twice

        const auto prices = stats::PriceTable::fromJson(Json{{"taken", "2026-11-25"},
                                                             {"models", Json::array({Json{{"provider", "openai"}, {"model", "gpt-4o-mini"},
                                                                                          {"input", 0.15}, {"output", 0.6}, {"cached_input", 0.075}}})}});
        QVERIFY(prices);
        std::vector<std::pair<const char*, StatsQuery>> queries;
        queries.push_back({"everything", {}});
        StatsQuery q;
        q.by = {"provider", "model"};
        q.bucket = Bucket::Day;
        q.prices = &prices.value();
        queries.push_back({"by target, daily, priced", q});
        q = {};
        q.by = {"schema", "prompt", "mode", "source"};
        q.bucket = Bucket::Hour;
        queries.push_back({"by version, mode and source, hourly", q});
        q = {};
        q.by = {"model"};
        q.filter.sinceMs = kStart + 5 * kHour + 61'000; // partial hours at both ends
        q.filter.untilMs = kStart + 20 * kHour + 7'000;
        q.prices = &prices.value();
        queries.push_back({"unaligned range", q});
        q.filter.sinceMs = kStart - kStart % kHour + 3 * kHour; // whole hours only
        q.filter.untilMs = *q.filter.sinceMs + 9 * kHour;
        queries.push_back({"aligned range", q});
        q.filter.sinceMs = kStart - kStart % kHour + 3 * kHour + 60'000; // inside one hour: the captures alone
        q.filter.untilMs = *q.filter.sinceMs + 1'000'000;
        queries.push_back({"within an hour", q});
        q = {};
        q.by = {"provider"};
        q.filter.outcome = 3;
        q.filter.flags = Truncated;
        queries.push_back({"failed and truncated", q});
        q = {};
        q.filter.flags = store::Cancelled;
        q.filter.provider = "anthropic";
        q.filter.schemaTitle = "people";
        queries.push_back({"cancelled, one provider, one schema", q});
        q = {};
        q.filter.labels = {{"case", "c1"}};
        q.by = {"provider"};
        queries.push_back({"a label: the captures alone", q});
        for (const auto& [name, query] : queries) {
            const Json rolled = statsOf(store, query, true);
            const Json exact = statsOf(store, query, false);
            QVERIFY2(!exact.is_null() && exact["count"].get<int>() > 0, name);
            QVERIFY2(rolled == exact, qPrintable(QStringLiteral("%1: %2").arg(QString::fromUtf8(name),
                                                                               QString::fromStdString(Json::diff(exact, rolled).dump().substr(0, 2000)))));
        }

        // And against a plain SQL recount of the captures.
        auto connection = Connection::open(StoreLocation::parse(location).value(), OpenOptions{false});
        auto recount = connection.value()->exec(QStringLiteral(
            "SELECT provider, model, COUNT(*), SUM(CASE WHEN outcome <= 1 THEN 1 ELSE 0 END), SUM(repairs), SUM(tokens_in), SUM(tokens_cached)"
            " FROM captures GROUP BY provider, model ORDER BY provider, model"));
        QVERIFY(recount);
        StatsQuery byTarget;
        byTarget.by = {"provider", "model"};
        const Json groups = statsOf(store, byTarget, true)["groups"];
        std::size_t g = 0;
        while (recount->next()) {
            QVERIFY(g < groups.size());
            const Json& group = groups[g++];
            QCOMPARE(QString::fromStdString(group["key"]["provider"].get<std::string>()), recount->value(0).toString());
            QCOMPARE(QString::fromStdString(group["key"]["model"].get<std::string>()), recount->value(1).toString());
            const std::int64_t count = recount->value(2).toLongLong();
            QCOMPARE(group["count"].get<std::int64_t>(), count);
            QCOMPARE(group["counts"]["valid"].get<std::int64_t>() + group["counts"]["repaired"].get<std::int64_t>(), recount->value(3).toLongLong());
            QCOMPARE(group["counts"]["repairs"].get<std::int64_t>(), recount->value(4).toLongLong());
            QCOMPARE(group["tokens"]["input"].get<std::int64_t>(), recount->value(5).toLongLong());
            QCOMPARE(group["tokens"]["cached"].get<std::int64_t>(), recount->value(6).toLongLong());
        }
        QCOMPARE(g, groups.size());
    }

    // Rollups emptied (how rows copied in SQL around the writer get counted) are rebuilt by
    // the next open, also when that open first upgrades the store, before any answer.
    void emptiedRollupsAreRebuiltOnOpen_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<bool>("upgrade");
        for (const char* backend : {"sqlite", "postgres"}) {
            QTest::addRow("%s, this version", backend) << QString::fromLatin1(backend) << false;
            QTest::addRow("%s, the version before", backend) << QString::fromLatin1(backend) << true;
        }
    }
    void emptiedRollupsAreRebuiltOnOpen()
    {
        QFETCH(bool, upgrade);
        OPEN_FRESH_STORE(store, "rollups_emptied");
        QVERIFY(store.insert(variedCaptures(0, 300, 600'000)));
        StatsQuery byTarget;
        byTarget.by = {"provider", "model"};
        const Json before = statsOf(store, byTarget, true);
        QCOMPARE(before["count"].get<int>(), 300);
        const std::int64_t rows = rollupRows(location_store);
        {
            auto connection = Connection::open(StoreLocation::parse(location_store).value(), OpenOptions{false});
            QVERIFY(connection.value()->exec(QStringLiteral("DELETE FROM capture_rollups"), {}, "test"));
            if (upgrade)
                QVERIFY(connection.value()->execAll(versionEightUndone(), "test"));
        }
        QCOMPARE(rollupRows(location_store), std::int64_t(0));
        auto reopened = Store::open(StoreLocation::parse(location_store).value());
        QVERIFY2(reopened, reopened ? "" : reopened.error().toString().c_str());
        QCOMPARE(rollupRows(location_store), rows);
        const Json after = statsOf(*reopened.value(), byTarget, true);
        QVERIFY2(after == before, Json::diff(before, after).dump().substr(0, 2000).c_str());
    }

    // Many captures of one hour, target and outcome are one row, however many batches wrote them.
    void aRowStandsForManyCaptures()
    {
        const QString location = freshStore(QStringLiteral("sqlite"), QStringLiteral("rollups_few"));
        auto store = Store::open(StoreLocation::parse(location).value());
        QVERIFY(store);
        auto captures = variedCaptures(0, 400, 1);
        for (Capture& c : captures) {
            c.summary = captures[0].summary;
            c.summary.id = "same-" + std::to_string(&c - captures.data());
        }
        for (std::size_t at = 0; at < captures.size(); at += 40)
            QVERIFY(store.value()->insert(std::vector<Capture>(captures.begin() + std::ptrdiff_t(at), captures.begin() + std::ptrdiff_t(at + 40))));
        QCOMPARE(rollupRows(location), std::int64_t(1));
        QCOMPARE(statsOf(*store.value(), {}, true)["count"].get<int>(), 400);
    }

    // Two writers adding to the same rows at once lose nothing.
    void twoWritersAtOnce_data() { addBackendRows(); }
    void twoWritersAtOnce()
    {
        QFETCH(QString, backend);
        if (backend == QLatin1String("postgres"))
            REQUIRE_POSTGRES(PostgresCluster::shared());
        const QString location = freshStore(backend, QStringLiteral("rollups_writers"));
        QVERIFY2(!location.isEmpty(), qPrintable(PostgresCluster::shared().error()));
        QVERIFY(Store::open(StoreLocation::parse(location).value()));
        const auto write = [location](int first) -> std::string {
            auto store = Store::open(StoreLocation::parse(location).value());
            if (!store)
                return store.error().toString();
            const auto captures = variedCaptures(first, 300, 1'000);
            for (std::size_t at = 0; at < captures.size(); at += 10)
                if (auto added = store.value()->insert(std::vector<Capture>(captures.begin() + std::ptrdiff_t(at), captures.begin() + std::ptrdiff_t(at + 10)));
                    !added)
                    return added.error().toString();
            return {};
        };
        auto other = QtConcurrent::run(write, 1'000'000);
        const std::string mine = write(0);
        const std::string theirs = other.result();
        QVERIFY2(mine.empty() && theirs.empty(), (mine + theirs).c_str());
        auto store = Store::open(StoreLocation::parse(location).value());
        QVERIFY(store);
        QVERIFY(statsOf(*store.value(), {}, true) == statsOf(*store.value(), {}, false));
        QCOMPARE(statsOf(*store.value(), {}, true)["count"].get<int>(), 600);
    }
};

CONFORM_TEST_CLASS(StoreRollupsTest);
#include "test_store_rollups.moc"
