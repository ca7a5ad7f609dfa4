// Every rate is over replies that were really judged: a reply with no schema to check it by
// is `unchecked` (never valid), a cut reply is never valid (first try included), a token
// count no count can be is unknown (never wrapped), and replay re-judges one schema's
// captures, found by its $id. The calls are judged as collect and imports judge them
// (ingest::Judge); the expected figures are worked out by hand in each test.
#include "capture_fixture.h"
#include "postgres_cluster.h"
#include "test_registry.h"

#include "base/json_access.h"
#include "ingest/observed_call.h"
#include "providers/provider.h"
#include "stats/comparison.h"
#include "stats/prices.h"
#include "store/detail/connection.h"
#include "store/migrations.h"
#include "store/replay.h"
#include "store/store.h"
#include "store/variants.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

using namespace conform;
using namespace conform::store;

namespace {

Json personSchema()
{
    return Json{{"type", "object"}, {"properties", Json{{"name", Json{{"type", "string"}}}}}, {"required", Json::array({"name"})}};
}

proxy::MappedSchema mapped(const Json& document)
{
    return proxy::MappedSchema{document, std::make_shared<const schema::Validator>(schema::Validator::compile(document).value())};
}

// One recorded call: `reply` answered with `stop`, asking for `schemaName` ("" for none).
ingest::ObservedCall call(const std::string& seed, const std::string& reply, const std::string& stop, const std::string& schemaName)
{
    ingest::ObservedCall c;
    c.source = "otlp";
    c.idSeed = seed;
    c.timeMs = 1'790'000'000'000;
    c.provider = "openai";
    c.model = "gpt-4o-mini";
    c.reply = reply;
    c.stopReason = stop;
    c.usage = {100, 20, 0, 0};
    c.schemaName = schemaName;
    return c;
}

Capture judged(ingest::Judge& judge, const ingest::ObservedCall& c)
{
    auto capture = judge.capture(c);
    if (!capture)
        qFatal("%s", capture.error().toString().c_str());
    return std::move(capture).value();
}

// Ten calls; by hand:
//   no schema:  4 complete JSON replies  -> unchecked
//               1 JSON reply cut at the token limit -> failed (truncated)
//               1 reply with no JSON in it -> failed
//   "person":   2 valid -> valid (first try valid)
//               1 without "name" -> failed
//               1 valid-looking but cut -> failed, truncated, NOT first-try valid
std::vector<Capture> tenCalls()
{
    ingest::JudgeOptions options;
    options.schemaMap.emplace("person", mapped(personSchema()));
    ingest::Judge judge(std::move(options));
    std::vector<Capture> out;
    for (int i = 0; i < 4; ++i)
        out.push_back(judged(judge, call("free-" + std::to_string(i), "{\"a\": " + std::to_string(i) + "}", "stop", "")));
    out.push_back(judged(judge, call("free-cut", "{\"a\": 1}", "length", "")));
    out.push_back(judged(judge, call("free-prose", "Sorry, I cannot help with that.", "stop", "")));
    out.push_back(judged(judge, call("person-1", "{\"name\": \"Ada\"}", "stop", "person")));
    out.push_back(judged(judge, call("person-2", "{\"name\": \"Grace\"}", "stop", "person")));
    out.push_back(judged(judge, call("person-3", "{\"age\": 36}", "stop", "person")));
    out.push_back(judged(judge, call("person-cut", "{\"name\": \"Edsger\"}", "length", "person")));
    return out;
}

Json statsOf(Store& store, StatsQuery query)
{
    auto stats = store.stats(query);
    if (!stats)
        qWarning("%s", stats.error().toString().c_str());
    return stats ? stats.value() : Json();
}

QString cli(const QStringList& arguments, int* exitCode = nullptr)
{
    QProcess process;
    process.start(QStringLiteral(CONFORM_CLI_PATH), arguments);
    process.waitForFinished(60000);
    if (exitCode)
        *exitCode = process.exitCode();
    return QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
}

} // namespace

