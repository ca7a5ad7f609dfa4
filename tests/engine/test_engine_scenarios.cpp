// The built-in demo scenarios keep their word: each states what a run under the default
// policy, in the mode the scenario names, shows ("expect": outcome, flags, attempts, repairs,
// transport retries, and the visible steps as codes, engine/steps.h: those a record holds),
// and this
// plays every one in process (the Scenario provider), over `conform-cli serve` in each wire
// protocol it lists, and through `conform-cli run --scenario NAME` with no schema or prompt
// given. All runs go at once, so the slow demos (a 20-second stall) cost their time once.
#include "test_registry.h"

#include "engine_fixture.h"

#include "engine/narration.h"
#include "engine/steps.h"

#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTest>

#include <list>

using namespace conform;
using namespace conform::engine;

namespace {

struct Play
{
    QString scenario;
    QString via; // "in-process", "anthropic", "openai", "ollama"
    Json expect;
    std::unique_ptr<Engine> engine;
    std::optional<RunRecord> record;
};

Json actualOf(const RunRecord& r, const Json& expect)
{
    const Json metrics = r.metrics();
    Json actual{{"outcome", std::string(outcomeName(r.outcome))},
                {"flags", Json(std::vector<std::string>(r.flags.begin(), r.flags.end()))},
                {"attempts", metrics["attempts"]}, {"repairs", metrics["repairs"]},
                {"transport_retries", metrics["transport_retries"]}};
    if (expect.contains("steps"))
        actual["steps"] = steps::runSteps(r);
    return actual;
}

// The promise as a record can keep it: flags in order, live-only steps ("stall") left out.
Json comparable(Json expect)
{
    std::vector<std::string> flags = expect["flags"].get<std::vector<std::string>>();
    std::sort(flags.begin(), flags.end());
    expect["flags"] = flags;
    if (expect.contains("steps"))
        expect["steps"] = steps::recordable(expect["steps"].get<std::vector<std::string>>());
    return expect;
}

RunSpec specOf(const providers::Scenario& s, Target target)
{
    RunSpec spec;
    spec.schema = s.schema.value_or(Json::object());
    spec.prompt = Prompt{s.promptSystem, s.promptUser.empty() ? s.description : s.promptUser, s.variables, {}};
    spec.targets.push_back(std::move(target));
    return spec; // the default policy: that is what `expect` speaks of
}

// The mode a scenario is meant to run in ("auto" when it names none), as --mode spells it.
QString modeOf(const providers::Scenario& s)
{
    return QString::fromStdString(std::string(modeChoiceName(s.mode.value_or(ModeChoice::Auto))));
}

// `conform-cli run ARGS --json --no-store`: the run's record, and the exit code beside it.
std::pair<Json, int> cliRun(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(CONFORM_CLI_PATH), QStringList{QStringLiteral("run")} + arguments
                                                        + QStringList{QStringLiteral("--json"), QStringLiteral("--no-store")});
    if (!process.waitForFinished(60000))
        return {Json(), -1};
    const Json record = Json::parse(process.readAllStandardOutput().toStdString(), nullptr, false);
    if (!record.is_object())
        qWarning("%s", process.readAllStandardError().constData());
    return {record, process.exitCode()};
}

QStringList builtinNames()
{
    QStringList names;
    for (const QString& path : providers::builtinScenarioPaths())
        names << QFileInfo(path).completeBaseName();
    return names;
}

} // namespace

