// QA's loop from the command line: a failed capture becomes a regression suite
// (`captures to-suite`) that `suite --replay` runs offline from its cassette. The capture is
// made by `run` against an in-process replay server over OpenAI's wire; then that server is
// stopped and a tripwire listens on its port (and as every proxy), so a replay that opened a
// socket would be seen. Expected texts are written here by hand from the scenario and the
// prompt (test data: replay/).
#include "cli_in_process.h"

#include "json/parse.h"
#include "providers/model_request.h"
#include "schema/schema_file.h"
#include "server/server.h"
#include "store/store.h"

#include <QFile>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace conform;

Q_DECLARE_METATYPE(conform::Json)

namespace {

const QString kData = QStringLiteral(CONFORM_TEST_DATA "/replay");

// A file the test wrote or keeps, read as every Conform file is (null when it cannot be).
Json readJson(const QString& path)
{
    auto read = schema::readJsonFile(path);
    return read ? std::move(read).value() : Json();
}

void writeText(const QString& path, const std::string& text)
{
    QFile file(path);
    file.open(QIODevice::WriteOnly | QIODevice::Truncate);
    file.write(text.data(), qint64(text.size()));
}

int lines(const std::string& text, std::string_view prefix)
{
    int count = 0;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        count += std::string_view(text).substr(at, end - at).starts_with(prefix) ? 1 : 0;
        at = end + 1;
    }
    return count;
}

} // namespace