class StoreVerdictsTest : public QObject
{
    Q_OBJECT

private slots:
    void uncheckedIsNeitherSuccessNorFailure_data() { addBackendRows(); }
    void uncheckedIsNeitherSuccessNorFailure()
    {
        OPEN_FRESH_STORE(store, "unchecked");
        const std::vector<Capture> calls = tenCalls();
        const char* expected[] = {"unchecked", "unchecked", "unchecked", "unchecked", "failed", "failed", "valid", "valid", "failed", "failed"};
        for (std::size_t i = 0; i < calls.size(); ++i)
            QCOMPARE(std::string(outcomeNameOf(calls[i].summary.outcome)), std::string(expected[i]));
        QVERIFY(!calls[9].summary.firstTryValid); // cut, however valid it reads
        QVERIFY(calls[6].summary.firstTryValid);
        QVERIFY(store.insert(calls));

        // Rollups and captures alike: 4 left out, 2 valid of the 6 judged.
        for (const bool rollups : {true, false}) {
            StatsQuery query;
            query.useRollups = rollups;
            const Json stats = statsOf(store, query);
            QCOMPARE(stats["count"].get<std::int64_t>(), std::int64_t(10));
            QCOMPARE(stats["unchecked"].get<std::int64_t>(), std::int64_t(4));
            QCOMPARE(stats["checked"].get<std::int64_t>(), std::int64_t(6));
            QCOMPARE(stats["counts"]["unchecked"].get<std::int64_t>(), std::int64_t(4));
            QCOMPARE(stats["counts"]["valid"].get<std::int64_t>(), std::int64_t(2));
            QCOMPARE(stats["counts"]["failed"].get<std::int64_t>(), std::int64_t(4));
            QCOMPARE(stats["counts"]["first_try_valid"].get<std::int64_t>(), std::int64_t(2));
            QCOMPARE(stats["final_success_rate"].get<double>(), 2.0 / 6.0);
            QCOMPARE(stats["first_try_valid_rate"].get<double>(), 2.0 / 6.0);
            QCOMPARE(stats["failed_rate"].get<double>(), 4.0 / 6.0);
            QCOMPARE(stats["truncated_rate"].get<double>(), 2.0 / 10.0); // of every reply
        }

        // Listed and filtered as what they are; the document says so too.
        Filter unchecked;
        QVERIFY(unchecked.set("outcome", "unchecked"));
        QCOMPARE(store.count(unchecked).value(), std::int64_t(4));
        auto back = store.capture(calls[0].summary.id);
        QVERIFY(back && back.value());
        const Json document = back.value()->document();
        QCOMPARE(document["outcome"].get<std::string>(), std::string("unchecked"));
        QVERIFY(document["attempts"][0]["checked"] == Json(false));
        QVERIFY(document["attempts"][0]["valid"] == Json(false));

        // Compare by schema: the no-schema group is judged on its 2 failed replies alone.
        StatsQuery bySchema;
        bySchema.by = {"schema"};
        auto figures = store.statsReport(bySchema);
        QVERIFY(figures);
        auto variants = store::variantsOf(figures.value(), "schema");
        QVERIFY(variants);
        QCOMPARE(variants->size(), std::size_t(2));
        for (const stats::Variant& v : variants.value()) {
            if (v.unchecked > 0) {
                QCOMPARE(v.unchecked, std::int64_t(4));
                QCOMPARE(v.runs, std::int64_t(2));
                QCOMPARE(v.finalSuccess.successes, std::int64_t(0));
            } else {
                QCOMPARE(v.runs, std::int64_t(4));
                QCOMPARE(v.finalSuccess.successes, std::int64_t(2));
                QCOMPARE(v.finalSuccess.trials, std::int64_t(4));
            }
        }
    }

