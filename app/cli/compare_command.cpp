// compare: is B better than A? Either runs a comparison file (variants x targets x repeats x
// cases, through the suite runner, every run captured) or reads what the store already holds
// (--from-store --by FIELD). Either way: intervals, significance against a baseline, the
// verdict in words, cost per valid result and the repair overhead.
#include "command.h"
#include "schema_loader.h"
#include "store_options.h"
#include "suite_progress.h"

#include "stats/comparison.h"
#include "store/variants.h"
#include "suite/comparison_report.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <ostream>

namespace conform::cli {

namespace {

struct Options
{
    Option fromStore{QStringLiteral("from-store"), QStringLiteral("Compare the captures the store already holds.")};
    Option by = Option(QStringLiteral("by"), QStringLiteral("With --from-store: what the variants differ in: prompt, schema, model, mode or provider."), QStringLiteral("FIELD"))
                    .choices({QStringLiteral("prompt"), QStringLiteral("schema"), QStringLiteral("model"), QStringLiteral("mode"), QStringLiteral("provider")});
    Option baseline = Option(QStringLiteral("baseline"), QStringLiteral("The baseline variant: its name or a unique prefix of its hash."), QStringLiteral("NAME"))
                          .defaultText(QStringLiteral("the file's, else the one with the most runs"));
    Option prices = Option(QStringLiteral("prices"), QStringLiteral("A price table (JSON, as resources/prices.json) over the built-in one."), QStringLiteral("FILE")).file();
    Option json{QStringLiteral("json"), QStringLiteral("Print one JSON document.")};
    Option markdown{QStringLiteral("markdown"), QStringLiteral("Print a Markdown report (for a pull request).")};
    Option failOnRegression{QStringLiteral("fail-on-regression"), QStringLiteral("Exit 1 when a variant is significantly worse than the baseline.")};
    Option repeat = Option(QStringLiteral("repeat"), QStringLiteral("With FILE: runs of each variant x case x target."), QStringLiteral("N"))
                        .defaultText(QStringLiteral("the file's, else 1"));
    Option concurrency = Option(QStringLiteral("concurrency"), QStringLiteral("With FILE: runs at once in all."), QStringLiteral("N"))
                             .defaultText(QStringLiteral("the file's, else 4"));
    Option target = Option(QStringLiteral("target"), QStringLiteral("With FILE: run against this target instead of the file's: PROVIDER:MODEL[:MODE], scenario:NAME."), QStringLiteral("SPEC")).repeatable();
    Option prompt = Option(QStringLiteral("prompt"), QStringLiteral("Without FILE: a variant's user prompt, read from PROMPT_FILE (the variant is named after the file). With --schema FILE and --target."), QStringLiteral("PROMPT_FILE")).file().repeatable();
    Option system = Option(QStringLiteral("system"), QStringLiteral("Without FILE: the system prompt every variant shares, read from this file."), QStringLiteral("SYSTEM_FILE")).file();
    Option seed{QStringLiteral("seed"), QStringLiteral("With FILE: every seeded scenario draws from this seed instead of its own."), QStringLiteral("N")};
    Option noStore = noStoreOption(QStringLiteral("With FILE or --prompt: capture nothing; the runs are compared from a scratch store, deleted at exit."));
    StoreOptions store;
    SchemaReadingOptions schemaReading;

