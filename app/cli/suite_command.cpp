// conform-cli suite FILE: every case x repeat x target of a suite file through the engine,
// captured, then a report (JSON or a table), optionally JUnit XML, and an exit code from the
// thresholds. libcore/suite does the work; this file is options, progress and output.
#include "command.h"
#include "schema_loader.h"
#include "store_options.h"
#include "suite_progress.h"

#include "base/secrets.h"
#include "store/capture.h"
#include "store/store.h"
#include "store/writer.h"
#include "suite/baseline.h"
#include "suite/junit.h"
#include "suite/report.h"
#include "suite/runner.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <cstdio>
#include <tuple>
#include <ostream>

namespace conform::cli {
namespace {

struct Options
{
    Option concurrency = Option(QStringLiteral("concurrency"), QStringLiteral("Runs at once in all."), QStringLiteral("N")).defaultText(QStringLiteral("the file's, else 4"));
    Option repeat = Option(QStringLiteral("repeat"), QStringLiteral("Runs of each case x target."), QStringLiteral("N")).defaultText(QStringLiteral("the file's, else 1"));
    Option target = Option(QStringLiteral("target"), QStringLiteral("Run against this target instead of the file's: PROVIDER:MODEL[:MODE], scenario:NAME."), QStringLiteral("SPEC")).repeatable();
    Option junit = Option(QStringLiteral("junit"), QStringLiteral("Write a JUnit XML report to FILE."), QStringLiteral("FILE")).file();
    Option minSuccess = Option(QStringLiteral("min-success"), QStringLiteral("Exit 1 unless this share of runs succeeds (0 to 1; valid or repaired, assertions holding)."), QStringLiteral("R")).defaultText(QStringLiteral("the file's"));
    Option maxMeanRepairs = Option(QStringLiteral("max-mean-repairs"), QStringLiteral("Exit 1 when runs need more repair turns than this on average."), QStringLiteral("R")).defaultText(QStringLiteral("the file's"));
    Option store = storeOption(QStringLiteral("Capture the runs into this store."));
    Option noStore = noStoreOption(QStringLiteral("Capture nothing (the report then has no store metrics)."));
    Option json{QStringLiteral("json"), QStringLiteral("Print the report as one JSON document.")};
    Option baseline{QStringLiteral("baseline"), QStringLiteral("Fail only on a significant regression against a baseline: a store (the same suite's captures in it) or K=V (the captures so labelled in --store, e.g. suite_run=ID)."), QStringLiteral("STORE|K=V")};
    Option seed{QStringLiteral("seed"), QStringLiteral("Every seeded scenario draws from this seed instead of its own."), QStringLiteral("N")};
    Option replay{QStringLiteral("replay"), QStringLiteral("Answer every case from its cassette, offline: no network, nothing stored; the recorded replies are re-judged against each case's schema as it stands.")};
    SchemaReadingOptions schemaReading;