    // The command line says how many it left out, and lists them by their outcome.
    void uncheckedOnTheCommandLine()
    {
        const QString path = freshStore(QStringLiteral("sqlite"), QStringLiteral("unchecked_cli"));
        {
            auto store = Store::open(StoreLocation::parse(path).value());
            QVERIFY(store);
            QVERIFY(store.value()->insert(tenCalls()));
        }
        int code = -1;
        const QString stats = cli({QStringLiteral("captures"), QStringLiteral("stats"), QStringLiteral("--store"), path}, &code);
        QCOMPARE(code, 0);
        QVERIFY2(stats.contains(QStringLiteral("10 run(s) (4 unchecked: judged by no schema, left out of the outcome rates): final success 33.3%")),
                 qPrintable(stats));
        const QString list = cli({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--outcome"), QStringLiteral("unchecked"),
                                  QStringLiteral("--store"), path}, &code);
        QCOMPARE(code, 0);
        QCOMPARE(list.count(QStringLiteral(" unchecked")), 4);
    }

    // A store written before `unchecked` existed: its no-schema replies were "valid" with the
    // label validated=false. Opening it moves them, their rates and their documents.
    void olderStoresMigrate()
    {
        const QString path = freshStore(QStringLiteral("sqlite"), QStringLiteral("unchecked_v8"));
        const StoreLocation location = StoreLocation::parse(path).value();
        {
            auto connection = Connection::open(location, OpenOptions{});
            QVERIFY(connection);
            Connection& c = *connection.value();
            for (int version = 1; version <= 8; ++version)
                QVERIFY(c.execAll(migrationStatements(version, c.dialect()), "test"));
            QVERIFY(c.exec(QStringLiteral("UPDATE conform_meta SET value = '8' WHERE key = 'schema_version'")));
            QVERIFY(c.exec(QStringLiteral("INSERT INTO schemas (hash, title, body) VALUES ('h1', '', '{}'), ('h2', 'p', '{\"$id\":\"urn:p\",\"title\":\"p\"}')")));
            QVERIFY(c.exec(QStringLiteral("INSERT INTO prompts VALUES ('p1', 's', 'u')")));
            // 1 and 2: no schema, "valid" (validated=false); 3: valid against h2; 4: cut, first try "valid".
            const char* rows[][4] = {{"h1", "0", "1", "0"}, {"h1", "0", "1", "0"}, {"h2", "0", "1", "0"}, {"h2", "3", "1", "1"}};
            for (int i = 0; i < 4; ++i) {
                const int seq = 1001 + i;
                QVERIFY(c.exec(QStringLiteral("INSERT INTO captures (seq, id, created_at, schema_hash, prompt_hash, provider, model, mode, outcome,"
                                              " flags, attempts, repairs, parse_ok_first, first_try_valid, latency_ms, tokens_in, tokens_out,"
                                              " tokens_cached, latency_bin, source) VALUES (%1, 'old-%1', 1790000000000, '%2', 'p1', 'openai', 'm', 'text',"
                                              " %3, %4, 1, 0, 1, %5, 10, 1, 1, 0, 10, 'otlp')")
                                   .arg(seq).arg(QLatin1String(rows[i][0]), QLatin1String(rows[i][1]), QLatin1String(rows[i][3]), QLatin1String(rows[i][2]))));
                QVERIFY(c.exec(QStringLiteral("INSERT INTO capture_bodies (capture_seq, spec, run) VALUES (%1, '{}', '{\"outcome\":\"%2\",\"attempts\":[]}')")
                                   .arg(seq).arg(QLatin1String(rows[i][1][0] == '0' ? "valid" : "failed"))));
                QVERIFY(c.exec(QStringLiteral("INSERT INTO capture_replies VALUES (%1, '{}', 1, NULL, 0, 0)").arg(seq)));
                QVERIFY(c.exec(QStringLiteral("INSERT INTO capture_labels VALUES (%1, 'validated', '%2')").arg(seq).arg(QLatin1String(i < 2 ? "false" : "true"))));
            }
        }
        auto store = Store::open(location);
        QVERIFY2(store, store ? "" : store.error().toString().c_str());
        const Json stats = statsOf(*store.value(), {});
        QCOMPARE(stats["unchecked"].get<std::int64_t>(), std::int64_t(2));
        QCOMPARE(stats["counts"]["valid"].get<std::int64_t>(), std::int64_t(1));
        QCOMPARE(stats["counts"]["first_try_valid"].get<std::int64_t>(), std::int64_t(1)); // not the cut one
        QCOMPARE(stats["final_success_rate"].get<double>(), 0.5);
        auto old = store.value()->capture("old-1001");
        QVERIFY(old && old.value());
        QCOMPARE(old.value()->document()["outcome"].get<std::string>(), std::string("unchecked"));
        Filter byId;
        QVERIFY(byId.set("schema-id", "urn:p"));
        QCOMPARE(store.value()->count(byId).value(), std::int64_t(2));
    }