    OptionTable table() const
    {
        return store.table() + schemaReading.table()
            + OptionTable{fromStore, by, baseline, prices, json, markdown, failOnRegression, repeat, concurrency, target, seed, prompt,
                          system, noStore, helpOption()};
    }
};

void print(const QCommandLineParser& parser, const Options& o, const stats::ComparisonReport& report, const std::string& heading, Io& io)
{
    if (parser.isSet(o.markdown)) {
        if (!heading.empty())
            io.out << "## " << heading << "\n\n";
        io.out << stats::reportMarkdown(report);
    } else {
        if (!heading.empty())
            io.out << heading << '\n';
        io.out << stats::reportText(report);
    }
}

// A count option within [1, high]; 0 when not given.
Result<std::int64_t> countOption(const QCommandLineParser& parser, const QCommandLineOption& option, std::int64_t high)
{
    if (!parser.isSet(option))
        return std::int64_t(0);
    bool ok = false;
    const qlonglong value = parser.value(option).toLongLong(&ok);
    if (!ok || value < 1 || value > high)
        return Error{"must be a whole number from 1 to " + std::to_string(high) + ", not '" + parser.value(option).toStdString() + "'",
                     "compare: --" + option.names().constFirst().toStdString()};
    return std::int64_t(value);
}

// The command line's overrides of a comparison file.
Status applyOptions(const QCommandLineParser& parser, const Options& o, const QString& file, suite::ComparisonPlan& plan)
{
    auto repeat = countOption(parser, o.repeat, 10'000);
    auto concurrency = countOption(parser, o.concurrency, 1'000);
    if (!repeat)
        return repeat.error();
    if (!concurrency)
        return concurrency.error();
    if (repeat.value())
        plan.suite.repeat = static_cast<int>(repeat.value());
    if (concurrency.value())
        plan.suite.concurrency = static_cast<int>(concurrency.value());
    if (parser.isSet(o.target)) {
        plan.suite.targets.clear();
        for (const QString& spec : parser.values(o.target)) {
            auto target = suite::parseTargetSpec(spec.toStdString(), QFileInfo(file).absolutePath());
            if (!target)
                return Error{target.error().toString(), "compare"};
            plan.suite.targets.push_back(std::move(target.value()));
        }
    }
    if (parser.isSet(o.seed)) { // after --target, whose scenarios it redraws too
        bool ok = false;
        const qulonglong seed = parser.value(o.seed).toULongLong(&ok);
        if (!ok)
            return Error{"must be a whole number, at least 0, not '" + parser.value(o.seed).toStdString() + "'", "compare: --seed"};
        suite::reseedScenarios(plan.suite, seed);
    }
    if (plan.variants.size() < 2 && plan.suite.targets.size() < 2)
        return Error{"one variant and one target leave nothing to compare", "compare"};
    if (auto planned = suite::checkPlannedRuns(plan.suite); !planned)
        return Error{planned.error().message, "compare: --repeat"};
    return Done{};
}

class CompareCommand : public Command
{
public:
    std::string name() const override { return "compare"; }
    std::string summary() const override { return "is B better than A: final success per variant, with intervals and significance"; }
    std::string usage() const override
    {
        return "conform-cli compare FILE [--repeat N] [--concurrency N] [--target SPEC]... [--seed N] [--store PATH|URL | --no-store]\n"
               "                    [--baseline NAME] [--prices FILE] [--json|--markdown] [--fail-on-regression]\n"
               "conform-cli compare --schema FILE --prompt PROMPT_FILE... [--system FILE] --target SPEC... [--repeat N] ...\n"
               "conform-cli compare --from-store --by prompt|schema|model|mode|provider [--baseline NAME|HASH]\n"
               "                    [FILTERS] [--prices FILE] [--json|--markdown] [--fail-on-regression]\n"
               + std::string(kSchemaReadingUsage) + "\n"
               "\n"
               "FILE is a comparison: a suite file with \"variants\" (each a schema, prompt texts, variables, a\n"
               "policy), run variants x targets x cases x repeats through the suite runner and captured (label\n"
               "\"variant\"); each target compares its variants, or with one variant the targets are compared.\n"
               "Without FILE, each --prompt is a variant (named after its file) of one case over --schema.\n"
               "With --from-store each value of --by among the filtered captures is a variant.\n"
               "Final success (valid or repaired; with FILE, every assertion holding too) is compared with the\n"
               "baseline's: Fisher's exact test up to 10,000 runs per variant, the two-proportion z-test\n"
               "beyond, Holm-corrected across variants; significant below p = 0.05. Rates carry 95% Wilson\n"
               "intervals, differences Newcombe's. Exit 0 when the comparison ran; with --fail-on-regression,\n"
               "1 when a variant is significantly worse than the baseline (noise never fires it).\n"
               "Cost per valid result prices every attempt's tokens with the built-in, dated price table\n"
               "(resources/prices.json) or --prices FILE; a model without a price says \"no price\". The\n"
               "overhead is the share of cost (of tokens when unpriced) spent after the first attempt.";
    }

    OptionTable options() const override { return Options().table(); }
    std::vector<Example> examples() const override
    {
        return {{"conform-cli compare --schema order.schema.json --prompt a.txt --prompt b.txt --target scenario:fenced-reply --repeat 20 --no-store",
                 "two prompts, twenty runs each, nothing captured"},
                {"conform-cli compare --from-store --by model --since 2025-01-01", "the models the store holds runs of, side by side"}};
    }
    std::string exitStatus() const override
    {
        return "0 the comparison ran; 1 with --fail-on-regression, a variant significantly worse than the baseline; 2 usage, "
               "input or store error; 3 provider or transport error.";
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const Options o;
        const StoreOptions& storeOptions = o.store;
        const SchemaReadingOptions& schemaReading = o.schemaReading;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        if (parser.isSet(o.store.store) && parser.isSet(o.noStore))
            return fail(io, "compare: --store and --no-store contradict each other");
        if (parser.isSet(o.fromStore) && parser.isSet(o.noStore))
            return fail(io, "compare: --from-store reads the store and writes nothing; --no-store is for a comparison that runs");
        if (parser.isSet(o.json) && parser.isSet(o.markdown))
            return fail(io, "compare: --json and --markdown exclude each other");
        const QStringList files = parser.positionalArguments();
        if (files.size() > 1)
            return fail(io, "compare: unexpected argument '" + files[1].toStdString() + "'");
        if (files.size() == 1 && parser.isSet(o.prompt))
            return fail(io, "compare: --prompt makes a comparison without a FILE; the FILE's variants hold their prompts");
        if (files.size() == 1 && parser.isSet(o.fromStore))
            return fail(io, "compare: a comparison FILE runs anew; --from-store reads the store; give one");
        auto priceTable = loadPrices(parser, o.prices);
        if (!priceTable)
            return fail(io, "compare: " + priceTable.error().toString());
        if (files.size() == 1)
            return runFile(parser, o, schemaReading, files.front(), {}, priceTable.value(), io);
        if (parser.isSet(o.prompt) && !parser.isSet(o.fromStore)) {
            auto document = comparisonOfFlags(parser, o);
            if (!document)
                return fail(io, document.error().toString());
            return runFile(parser, o, schemaReading, {}, document.value(), priceTable.value(), io);
        }
        if (!parser.isSet(o.fromStore))
            return fail(io, "compare: say what to compare: a comparison FILE, --prompt FILE... --schema FILE --target SPEC..., or --from-store --by FIELD");
        return fromStore(parser, o, storeOptions, priceTable.value(), io);
    }

private:
    int fromStore(const QCommandLineParser& parser, const Options& o, const StoreOptions& storeOptions, const stats::PriceTable& prices, Io& io)
    {
        if (!parser.isSet(o.by))
            return fail(io, "compare: --by is required (prompt, schema, model, mode or provider)");
        const std::string field = parser.value(o.by).toStdString();
        auto fields = store::parseGroupFields(field);
        if (!fields)
            return fail(io, "compare: --by: " + fields.error().toString());
        if (fields->size() != 1)
            return fail(io, "compare: --by takes one field, not '" + field + "'");
        store::StatsQuery query;
        query.by = fields.value();
        query.prices = &prices;
        auto filter = storeOptions.filter(parser);
        if (!filter)
            return fail(io, "compare: " + filter.error().toString());
        query.filter = std::move(filter).value();
        auto store = storeOptions.open(parser, false);
        if (!store)
            return fail(io, store.error().toString());
        auto figures = store.value()->statsReport(query);
        if (!figures)
            return fail(io, figures.error().toString());
        auto variants = store::variantsOf(figures.value(), field);
        if (!variants)
            return fail(io, "compare: " + variants.error().toString());
        auto report = stats::compareVariants(std::move(variants).value(), field, parser.value(o.baseline).toStdString());
        if (!report)
            return fail(io, "compare: " + report.error().toString());
        if (parser.isSet(o.json))
            io.out << dump(stats::reportJson(report.value())) << '\n';
        else
            print(parser, o, report.value(), {}, io);
        io.out.flush();
        return parser.isSet(o.failOnRegression) && report->anySignificantlyWorse() ? Invalid : Success;
    }

    // The comparison the flags describe, as the document a comparison file would hold.
    static Result<Json> comparisonOfFlags(const QCommandLineParser& parser, const Options& o)
    {
        if (!parser.isSet(QStringLiteral("schema")) || !parser.isSet(o.target))
            return Error{"--prompt needs --schema FILE and at least one --target SPEC", "compare"};
        const auto read = [](const QString& path) -> Result<std::string> {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly))
                return Error{"cannot read (" + file.errorString().toStdString() + ")", "compare: " + path.toStdString()};
            return file.readAll().toStdString();
        };
        Json variants = Json::array();
        for (const QString& path : parser.values(o.prompt)) {
            auto text = read(path);
            if (!text)
                return text.error();
            variants.push_back(Json{{"name", QFileInfo(path).completeBaseName().toStdString()}, {"user", text.value()}});
        }
        Json targets = Json::array();
        for (const QString& spec : parser.values(o.target)) {
            const QStringList parts = spec.split(QLatin1Char(':'));
            Json target{{"provider", parts.value(0).toStdString()}};
            target[parts.value(0) == QLatin1String("scenario") ? "scenario" : "model"] = parts.value(1).toStdString();
            if (parts.size() > 2)
                target["mode"] = parts.value(2).toStdString();
            targets.push_back(std::move(target));
        }
        Json c{{"name", "default"}, {"schema", QFileInfo(parser.value(QStringLiteral("schema"))).absoluteFilePath().toStdString()}};
        if (parser.isSet(o.system)) {
            auto text = read(parser.value(o.system));
            if (!text)
                return text.error();
            c["system"] = text.value();
        }
        return Json{{"name", "compare"}, {"targets", targets}, {"cases", Json::array({c})}, {"variants", variants}};
    }

    // A comparison FILE, or (`file` empty) the document the flags made.
    int runFile(const QCommandLineParser& parser, const Options& o, const SchemaReadingOptions& schemaReading, const QString& file,
                const Json& flagsDocument, const stats::PriceTable& prices, Io& io)
    {
        if (parser.isSet(o.by))
            return fail(io, "compare: --by is for --from-store; a comparison FILE compares its variants");
        const auto reading = schemaReading.read(parser, "compare");
        if (!reading)
            return fail(io, reading.error().message);
        std::vector<Error> problems;
        auto plan = file.isEmpty() ? suite::loadComparison(flagsDocument, QDir::current(), "the flags", reading.value(), &problems)
                                   : suite::loadComparison(file, reading.value(), &problems);
        if (!plan) { // every problem of the file, one line each
            for (const Error& problem : problems)
                fail(io, "compare: " + problem.toString());
            return UsageError;
        }
        if (auto applied = applyOptions(parser, o, file, plan.value()); !applied)
            return fail(io, applied.error().toString());
        // --no-store: the runs are still read back (cost, repairs), from a store that goes with the process.
        QTemporaryDir scratch;
        if (parser.isSet(o.noStore) && !scratch.isValid())
            return fail(io, "compare: --no-store: cannot make a scratch folder (" + scratch.errorString().toStdString() + ")");
        const QString location = parser.isSet(o.noStore) ? scratch.filePath(QStringLiteral("compare.db")) : parser.value(o.store.store);
        auto writer = StoreOptions::openWriter(location);
        if (!writer)
            return fail(io, "compare: " + writer.error().toString());
        const suite::SuiteResults results = runSuiteToEnd(plan->suite, writer.value().get(), io);
        if (!results.captureError.empty())
            return fail(io, "compare: the runs finished but were not captured: " + results.captureError);
        auto reader = StoreOptions::openAt(location, false);
        if (!reader)
            return fail(io, "compare: " + reader.error().toString());
        const std::string baseline = parser.isSet(o.baseline) ? parser.value(o.baseline).toStdString() : plan->baseline;
        auto comparisons = suite::compareResults(plan.value(), results, *reader.value(), prices, baseline);
        if (!comparisons)
            return fail(io, "compare: " + comparisons.error().toString());
        const Json document = suite::comparisonsJson(plan.value(), results, comparisons.value());
        if (parser.isSet(o.json)) {
            io.out << dump(document) << '\n';
        } else {
            for (const suite::TargetComparison& c : comparisons.value())
                print(parser, o, c.report, c.target.empty() ? std::string() : "on " + c.target + ":", io);
        }
        io.out.flush();
        return parser.isSet(o.failOnRegression) && document["regression"].get<bool>() ? Invalid : Success;
    }
};

} // namespace

CONFORM_REGISTER_COMMAND(CompareCommand);

} // namespace conform::cli