    OptionTable table() const
    {
        return OptionTable{concurrency, repeat, target, junit, minSuccess, maxMeanRepairs, store, noStore, json, baseline, seed, replay}
            + schemaReading.table() + OptionTable{helpOption()};
    }
};

// A number option within [low, high]; nullopt when not given.
Result<std::optional<double>> numberOption(const QCommandLineParser& parser, const QCommandLineOption& option, double low, double high)
{
    if (!parser.isSet(option))
        return std::optional<double>();
    bool ok = false;
    const double value = parser.value(option).toDouble(&ok);
    if (!ok || value < low || value > high)
        return Error{"must be a number from " + QString::number(low).toStdString() + " to " + QString::number(high).toStdString()
                         + ", not '" + parser.value(option).toStdString() + "'",
                     "suite: --" + option.names().constFirst().toStdString()};
    return std::optional<double>(value);
}

// The command line's overrides of the file.
Status applyOptions(const QCommandLineParser& parser, const Options& o, const QString& file, suite::Suite& suite)
{
    auto concurrency = numberOption(parser, o.concurrency, 1, 1000);
    auto repeat = numberOption(parser, o.repeat, 1, 10000);
    auto minSuccess = numberOption(parser, o.minSuccess, 0, 1);
    auto maxRepairs = numberOption(parser, o.maxMeanRepairs, 0, 100);
    for (const auto* option : {&concurrency, &repeat, &minSuccess, &maxRepairs})
        if (!*option)
            return option->error();
    if (concurrency.value()) suite.concurrency = static_cast<int>(*concurrency.value());
    if (repeat.value()) suite.repeat = static_cast<int>(*repeat.value());
    if (minSuccess.value()) suite.thresholds.minSuccess = minSuccess.value();
    if (maxRepairs.value()) suite.thresholds.maxMeanRepairs = maxRepairs.value();
    if (parser.isSet(o.target)) {
        suite.targets.clear();
        for (const QString& spec : parser.values(o.target)) {
            auto target = suite::parseTargetSpec(spec.toStdString(), QFileInfo(file).absolutePath());
            if (!target)
                return Error{target.error().toString(), "suite"};
            suite.targets.push_back(std::move(target.value()));
        }
    }
    if (parser.isSet(o.seed)) {
        bool ok = false;
        const qulonglong seed = parser.value(o.seed).toULongLong(&ok);
        if (!ok)
            return Error{"must be a whole number, at least 0, not '" + parser.value(o.seed).toStdString() + "'", "suite: --seed"};
        suite::reseedScenarios(suite, seed);
    }
    if (auto planned = suite::checkPlannedRuns(suite); !planned)
        return Error{planned.error().message, "suite: --repeat"};
    return Done{};
}

void printTable(const Json& report, Io& io)
{
    io.out << "suite " << report["suite"].get<std::string>() << ": " << report["runs_done"] << " of " << report["runs_planned"]
           << " runs" << (report["stopped_by"].is_null() ? "" : " (stopped by " + report["stopped_by"].get<std::string>() + ")") << '\n';
    if (report["replayed"].get<bool>())
        io.out << "replayed from cassettes: the recorded replies re-judged against each case's schema as it stands, not regenerated\n";
    for (const Json& cell : report["cells"]) {
        io.out << "  " << (cell["passed"].get<bool>() ? "PASS " : "FAIL ") << cell["case"].get<std::string>() << " x "
               << cell["target"].get<std::string>() << ": " << cell["succeeded"] << "/" << cell["runs"] << " succeeded, mean repairs "
               << cell["mean_repairs"].get<double>() << ", pass^k " << cell["pass_k"]["pass_all_rate"].get<double>() << '\n';
        if (cell.contains("first_failure")) {
            const std::string id = cell["first_failure"]["capture_id"].get<std::string>();
            io.out << "       first failure: " << cell["first_failure"]["message"].get<std::string>()
                   << (id.empty() ? "" : " (conform-cli captures show " + id + ")") << '\n';
        }
    }
    const Json& overall = report["overall"];
    io.out << "overall: " << overall["succeeded"] << "/" << overall["runs"] << " succeeded ("
           << overall["success_rate"].get<double>() << "), mean repairs " << overall["mean_repairs"].get<double>();
    if (overall.contains("metrics")) { // the share of tokens and cost spent after each run's first attempt
        const Json& metrics = overall["metrics"];
        const Json tokens = metrics.value("repair_overhead", Json::object()).value("token_share", Json());
        const Json cost = metrics.value("cost", Json::object()).value("repair_overhead_share", Json());
        if (tokens.is_number())
            io.out << ", repair overhead " << tokens.get<double>() * 100 << "% of tokens";
        if (cost.is_number())
            io.out << " and " << cost.get<double>() * 100 << "% of cost";
    }
    io.out << '\n';
    if (report.contains("baseline"))
        for (const Json& cell : report["baseline"]["cells"])
            io.out << "baseline " << cell["sentence"].get<std::string>() << '\n';
    for (const auto& [name, check] : report["thresholds"].items())
        io.out << "threshold " << name << ": " << (check["met"].get<bool>() ? "met" : "NOT met") << " ("
               << check["value"].get<double>() << " against " << (check.contains("min") ? "min " : "max ")
               << (check.contains("min") ? check["min"] : check["max"]).get<double>() << ")\n";
}

Status writeFile(const QString& path, const std::string& text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.data(), qint64(text.size())) != qint64(text.size()))
        return Error{file.errorString().toStdString(), path.toStdString()};
    return Done{};
}

