// Whole runs: over real HTTP against `conform-cli serve` in each protocol and mode, and
// in-process through the Scenario provider. Nothing of the engine is mocked.
#include "test_registry.h"

#include "engine_fixture.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>

using namespace conform;
using namespace conform::engine;

namespace {

QString flagsOf(const RunRecord& r)
{
    QStringList flags;
    for (const std::string& f : r.flags)
        flags << QString::fromStdString(f);
    return flags.join(QLatin1Char(','));
}

QString kindsOf(const RunRecord& r)
{
    QStringList kinds;
    for (const AttemptRecord& a : r.attempts)
        kinds << QString::fromUtf8(attemptKindName(a.kind).data());
    return kinds.join(QLatin1Char(','));
}

// How many model calls `server` has answered for scenario `model` so far: it answers the next
// call with the next turn of "numbered", whose text starts "Call N:".
int callsServed(const ReplayServer& server, const QString& model)
{
    QNetworkAccessManager network;
    QNetworkRequest request(QUrl(server.baseUrl() + QStringLiteral("/v1/chat/completions")));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    const Json body{{"model", model.toStdString()}, {"messages", Json::array({Json{{"role", "user"}, {"content", "count"}}})}};
    QNetworkReply* reply = network.post(request, QByteArray::fromStdString(body.dump()));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const Json answer = Json::parse(reply->readAll().toStdString(), nullptr, false);
    reply->deleteLater();
    const std::string text = answer.is_object() ? answer["choices"][0]["message"]["content"].get<std::string>() : std::string();
    return text.rfind("Call ", 0) == 0 ? std::stoi(text.substr(5)) - 1 : -1;
}

// The scenario in process ("scenario") or over a fresh `conform-cli serve` in `provider`'s protocol.
Target targetFor(const QString& provider, const QString& scenario, const QString& mode, std::unique_ptr<ReplayServer>& server)
{
    Target target = httpTarget(provider, scenario, {}, mode);
    if (provider == QLatin1String("scenario")) {
        target.scenario = scenarioNamed(scenario);
        return target;
    }
    server = std::make_unique<ReplayServer>(QStringList{scenarioPath(scenario)});
    target.baseUrl = server->baseUrl().toStdString();
    return target;
}

int retriesOf(const RunRecord& r)
{
    int n = 0;
    for (const AttemptRecord& a : r.attempts)
        n += static_cast<int>(a.retries.size());
    return n;
}

void addRunColumns()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("flags");
    QTest::addColumn<int>("attempts");
    QTest::addColumn<int>("retries");
}

// The cases every protocol must pass. Ollama has no tool mode and no refusal signal.
void addCases(const QString& provider)
{
    const bool ollama = provider == QLatin1String("ollama");
    const auto row = [&provider](const char* name) { return QString(provider + QLatin1String(": ") + QLatin1String(name)).toUtf8(); };
    QTest::newRow(row("repaired after a broken reply")) << provider << "repaired" << "auto" << false << "repaired" << "" << 2 << 0;
    QTest::newRow(row("repaired, streamed")) << provider << "repaired" << "auto" << true << "repaired" << "" << 2 << 0;
    QTest::newRow(row("429 then success")) << provider << "rate_limited" << "auto" << false << "valid" << "" << 1 << 1;
    QTest::newRow(row("529 then success")) << provider << "overloaded" << "auto" << true << "valid" << "" << 1 << 1;
    QTest::newRow(row("500 then success")) << provider << "server_error" << "auto" << false << "valid" << "" << 1 << 1;
    QTest::newRow(row("cut mid-stream")) << provider << "cut" << "auto" << true << "valid" << "" << 1 << 1;
    QTest::newRow(row("cut mid-body")) << provider << "cut" << "auto" << false << "valid" << "" << 1 << 1;
    QTest::newRow(row("stall past the timeout")) << provider << "stall" << "auto" << true << "valid" << "" << 1 << 1;
    QTest::newRow(row("truncated, then asked again larger")) << provider << "truncated" << "auto" << false << "valid" << "" << 2 << 0;
    QTest::newRow(row("hopeless")) << provider << "hopeless" << "json-object" << false << "failed" << "" << 3 << 0;
    QTest::newRow(row("strict refused, fallback")) << provider << "mode_refused" << "auto" << false << "fallback" << "" << 2 << 0;
    if (!ollama) {
        QTest::newRow(row("tool call repaired")) << provider << "tool_repair" << "tool" << false << "repaired" << "" << 2 << 0;
        QTest::newRow(row("refusal")) << provider << "refusal" << "auto" << false << "failed" << "refused" << 1 << 0;
    }
}

