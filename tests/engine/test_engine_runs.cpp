// Whole runs: over real HTTP against `conform-cli serve` in each protocol and mode, and
// in-process through the Scenario provider. Nothing of the engine is mocked.
#include "test_registry.h"

#include "engine_fixture.h"

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
    QTest::newRow(row("truncated, then repaired")) << provider << "truncated" << "auto" << false << "repaired" << "truncated" << 2 << 0;
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
                                      QStringLiteral("Judge."), QStringLiteral("--provider"), provider, QStringLiteral("--base-url"),
                                      server.baseUrl(), QStringLiteral("--stream"), QStringLiteral("--json")});
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