int exitCode(const Json& report)
{
    // A replay reaches no provider: a recorded transport failure is a case that failed (1).
    if (!report["unreachable_targets"].empty() && !report["replayed"].get<bool>())
        return ProviderError;
    return report["passed"].get<bool>() ? Success : Invalid;
}

class SuiteCommand : public Command
{
public:
    std::string name() const override { return "suite"; }
    std::string summary() const override { return "run a suite's cases x repeats x targets, report (JSON, JUnit) and check thresholds"; }
    std::string usage() const override
    {
        return "conform-cli suite FILE [--concurrency N] [--repeat N] [--target PROVIDER:MODEL[:MODE]]...\n"
               "                  [--min-success R] [--max-mean-repairs R] [--junit FILE]\n"
               "                  [--store PATH|URL | --no-store] [--baseline STORE|K=V] [--seed N] [--json]\n"
               "conform-cli suite FILE --replay [--json] [--junit FILE]\n"
               "                  [--draft 7|2020-12] [--formats assert|annotate]\n"
               + std::string(kSchemaReadingUsage) + "\n"
               "The suite file's format: schemas/suite.schema.json. Every run is captured with the labels\n"
               "suite, case, target, repeat and suite_run (the report's run_id).\n"
               "--baseline compares each case x target's final success with the baseline's captures of the same\n"
               "suite, case and target (Fisher's exact test, Holm-corrected across cells): a significantly worse\n"
               "cell fails the suite, one unlucky run does not. STORE is another store; K=V selects captures of\n"
               "--store (suite_run=ID: an earlier run).\n"
               "--replay answers each case from its cassette (captures to-suite writes them): offline, no socket opened,\n"
               "nothing stored; the recorded replies are re-judged against the case's schema as it now stands. The\n"
               "request that reaches the model (the messages, the model, the mode) must be the recorded one: any\n"
               "difference is a cassette miss, exit 2 naming the case and the first part that differs.\n"
               "Exit: 0 every threshold holds (and no significant regression); 1 one does not (or nothing ran);\n"
               "2 bad suite file, usage or a cassette miss; 3 a target's provider could not be reached at all.";
    }

    OptionTable options() const override { return Options().table(); }
    std::vector<Example> examples() const override
    {
        return {{"conform-cli suite schemas/goals.suite.json --junit report.xml --min-success 0.9", "a CI gate with a JUnit report"},
                {"conform-cli suite regressions.suite.json --replay", "a regression suite from `captures to-suite`, offline"}};
    }
    std::string exitStatus() const override
    {
        return "0 every threshold holds (and no significant regression); 1 one does not (or nothing ran); 2 bad suite file, "
               "usage or a cassette miss; 3 a target's provider could not be reached at all.";
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const Options o;
        const SchemaReadingOptions& schemaReading = o.schemaReading;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        if (parser.positionalArguments().size() != 1)
            return fail(io, "suite: expected one suite FILE");
        if (parser.isSet(o.store) && parser.isSet(o.noStore))
            return fail(io, "suite: --store and --no-store contradict each other");
        if (parser.isSet(o.baseline) && parser.isSet(o.noStore))
            return fail(io, "suite: --baseline compares this run's captures; it needs them stored (not --no-store)");
        const bool replay = parser.isSet(o.replay);
        for (const QCommandLineOption* option : {&o.store, &o.baseline, &o.target})
            if (replay && parser.isSet(*option))
                return fail(io, "suite: --replay answers each case from its cassette and stores nothing: it takes no --"
                                    + option->names().constFirst().toStdString());
        const QString file = parser.positionalArguments().constFirst();
        const auto reading = schemaReading.read(parser, "suite");
        if (!reading)
            return fail(io, reading.error().message);
        std::vector<Error> problems;
        auto loaded = suite::loadSuite(file, reading.value(), &problems);
        if (!loaded) { // every problem of the file, one line each
            for (const Error& problem : problems)
                fail(io, "suite: " + problem.toString());
            return UsageError;
        }
        suite::Suite& suite = loaded.value();
        if (auto applied = applyOptions(parser, o, file, suite); !applied)
            return fail(io, applied.error().toString());

        if (replay)
            for (const suite::SuiteCase& c : suite.cases)
                if (!c.cassette)
                    return fail(io, "suite: case \"" + c.name + "\" has no cassette: --replay needs one for every case "
                                    "(captures to-suite writes them)");
        const bool stored = !parser.isSet(o.noStore) && !replay; // a replay never reopens a cluster
        std::unique_ptr<store::CaptureWriter> writer;
        if (stored) {
            auto opened = StoreOptions::openWriter(parser.value(o.store));
            if (!opened)
                return fail(io, "suite: " + opened.error().toString());
            writer = std::move(opened.value());
        }
        const std::string startedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).chopped(1).toStdString();
        suite::SuiteResults results = runSuiteToEnd(suite, writer.get(), io, replay);
        if (!results.captureError.empty())
            return fail(io, "suite: the runs finished but were not captured: " + results.captureError);
        if (const std::string miss = suite::firstCassetteMiss(results); !miss.empty())
            return fail(io, miss); // never a silent pass, never a network call
        return report(suite, results, stored ? parser.value(o.store) : QString(), stored, parser, o, startedAt, io);
    }