// What every row checks, whatever carried the run.
void checkRun(const RunRecord& r, const QString& scenario, const QString& outcome, const QString& flags, int attempts, int retries)
{
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(QString::fromUtf8(outcomeName(r.outcome).data()), outcome);
    QCOMPARE(flagsOf(r), flags);
    QCOMPARE(static_cast<int>(r.attempts.size()), attempts);
    QCOMPARE(retriesOf(r), retries);
    if (outcome != QLatin1String("failed")) {
        QVERIFY(r.value.is_object());
        QVERIFY(r.value.contains("verdict") && r.value.contains("confidence"));
    }
    if (scenario == QLatin1String("rate_limited"))
        QCOMPARE(r.attempts[0].retries[0].delayMs, 1000LL); // retry-after: 1 honoured
    if (scenario == QLatin1String("hopeless")) { // best attempt kept: the last one, one issue
        QCOMPARE(r.best, std::optional<std::size_t>(2));
        QVERIFY(r.value == Json::parse("{\"verdict\":\"maybe\",\"confidence\":0.5}"));
        QCOMPARE(r.validFields, std::vector<std::string>{"confidence"});
        QVERIFY(!r.attempts[0].parsed);
    }
    if (scenario == QLatin1String("truncated")) { // auto mode starts strict: no prefill, a re-ask
        QCOMPARE(kindsOf(r), QStringLiteral("initial,reask_larger"));
        QCOMPARE(r.attempts[1].maxTokens, 2 * r.attempts[0].maxTokens);
    }
    if (scenario == QLatin1String("mode_refused")) {
        QCOMPARE(r.attempts[0].httpStatus, 400);
        QVERIFY(r.attempts[1].mode != r.attempts[0].mode);
    }
    const std::string dump = r.toJson().dump();
    QVERIFY2(dump.find("SECRET123") == std::string::npos, "the API key leaked into the run record");
}

// The repair turn of a tool-mode run, as the second request carried it.
void checkNativeToolRepair(const RunRecord& r, const QString& provider)
{
    const Json messages = r.attempts[1].request["body"]["messages"];
    if (provider == QLatin1String("openai")) {
        const Json last = messages.back();
        QCOMPARE(last["role"].get<std::string>(), std::string("tool"));
        QVERIFY(!last["tool_call_id"].get<std::string>().empty());
        QVERIFY(last["content"].get<std::string>().find("verdict") != std::string::npos);
    } else {
        const Json block = messages.back()["content"][0];
        QCOMPARE(block["type"].get<std::string>(), std::string("tool_result"));
        QCOMPARE(block["is_error"].get<bool>(), true);
        QVERIFY(block["content"].get<std::string>().find("verdict") != std::string::npos);
    }
}

struct CliResult
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliResult runCli(const QStringList& arguments)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), QString::fromLatin1(kFakeKey));
    env.insert(QStringLiteral("OPENAI_API_KEY"), QString::fromLatin1(kFakeKey));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(CONFORM_CLI_PATH), QStringList{QStringLiteral("run")} + arguments);
    process.waitForFinished(60000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

} // namespace

class EngineRunTest : public QObject
{
    Q_OBJECT
private slots:
    void overHttp_data()
    {
        addRunColumns();
        for (const char* provider : {"anthropic", "openai", "ollama"})
            addCases(QString::fromLatin1(provider));
    }

    void overHttp()
    {
        QFETCH(QString, provider);
        QFETCH(QString, scenario);
        QFETCH(QString, mode);
        QFETCH(bool, stream);
        QFETCH(QString, outcome);
        QFETCH(QString, flags);
        QFETCH(int, attempts);
        QFETCH(int, retries);
        const ReplayServer server({scenarioPath(scenario)}); // a fresh server: its turn counter starts at 1
        QVERIFY2(server.ok(), qPrintable(server.error()));
        const RunRecord r = runToEnd(specFor(httpTarget(provider, scenario, server.baseUrl(), mode), stream));
        checkRun(r, scenario, outcome, flags, attempts, retries);
        if (scenario == QLatin1String("tool_repair"))
            checkNativeToolRepair(r, provider);
        const Json headers = r.attempts[0].request["headers"];
        if (provider == QLatin1String("anthropic"))
            QCOMPARE(headers["x-api-key"].get<std::string>(), std::string("[redacted]"));
        if (provider == QLatin1String("openai"))
            QCOMPARE(headers["authorization"].get<std::string>(), std::string("Bearer [redacted]"));
    }

