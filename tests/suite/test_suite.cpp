// libcore/suite and `conform-cli suite`: the scheduler's decisions, assertions, suite file
// errors, and whole suites run in process against the built-in scenarios and an in-process
// replay server, whose outcomes the scenarios state (their "expect"), so every expected
// figure below is worked out by hand from them.
#include "cli_in_process.h"
#include "require_dependency.h"

#include "json/parse.h"
#include "schema/schema_file.h"
#include "server/server.h"
#include "store/store.h"
#include "suite/assertion.h"
#include "suite/schedule.h"
#include "suite/suite.h"
#include "suite/comparison_file.h"
#include "suite/comparison_writer.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace conform;

Q_DECLARE_METATYPE(conform::Json)

namespace {

const QString kData = QStringLiteral(CONFORM_TEST_DATA);
const QString kSchemas = QStringLiteral(CONFORM_SOURCE_DIR "/schemas");

Json readJson(const QString& path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    auto parsed = json::parseStrict(file.readAll().toStdString());
    return parsed ? parsed.value() : Json();
}

void writeJson(const QString& path, const Json& value)
{
    QFile file(path);
    file.open(QIODevice::WriteOnly | QIODevice::Truncate);
    file.write(QByteArray::fromStdString(dump(value, 2)));
}

providers::Scenario builtin(const char* name)
{
    return providers::loadScenario(providers::resolveScenarioPath(QString::fromLatin1(name))).value();
}

// Three targets over the replay server, one case: tool-call answers well every time,
// hopeless-model never does (4 calls, 2 repairs: its "expect"), refusal refuses (1 call).
Json serverSuite(const QUrl& url)
{
    const std::string base = url.toString().toStdString();
    return Json{{"name", "server"},
                {"repeat", 3},
                {"concurrency", 4},
                {"targets", Json::array({Json{{"provider", "openai"}, {"model", "tool-call"}, {"base_url", base + "/v1"}},
                                         Json{{"provider", "openai"}, {"model", "hopeless-model"}, {"base_url", base + "/v1"}},
                                         Json{{"provider", "anthropic"}, {"model", "refusal"}, {"base_url", base}}})},
                {"cases", Json::array({Json{{"name", "kitchen"},
                                            {"schema", QString(kSchemas + QStringLiteral("/question-generator/schema.json")).toStdString()},
                                            {"user", "Ask the next question."},
                                            {"assert", Json::array({Json{{"pointer", "/answers"}, {"schema", Json{{"minItems", 4}}}}})}}})}};
}

const Json* cell(const Json& report, const std::string& target)
{
    for (const Json& c : report["cells"])
        if (c["target"] == target)
            return &c;
    return nullptr;
}

} // namespace

