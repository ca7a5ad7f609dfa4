// What a run costs, every attempt counted: a run with a billed transport retry, a continuation
// and a repair, played in process, captured, and priced by the store. The expected figures
// are worked out by hand below from the scenario's token counts and the test's price table.
#include "capture_fixture.h"
#include "postgres_cluster.h"
#include "test_registry.h"

#include "engine/engine.h"
#include "providers/scenario.h"
#include "stats/prices.h"
#include "store/store.h"

#include <QTest>

#include <cmath>
#include <optional>

using namespace conform;

namespace {

// Four calls, each with its usage as the scenario reports it:
//   call 1: cut 300 bytes into the stream, after message_start, which bills its input: the
//           transport retries (billed: 1000 in, 200 cached, and 0 out, since output_tokens
//           come in message_delta at the end);
//   call 2: the retry, cut at max_tokens (1000 in, 10 out, 200 cached): the first attempt;
//   call 3: the continuation, prefilled with the cut text, ends with age as a word: invalid
//           (1020 in, 8 out, 200 cached);
//   call 4: the repair turn, valid (1100 in, 12 out, 200 cached).
Json scenarioDocument()
{
    const auto usage = [](int in, int out, int cached) { return Json{{"input_tokens", in}, {"output_tokens", out}, {"cached_tokens", cached}}; };
    return Json{{"name", "cost-demo"},
                {"description", "A billed retry, a continuation and a repair."},
                {"schema", Json{{"type", "object"},
                                {"properties", Json{{"name", Json{{"type", "string"}}}, {"age", Json{{"type", "integer"}}}}},
                                {"required", Json::array({"name", "age"})},
                                {"additionalProperties", false}}},
                {"turns", Json::array({Json{{"text", "{\"name\": \"Ada\", \"age\": 36}"}, {"drop_after_bytes", 300}, {"usage", usage(1000, 10, 200)}},
                                       Json{{"text", "{\"name\": \"Ada\", \"ag"}, {"stop_reason", "max_tokens"}, {"usage", usage(1000, 10, 200)}},
                                       Json{{"text", "{\"name\": \"Ada\", \"age\": \"thirty-six\"}"}, {"usage", usage(1020, 8, 200)}},
                                       Json{{"text", "{\"name\": \"Ada\", \"age\": 36}"}, {"usage", usage(1100, 12, 200)}}})}};
}

// $3 per million input tokens, $15 output, $0.30 cached (Anthropic's way: cached beside input).
Json priceTable()
{
    return Json{{"taken", "2026-11-25"},
                {"models", Json::array({Json{{"provider", "scenario"}, {"model", "cost-demo"}, {"input", 3}, {"output", 15}, {"cached_input", 0.3}}})}};
}

} // namespace

class StoreCostTest : public QObject
{
    Q_OBJECT
private slots:
    void everyAttemptIsPriced_data() { addBackendRows(); }
    void everyAttemptIsPriced()
    {
        QFETCH(QString, backend);
        if (backend == QLatin1String("postgres"))
            REQUIRE_POSTGRES(PostgresCluster::shared());
        auto scenario = providers::parseScenario(scenarioDocument());
        QVERIFY2(scenario, scenario ? "" : scenario.error().toString().c_str());
        engine::RunSpec spec;
        spec.schema = *scenario->schema;
        spec.prompt = {"", "Who is she?", {}};
        engine::Target target;
        target.provider = providers::ProviderKind::Scenario;
        target.mode = engine::ModeChoice::Text; // a prefill continues a cut text reply
        target.scenario = std::make_shared<const providers::Scenario>(scenario.value());
        spec.targets.push_back(target);
        spec.policy.stream = true; // the cut stream has reported its input tokens
        spec.policy.maxTransportRetries = 2;
        engine::Engine engine;
        std::optional<engine::RunRecord> ran;
        QObject::connect(&engine, &engine::Engine::finished, &engine, [&ran](const engine::RunRecord& r) { ran = r; });
        engine.start(spec);
        QTRY_VERIFY_WITH_TIMEOUT(ran.has_value(), 30000);
        const engine::RunRecord& record = *ran;
        QCOMPARE(std::string(engine::outcomeName(record.outcome)), std::string("repaired"));
        QCOMPARE(record.attempts.size(), std::size_t(3));
        QCOMPARE(std::string(engine::attemptKindName(record.attempts[1].kind)), std::string("continuation"));
        QCOMPARE(record.attempts[0].retries.size(), std::size_t(1));
        QCOMPARE(record.attempts[0].retries[0].usage, (providers::Usage{1000, 0, 200, 0}));
        // Tokens: 1000 + 1000 + 1020 + 1100 = 4120 in, 0 + 10 + 8 + 12 = 30 out,
        // 200 + 200 + 200 + 200 = 800 cached.
        QVERIFY2((record.metrics()["tokens"] == Json{{"input", 4120}, {"output", 30}, {"cached", 800}}), record.metrics()["tokens"].dump().c_str());

        auto location = store::StoreLocation::parse(freshStore(backend, QStringLiteral("cost")));
        QVERIFY(location);
        auto store = store::Store::open(location.value());
        QVERIFY2(store, store ? "" : store.error().toString().c_str());
        QVERIFY(store.value()->insert({store::captureOfRun(spec, record)}));
        auto prices = stats::PriceTable::fromJson(priceTable());
        QVERIFY(prices);
        store::StatsQuery query;
        query.prices = &prices.value();
        auto figures = store.value()->stats(query);
        QVERIFY2(figures, figures ? "" : figures.error().toString().c_str());
        const Json& cost = figures.value()["cost"];
        // Total: (4120 × 3 + 800 × 0.30 + 30 × 15) / 10^6 = (12360 + 240 + 450) / 10^6 = $0.01305.
        QVERIFY2(std::fabs(cost["total_usd"].get<double>() - 0.01305) < 1e-12, cost.dump().c_str());
        QVERIFY(std::fabs(cost["per_valid_result_usd"].get<double>() - 0.01305) < 1e-12); // one valid result
        // The first attempt alone (call 2): (1000 × 3 + 200 × 0.30 + 10 × 15) / 10^6 = $0.00321.
        QVERIFY2(std::fabs(cost["first_attempt_usd"].get<double>() - 0.00321) < 1e-12, cost.dump().c_str());
        // Overhead: (13050 − 3210) / 13050 of the cost = 0.754022988...
        QVERIFY(std::fabs(cost["repair_overhead_share"].get<double>() - 9840.0 / 13050.0) < 1e-12);
        // And of the tokens (input + output): (4150 − 1010) / 4150 = 0.756626506...
        QVERIFY(std::fabs(figures.value()["repair_overhead"]["token_share"].get<double>() - 3140.0 / 4150.0) < 1e-12);
        QVERIFY2((figures.value()["tokens"]["first_attempt"] == Json{{"input", 1000}, {"output", 10}, {"cached", 200}}), figures.value()["tokens"]["first_attempt"].dump().c_str());
    }
};

CONFORM_TEST_CLASS(StoreCostTest);
#include "test_store_cost.moc"