    void inProcess_data()
    {
        addRunColumns();
        addCases(QStringLiteral("scenario"));
    }

    void inProcess()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, mode);
        QFETCH(bool, stream);
        QFETCH(QString, outcome);
        QFETCH(QString, flags);
        QFETCH(int, attempts);
        QFETCH(int, retries);
        Target target = httpTarget(QStringLiteral("scenario"), {}, {}, mode);
        target.scenario = scenarioNamed(scenario);
        const RunRecord r = runToEnd(specFor(target, stream));
        checkRun(r, scenario, outcome, flags, attempts, retries);
        if (scenario == QLatin1String("tool_repair"))
            checkNativeToolRepair(r, QStringLiteral("anthropic"));
    }

    void nextTargetAfterTransportFailure()
    {
        Target dead = httpTarget(QStringLiteral("openai"), QStringLiteral("m"), QStringLiteral("http://127.0.0.1:1"), QStringLiteral("auto"));
        Target scenario = httpTarget(QStringLiteral("scenario"), {}, {}, QStringLiteral("auto"));
        scenario.scenario = scenarioNamed(QStringLiteral("repaired"));
        RunSpec spec = specFor(dead, false);
        spec.targets.push_back(scenario);
        spec.policy.maxTransportRetries = 1;
        const RunRecord r = runToEnd(spec);
        QCOMPARE(QString::fromUtf8(outcomeName(r.outcome).data()), QStringLiteral("repaired"));
        QCOMPARE(flagsOf(r), QStringLiteral("transport_error"));
        QCOMPARE(r.attempts.size(), std::size_t(3));
        QVERIFY(r.attempts[0].transportError);
        QCOMPARE(r.attempts[0].retries.size(), std::size_t(1));
        QCOMPARE(r.attempts[2].target, std::string("scenario"));
    }

    void promptVariablesAreSubstituted()
    {
        Target target = httpTarget(QStringLiteral("scenario"), {}, {}, QStringLiteral("text"));
        target.scenario = scenarioNamed(QStringLiteral("repaired"));
        const RunRecord r = runToEnd(specFor(target, false));
        const Json body = r.attempts[0].request["body"];
        QCOMPARE(body["messages"][0]["content"].get<std::string>(), std::string("Judge the cookie theft; answer in JSON."));
        QVERIFY(body["system"].get<std::string>().rfind("You judge the cookie theft.", 0) == 0);
        const Json repair = r.attempts[1].request["body"]["messages"];
        QCOMPARE(repair.size(), std::size_t(3)); // user, the broken answer, the repair turn
        QVERIFY(repair[2]["content"].get<std::string>().find("code fences") != std::string::npos);
    }

    void cancelEndsTheRun()
    {
        Target target = httpTarget(QStringLiteral("scenario"), {}, {}, QStringLiteral("auto"));
        target.scenario = scenarioNamed(QStringLiteral("stall"));
        RunSpec spec = specFor(target, true);
        spec.policy.stallTimeoutMs = 60000;
        Engine engine;
        RunRecord record;
        bool finished = false;
        QObject::connect(&engine, &Engine::finished, [&](const RunRecord& r) { record = r; finished = true; });
        QObject::connect(&engine, &Engine::chunkReceived, &engine, &Engine::cancel); // cancel on the first bytes
        engine.start(spec);
        QTRY_VERIFY_WITH_TIMEOUT(finished, 10000);
        QCOMPARE(flagsOf(record), QStringLiteral("cancelled"));
        QCOMPARE(record.outcome, Outcome::Failed);
        QVERIFY(!engine.running());
    }

    // A cut reply is never final and never repaired: continued where the protocol can prefill
    // (Anthropic text and JSON modes), asked again with max_tokens doubled elsewhere, up to
    // the ceiling (4x); --on-truncation fail stops at once.
    void truncation_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("policy");
        QTest::addColumn<QString>("kinds");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<QString>("endedBy");
        QTest::newRow("anthropic text: continued") << "anthropic" << "text" << "truncated" << "continue" << "initial,continuation" << "valid" << "valid";
        QTest::newRow("anthropic json-object: continued") << "anthropic" << "json-object" << "truncated" << "continue" << "initial,continuation" << "valid" << "valid";
        QTest::newRow("anthropic strict: no prefill, re-asked") << "anthropic" << "strict" << "truncated" << "continue" << "initial,reask_larger" << "valid" << "valid";
        QTest::newRow("anthropic text, raise: re-asked") << "anthropic" << "text" << "truncated" << "raise" << "initial,reask_larger" << "valid" << "valid";
        QTest::newRow("openai text: re-asked larger") << "openai" << "text" << "truncated" << "continue" << "initial,reask_larger" << "valid" << "valid";
        QTest::newRow("ollama json-object: re-asked larger") << "ollama" << "json-object" << "truncated" << "continue" << "initial,reask_larger" << "valid" << "valid";
        QTest::newRow("openai text, fail: stops at once") << "openai" << "text" << "truncated" << "fail" << "initial" << "failed" << "truncation_fail";
        QTest::newRow("openai always cut: up to the ceiling") << "openai" << "text" << "always_cut" << "continue" << "initial,reask_larger,reask_larger" << "failed" << "max_tokens_ceiling";
        QTest::newRow("anthropic always cut: continued up to the ceiling") << "anthropic" << "text" << "always_cut" << "continue" << "initial,continuation,continuation,continuation" << "failed" << "max_tokens_ceiling";
        QTest::newRow("scenario text: continued in process") << "scenario" << "text" << "truncated" << "continue" << "initial,continuation" << "valid" << "valid";
        QTest::newRow("anthropic text, streamed: continued") << "anthropic" << "text" << "truncated" << "continue" << "initial,continuation" << "valid" << "valid";
        QTest::newRow("openai text, streamed: re-asked larger") << "openai" << "text" << "truncated" << "continue" << "initial,reask_larger" << "valid" << "valid";
    }

    void truncation()
    {
        QFETCH(QString, provider);
        QFETCH(QString, mode);
        QFETCH(QString, scenario);
        QFETCH(QString, policy);
        QFETCH(QString, kinds);
        QFETCH(QString, outcome);
        QFETCH(QString, endedBy);
        std::unique_ptr<ReplayServer> server;
        const Target target = targetFor(provider, scenario, mode, server);
        QVERIFY2(!server || server->ok(), server ? qPrintable(server->error()) : "");
        RunSpec spec = specFor(target, QByteArray(QTest::currentDataTag()).contains("streamed"));
        spec.policy.onTruncation = *parseTruncationPolicy(policy.toStdString());
        const RunRecord r = runToEnd(spec);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(kindsOf(r), kinds);
        QCOMPARE(QString::fromUtf8(outcomeName(r.outcome).data()), outcome);
        QCOMPARE(QString::fromStdString(r.endedBy), endedBy);
        QCOMPARE(r.flags.count("truncated") == 1, outcome == QLatin1String("failed")); // only a run that ends cut
        for (const AttemptRecord& a : r.attempts) {
            QVERIFY(a.kind != AttemptKind::Repair); // a cut reply never gets a repair turn
            QVERIFY(!a.valid || !a.truncated);
        }
        if (outcome == QLatin1String("valid"))
            QVERIFY(r.value == Json::parse("{\"verdict\":\"guilty\",\"confidence\":0.5}"));
        for (std::size_t i = 1; i < r.attempts.size(); ++i) {
            const AttemptRecord& a = r.attempts[i];
            const Json messages = a.request["body"]["messages"];
            if (a.kind == AttemptKind::Continuation) { // the joined part is the prefill, at the same length
                QCOMPARE(messages.back()["role"].get<std::string>(), std::string("assistant"));
                QCOMPARE(a.raw.substr(0, a.joinedAt), messages.back()["content"].get<std::string>());
                QCOMPARE(a.maxTokens, r.attempts[0].maxTokens);
            } else { // the cut reply is dropped and the limit doubled
                QCOMPARE(messages.back()["role"].get<std::string>(), std::string("user"));
                QCOMPARE(a.maxTokens, 2 * r.attempts[i - 1].maxTokens);
                const Json& body = a.request["body"];
                const Json limit = body.contains("max_tokens") ? body["max_tokens"]
                    : body.contains("max_completion_tokens") ? body["max_completion_tokens"] : body["options"]["num_predict"];
                QCOMPARE(limit.get<int>(), a.maxTokens);
            }
        }
    }

    // However hopeless the model, a run makes at most --max-calls model calls, counted by
    // the server that answered them.
    void hopelessStaysInBudget_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<int>("maxCalls");
        for (const char* provider : {"anthropic", "openai", "ollama"})
            for (int calls : {1, 4, 6})
                QTest::newRow(qPrintable(QStringLiteral("%1, --max-calls %2").arg(QLatin1String(provider)).arg(calls))) << provider << calls;
    }

    void hopelessStaysInBudget()
    {
        QFETCH(QString, provider);
        QFETCH(int, maxCalls);
        const ReplayServer server({scenarioPath(QStringLiteral("numbered"))});
        QVERIFY2(server.ok(), qPrintable(server.error()));
        RunSpec spec = specFor(httpTarget(provider, QStringLiteral("numbered"), server.baseUrl(), QStringLiteral("auto")), false);
        spec.policy.maxCalls = maxCalls;
        const RunRecord r = runToEnd(spec);
        QCOMPARE(r.outcome, Outcome::Failed);
        QCOMPARE(static_cast<int>(r.attempts.size()), maxCalls);
        QCOMPARE(callsServed(server, QStringLiteral("numbered")), maxCalls);
        QCOMPARE(r.endedBy, std::string("max_calls")); // every chain has more than six calls' worth of repairs
        QCOMPARE(r.attempts[0].kind, AttemptKind::Initial);
        if (maxCalls == 4) // strict: first answer + 2 repairs, then the next mode once
            QCOMPARE(kindsOf(r), QStringLiteral("initial,repair,repair,fallback"));
    }

    // A strict-mode reply that does not validate: the server took the schema and did not
    // enforce it. Only strict mode says so.
    void notEnforced_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("flagged");
        QTest::newRow("openai strict") << "openai" << "strict" << true;
        QTest::newRow("ollama strict") << "ollama" << "strict" << true;
        QTest::newRow("anthropic strict") << "anthropic" << "strict" << true;
        QTest::newRow("openai json-object") << "openai" << "json-object" << false;
        QTest::newRow("anthropic tool") << "anthropic" << "tool" << false;
    }

    void notEnforced()
    {
        QFETCH(QString, provider);
        QFETCH(QString, mode);
        QFETCH(bool, flagged);
        const ReplayServer server({scenarioPath(QStringLiteral("hopeless"))});
        QVERIFY2(server.ok(), qPrintable(server.error()));
        const RunRecord r = runToEnd(specFor(httpTarget(provider, QStringLiteral("hopeless"), server.baseUrl(), mode), false));
        QCOMPARE(r.attempts.size(), std::size_t(3));
        for (const AttemptRecord& a : r.attempts) {
            QCOMPARE(a.notEnforced, flagged);
            QCOMPARE(a.toJson()["not_enforced"].get<bool>(), flagged);
        }
    }

    // The record's conform_only lists the test schema's constraints the strict step's provider
    // did not enforce, by its engine's rules (libcore/engines/rules/): Anthropic rejects numeric
    // bounds, so they went into the description; Ollama's grammar drops bounds on a number;
    // OpenAI enforces both; a mode without a schema on the wire lists nothing.
    void conformOnlyListsWhatTheProviderLeftToConform_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QStringList>("expected"); // each entry's end, after the target's label
        QTest::newRow("anthropic strict") << "anthropic" << "strict"
            << QStringList{": /properties/confidence: moved minimum 0 into the description",
                           ": /properties/confidence: moved maximum 1 into the description"};
        QTest::newRow("ollama strict") << "ollama" << "strict"
            << QStringList{": /properties/confidence: minimum is only enforced on \"type\": \"integer\"",
                           ": /properties/confidence: maximum is only enforced on \"type\": \"integer\""};
        QTest::newRow("openai strict") << "openai" << "strict" << QStringList{};
        QTest::newRow("openai json-object") << "openai" << "json-object" << QStringList{};
    }

    void conformOnlyListsWhatTheProviderLeftToConform()
    {
        QFETCH(QString, provider);
        QFETCH(QString, mode);
        QFETCH(QStringList, expected);
        const ReplayServer server({scenarioPath(QStringLiteral("hopeless"))});
        QVERIFY2(server.ok(), qPrintable(server.error()));
        const RunRecord r = runToEnd(specFor(httpTarget(provider, QStringLiteral("hopeless"), server.baseUrl(), mode), false));
        QStringList actual;
        for (const std::string& entry : r.conformOnly)
            actual << QString::fromStdString(entry);
        QCOMPARE(actual.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i)
            QVERIFY2(actual[i].endsWith(expected[i]), qPrintable(actual[i]));
        const Json document = r.toJson();
        QCOMPARE(document.contains("conform_only"), !expected.isEmpty());
        if (!expected.isEmpty())
            QCOMPARE(document["conform_only"].size(), std::size_t(expected.size()));
        QCOMPARE(r.toText(), conform::dump(document));
    }

    // latency_ms is the call's wall time, retries and backoff included; each failed try keeps its own.
    void latencyIncludesRetries()
    {
        Target target = httpTarget(QStringLiteral("scenario"), {}, {}, QStringLiteral("auto"));
        target.scenario = scenarioNamed(QStringLiteral("rate_limited")); // 429 with retry-after: 1
        const RunRecord r = runToEnd(specFor(target, false));
        QCOMPARE(r.attempts.size(), std::size_t(1));
        const AttemptRecord& a = r.attempts[0];
        QCOMPARE(a.retries.size(), std::size_t(1));
        QVERIFY2(a.latencyMs >= a.retries[0].delayMs, qPrintable(QString::number(a.latencyMs)));
        QVERIFY(a.retries[0].tryMs < 1000);
        QVERIFY(a.retries[0].toJson().contains("try_ms"));
    }

    // Credentials in a base URL never reach a record or an error.
    void urlSecretsAreRedacted()
    {
        RunSpec spec = specFor(httpTarget(QStringLiteral("openai"), QStringLiteral("m"),
                                          QStringLiteral("http://someone:pw-S3CRET@127.0.0.1:1/v1?api_key=QKEY-77&region=eu"),
                                          QStringLiteral("text")), false);
        spec.policy.maxTransportRetries = 0;
        const RunRecord r = runToEnd(spec);
        QCOMPARE(r.attempts.size(), std::size_t(1));
        const std::string dump = r.toJson().dump();
        QVERIFY2(dump.find("S3CRET") == std::string::npos, dump.c_str());
        QVERIFY2(dump.find("QKEY-77") == std::string::npos, dump.c_str());
        QVERIFY(dump.find("someone") == std::string::npos);
        QVERIFY(r.attempts[0].request["url"].get<std::string>().find("***@127.0.0.1:1") != std::string::npos);
        QVERIFY(!r.attempts[0].error.empty());
    }

    // The repair requests of a long run do not grow: equal-size failed replies, five repairs.
    void repairRequestsStaySmall_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("mode");
        QTest::newRow("scenario text") << "scenario" << "text";
        QTest::newRow("anthropic strict") << "anthropic" << "strict";
        QTest::newRow("anthropic tool") << "anthropic" << "tool";
        QTest::newRow("openai strict") << "openai" << "strict";
        QTest::newRow("openai json-object") << "openai" << "json-object";
        QTest::newRow("ollama text") << "ollama" << "text";
    }

    void repairRequestsStaySmall()
    {
        QFETCH(QString, provider);
        QFETCH(QString, mode);
        std::unique_ptr<ReplayServer> server;
        const Target target = targetFor(provider, QStringLiteral("equal_replies"), mode, server);
        QVERIFY2(!server || server->ok(), server ? qPrintable(server->error()) : "");
        RunSpec spec = specFor(target, false);
        spec.policy.maxRepairs = 5;
        spec.policy.maxCalls = 6;
        const RunRecord r = runToEnd(spec);
        QCOMPARE(r.attempts.size(), std::size_t(6));
        const std::size_t first = r.attempts[0].requestBytes;
        const std::size_t firstRepair = r.attempts[1].requestBytes;
        QVERIFY2(firstRepair <= first + r.attempts[0].raw.size() + 2048,
                 qPrintable(QStringLiteral("first repair %1, first %2, reply %3").arg(firstRepair).arg(first).arg(r.attempts[0].raw.size())));
        for (std::size_t k = 1; k < r.attempts.size(); ++k) {
            QCOMPARE(r.attempts[k].kind, AttemptKind::Repair);
            QCOMPARE(r.attempts[k].requestBytes, r.attempts[k].request["body"].dump().size());
            QVERIFY2(r.attempts[k].requestBytes * 10 <= firstRepair * 11,
                     qPrintable(QStringLiteral("repair %1: %2 bytes, first repair %3").arg(k).arg(r.attempts[k].requestBytes).arg(firstRepair)));
        }
        qInfo("%s %s: first request %zu B, failed reply %zu B, first repair %zu B, fifth repair %zu B", qPrintable(provider),
              qPrintable(mode), first, r.attempts[0].raw.size(), firstRepair, r.attempts[5].requestBytes);
    }

    void cliNeverShowsTheKey_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::newRow("anthropic") << "anthropic";
        QTest::newRow("openai") << "openai";
    }

    void cliNeverShowsTheKey()
    {
        QFETCH(QString, provider);
        const ReplayServer server({scenarioPath(QStringLiteral("repaired"))});
        QVERIFY2(server.ok(), qPrintable(server.error()));
        const CliResult cli = runCli({QStringLiteral("--schema"), dataPath(QStringLiteral("schema.json")), QStringLiteral("--user"),
                                      QStringLiteral("Judge."), QStringLiteral("--provider"), provider, QStringLiteral("--model"),
                                      QStringLiteral("m"), QStringLiteral("--base-url"), server.baseUrl(), QStringLiteral("--stream"),
                                      QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        QVERIFY(!cli.out.contains("SECRET123"));
        QVERIFY(!cli.err.contains("SECRET123"));
        const Json run = Json::parse(cli.out.toStdString());
        QCOMPARE(run["outcome"].get<std::string>(), std::string("repaired"));
        QVERIFY(cli.out.contains("[redacted]")); // the key header is recorded, redacted
        QVERIFY(cli.err.contains("guilty")); // --stream showed the reply arriving
    }

    void cliExitCodes_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("valid") << "rate_limited" << QStringList{} << 0;
        QTest::newRow("fallback") << "mode_refused" << QStringList{} << 0;
        QTest::newRow("failed") << "hopeless" << QStringList{QStringLiteral("--mode"), QStringLiteral("text")} << 1;
        QTest::newRow("transport") << "server_error" << QStringList{QStringLiteral("--retries"), QStringLiteral("0")} << 3;
        QTest::newRow("cut to the end") << "always_cut" << QStringList{} << 1;
        QTest::newRow("cut, --on-truncation fail") << "truncated" << QStringList{QStringLiteral("--on-truncation"), QStringLiteral("fail")} << 1;
        QTest::newRow("usage: bad truncation policy") << "truncated" << QStringList{QStringLiteral("--on-truncation"), QStringLiteral("more")} << 2;
        QTest::newRow("usage: zero calls") << "truncated" << QStringList{QStringLiteral("--max-calls"), QStringLiteral("0")} << 2;
        QTest::newRow("usage") << "repaired" << QStringList{QStringLiteral("--mode"), QStringLiteral("loud")} << 2;
        QTest::newRow("usage: bad number") << "repaired" << QStringList{QStringLiteral("--max-repairs"), QStringLiteral("x")} << 2;
    }

    void cliExitCodes()
    {
        QFETCH(QString, scenario);
        QFETCH(QStringList, extra);
        QFETCH(int, exitCode);
        const CliResult cli = runCli(QStringList{QStringLiteral("--schema"), dataPath(QStringLiteral("schema.json")), QStringLiteral("--user"),
                                                 QStringLiteral("Judge."), QStringLiteral("--provider"), QStringLiteral("scenario"),
                                                 QStringLiteral("--scenario"), scenarioPath(scenario)} + extra);
        QCOMPARE(cli.exitCode, exitCode);
        if (exitCode == 2)
            QVERIFY(cli.err.startsWith("conform-cli: error: "));
    }
};

CONFORM_TEST_CLASS(EngineRunTest);

#include "test_engine_runs.moc"