private:
    // The baseline's verdict into the report: a significant regression fails the suite.
    static Status againstBaseline(const suite::Suite& suite, const suite::SuiteResults& results, store::Store& current, const QString& baseline,
                                  Json& report)
    {
        store::Filter filter;
        std::unique_ptr<store::Store> other;
        if (const auto label = splitKeyValue(baseline)) {
            filter.labels.push_back(*label);
        } else {
            auto opened = StoreOptions::openAt(baseline, false);
            if (!opened)
                return opened.error();
            other = std::move(opened.value());
        }
        auto verdict = suite::compareWithBaseline(suite, results, current, other ? *other : current, filter, baseline.toStdString());
        if (!verdict)
            return verdict.error();
        if (verdict.value()["regression"].get<bool>())
            report["passed"] = false;
        report["baseline"] = std::move(verdict.value());
        return Done{};
    }

    // The report reads the captures back through a store of its own (one connection per thread).
    int report(const suite::Suite& suite, const suite::SuiteResults& results, const QString& store, bool stored,
               const QCommandLineParser& parser, const Options& o, const std::string& startedAt, Io& io)
    {
        std::unique_ptr<store::Store> reader;
        if (stored) {
            auto opened = StoreOptions::openAt(store, false);
            if (!opened)
                return fail(io, "suite: " + opened.error().toString());
            reader = std::move(opened.value());
        }
        auto built = suite::suiteReport(suite, results, reader.get());
        if (!built)
            return fail(io, "suite: " + built.error().toString());
        Json report = built->toJson(); // the report's JSON, written in one place (report.h)
        if (parser.isSet(o.baseline))
            if (auto compared = againstBaseline(suite, results, *reader, parser.value(o.baseline), report); !compared)
                return fail(io, "suite: --baseline: " + compared.error().toString());
        if (parser.isSet(o.junit)) // a file, past the masked streams: masked here
            if (auto written = writeFile(parser.value(o.junit), secrets::mask(suite::junitXml(report, startedAt))); !written)
                return fail(io, "suite: --junit " + written.error().toString());
        if (parser.isSet(o.json))
            io.out << conform::dump(report) << '\n';
        else
            printTable(report, io);
        if (!report["replayed"].get<bool>())
            for (const auto& target : report["unreachable_targets"])
                io.err << "conform-cli: error: suite: target " << target.get<std::string>() << " could not be reached\n";
        return exitCode(report);
    }
};

CONFORM_REGISTER_COMMAND(SuiteCommand);

} // namespace
} // namespace conform::cli