class TestSuite : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<server::ReplayServer> m_server;

    QString write(const QString& name, const Json& suite)
    {
        const QString path = m_dir.filePath(name);
        writeJson(path, suite);
        return path;
    }

    CliRun runSuite(const QString& file, QStringList extra = {})
    {
        return runCliInProcess(QStringList{QStringLiteral("suite"), file, QStringLiteral("--json")} + extra);
    }

    static Json reportOf(const CliRun& run)
    {
        auto parsed = json::parseStrict(run.out);
        return parsed ? parsed.value() : Json();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_server = std::make_unique<server::ReplayServer>(
            std::vector<providers::Scenario>{builtin("tool-call"), builtin("hopeless-model"), builtin("refusal"),
                                             providers::loadScenario(kData + QStringLiteral("/minimal/valid-goals.json")).value()});
        QVERIFY(m_server->listen());
    }

    void plannedJobsGoRepeatByRepeat()
    {
        const auto jobs = suite::plannedJobs(2, 3, 2);
        QCOMPARE(jobs.size(), std::size_t(12));
        for (std::size_t i = 0; i < 6; ++i)
            QCOMPARE(jobs[i].repeat, 1);
        QCOMPARE(jobs[1].targetIndex, std::size_t(1));
        QCOMPARE(jobs[3].caseIndex, std::size_t(1));
        QCOMPARE(jobs[11].repeat, 2);
    }

    void decide_data()
    {
        QTest::addColumn<int>("concurrency");
        QTest::addColumn<int>("openAiLimit");
        QTest::addColumn<int>("maxCalls");    // 0: none
        QTest::addColumn<int>("maxTokens");   // 0: none
        QTest::addColumn<int>("spentCalls");
        QTest::addColumn<int>("spentTokens");
        QTest::addColumn<int>("running");
        QTest::addColumn<int>("runningOpenAi");
        QTest::addColumn<int>("verdict");
        using V = suite::Verdict;
        QTest::newRow("free") << 4 << 0 << 0 << 0 << 0 << 0 << 0 << 0 << int(V::Start);
        QTest::newRow("all slots taken") << 2 << 0 << 0 << 0 << 0 << 0 << 2 << 0 << int(V::Wait);
        QTest::newRow("provider at its limit") << 8 << 1 << 0 << 0 << 0 << 0 << 1 << 1 << int(V::Wait);
        QTest::newRow("provider below its limit") << 8 << 2 << 0 << 0 << 0 << 0 << 1 << 1 << int(V::Start);
        // callsPerRun is 4: 10 calls fit two runs' worst case, not three.
        QTest::newRow("calls fit one more") << 8 << 0 << 10 << 0 << 2 << 0 << 1 << 0 << int(V::Start);
        QTest::newRow("calls wait for runs in flight") << 8 << 0 << 10 << 0 << 2 << 0 << 2 << 0 << int(V::Wait);
        QTest::newRow("calls fit exactly") << 8 << 0 << 10 << 0 << 2 << 0 << 0 << 0 << int(V::Start);
        QTest::newRow("calls spent") << 8 << 0 << 10 << 0 << 7 << 0 << 0 << 0 << int(V::BudgetSpent);
        QTest::newRow("calls spent, runs in flight") << 8 << 0 << 10 << 0 << 7 << 0 << 3 << 0 << int(V::BudgetSpent);
        QTest::newRow("tokens below") << 8 << 0 << 0 << 1000 << 0 << 999 << 0 << 0 << int(V::Start);
        QTest::newRow("tokens reached") << 8 << 0 << 0 << 1000 << 0 << 1000 << 0 << 0 << int(V::BudgetSpent);
    }

    void decide()
    {
        QFETCH(int, concurrency); QFETCH(int, openAiLimit); QFETCH(int, maxCalls); QFETCH(int, maxTokens);
        QFETCH(int, spentCalls); QFETCH(int, spentTokens); QFETCH(int, running); QFETCH(int, runningOpenAi); QFETCH(int, verdict);
        suite::Limits limits;
        limits.concurrency = concurrency;
        limits.callsPerRun = 4;
        if (openAiLimit) limits.perProvider["openai"] = openAiLimit;
        if (maxCalls) limits.budget.maxCalls = maxCalls;
        if (maxTokens) limits.budget.maxTokens = maxTokens;
        suite::Spent spent{spentCalls, spentTokens, running, {{"openai", runningOpenAi}}};
        QCOMPARE(int(suite::decide(limits, spent, "openai")), verdict);
    }

    void assertions_data()
    {
        QTest::addColumn<Json>("assertion");
        QTest::addColumn<QString>("failure"); // "" when it holds
        QTest::newRow("equals holds") << Json{{"pointer", "/a/0"}, {"equals", 1}} << QString();
        QTest::newRow("equals fails") << Json{{"pointer", "/a/0"}, {"equals", 2}} << QStringLiteral("/a/0: expected 2, got 1");
        QTest::newRow("one_of holds") << Json{{"pointer", "/s"}, {"one_of", {"open", "done"}}} << QString();
        QTest::newRow("one_of fails") << Json{{"pointer", "/t"}, {"one_of", {"open", "done"}}}
                                      << QStringLiteral(R"(/t: expected one of ["open","done"], got "closed")");
        QTest::newRow("schema holds") << Json{{"pointer", "/a"}, {"schema", {{"maxItems", 2}}}} << QString();
        QTest::newRow("schema fails") << Json{{"pointer", "/a"}, {"schema", {{"items", {{"minimum", 2}}}}}}
                                      << QStringLiteral("/a: does not match the assertion's schema: /a/0: Number must be greater than or equal to 2");
        QTest::newRow("whole value") << Json{{"schema", {{"required", {"zz"}}}}} << QStringLiteral("/: does not match the assertion's schema: /zz: Required");
        QTest::newRow("no such value") << Json{{"pointer", "/a/5"}, {"equals", 1}} << QStringLiteral("/a/5: no such value");
        QTest::newRow("index into an object") << Json{{"pointer", "/s/0"}, {"equals", 1}} << QStringLiteral("/s/0: no such value");
    }

    void assertions()
    {
        QFETCH(Json, assertion);
        QFETCH(QString, failure);
        auto parsed = suite::parseAssertion(assertion, "/assert/0", m_dir.path().toStdString());
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        const Json value{{"a", {1, 2}}, {"s", "open"}, {"t", "closed"}};
        const auto failures = suite::checkAssertions(value, {parsed.value()});
        QCOMPARE(failures.empty() ? QString() : QString::fromStdString(failures.front()), failure);
    }

    void badSuiteFiles_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const QString schema = kSchemas + QStringLiteral("/goal-generator/schema.json");
        const QString good = QStringLiteral(R"({"name": "x", "targets": [{"provider": "scenario", "scenario": "fenced-reply"}],
            "cases": [{"name": "c", "schema": "%1", "user": "u"}]})").arg(schema);
        QTest::newRow("not JSON") << QStringLiteral("{\"name\": \"x\",\n  \"targets\": [,]}") << QStringLiteral("bad.suite.json: line 2, column 15: ");
        QTest::newRow("no cases") << QStringLiteral(R"({"name": "x", "targets": [{"provider": "scenario", "scenario": "fenced-reply"}]})")
                                  << QStringLiteral("bad.suite.json: /cases: must be a non-empty array");
        QTest::newRow("missing schema file") << QString(good).replace(schema, QStringLiteral("nowhere.json"))
                                             << QStringLiteral("bad.suite.json: /cases/0/schema: nowhere.json: ");
        QTest::newRow("typo in a field") << QString(good).replace(QStringLiteral("\"user\""), QStringLiteral("\"usr\""))
                                         << QStringLiteral("bad.suite.json: /cases/0/usr: unknown field");
        QTest::newRow("unknown scenario") << QString(good).replace(QStringLiteral("fenced-reply"), QStringLiteral("no-such-scenario"))
                                          << QStringLiteral("bad.suite.json: /targets/0/scenario: ");
        QTest::newRow("model missing") << QString(good).replace(QStringLiteral(R"("provider": "scenario", "scenario": "fenced-reply")"), QStringLiteral(R"("provider": "openai")"))
                                       << QStringLiteral("bad.suite.json: /targets/0: \"model\" is required");
        QTest::newRow("bad threshold") << QString(good).replace(QStringLiteral("\"cases\""), QStringLiteral(R"("thresholds": {"min_success": 2}, "cases")"))
                                       << QStringLiteral("bad.suite.json: /thresholds/min_success: must be a number from 0 to 1");
        QTest::newRow("bad assertion") << QString(good).replace(QStringLiteral("\"user\": \"u\""), QStringLiteral(R"("user": "u", "assert": [{"pointer": "a", "equals": 1}])"))
                                       << QStringLiteral("bad.suite.json: /cases/0/assert/0/pointer: must be a JSON pointer");
        QTest::newRow("prompt file missing") << QString(good).replace(QStringLiteral("\"user\": \"u\""), QStringLiteral(R"("user": "missing.md")"))
                                             << QStringLiteral("bad.suite.json: /cases/0/user: missing.md: ");
        QTest::newRow("both names of retries") << QString(good).replace(QStringLiteral("\"cases\""), QStringLiteral(R"("policy": {"retries": 1, "max_transport_retries": 1}, "cases")"))
                                               << QStringLiteral("bad.suite.json: /policy/retries: is the old name of max_transport_retries: give one of them");
        QTest::newRow("same target twice") << QString(good).replace(QStringLiteral("}],\n"), QStringLiteral("}, {\"provider\": \"scenario\", \"scenario\": \"fenced-reply\"}],\n"))
                                           << QStringLiteral("bad.suite.json: /targets/1: the name 'scenario/fenced-reply' is taken by /targets/0");
    }

    void badSuiteFiles()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFile file(m_dir.filePath(QStringLiteral("bad.suite.json")));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text.toUtf8());
        file.close();
        // Run from the folder, so the file is named as the user typed it.
        const QString before = QDir::currentPath();
        QDir::setCurrent(m_dir.path());
        const CliRun inFolder = runCliInProcess({QStringLiteral("suite"), QStringLiteral("bad.suite.json"), QStringLiteral("--no-store")});
        QDir::setCurrent(before);
        QCOMPARE(inFolder.code, 2);
        const QString err = QString::fromStdString(inFolder.err);
        QVERIFY2(err.startsWith(QStringLiteral("conform-cli: error: suite: ") + message), qPrintable(err));
        QCOMPARE(std::count(inFolder.err.begin(), inFolder.err.end(), '\n'), 1);
        QVERIFY(inFolder.out.empty());
    }

    // A file with several problems lists every one, each on its own line with its pointer, in
    // the order of the file; once only the first (/targets) was told while /cases was wrong too.
    void everyProblemIsListed()
    {
        const QString text = QStringLiteral(R"({"name": "x", "oops": 1, "targets": [{"provider": "nope", "model": "m"},
            {"provider": "scenario", "scenario": "fenced-reply"}, {"provider": "openai"}], "cases": {}, "colour": "red"})");
        QFile file(m_dir.filePath(QStringLiteral("several.suite.json")));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text.toUtf8());
        file.close();
        const CliRun run = runCliInProcess({QStringLiteral("suite"), file.fileName(), QStringLiteral("--no-store")});
        QCOMPARE(run.code, 2);
        const QString prefix = QStringLiteral("conform-cli: error: suite: ") + file.fileName() + QStringLiteral(": ");
        const QStringList expected{prefix + QStringLiteral("/oops: unknown field"),
                                   prefix + QStringLiteral("/colour: unknown field"),
                                   prefix + QStringLiteral("/targets/0/provider: must be anthropic, openai, openai-responses, ollama or scenario"),
                                   prefix + QStringLiteral("/targets/2: \"model\" is required"),
                                   prefix + QStringLiteral("/cases: must be a non-empty array")};
        QCOMPARE(QString::fromStdString(run.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts), expected);
        QVERIFY(run.out.empty());
    }

    // A typo must not plan a billion runs: 101 cases x 1 target x 10,000 repeats is refused.
    void tooManyRunsIsRefused()
    {
        Json cases = Json::array();
        for (int i = 0; i < 101; ++i)
            cases.push_back({{"name", "c" + std::to_string(i)}, {"schema", Json{{"type", "object"}}}, {"user", "u"}});
        const Json suite{{"name", "big"}, {"repeat", 10000}, {"targets", {{{"provider", "scenario"}, {"scenario", "fenced-reply"}}}}, {"cases", cases}};
        const CliRun run = runSuite(write(QStringLiteral("big.suite.json"), suite), {QStringLiteral("--no-store")});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.find("/repeat: cases x targets x repeat is 1010000 runs; at most 1000000") != std::string::npos, run.err.c_str());
    }

    // The issue's minimal file as it stands (its base_url pointed at the replay server).
    void minimalSuite()
    {
        const QString folder = m_dir.filePath(QStringLiteral("minimal"));
        QVERIFY(QDir().mkpath(folder));
        for (const char* name : {"goals.schema.json", "system.md", "repair.json"})
            QVERIFY(QFile::copy(kData + "/minimal/" + name, folder + "/" + name));
        Json suite = readJson(kData + QStringLiteral("/minimal/goals.suite.json"));
        suite["targets"][1]["base_url"] = m_server->url().toString().toStdString() + "/v1";
        writeJson(folder + QStringLiteral("/goals.suite.json"), suite);
        const QString store = m_dir.filePath(QStringLiteral("minimal.db"));
        const CliRun run = runSuite(folder + QStringLiteral("/goals.suite.json"), {QStringLiteral("--store"), store});
        QVERIFY2(run.code == 0, run.err.c_str());
        const Json report = reportOf(run);
        QCOMPARE(report["runs_done"].get<int>(), 6);
        const Json* scenario = cell(report, "scenario/repair");
        const Json* openai = cell(report, "openai/gpt-4o-mini:strict");
        QVERIFY(scenario && openai);
        // repair.json: a missing field, then the full answer: repaired with one repair turn.
        QCOMPARE((*scenario)["succeeded"].get<int>(), 3);
        QCOMPARE((*scenario)["mean_repairs"].get<double>(), 1.0);
        QCOMPARE((*scenario)["metrics"]["repaired_rate"].get<double>(), 1.0);
        QCOMPARE((*openai)["succeeded"].get<int>(), 3);
        QCOMPARE((*openai)["metrics"]["first_try_valid_rate"].get<double>(), 1.0);
        QCOMPARE(report["overall"]["pass_k"]["pass_all_rate"].get<double>(), 1.0);
        QCOMPARE(report["overall"]["mean_repairs"].get<double>(), 0.5);

        // Every run is captured with its labels.
        auto opened = store::Store::open(store::StoreLocation::resolve(store).value());
        QVERIFY(opened.ok());
        store::Filter filter;
        filter.labels = {{"suite", "goals"}, {"case", "party"}, {"target", "scenario/repair"}, {"repeat", "2"},
                         {"suite_run", report["run_id"].get<std::string>()}};
        QCOMPARE(opened.value()->count(filter).value(), std::int64_t(1));
        filter.labels = {{"suite_run", report["run_id"].get<std::string>()}};
        QCOMPARE(opened.value()->count(filter).value(), std::int64_t(6));
    }

    void knownOutcomes()
    {
        const CliRun run = runSuite(write(QStringLiteral("server.suite.json"), serverSuite(m_server->url())),
                                    {QStringLiteral("--store"), m_dir.filePath(QStringLiteral("server.db"))});
        QVERIFY2(run.code == 0, run.err.c_str()); // no thresholds: nothing to fail
        const Json report = reportOf(run);
        const Json& overall = report["overall"];
        QCOMPARE(overall["runs"].get<int>(), 9);
        QCOMPARE(overall["succeeded"].get<int>(), 3);
        QCOMPARE(overall["success_rate"].get<double>(), 1.0 / 3.0);
        QCOMPARE(overall["mean_repairs"].get<double>(), 6.0 / 9.0);          // hopeless: 2 each
        QCOMPARE(overall["pass_k"]["cases"].get<int>(), 3);
        QCOMPARE(overall["pass_k"]["mean_repeats"].get<double>(), 3.0);
        QCOMPARE(overall["pass_k"]["pass_all_rate"].get<double>(), 1.0 / 3.0);
        QCOMPARE(overall["pass_k"]["pass_any_rate"].get<double>(), 1.0 / 3.0);
        QCOMPARE(overall["metrics"]["count"].get<int>(), 9);
        QCOMPARE(overall["metrics"]["final_success_rate"].get<double>(), 1.0 / 3.0);
        QCOMPARE(overall["metrics"]["first_try_valid_rate"].get<double>(), 1.0 / 3.0);
        QCOMPARE(overall["metrics"]["refused_rate"].get<double>(), 1.0 / 3.0);
        QCOMPARE(overall["metrics"]["failed_rate"].get<double>(), 2.0 / 3.0);
        QCOMPARE(overall["metrics"]["fallback_rate"].get<double>(), 0.0);

        const Json* hopeless = cell(report, "openai/hopeless-model");
        QVERIFY(hopeless);
        QCOMPARE((*hopeless)["succeeded"].get<int>(), 0);
        QCOMPARE((*hopeless)["mean_repairs"].get<double>(), 2.0);
        QCOMPARE((*hopeless)["passed"].get<bool>(), false);
        QCOMPARE((*hopeless)["capture_ids"].size(), std::size_t(3));
        QVERIFY((*hopeless)["first_failure"]["message"].get<std::string>().starts_with("/")); // "/pointer: message"
        const Json* refusal = cell(report, "anthropic/refusal");
        QVERIFY(refusal);
        QCOMPARE((*refusal)["metrics"]["refused_rate"].get<double>(), 1.0);
        QCOMPARE((*refusal)["mean_repairs"].get<double>(), 0.0);
        const Json* tool = cell(report, "openai/tool-call");
        QVERIFY(tool);
        QCOMPARE((*tool)["passed"].get<bool>(), true);
        QCOMPARE((*tool)["pass_k"]["pass_all_rate"].get<double>(), 1.0);
    }

    // Overall: success 1/3, mean repairs 2/3; each threshold on either side of its value.
    void thresholds_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<int>("code");
        QTest::newRow("min-success below") << QStringList{QStringLiteral("--min-success"), QStringLiteral("0.33")} << 0;
        QTest::newRow("min-success above") << QStringList{QStringLiteral("--min-success"), QStringLiteral("0.34")} << 1;
        QTest::newRow("max-mean-repairs above") << QStringList{QStringLiteral("--max-mean-repairs"), QStringLiteral("0.67")} << 0;
        QTest::newRow("max-mean-repairs below") << QStringList{QStringLiteral("--max-mean-repairs"), QStringLiteral("0.66")} << 1;
        QTest::newRow("both, one fails") << QStringList{QStringLiteral("--min-success"), QStringLiteral("0.3"), QStringLiteral("--max-mean-repairs"), QStringLiteral("0.5")} << 1;
        QTest::newRow("bad value") << QStringList{QStringLiteral("--min-success"), QStringLiteral("1.5")} << 2;
    }

    void thresholds()
    {
        QFETCH(QStringList, options);
        QFETCH(int, code);
        const CliRun run = runSuite(write(QStringLiteral("thresholds.suite.json"), serverSuite(m_server->url())),
                                    QStringList{QStringLiteral("--no-store")} + options);
        QVERIFY2(run.code == code, run.err.c_str());
        if (code == 1) {
            const Json report = reportOf(run);
            QCOMPARE(report["passed"].get<bool>(), false);
        }
    }

    void junitValidates()
    {
        const QString xmllint = QStandardPaths::findExecutable(QStringLiteral("xmllint"));
        REQUIRE_DEPENDENCY(!xmllint.isEmpty(), QStringLiteral("xmllint (libxml2-utils) is not installed: the JUnit check needs it"));
        const QString junit = m_dir.filePath(QStringLiteral("report.xml"));
        const CliRun run = runSuite(write(QStringLiteral("junit.suite.json"), serverSuite(m_server->url())),
                                    {QStringLiteral("--store"), m_dir.filePath(QStringLiteral("junit.db")), QStringLiteral("--junit"), junit});
        QVERIFY2(run.code == 0, run.err.c_str());
        QProcess check;
        check.start(xmllint, {QStringLiteral("--noout"), QStringLiteral("--schema"), kData + QStringLiteral("/junit.xsd"), junit});
        QVERIFY(check.waitForFinished(30'000));
        QVERIFY2(check.exitCode() == 0, check.readAllStandardError().constData());
        QFile file(junit);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray xml = file.readAll();
        QCOMPARE(xml.count("<testcase "), 3);
        QCOMPARE(xml.count("<failure "), 2); // hopeless and refusal
        QVERIFY(xml.contains(R"(tests="3" failures="2")"));
        const Json report = reportOf(run);
        QVERIFY(xml.contains(QByteArray::fromStdString("captures show " + (*cell(report, "openai/hopeless-model"))["first_failure"]["capture_id"].get<std::string>())));
    }

    // Concurrency 1, a budget of 8 calls and runs worth up to 4 calls each: tool-call (1 call),
    // then hopeless (4 calls); 5 + 4 > 8, so the suite stops there, cleanly.
    void budgetStopsTheSuite()
    {
        Json suite = serverSuite(m_server->url());
        suite["concurrency"] = 1;
        suite["budget"] = Json{{"max_calls", 8}};
        const QString junit = m_dir.filePath(QStringLiteral("budget.xml"));
        const CliRun run = runSuite(write(QStringLiteral("budget.suite.json"), suite), {QStringLiteral("--no-store"), QStringLiteral("--junit"), junit});
        const Json report = reportOf(run);
        QCOMPARE(report["runs_planned"].get<int>(), 9);
        QCOMPARE(report["runs_done"].get<int>(), 2);
        QCOMPARE(report["stopped_by"].get<std::string>(), std::string("budget"));
        QFile file(junit);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().count("<skipped "), 1); // refusal never ran
    }

    void unreachableTargetExits3()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        Json suite = serverSuite(m_server->url());
        suite["targets"][2] = Json{{"provider", "openai"}, {"model", "x"}, {"base_url", "http://127.0.0.1:" + std::to_string(port) + "/v1"}};
        suite["repeat"] = 1;
        // The capture's name for transport retries, and the old one suites were written with.
        for (const char* name : {"max_transport_retries", "retries"}) {
            suite["policy"] = Json{{name, 0}};
            const QString file = write(QStringLiteral("unreachable.suite.json"), suite);
            const auto loaded = suite::loadSuite(file);
            QVERIFY2(loaded.ok(), name);
            QCOMPARE(loaded->policy.maxTransportRetries, 0); // the default is 2
            const CliRun run = runSuite(file, {QStringLiteral("--no-store")});
            QCOMPARE(run.code, 3);
            QVERIFY2(run.err.find("target openai/x could not be reached") != std::string::npos, run.err.c_str());
        }
    }

    void targetOverride()
    {
        const CliRun run = runSuite(kSchemas + QStringLiteral("/goals.suite.json"),
                                    {QStringLiteral("--no-store"), QStringLiteral("--repeat"), QStringLiteral("1"), QStringLiteral("--target"),
                                     QStringLiteral("scenario:fenced-reply:text"), QStringLiteral("--target"), QStringLiteral("scenario:fenced-reply")});
        QVERIFY2(run.code == 0, run.err.c_str());
        const Json report = reportOf(run);
        QCOMPARE(report["cells"].size(), std::size_t(2));
        QCOMPARE(report["cells"][0]["target"].get<std::string>(), std::string("scenario/fenced-reply:text"));
        QCOMPARE(report["runs_done"].get<int>(), 2);
        const CliRun bad = runSuite(kSchemas + QStringLiteral("/goals.suite.json"), {QStringLiteral("--target"), QStringLiteral("openai")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.find("--target openai: must be PROVIDER:MODEL") != std::string::npos, bad.err.c_str());
    }

    // `suite --baseline`: one case on a model that leaves out a field in about 5% of runs
    // (drift-prompt-v2, 100 runs drawn from seed 1: 95 succeed) is the baseline. Noise at the
    // same rate (seed 2: 96 of 100) passes; a model at about 30% (drift-prompt-v1, seed 2: 68
    // of 100) fails, against a label of the same store and against another store. The counts
    // are an independent SplitMix64 in Python (the draw scenario.h describes); the p-values are
    // SciPy's fisher_exact: [[95, 5], [96, 4]] gives 1.0, [[95, 5], [68, 32]] 8.41094100064439e-07.
    void baselineFailsOnlyOnARealRegression()
    {
        const auto suiteOn = [](const char* scenario) {
            return Json{{"name", "drift"}, {"repeat", 100}, {"concurrency", 8},
                        {"targets", Json::array({Json{{"provider", "scenario"}, {"scenario", scenario}, {"name", "model"}}})},
                        {"cases", Json::array({Json{{"name", "coffee"}, {"schema", QString(kSchemas + QStringLiteral("/drift-detector/schema.json")).toStdString()},
                                                    {"user", "Did the interviewee answer the question?"}}})}};
        };
        const QString steady = write(QStringLiteral("steady.suite.json"), suiteOn("drift-prompt-v2"));
        const QString worse = write(QStringLiteral("worse.suite.json"), suiteOn("drift-prompt-v1"));
        const QString store = m_dir.filePath(QStringLiteral("baseline.db"));
        const CliRun first = runSuite(steady, {QStringLiteral("--store"), store, QStringLiteral("--seed"), QStringLiteral("1")});
        QVERIFY2(first.code == 0, first.err.c_str());
        const Json base = reportOf(first);
        QCOMPARE(base["cells"][0]["succeeded"].get<int>(), 95);
        const QString againstFirst = QStringLiteral("suite_run=") + QString::fromStdString(base["run_id"].get<std::string>());

        const CliRun noise = runSuite(steady, {QStringLiteral("--store"), store, QStringLiteral("--seed"), QStringLiteral("2"),
                                               QStringLiteral("--baseline"), againstFirst});
        QVERIFY2(noise.code == 0, (noise.err + noise.out).c_str());
        const Json calm = reportOf(noise)["baseline"]["cells"][0];
        QCOMPARE(calm["successes"].get<int>(), 96);
        QCOMPARE(calm["baseline_successes"].get<int>(), 95);
        QCOMPARE(calm["p_value"].get<double>(), 1.0);
        QCOMPARE(calm["verdict"].get<std::string>(), std::string("cannot_tell_yet"));

        const CliRun regressed = runSuite(worse, {QStringLiteral("--store"), store, QStringLiteral("--seed"), QStringLiteral("2"),
                                                  QStringLiteral("--baseline"), againstFirst});
        QCOMPARE(regressed.code, 1);
        const Json cell = reportOf(regressed)["baseline"]["cells"][0];
        QCOMPARE(cell["successes"].get<int>(), 68);
        QCOMPARE(cell["verdict"].get<std::string>(), std::string("worse"));
        QVERIFY2(std::fabs(cell["p_value"].get<double>() / 8.41094100064439e-07 - 1) < 1e-6, cell.dump().c_str());
        QCOMPARE(reportOf(regressed)["passed"].get<bool>(), false);

        // The baseline as a store of its own: the same suite's captures in it.
        const QString fresh = m_dir.filePath(QStringLiteral("fresh.db"));
        const CliRun elsewhere = runSuite(worse, {QStringLiteral("--store"), fresh, QStringLiteral("--seed"), QStringLiteral("2"),
                                                  QStringLiteral("--baseline"), store});
        QCOMPARE(elsewhere.code, 1);
        const CliRun text = runCliInProcess({QStringLiteral("suite"), worse, QStringLiteral("--store"), fresh, QStringLiteral("--seed"),
                                             QStringLiteral("2"), QStringLiteral("--baseline"), againstFirst});
        // In `fresh` no capture carries that suite_run: nothing to compare, so nothing fails.
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.find("baseline coffee x model: the baseline has no runs") != std::string::npos, text.out.c_str());
    }

    // Every example suite in schemas/ runs offline on a fresh checkout, meets its own
    // thresholds, and is valid against the suite's own JSON Schema.
    void exampleSuites_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& name : QDir(kSchemas).entryList({QStringLiteral("*.suite.json")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(name)) << QString(kSchemas + QLatin1Char('/') + name);
        QVERIFY(QDir(kSchemas).entryList({QStringLiteral("*.suite.json")}).size() >= 3);
    }

    void exampleSuites()
    {
        QFETCH(QString, file);
        const schema::SchemaFile suiteSchema = schema::loadSchemaFile(kSchemas + QStringLiteral("/suite.schema.json"));
        QVERIFY2(suiteSchema.ok, suiteSchema.error.c_str());
        const auto verdict = suiteSchema.validator->validate(readJson(file));
        QVERIFY2(verdict.valid, verdict.valid ? "" : dump(verdict.toJson()).c_str());
        const CliRun run = runSuite(file, {QStringLiteral("--no-store")});
        QVERIFY2(run.code == 0, (run.err + run.out).c_str());
        QCOMPARE(reportOf(run)["passed"].get<bool>(), true);
    }

    // The example comparisons are valid against schemas/compare.schema.json (what the workbench
    // checks a comparison file against as it is typed), and a comparison without variants is not.
    void exampleComparisonsAreValid()
    {
        const schema::SchemaFile compareSchema = schema::loadSchemaFile(kSchemas + QStringLiteral("/compare.schema.json"));
        QVERIFY2(compareSchema.ok, compareSchema.error.c_str());
        const QStringList files = QDir(kSchemas).entryList({QStringLiteral("*.compare.json")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 2);
        for (const QString& name : files) {
            const auto verdict = compareSchema.validator->validate(readJson(kSchemas + QLatin1Char('/') + name));
            QVERIFY2(verdict.valid, qPrintable(name + QLatin1Char(' ') + QString::fromStdString(dump(verdict.toJson()))));
        }
        Json noVariants = readJson(kSchemas + QStringLiteral("/drift-prompts.compare.json"));
        noVariants.erase("variants");
        QVERIFY(!compareSchema.validator->accepts(noVariants));
        Json suiteThresholds = readJson(kSchemas + QStringLiteral("/drift-prompts.compare.json"));
        suiteThresholds["thresholds"] = Json{{"min_success", 0.9}}; // a comparison's verdict is its test, not a threshold
        QVERIFY(!compareSchema.validator->accepts(suiteThresholds));
    }

    // The workbench's Compare view makes its plans in memory: a file's variants taken apart
    // and put together again give the same cases, and the file's rules hold.
    void comparisonMadeInMemory()
    {
        auto file = suite::loadComparison(kSchemas + QStringLiteral("/drift-prompts.compare.json"));
        QVERIFY2(file, file ? "" : file.error().toString().c_str());
        const std::vector<suite::VariantCases> variants = suite::variantsOfPlan(file.value());
        QCOMPARE(variants.size(), std::size_t(2));
        QCOMPARE(variants[1].name, std::string("v2"));
        QCOMPARE(variants[1].cases.size(), std::size_t(1));
        QCOMPARE(variants[1].cases[0].name, std::string("coffee"));
        auto again = suite::comparisonOf("again", variants, file->suite.targets, 7, file->suite.policy, "v1");
        QVERIFY2(again, again ? "" : again.error().toString().c_str());
        QCOMPARE(again->suite.cases.size(), file->suite.cases.size());
        for (std::size_t i = 0; i < again->suite.cases.size(); ++i) {
            QCOMPARE(again->suite.cases[i].name, file->suite.cases[i].name); // "v1/coffee"
            QCOMPARE(again->suite.cases[i].variant, file->suite.cases[i].variant);
            QCOMPARE(again->suite.cases[i].prompt.user, file->suite.cases[i].prompt.user);
            QVERIFY(again->suite.cases[i].scenario == file->suite.cases[i].scenario);
        }
        QCOMPARE(again->suite.repeat, 7);
        QCOMPARE(again->baseline, std::string("v1"));

        // A case from a run's spec: the schema compiled, the prompt and policy kept.
        engine::RunSpec spec;
        spec.schema = Json::parse(R"({"type":"object","required":["a"]})");
        spec.prompt.user = "Give a.";
        spec.policy.maxRepairs = 5;
        auto fromSpec = suite::caseOfSpec("default", spec);
        QVERIFY(fromSpec && fromSpec->validator);
        QVERIFY(!fromSpec->validator->accepts(Json::object()));
        QCOMPARE(fromSpec->policy->maxRepairs, 5);
        spec.schema = Json::parse(R"({"type":"nonsense"})");
        QVERIFY(!suite::caseOfSpec("default", spec));

        // The rules of a comparison file.
        const auto refused = [&](std::vector<suite::VariantCases> v, std::vector<suite::SuiteTarget> t, int repeat, const std::string& baseline) {
            auto plan = suite::comparisonOf("x", v, std::move(t), repeat, {}, baseline);
            return plan ? std::string() : plan.error().toString();
        };
        const std::vector<suite::SuiteTarget> one{file->suite.targets[0]};
        QVERIFY(refused({variants[0]}, one, 1, "").find("two variants") != std::string::npos);
        QVERIFY(refused({variants[0], variants[0]}, one, 1, "").find("is taken") != std::string::npos);
        QVERIFY(refused(variants, one, 0, "").find("/repeat") != std::string::npos);
        QVERIFY(refused(variants, one, 1, "v9").find("not a variant") != std::string::npos);
        QVERIFY(refused(variants, one, 600'000, "").find("at most") != std::string::npos);
        QVERIFY(refused(variants, {}, 1, "").find("target") != std::string::npos);
        QCOMPARE(refused(variants, one, 1, ""), std::string());
    }

    // A comparison made in memory is written by the one writer of the format
    // (comparisonDocument): the document validates against schemas/compare.schema.json and
    // reads back to the same variants, targets, repeats, policy and baseline.
    void comparisonWrittenReadsBack_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("drift prompts") << QStringLiteral("drift-prompts.compare.json");
        QTest::newRow("drift rewording") << QStringLiteral("drift-rewording.compare.json");
    }

    void comparisonWrittenReadsBack()
    {
        QFETCH(QString, file);
        auto plan = suite::loadComparison(kSchemas + QLatin1Char('/') + file);
        QVERIFY2(plan, plan ? "" : plan.error().toString().c_str());
        suite::ComparisonDraft draft;
        draft.name = plan->suite.name;
        draft.variants = suite::variantsOfPlan(plan.value());
        draft.targets = plan->suite.targets;
        draft.repeat = 3;
        draft.concurrency = plan->suite.concurrency;
        draft.policy = plan->suite.policy;
        draft.policy.maxRepairs = 1;
        draft.baseline = draft.variants.back().name;
        QTemporaryDir elsewhere;
        auto document = suite::comparisonDocument(draft, QDir(elsewhere.path()));
        QVERIFY2(document, document ? "" : document.error().toString().c_str());
        const schema::SchemaFile format = schema::loadSchemaFile(kSchemas + QStringLiteral("/compare.schema.json"));
        const auto verdict = format.validator->validate(document.value());
        QVERIFY2(verdict.valid, dump(verdict.toJson()).c_str());
        auto again = suite::loadComparison(document.value(), QDir(elsewhere.path()), "written.compare.json");
        QVERIFY2(again, again ? "" : again.error().toString().c_str());
        QCOMPARE(again->suite.name, plan->suite.name);
        QCOMPARE(again->suite.repeat, 3);
        QCOMPARE(again->baseline, draft.baseline);
        QVERIFY(again->variants == plan->variants);
        QCOMPARE(again->suite.policy.maxRepairs, 1);
        QCOMPARE(again->suite.targets.size(), plan->suite.targets.size());
        QCOMPARE(again->suite.targets[0].name, plan->suite.targets[0].name);
        QCOMPARE(again->suite.cases.size(), plan->suite.cases.size());
        for (std::size_t i = 0; i < again->suite.cases.size(); ++i) {
            const suite::SuiteCase& a = plan->suite.cases[i];
            const suite::SuiteCase& b = again->suite.cases[i];
            QCOMPARE(b.name, a.name);
            QCOMPARE(b.prompt.system, a.prompt.system);
            QCOMPARE(b.prompt.user, a.prompt.user);
            QVERIFY(b.prompt.variables == a.prompt.variables);
            QVERIFY(b.schema == a.schema);
            QCOMPARE(b.scenario ? b.scenario->name : std::string(), a.scenario ? a.scenario->name : std::string());
        }
        // A variant of several cases cannot be written back.
        draft.variants.front().cases.push_back(draft.variants.front().cases.front());
        QVERIFY(!suite::comparisonDocument(draft, QDir(elsewhere.path())));
    }

    void suiteSchemaAcceptsTheMinimalFile()
    {
        const schema::SchemaFile suiteSchema = schema::loadSchemaFile(kSchemas + QStringLiteral("/suite.schema.json"));
        QVERIFY(suiteSchema.validator->accepts(readJson(kData + QStringLiteral("/minimal/goals.suite.json"))));
        QVERIFY(!suiteSchema.validator->accepts(Json{{"name", "x"}, {"targets", Json::array()}, {"cases", Json::array()}}));
    }
};

QTEST_GUILESS_MAIN(TestSuite)
#include "test_suite.moc"