class EngineScenarioTest : public QObject
{
    Q_OBJECT
private slots:
    void builtinScenariosKeepTheirWord()
    {
        const QStringList names = builtinNames();
        QVERIFY(names.size() >= 12);
        std::map<QString, std::unique_ptr<ReplayServer>> servers;
        for (const char* protocol : {"anthropic", "openai", "ollama"}) {
            servers[QString::fromLatin1(protocol)] = std::make_unique<ReplayServer>(names);
            QVERIFY2(servers[QString::fromLatin1(protocol)]->ok(), qPrintable(servers[QString::fromLatin1(protocol)]->error()));
        }
        std::list<Play> plays;
        for (const QString& name : names) {
            auto loaded = providers::loadScenario(providers::resolveScenarioPath(name));
            QVERIFY2(loaded.ok(), loaded ? "" : loaded.error().toString().c_str());
            const providers::Scenario& s = loaded.value();
            QVERIFY2(s.expect.has_value(), qPrintable(name + QStringLiteral(": no \"expect\"")));
            QVERIFY2(s.schema.has_value(), qPrintable(name + QStringLiteral(": no schema")));
            Target inProcess = httpTarget(QStringLiteral("scenario"), {}, {}, modeOf(s));
            inProcess.scenario = std::make_shared<const providers::Scenario>(s);
            plays.push_back(Play{name, QStringLiteral("in-process"), *s.expect, nullptr, std::nullopt});
            plays.back().engine = std::make_unique<Engine>();
            plays.back().engine->start(specOf(s, inProcess));
            std::vector<std::string> protocols = s.protocols;
            if (protocols.empty())
                protocols = {"anthropic", "openai", "ollama"};
            for (const std::string& protocol : protocols) {
                const QString p = QString::fromStdString(protocol);
                plays.push_back(Play{name, p, *s.expect, std::make_unique<Engine>(), std::nullopt});
                plays.back().engine->setEnvironment(fakeKeys());
                plays.back().engine->start(specOf(s, httpTarget(p, name, servers[p]->baseUrl(), modeOf(s))));
            }
        }
        for (Play& play : plays)
            QObject::connect(play.engine.get(), &Engine::finished, play.engine.get(), [&play](const RunRecord& r) { play.record = r; });
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(plays.begin(), plays.end(), [](const Play& p) { return p.record.has_value(); }), 120000);
        QStringList broken;
        for (const Play& play : plays) {
            const Json actual = actualOf(*play.record, play.expect);
            if (actual != comparable(play.expect))
                broken << play.scenario + QStringLiteral(" via ") + play.via + QStringLiteral(": expected ")
                        + QString::fromStdString(play.expect.dump()) + QStringLiteral(", got ") + QString::fromStdString(actual.dump())
                        + QStringLiteral(" ended by ") + QString::fromStdString(play.record->endedBy);
            QVERIFY(play.record->toJson().dump().find("SECRET123") == std::string::npos);
            // Presenter mode tells exactly these steps: its beats that are steps are the record's.
            std::vector<std::string> told;
            for (const Beat& beat : narrate(*play.record))
                if (!beat.code.empty())
                    told.push_back(beat.code);
            if (told != steps::runSteps(*play.record))
                broken << play.scenario + QStringLiteral(" via ") + play.via + QStringLiteral(": narrated ")
                        + QString::fromStdString(Json(told).dump()) + QStringLiteral(", its steps ")
                        + QString::fromStdString(Json(steps::runSteps(*play.record)).dump());
        }
        for (const QString& b : broken)
            qWarning("%s", qPrintable(b));
        QVERIFY2(broken.isEmpty(), qPrintable(QStringLiteral("%1 plays broke their scenario's word").arg(broken.size())));
    }

    // `conform-cli run --scenario NAME`, no --schema, --provider or prompt: the scenario's own
    // schema and prompt, the outcome it promises, and the matching exit code.
    void cliRunsAScenarioByItsName()
    {
        std::list<std::pair<QString, std::unique_ptr<QProcess>>> runs;
        for (const QString& name : builtinNames()) {
            auto process = std::make_unique<QProcess>();
            process->start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("run"), QStringLiteral("--scenario"), name, QStringLiteral("--json")});
            runs.emplace_back(name, std::move(process));
        }
        for (auto& [name, process] : runs) {
            QVERIFY(process->waitForFinished(90000));
            const Json run = Json::parse(process->readAllStandardOutput().toStdString(), nullptr, false);
            QVERIFY2(run.is_object(), qPrintable(name + QLatin1Char(' ') + QString::fromUtf8(process->readAllStandardError())));
            auto scenario = providers::loadScenario(providers::resolveScenarioPath(name));
            const Json& expect = *scenario->expect;
            QCOMPARE(QString::fromStdString(run.value("outcome", std::string())), QString::fromStdString(expect["outcome"].get<std::string>()));
            const bool transport = std::find(expect["flags"].begin(), expect["flags"].end(), Json("transport_error")) != expect["flags"].end();
            const int code = expect["outcome"] != "failed" ? 0 : transport ? 3 : 1;
            QCOMPARE(process->exitCode(), code);
            // The scenario's own prompt (its description when it has none) is what was asked.
            const std::string asked = run["attempts"][0]["request"]["body"]["messages"][0]["content"].get<std::string>();
            QCOMPARE(asked, scenario->promptUser.empty() ? scenario->description : scenario->promptUser);
            if (!scenario->promptSystem.empty())
                QVERIFY(run["attempts"][0]["request"]["body"]["system"].get<std::string>().rfind(scenario->promptSystem, 0) == 0);
            // In the mode it is meant to run in: every attempt of a scenario that names one.
            if (scenario->mode && *scenario->mode != ModeChoice::Auto)
                for (const Json& attempt : run["attempts"])
                    QCOMPARE(QString::fromStdString(attempt["mode"].get<std::string>()), modeOf(scenario.value()));
            // fenced-reply's story is its fence: the record says where the value was read,
            // from the first byte after the scripted "```json" line.
            if (name == QLatin1String("fenced-reply")) {
                const std::string reply = *scenario->turns.front().text;
                const Json& candidate = run["attempts"][0]["candidate"];
                QVERIFY2(candidate.is_object(), run["attempts"][0].dump().c_str());
                QCOMPARE(candidate["kind"].get<std::string>(), std::string("fenced"));
                QCOMPARE(candidate["offset"].get<std::size_t>(), reply.find("```json\n") + 8);
                QCOMPARE(reply.substr(candidate["offset"].get<std::size_t>() + candidate["length"].get<std::size_t>(), 4), std::string("\n```"));
            }
        }
    }

    // tool-call is "the happy path in tool mode": `run --scenario tool-call` runs in tool mode
    // with no --mode, and an explicit --mode wins.
    void cliRunsAScenarioInItsMode()
    {
        const auto [own, ownCode] = cliRun({QStringLiteral("--scenario"), QStringLiteral("tool-call")});
        QCOMPARE(ownCode, 0);
        QVERIFY2(own["attempts"].size() == 1, own.dump().c_str());
        QCOMPARE(own["attempts"][0]["mode"].get<std::string>(), std::string("tool"));
        QCOMPARE(own["outcome"].get<std::string>(), std::string("valid"));
        const auto [strict, strictCode] = cliRun({QStringLiteral("--scenario"), QStringLiteral("tool-call"), QStringLiteral("--mode"), QStringLiteral("strict")});
        QCOMPARE(strictCode, 0);
        QCOMPARE(strict["attempts"][0]["mode"].get<std::string>(), std::string("strict"));
    }

    // A scenario's variables fill the placeholders of the prompt it is run with (here the
    // workspace's drift-detector prompt); a --var of the same name wins.
    void cliFillsAScenariosVariables()
    {
        auto scenario = providers::loadScenario(providers::resolveScenarioPath(QStringLiteral("missing-field")));
        QVERIFY(scenario.ok());
        const std::string question = scenario->variables.at("question");
        QVERIFY(!question.empty() && !scenario->variables.at("answer").empty());
        const auto [run, code] = cliRun({QStringLiteral("--scenario"), QStringLiteral("missing-field"), QStringLiteral("--prompt"),
                                         QStringLiteral(CONFORM_SOURCE_DIR "/schemas/drift-detector/prompt.md"), QStringLiteral("--var"),
                                         QStringLiteral("answer=It was the coffee machine.")});
        QCOMPARE(code, 0);
        const std::string asked = run["attempts"][0]["request"]["body"]["messages"][0]["content"].get<std::string>();
        QVERIFY2(asked.find("Question: " + question + "\n\nAnswer: It was the coffee machine.") != std::string::npos, asked.c_str());
        QVERIFY2(asked.find("{{") == std::string::npos, asked.c_str());
    }

    // overloaded says what Conform does with retries off: the first 529 ends the run as a
    // transport error with no value (exit code 3), and the default retries ride both out. The
    // Markdown-only review is the application's own fallback, never Conform's outcome.
    void overloadedKeepsItsWordWithRetriesOnAndOff()
    {
        auto scenario = providers::loadScenario(providers::resolveScenarioPath(QStringLiteral("overloaded")));
        QVERIFY(scenario.ok());
        const std::string& description = scenario->description;
        for (const char* said : {"--retries 0", "transport error", "exit code 3", "application's own fallback"})
            QVERIFY2(description.find(said) != std::string::npos, said);
        const auto [off, offCode] = cliRun({QStringLiteral("--scenario"), QStringLiteral("overloaded"), QStringLiteral("--retries"), QStringLiteral("0")});
        QCOMPARE(offCode, 3);
        QCOMPARE(off["outcome"].get<std::string>(), std::string("failed"));
        QVERIFY2(off["flags"] == Json::array({"transport_error"}), off["flags"].dump().c_str());
        QVERIFY(off["value"].is_null());
        const auto [on, onCode] = cliRun({QStringLiteral("--scenario"), QStringLiteral("overloaded")});
        QCOMPARE(onCode, 0);
        QCOMPARE(on["outcome"].get<std::string>(), std::string("valid"));
        QCOMPARE(on["metrics"]["transport_retries"].get<int>(), 2);
    }

    // xml-tool-call keeps its word: "extraction unwraps the JSON inside the parameter". The
    // final value is that JSON, read here from the scenario's reply text with a pattern and
    // nlohmann, not a wrapper keyed by the parameter's name (an all-optional schema once let
    // {"response": {...}} pass).
    void xmlToolCallAnswersWithTheParametersJson()
    {
        auto loaded = providers::loadScenario(providers::resolveScenarioPath(QStringLiteral("xml-tool-call")));
        QVERIFY(loaded.ok());
        const std::string reply = *loaded->turns.front().text;
        const QRegularExpressionMatch parameter =
            QRegularExpression(QStringLiteral("<parameter name=\"[^\"]*\">(.*)</parameter>"), QRegularExpression::DotMatchesEverythingOption)
                .match(QString::fromStdString(reply));
        QVERIFY(parameter.hasMatch());
        const Json inside = Json::parse(parameter.captured(1).toStdString());
        QVERIFY(inside.is_object() && inside.contains("toolCalls"));

        Target target = httpTarget(QStringLiteral("scenario"), {}, {}, QStringLiteral("auto"));
        target.scenario = std::make_shared<const providers::Scenario>(loaded.value());
        Engine engine;
        std::optional<RunRecord> record;
        QObject::connect(&engine, &Engine::finished, &engine, [&record](const RunRecord& r) { record = r; });
        engine.start(specOf(loaded.value(), target));
        QTRY_VERIFY_WITH_TIMEOUT(record.has_value(), 30000);
        QCOMPARE(std::string(outcomeName(record->outcome)), std::string("valid"));
        QVERIFY2(record->value == inside, record->value.dump().c_str());
    }
};

CONFORM_TEST_CLASS(EngineScenarioTest);

#include "test_engine_scenarios.moc"