class TestSuiteReplay : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_store;          // where `run` captured the failure
    std::string m_captureId;
    std::string m_cluster;
    Json m_suite;             // what to-suite wrote
    Json m_plainSuite;        // the same for a call without variables
    int m_liveCode = -1;      // the suite run live against the server, before it stopped
    QTcpServer m_tripwire;
    int m_connections = 0;

    QString writeSuite(const QString& name, const Json& suite)
    {
        const QString path = m_dir.filePath(name);
        writeText(path, dump(suite, 2));
        return path;
    }

    CliRun replay(const Json& suite, QStringList extra = {})
    {
        return runCliInProcess(QStringList{"suite", writeSuite(QStringLiteral("edited.suite.json"), suite), "--replay"} + extra);
    }

    std::int64_t capturesIn(const QString& location)
    {
        auto store = store::Store::open(store::StoreLocation::parse(location).value());
        return store ? store.value()->count({}).value() : -1;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("production.db"));
        auto scenario = providers::loadScenario(kData + QStringLiteral("/order-missing-price.json"));
        QVERIFY(scenario);
        auto server = std::make_unique<server::ReplayServer>(std::vector<providers::Scenario>{scenario.value()});
        QVERIFY(server->listen());
        const quint16 port = server->url().port();
        const QString system = m_dir.filePath(QStringLiteral("system.md"));
        writeText(system, "You read orders.");
        const CliRun run = runCliInProcess({"run", "--schema", kData + "/order.schema.json", "--system", system, "--user", "Order {{n}}: pen",
                                            "--var", "n=17", "--provider", "openai", "--model", "order-missing-price", "--base-url",
                                            server->url().toString() + "/v1", "--mode", "json-object", "--max-repairs", "1", "--store", m_store,
                                            "--json"});
        QVERIFY2(run.code == 1, run.err.c_str()); // failed: the price is never there
        m_captureId = Json::parse(run.out)["capture_id"].get<std::string>();

        const CliRun clusters = runCliInProcess({"captures", "clusters", "--store", m_store, "--json"});
        QCOMPARE(clusters.code, 0);
        const Json cluster = Json::parse(clusters.out);
        QCOMPARE(dump(cluster["findings"]), std::string(R"([{"path":["items","*","price"],"code":"invalid_type","message":"Required"}])"));
        m_cluster = cluster["cluster"].get<std::string>();

        const QString file = m_dir.filePath(QStringLiteral("regression.suite.json"));
        const CliRun made = runCliInProcess({"captures", "to-suite", "--cluster", QString::fromStdString(m_cluster), "-o", file, "--store", m_store});
        QVERIFY2(made.code == 0, made.err.c_str());
        QVERIFY2(made.out.starts_with("wrote 1 case(s) to "), made.out.c_str());
        m_suite = readJson(file);
        // The same call without variables, as the proxy or an import records one: its case
        // holds the messages as sent.
        const CliRun plain = runCliInProcess({"run", "--schema", kData + "/order.schema.json", "--system", system, "--user", "Order 18: pen",
                                              "--provider", "openai", "--model", "order-missing-price", "--base-url", server->url().toString() + "/v1",
                                              "--mode", "json-object", "--max-repairs", "0", "--label", "case=plain", "--store", m_store, "--json"});
        QVERIFY2(plain.code == 1, plain.err.c_str());
        const QString plainFile = m_dir.filePath(QStringLiteral("plain.suite.json"));
        QCOMPARE(runCliInProcess({"captures", "to-suite", QString::fromStdString(Json::parse(plain.out)["capture_id"].get<std::string>()), "-o",
                                  plainFile, "--store", m_store}).code, 0);
        m_plainSuite = readJson(plainFile);
        // Without --replay the suite asks its target again: the model still leaves the price out.
        m_liveCode = runCliInProcess({"suite", file, "--no-store", "--json"}).code;

        // From here on nothing may connect: the server's port and every proxy lead to a tripwire.
        server.reset();
        QVERIFY(m_tripwire.listen(QHostAddress::LocalHost, port));
        connect(&m_tripwire, &QTcpServer::newConnection, this, [this] { ++m_connections; });
        const QByteArray proxy = "http://127.0.0.1:" + QByteArray::number(port);
        for (const char* name : {"http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy"})
            qputenv(name, proxy);
        qunsetenv("no_proxy");
        qunsetenv("NO_PROXY");
        qputenv("CONFORM_STORE", m_dir.filePath(QStringLiteral("never-written.db")).toUtf8());
    }

    void cleanup()
    {
        QCoreApplication::processEvents(); // a connection attempt would be counted now
        QCOMPARE(m_connections, 0);
        QVERIFY2(!QFile::exists(m_dir.filePath(QStringLiteral("never-written.db"))), "a replay stored something");
        QCOMPARE(capturesIn(m_store), std::int64_t(2)); // the two `run` made, no more
    }

    void theSuiteHoldsTheCapture()
    {
        QCOMPARE(m_liveCode, 1);
        QCOMPARE(dump(m_suite["thresholds"]), dump((Json{{"min_success", 1}})));
        QCOMPARE(m_suite["targets"].size(), std::size_t(1));
        QCOMPARE(dump(m_suite["targets"][0]["name"]), dump(Json("openai/order-missing-price:json-object")));
        const Json& c = m_suite["cases"][0];
        QCOMPARE(c["name"].get<std::string>(), m_captureId); // no case label: named by its capture
        QCOMPARE(c["capture"].get<std::string>(), m_captureId);
        QCOMPARE(dump(c["system"]), dump(Json("You read orders.")));
        QCOMPARE(dump(c["user"]), dump(Json("Order {{n}}: pen")));
        QCOMPARE(dump(c["vars"]), dump((Json{{"n", "17"}})));
        QCOMPARE(dump(c["target"]), dump(Json("openai/order-missing-price:json-object")));
        QCOMPARE(dump(c["policy"]["max_repairs"]), dump(Json(1)));
        QCOMPARE(c["cassette"].size(), std::size_t(2)); // the answer, then one repair
        QCOMPARE(dump(c["cassette"][0]["request"]),
                 std::string(R"({"model":"order-missing-price","mode":"json-object","messages":[{"role":"system","content":"You read orders."},)"
                             R"({"role":"user","content":"Order 17: pen"}]})"));
        QCOMPARE(dump(c["cassette"][0]["reply"]["text"]), dump(Json(R"({"items": [{"name": "pen"}]})")));
        const Json& repair = c["cassette"][1]["request"]["messages"];
        QCOMPARE(repair.size(), std::size_t(4));
        QCOMPARE(dump(repair[2]), dump((Json{{"role", "assistant"}, {"content", R"({"items": [{"name": "pen"}]})"}})));
        QVERIFY(repair[3]["content"].get<std::string>().starts_with("Your previous answer (attempt 1 of "));
        const schema::SchemaFile suiteSchema = schema::loadSchemaFile(QStringLiteral(CONFORM_SOURCE_DIR "/schemas/suite.schema.json"));
        QVERIFY(suiteSchema.validator->accepts(m_suite));
    }

    // The case fails as it failed in production, offline, and the report says it was re-judged.
    void replayFailsAsItFailed()
    {
        const CliRun run = replay(m_suite, {"--json"});
        QCOMPARE(run.code, 1);
        QCOMPARE(lines(run.err, "conform-cli: error:"), 0);
        const Json report = Json::parse(run.out);
        QCOMPARE(dump(report["replayed"]), dump(Json(true)));
        QCOMPARE(report["cells"].size(), std::size_t(1));
        QCOMPARE(dump(report["cells"][0]["runs"]), dump(Json(1)));
        QCOMPARE(dump(report["cells"][0]["succeeded"]), dump(Json(0)));
        QCOMPARE(dump(report["cells"][0]["first_failure"]["message"]), dump(Json("/items/0/price: Required")));
        QCOMPARE(dump(report["cells"][0]["capture_ids"]), dump(Json::array())); // nothing stored
        const CliRun human = replay(m_suite);
        QVERIFY2(human.out.find("replayed from cassettes: the recorded replies re-judged against each case's schema as it stands, not regenerated\n")
                     != std::string::npos, human.out.c_str());
    }

    // A demo's capture (the Scenario provider, no model named) replays as it ran: the request
    // it repeats asks for the model the scenario run asked for, so nothing misses.
    void aDemoCaptureReplays()
    {
        const QString demoStore = m_dir.filePath(QStringLiteral("demo.db"));
        const CliRun ran = runCliInProcess({"run", "--scenario", QStringLiteral(CONFORM_SOURCE_DIR "/resources/scenarios/hopeless-model.json"),
                                            "--store", demoStore, "--json"});
        QVERIFY2(ran.code == 1, ran.err.c_str()); // the scenario's model never answers with goals
        const QString file = m_dir.filePath(QStringLiteral("demo.suite.json"));
        const CliRun made = runCliInProcess({"captures", "to-suite", QString::fromStdString(Json::parse(ran.out)["capture_id"].get<std::string>()),
                                             "-o", file, "--store", demoStore});
        QVERIFY2(made.code == 0, made.err.c_str());
        QCOMPARE(dump(readJson(file)["targets"][0]["name"]), dump(Json("scenario/hopeless-model")));
        const CliRun replayed = runCliInProcess({"suite", file, "--replay"});
        QCOMPARE(lines(replayed.err, "conform-cli: error:"), 0);
        QVERIFY2(replayed.err.find("cassette miss") == std::string::npos, replayed.err.c_str());
        QCOMPARE(replayed.code, 1); // fails as it failed
    }

    void anEditedRequestIsACassetteMiss_data()
    {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("difference");
        QTest::newRow("user prompt") << "vars" << "the user prompt differs from the recording at character 8";
        QTest::newRow("system prompt") << "system" << "the system prompt differs from the recording at character 10";
        QTest::newRow("model") << "model" << "the model differs: order-missing-price-2 where the recording has order-missing-price";
        QTest::newRow("mode") << "mode" << "the mode differs: text where the recording has json-object";
        QTest::newRow("repair turn") << "repair" << "call 2: message 4 (user) differs from the recording at character 1";
    }
    void anEditedRequestIsACassetteMiss()
    {
        QFETCH(QString, edit);
        QFETCH(QString, difference);
        Json suite = m_suite;
        Json& c = suite["cases"][0];
        if (edit == QLatin1String("vars"))
            c["vars"]["n"] = "18";                      // "Order 18: pen"
        else if (edit == QLatin1String("system"))
            c["system"] = "You read the orders.";       // "You read " then 't' for 'o'
        else if (edit == QLatin1String("model"))
            suite["targets"][0]["model"] = "order-missing-price-2";
        else if (edit == QLatin1String("mode"))
            suite["targets"][0]["mode"] = "text";
        else
            c["policy"]["repair_template"] = "Fix it: {{issues}}"; // "Your previous answer..." from its first letter
        const CliRun run = replay(suite, {"--json"});
        QCOMPARE(run.code, 2);
        QVERIFY(run.out.empty());
        QCOMPARE(lines(run.err, "conform-cli: error:"), 1);
        const std::string expected = "conform-cli: error: case \"" + m_captureId + "\": " + difference.toStdString() + "\n";
        QVERIFY2(run.err.find(expected) != std::string::npos, run.err.c_str());
    }

    void aCallWithoutVariablesHoldsItsMessages()
    {
        const Json& c = m_plainSuite["cases"][0];
        QCOMPARE(c["name"].get<std::string>(), std::string("plain"));
        QVERIFY(!c.contains("user") && !c.contains("vars") && !c.contains("system"));
        QCOMPARE(dump(c["messages"]), std::string(R"([{"role":"system","content":"You read orders."},{"role":"user","content":"Order 18: pen"}])"));
        CliRun run = replay(m_plainSuite, {"--json"});
        QCOMPARE(run.code, 1);
        QCOMPARE(dump(Json::parse(run.out)["cells"][0]["first_failure"]["message"]), dump(Json("/items/0/price: Required")));
        Json edited = m_plainSuite;
        edited["cases"][0]["messages"][1]["content"] = "Order 18: pens";
        run = replay(edited);
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.find("conform-cli: error: case \"plain\": the user prompt differs from the recording at character 14\n") != std::string::npos,
                 run.err.c_str());
    }

    // A schema fix proven offline: the same recorded replies, judged against the edited schema.
    void anEditedSchemaThatAcceptsTheRepliesPasses()
    {
        Json suite = m_suite;
        suite["cases"][0]["schema"] = readJson(kData + QStringLiteral("/order-fixed.schema.json"));
        const CliRun run = replay(suite, {"--json"});
        QVERIFY2(run.code == 0, run.err.c_str());
        const Json report = Json::parse(run.out);
        QCOMPARE(dump(report["passed"]), dump(Json(true)));
        QCOMPARE(dump(report["replayed"]), dump(Json(true)));
        QCOMPARE(dump(report["cells"][0]["succeeded"]), dump(Json(1)));
        QCOMPARE(dump(report["cells"][0]["mean_repairs"]), dump(Json(0.0))); // the first recorded reply now validates
    }

    void replayNeedsCassettesAndStoresNothing_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("error");
        QTest::newRow("no cassette") << "drop" << "has no cassette: --replay needs one for every case";
        QTest::newRow("--store") << "store" << "it takes no --store";
        QTest::newRow("a damaged cassette") << "damage" << "/cases/0/cassette/0/request/mode: must be strict, tool, json-object or text";
    }
    void replayNeedsCassettesAndStoresNothing()
    {
        QFETCH(QString, change);
        QFETCH(QString, error);
        Json suite = m_suite;
        QStringList extra;
        if (change == QLatin1String("drop"))
            suite["cases"][0].erase("cassette");
        else if (change == QLatin1String("store"))
            extra = QStringList{"--store", m_store};
        else
            suite["cases"][0]["cassette"][0]["request"]["mode"] = "fast";
        const CliRun run = replay(suite, extra);
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.find(error.toStdString()) != std::string::npos, run.err.c_str());
    }

    void firstDifference_data()
    {
        QTest::addColumn<Json>("sent");
        QTest::addColumn<Json>("recorded");
        QTest::addColumn<QString>("difference");
        const auto request = [](const char* model, const char* mode, Json messages) {
            return Json{{"model", model}, {"mode", mode}, {"messages", std::move(messages)}};
        };
        const auto m = [](const char* role, const char* content) { return Json{{"role", role}, {"content", content}}; };
        const Json base = request("m", "strict", Json::array({m("system", "s"), m("user", "café au lait")}));
        QTest::newRow("the same") << base << base << QString();
        QTest::newRow("characters, not bytes") << request("m", "strict", Json::array({m("system", "s"), m("user", "café noir")})) << base
                                               << "the user prompt differs from the recording at character 6";
        QTest::newRow("longer") << request("m", "strict", Json::array({m("system", "s"), m("user", "café au lait!")})) << base
                                << "the user prompt differs from the recording at character 13";
        QTest::newRow("a message more") << request("m", "strict", Json::array({m("system", "s"), m("user", "café au lait"), m("assistant", "x")}))
                                        << base << "the request has 3 message(s) where the recording has 2";
        QTest::newRow("another role") << request("m", "strict", Json::array({m("user", "s"), m("user", "café au lait")})) << base
                                      << "message 1 is the user's where the recording has the system's";
        QTest::newRow("the model first") << request("n", "tool", Json::array()) << base << "the model differs: n where the recording has m";
    }
    void firstDifference()
    {
        QFETCH(Json, sent);
        QFETCH(Json, recorded);
        QFETCH(QString, difference);
        const auto found = providers::firstDifference(providers::ModelRequest::fromJson(sent, "").value(),
                                                      providers::ModelRequest::fromJson(recorded, "").value());
        QCOMPARE(QString::fromStdString(found.value_or("")), difference);
    }

    void whatReachesTheModel_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<Json>("body");
        QTest::addColumn<Json>("expected");
        const std::string instruction = "Respond with only a JSON value that matches this JSON Schema, with no prose and no code fences:\n{}";
        QTest::newRow("openai json-object: the instruction left out")
            << "openai"
            << Json{{"model", "gpt"}, {"response_format", Json{{"type", "json_object"}}},
                    {"messages", Json::array({Json{{"role", "system"}, {"content", "Be brief.\n\n" + instruction}}, Json{{"role", "user"}, {"content", "Hi"}}})}}
            << Json::parse(R"({"model":"gpt","mode":"json-object","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Hi"}]})");
        QTest::newRow("openai tool call and result")
            << "openai"
            << Json::parse(R"({"model":"gpt","tools":[{}],"tool_choice":{"type":"function"},"messages":[{"role":"user","content":[{"type":"text","text":"Hi"}]},{"role":"assistant","content":null,"tool_calls":[{"function":{"name":"respond","arguments":"{\u0022a\u0022:1}"}}]},{"role":"tool","tool_call_id":"c","content":"Fix a"}]})")
            << Json::parse(R"({"model":"gpt","mode":"tool","messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":"{\u0022a\u0022:1}"},{"role":"tool","content":"Fix a"}]})");
        QTest::newRow("anthropic blocks")
            << "anthropic"
            << Json::parse(R"({"model":"claude","system":[{"type":"text","text":"Be brief."}],"tool_choice":{"type":"tool","name":"respond"},"messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"respond","input":{"a":1}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","is_error":true,"content":"Fix a"}]}]})")
            << Json::parse(R"({"model":"claude","mode":"tool","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Hi"},{"role":"assistant","content":"{\u0022a\u0022:1}"},{"role":"tool","content":"Fix a"}]})");
        QTest::newRow("ollama format schema")
            << "ollama" << Json::parse(R"({"model":"llama","format":{"type":"object"},"messages":[{"role":"user","content":"Hi"}]})")
            << Json::parse(R"({"model":"llama","mode":"strict","messages":[{"role":"user","content":"Hi"}]})");
    }
    void whatReachesTheModel()
    {
        QFETCH(QString, provider);
        QFETCH(Json, body);
        QFETCH(Json, expected);
        const auto kind = providers::parseProviderKind(provider.toStdString());
        QVERIFY(kind);
        QCOMPARE(dump(providers::modelRequestOf(*kind, body).toJson()), dump(expected));
    }
};

QTEST_GUILESS_MAIN(TestSuiteReplay)
#include "test_suite_replay.moc"