    // Upstream token counts no count can be are unknown: never wrapped to -1 or INT64_MIN.
    void tokenCounts_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<qint64>("count");
        QTest::newRow("2^64-1") << QByteArray("18446744073709551615") << qint64(-1);
        QTest::newRow("1e22") << QByteArray("1e22") << qint64(-1);
        QTest::newRow("negative") << QByteArray("-5") << qint64(-1);
        QTest::newRow("fraction") << QByteArray("2.5") << qint64(-1);
        QTest::newRow("2^53+1 as text") << QByteArray("\"9007199254740993\"") << qint64(-1);
        QTest::newRow("2^53") << QByteArray("9007199254740992") << qint64(9007199254740992);
        QTest::newRow("as text") << QByteArray("\"1200\"") << qint64(1200);
        QTest::newRow("whole float") << QByteArray("12.0") << qint64(12);
        QTest::newRow("null") << QByteArray("null") << qint64(0);
    }
    void tokenCounts()
    {
        QFETCH(QByteArray, json);
        QFETCH(qint64, count);
        QCOMPARE(qint64(tokenCount(Json::parse(json.toStdString()))), count);
        // As an OpenAI reply reports it.
        const std::string body = R"({"choices":[{"message":{"content":"{}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":)"
                                 + json.toStdString() + R"(,"completion_tokens":3}})";
        auto reply = providers::adapterFor(providers::ProviderKind::OpenAI).parseResponse(providers::HttpResponse{200, {}, body});
        QCOMPARE(qint64(reply.usage.inputTokens), count);
        QCOMPARE(qint64(reply.usage.outputTokens), qint64(3));
    }

    // A run with an unknown count: flagged, left out of token sums and cost, and counted.
    void unknownTokensAreLeftOut()
    {
        const QString path = freshStore(QStringLiteral("sqlite"), QStringLiteral("tokens_unknown"));
        auto store = Store::open(StoreLocation::parse(path).value());
        QVERIFY(store);
        ingest::Judge judge;
        ingest::ObservedCall known = call("known", "{}", "stop", "");
        ingest::ObservedCall unknown = call("unknown", "{}", "stop", "");
        unknown.usage.inputTokens = kUnknownTokens;
        const Capture flagged = judged(judge, unknown);
        QVERIFY(flagged.summary.flags & TokensUnknown);
        QCOMPARE(flagged.summary.tokensIn, std::int64_t(0));
        QVERIFY(store.value()->insert({judged(judge, known), flagged}));
        auto back = store.value()->capture(flagged.summary.id);
        QVERIFY(back && back.value());
        const Json document = back.value()->document();
        QVERIFY(document["attempts"][0]["usage"]["input"].is_null());
        QVERIFY(std::find(document["flags"].begin(), document["flags"].end(), Json("tokens_unknown")) != document["flags"].end());
        auto prices = stats::PriceTable::fromJson(Json{{"taken", "2026-11-25"},
                                                       {"models", Json::array({Json{{"provider", "openai"}, {"model", "gpt-4o-mini"}, {"input", 1}, {"output", 1}}})}});
        QVERIFY(prices);
        StatsQuery query;
        query.prices = &prices.value();
        const Json stats = statsOf(*store.value(), query);
        QCOMPARE(stats["tokens"]["input"].get<std::int64_t>(), std::int64_t(100)); // the known run's alone
        QCOMPARE(stats["tokens"]["unknown_runs"].get<std::int64_t>(), std::int64_t(1));
        QCOMPARE(stats["cost"]["tokens_unknown_runs"].get<std::int64_t>(), std::int64_t(1));
        QCOMPARE(stats["cost"]["unchecked_runs"].get<std::int64_t>(), std::int64_t(1));
        QCOMPARE(stats["cost"]["total_usd"].get<double>(), 120.0 / 1e6); // 100 in + 20 out at $1 per million
    }

    // Replay re-judges the captures of the edited schema: every version with its $id, not
    // the captures of another schema with the same title.
    void replayIsScopedBySchemaId()
    {
        const QString path = freshStore(QStringLiteral("sqlite"), QStringLiteral("replay_scope"));
        {
            auto store = Store::open(StoreLocation::parse(path).value());
            QVERIFY(store);
            Json v1 = personSchema();
            v1["$id"] = "urn:example:person";
            v1["title"] = "person";
            Json v2 = v1;
            v2["properties"]["age"] = Json{{"type", "integer"}};
            Json other = personSchema(); // another team's "person", no $id
            other["title"] = "person";
            other["description"] = "another";
            ingest::JudgeOptions options;
            options.schemaMap.emplace("v1", mapped(v1));
            options.schemaMap.emplace("v2", mapped(v2));
            options.schemaMap.emplace("other", mapped(other));
            ingest::Judge judge(std::move(options));
            QVERIFY(store.value()->insert({judged(judge, call("a", "{\"name\": \"Ada\"}", "stop", "v1")),
                                           judged(judge, call("b", "{\"name\": \"Bo\", \"age\": 3}", "stop", "v2")),
                                           judged(judge, call("c", "{\"name\": \"Cy\"}", "stop", "other")),
                                           judged(judge, call("d", "{\"name\": \"Di\"}", "stop", "other"))}));
        }
        // The edit: "name" must be at least 3 characters. Of $id's two captures, Bo breaks.
        Json edited = personSchema();
        edited["$id"] = "urn:example:person";
        edited["title"] = "person";
        edited["properties"]["name"]["minLength"] = 3;
        const QString file = QDir(QFileInfo(path).absolutePath()).filePath(QStringLiteral("edited.json"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(dump(edited)));
        out.close();
        int code = -1;
        const QString scoped = cli({QStringLiteral("captures"), QStringLiteral("replay"), QStringLiteral("--schema"), file, QStringLiteral("--store"), path,
                                    QStringLiteral("--json")}, &code);
        QCOMPARE(code, 1);
        const Json report = Json::parse(scoped.toStdString().substr(0, scoped.toStdString().find('\n')));
        QCOMPARE(report["count"].get<std::int64_t>(), std::int64_t(2));
        QCOMPARE(report["became_invalid"].get<std::int64_t>(), std::int64_t(1)); // "Bo" is short; "Ada" is not
        QCOMPARE(report["scope"].get<std::string>(), std::string("$id urn:example:person"));
        const QString all = cli({QStringLiteral("captures"), QStringLiteral("replay"), QStringLiteral("--schema"), file, QStringLiteral("--store"), path,
                                 QStringLiteral("--json"), QStringLiteral("--all-schemas")}, &code);
        QCOMPARE(Json::parse(all.toStdString().substr(0, all.toStdString().find('\n')))["count"].get<std::int64_t>(), std::int64_t(4));
    }

    // Four imports into one new store at once, ten times over: each waits its turn (SQLite
    // answers BUSY at once while another process creates the store), none gives up.
    void concurrentImportsIntoANewStore()
    {
        const QString dir = QFileInfo(freshStore(QStringLiteral("sqlite"), QStringLiteral("concurrent_lines"))).absolutePath();
        const QString lines = QDir(dir).filePath(QStringLiteral("fixture.jsonl"));
        QFile file(lines);
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (const Json& document : fixtureDocuments())
            file.write(QByteArray::fromStdString(dump(document)) + '\n');
        file.close();
        for (int trial = 0; trial < 10; ++trial) {
            const QString path = freshStore(QStringLiteral("sqlite"), QStringLiteral("concurrent_%1").arg(trial));
            std::vector<std::unique_ptr<QProcess>> imports;
            for (int i = 0; i < 4; ++i) {
                imports.push_back(std::make_unique<QProcess>());
                imports.back()->start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("captures"), QStringLiteral("import"), lines,
                                                                          QStringLiteral("--store"), path});
            }
            for (auto& process : imports) {
                QVERIFY(process->waitForFinished(120'000));
                QVERIFY2(process->exitCode() == 0, qPrintable(QStringLiteral("trial %1: %2").arg(trial).arg(QString::fromUtf8(process->readAllStandardError()))));
            }
            auto store = Store::open(StoreLocation::parse(path).value());
            QVERIFY(store);
            QCOMPARE(store.value()->count({}).value(), std::int64_t(fixtureDocuments().size()));
        }
    }

    // A Conform JSONL line that is no capture is reported FILE:LINE and the rest imported
    // (exit 1); an id the store holds for another run is counted, and the stored one kept.
    void conformImportGoesOnPastABadLine()
    {
        const QString path = freshStore(QStringLiteral("sqlite"), QStringLiteral("bad_line"));
        const QString lines = QDir(QFileInfo(path).absolutePath()).filePath(QStringLiteral("bad_line.jsonl"));
        const std::vector<Json> documents = fixtureDocuments();
        QFile file(lines);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(dump(documents[0])) + '\n');
        file.write("{\"id\": \"x\", \"outcome\": \"splendid\"}\n");
        file.write(QByteArray::fromStdString(dump(documents[1])) + '\n');
        file.close();
        int code = -1;
        const QString first = cli({QStringLiteral("captures"), QStringLiteral("import"), lines, QStringLiteral("--store"), path}, &code);
        QCOMPARE(code, 1);
        QVERIFY2(first.contains(QStringLiteral("bad_line.jsonl:2: ")), qPrintable(first));
        QVERIFY2(first.contains(QStringLiteral("imported 2 capture(s)")), qPrintable(first));

        Json other = documents[0]; // the same id, another run
        other["time"] = "2026-01-01T00:00:00.000Z";
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(QByteArray::fromStdString(dump(other)) + '\n' + QByteArray::fromStdString(dump(documents[1])) + '\n');
        file.close();
        const QString second = cli({QStringLiteral("captures"), QStringLiteral("import"), lines, QStringLiteral("--store"), path}, &code);
        QCOMPARE(code, 0);
        QVERIFY2(second.contains(QStringLiteral("1 id(s) already held with other content: kept the stored ones")), qPrintable(second));
        auto store = Store::open(StoreLocation::parse(path).value());
        QVERIFY(store);
        QCOMPARE(store.value()->count({}).value(), std::int64_t(2));
        QCOMPARE(store.value()->capture(documents[0]["id"].get<std::string>()).value()->summary.createdAtMs,
                 captureFromDocument(documents[0]).value().summary.createdAtMs);
    }
};

CONFORM_TEST_CLASS(StoreVerdictsTest);
#include "test_store_verdicts.moc"
