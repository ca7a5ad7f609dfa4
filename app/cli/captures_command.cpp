// conform-cli captures: the capture store from the command line. Each subcommand lives in
// its own captures_*.cpp; this file only dispatches.
#include "captures.h"

#include <iterator>
#include <ostream>

namespace conform::cli {

namespace {

// A subcommand as the table below declares it.
struct CapturesSubcommandSpec
{
    const char* name;
    const char* summary;
    const char* usage;
    OptionTable (*options)();
    CapturesHandler handler;
};

const CapturesSubcommandSpec kSubcommands[] = {
    {"list", "the captures that match, newest first (or sorted)",
     "conform-cli captures list [--store S] [FILTERS] [--limit N] [--sort KEY[:asc|desc]] [--json]\n"
     "--sort: time (default, newest first), outcome (failed first), provider, model, mode, attempts,\n"
     "        repairs, latency, tokens; names A-Z and the rest biggest first unless :asc or :desc.",
     capturesListOptions, capturesList},
    {"show", "one capture: the run document, plus id, time, labels, spec",
     "conform-cli captures show ID [--store S] [--json]        the run document, plus id, time, labels, spec\n"
     "conform-cli captures show ID --as-command [--store S]    the `conform-cli run` line that reruns the spec;\n"
     "    it names the schema and prompt files (copies in <store>.specs/ where the originals changed)",
     capturesShowOptions, capturesShow},
    {"stats", "the metrics of the captures that match, grouped and bucketed",
     "conform-cli captures stats  [--store S] [FILTERS] [--by FIELDS] [--bucket hour|day] [--prices FILE] [--json]\n"
     "--by: provider, model, schema, prompt, mode, source (comma-separated).",
     capturesStatsOptions, capturesStats},
    {"export", "the captures that match, as JSONL or OTLP/JSON traces",
     "conform-cli captures export [--store S] [FILTERS] [-o FILE]      JSONL, one `show` document a line\n"
     "conform-cli captures export --format otlp [--store S] [FILTERS] [-o FILE | --to URL [--header K=V]...]\n"
     "    OTLP/JSON traces: a run span per capture with its findings, a GenAI span per attempt",
     capturesExportOptions, capturesExport},
    {"import", "captures from JSONL, or calls recorded elsewhere (OTLP, batch results)",
     "conform-cli captures import FILE [--store S] [--max-bytes N]  idempotent by id; lines without one get one\n"
     "conform-cli captures import FILE... --format otlp|openai-batch|anthropic-batch [--input REQUESTS] [--schema FILE]\n"
     "    [--schema-map FILE]  calls recorded elsewhere (OTLP/JSON traces and logs, batch results; the format is\n"
     "    told from the first line when not given); bad lines are reported FILE:LINE and the rest imported",
     capturesImportOptions, capturesImport},
    {"replay", "re-extract and re-validate stored replies against a schema, no model call",
     "conform-cli captures replay --schema FILE [--all-schemas] [--store S] [FILTERS] [--json] [--draft 7|2020-12] [--formats assert|annotate]\n"
     "    re-extracts and re-validates the final replies of FILE's schema (every version with its $id, else its\n"
     "    title, else that exact schema; --all-schemas: every capture the filters keep) against FILE: no model call",
     capturesReplayOptions, capturesReplay},
    {"clusters", "failures grouped by cause, biggest first",
     "conform-cli captures clusters [--store S] [FILTERS] [--newest] [--state S]... [--limit N] [--json]\n"
     "    failures grouped by cause, one a line, biggest first: the schema ($id, else title, else hash) and what the\n"
     "    judged attempt lacked, as (path with * for indices, code), or its truncated/refused/transport_error flag;\n"
     "    failed, fallback and repaired apart; unchecked captures are never clustered",
     capturesClustersOptions, capturesClusters},
    {"review", "set the review state of captures or clusters, or read their history",
     "conform-cli captures review (ID... | --cluster C...) --state new|confirmed|expected|fixed|ignored [--note TEXT]\n"
     "    [--reviewer NAME] [--store S] [--json]   (default reviewer $USER; a fixed cluster that gets a capture newer\n"
     "    than the fix reads `regressed`); --history instead of --state prints every change",
     capturesReviewOptions, capturesReview},
    {"label", "set or remove labels of captures",
     "conform-cli captures label ID... [--set K=V]... [--remove K]... [--store S]",
     capturesLabelOptions, capturesLabel},
    {"to-suite", "captures as a regression suite that replays offline",
     "conform-cli captures to-suite (ID... | --cluster C) [--limit N] -o FILE.suite.json [--store S]\n"
     "    a regression suite: each capture a case with its schema, prompt, target, policy and a cassette of its\n"
     "    recorded replies; `conform-cli suite FILE --replay` runs it offline",
     capturesToSuiteOptions, capturesToSuite},
};

constexpr const char* kCapturesNotes =
    "FILTERS: --schema FILE | --schema-hash H, --schema-title T, --schema-id URI, --prompt-hash H, --provider P, --model M, --mode M,\n"
    "         --source run|suite|proxy|otlp|import, --outcome O, --flag F, --label K=V, --since ISO8601, --until ISO8601, --text TEXT,\n"
    "         --cluster C\n"
    "Store: --store, else $CONFORM_STORE, else captures.db in Conform's data folder.";

constexpr const char* kCapturesExit =
    "0 done; 1 (replay) some capture became invalid, (import of otlp or batch files) some lines or spans were refused and the "
    "rest imported; 2 usage, input or store error, or an unknown capture or cluster id.";

class CapturesSubcommand : public Command
{
public:
    explicit CapturesSubcommand(const CapturesSubcommandSpec& spec) : m_spec(spec) {}
    std::string name() const override { return m_spec.name; }
    std::string summary() const override { return m_spec.summary; }
    std::string usage() const override { return std::string(m_spec.usage) + '\n' + kCapturesNotes; }
    OptionTable options() const override { return m_spec.options(); }
    std::string exitStatus() const override { return kCapturesExit; }
    int execute(const QStringList& arguments, Io& io) override { return m_spec.handler(*this, arguments, io); }

private:
    const CapturesSubcommandSpec& m_spec;
};

std::string subcommandNames(const char* separator, const char* last)
{
    std::string names;
    const std::size_t count = std::size(kSubcommands);
    for (std::size_t i = 0; i < count; ++i)
        names += (i == 0 ? "" : i + 1 == count ? last : separator) + std::string(kSubcommands[i].name);
    return names;
}

} // namespace

Result<long long> integerOption(const QCommandLineParser& parser, const QCommandLineOption& option, long long low, long long high)
{
    bool ok = false;
    const long long value = parser.value(option).toLongLong(&ok);
    if (!ok || value < low || value > high)
        return Error{"--" + option.names().constFirst().toStdString() + " must be a whole number from " + std::to_string(low) + " to " +
                         std::to_string(high) + ", not '" + parser.value(option).toStdString() + "'", {}};
    return value;
}

namespace {

class CapturesCommand : public Command
{
public:
    std::string name() const override { return "captures"; }
    std::string summary() const override { return "list, show, export, import, measure, replay, cluster, review and label captured runs"; }
    std::string usage() const override
    {
        std::string text;
        for (const CapturesSubcommandSpec& sub : kSubcommands)
            text += std::string(sub.usage) + '\n';
        return text + kCapturesNotes;
    }
    OptionTable options() const override { return {helpOption()}; }
    std::vector<std::unique_ptr<Command>> subcommands() const override
    {
        std::vector<std::unique_ptr<Command>> all;
        for (const CapturesSubcommandSpec& sub : kSubcommands)
            all.push_back(std::make_unique<CapturesSubcommand>(sub));
        return all;
    }
    std::vector<Example> examples() const override
    {
        return {{"conform-cli captures list --outcome failed --since 2025-06-01 --limit 20", "the newest twenty failures since June"},
                {"conform-cli captures stats --by model,mode", "success rates, repairs, latency and cost per model and mode"},
                {"conform-cli captures replay --schema order.schema.json", "what an edited schema changes for the stored replies"}};
    }
    std::string exitStatus() const override { return kCapturesExit; }

    int execute(const QStringList& arguments, Io& io) override
    {
        const QString sub = arguments.value(1);
        if (sub.isEmpty() || sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
            if (!sub.isEmpty())
                return printCommandHelp(io, *this);
            return fail(io, "captures: give a subcommand: " + subcommandNames(", ", " or "));
        }
        for (const auto& command : subcommands())
            if (sub.toStdString() == command->name()) {
                QStringList rest = arguments.mid(2);
                rest.prepend(QStringLiteral("captures ") + sub);
                return command->execute(rest, io);
            }
        return fail(io, "captures: unknown subcommand '" + sub.toStdString() + "' (" + subcommandNames(", ", ", ") + ")");
    }
};

CONFORM_REGISTER_COMMAND(CapturesCommand);

} // namespace
} // namespace conform::cli
