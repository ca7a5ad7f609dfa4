// conform-cli captures: the capture store from the command line. Each subcommand lives in
// its own captures_*.cpp; this file only dispatches.
#include "captures.h"

#include <ostream>

namespace conform::cli {

const char* const kCapturesUsage =
    "conform-cli captures list   [--store S] [FILTERS] [--limit N] [--sort KEY[:asc|desc]] [--json]\n"
    "conform-cli captures show ID [--store S] [--json]        the run document, plus id, time, labels, spec\n"
    "conform-cli captures show ID --as-command [--store S]    the `conform-cli run` line that reruns the spec;\n"
    "    it names the schema and prompt files (copies in <store>.specs/ where the originals changed)\n"
    "conform-cli captures stats  [--store S] [FILTERS] [--by FIELDS] [--bucket hour|day] [--json]\n"
    "conform-cli captures export [--store S] [FILTERS] [-o FILE]      JSONL, one `show` document a line\n"
    "conform-cli captures export --format otlp [--store S] [FILTERS] [-o FILE | --to URL [--header K=V]...]\n"
    "    OTLP/JSON traces: a run span per capture with its findings, a GenAI span per attempt\n"
    "conform-cli captures import FILE [--store S] [--max-bytes N]  idempotent by id; lines without one get one\n"
    "conform-cli captures import FILE... --format otlp|openai-batch|anthropic-batch [--input REQUESTS] [--schema FILE]\n"
    "    [--schema-map FILE]  calls recorded elsewhere (OTLP/JSON traces and logs, batch results; the format is\n"
    "    told from the first line when not given); bad lines are reported FILE:LINE and the rest imported\n"
    "conform-cli captures replay --schema FILE [--all-schemas] [--store S] [FILTERS] [--json] [--draft 7|2020-12] [--formats assert|annotate]\n"
    "    re-extracts and re-validates the final replies of FILE's schema (every version with its $id, else its\n"
    "    title, else that exact schema; --all-schemas: every capture the filters keep) against FILE: no model call\n"
    "conform-cli captures clusters [--store S] [FILTERS] [--newest] [--state S]... [--limit N] [--json]\n"
    "    failures grouped by cause, one a line, biggest first: the schema ($id, else title, else hash) and what the\n"
    "    judged attempt lacked, as (path with * for indices, code), or its truncated/refused/transport_error flag;\n"
    "    failed, fallback and repaired apart; unchecked captures are never clustered\n"
    "conform-cli captures review (ID... | --cluster C...) --state new|confirmed|expected|fixed|ignored [--note TEXT]\n"
    "    [--reviewer NAME] [--store S] [--json]   (default reviewer $USER; a fixed cluster that gets a capture newer\n"
    "    than the fix reads `regressed`); --history instead of --state prints every change\n"
    "conform-cli captures label ID... [--set K=V]... [--remove K]... [--store S]\n"
    "conform-cli captures to-suite (ID... | --cluster C) [--limit N] -o FILE.suite.json [--store S]\n"
    "    a regression suite: each capture a case with its schema, prompt, target, policy and a cassette of its\n"
    "    recorded replies; `conform-cli suite FILE --replay` runs it offline\n"
    "FILTERS: --schema FILE | --schema-hash H, --schema-title T, --schema-id URI, --prompt-hash H, --provider P, --model M, --mode M,\n"
    "         --source run|suite|proxy|otlp|import, --outcome O, --flag F, --label K=V, --since ISO8601, --until ISO8601, --text TEXT,\n"
    "         --cluster C\n"
    "--by: provider, model, schema, prompt, mode, source (comma-separated).\n"
    "--sort: time (default, newest first), outcome (failed first), provider, model, mode, attempts,\n"
    "        repairs, latency, tokens; names A-Z and the rest biggest first unless :asc or :desc.\n"
    "Store: --store, else $CONFORM_STORE, else captures.db in Conform's data folder.\n"
    "Exit: 0 done; 1 (replay) some capture became invalid, (import of otlp or batch files) some lines or spans\n"
    "      were refused and the rest imported; 2 usage, input or store error, or an unknown capture or cluster id.";

std::optional<int> parseSubcommand(QCommandLineParser& parser, const QStringList& arguments, Io& io)
{
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(arguments))
        return fail(io, arguments.constFirst().toStdString() + ": " + parser.errorText().toStdString());
    if (parser.isSet(help)) {
        io.out << "Usage:\n" << kCapturesUsage << "\n\n" << parser.helpText().section(QLatin1Char('\n'), 2).toStdString();
        return Success;
    }
    return std::nullopt;
}

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
    std::string usage() const override { return kCapturesUsage; }

    int execute(const QStringList& arguments, Io& io) override
    {
        using Handler = int (*)(const QStringList&, Io&);
        static const std::pair<const char*, Handler> subcommands[] = {
            {"list", capturesList}, {"show", capturesShow}, {"stats", capturesStats},
            {"export", capturesExport}, {"import", capturesImport}, {"replay", capturesReplay},
            {"clusters", capturesClusters}, {"review", capturesReview}, {"label", capturesLabel}, {"to-suite", capturesToSuite}};
        const QString sub = arguments.value(1);
        if (sub.isEmpty() || sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
            io.out << "Usage:\n" << usage() << "\n\n" << summary() << '\n';
            return sub.isEmpty() ? fail(io, "captures: give a subcommand: list, show, stats, export, import, replay, clusters, review, label or to-suite") : Success;
        }
        for (const auto& [subName, handler] : subcommands)
            if (sub == QLatin1String(subName)) {
                QStringList rest = arguments.mid(2);
                rest.prepend(QStringLiteral("captures ") + sub);
                return handler(rest, io);
            }
        return fail(io, "captures: unknown subcommand '" + sub.toStdString() + "' (list, show, stats, export, import, replay, clusters, review, label, to-suite)");
    }
};

CONFORM_REGISTER_COMMAND(CapturesCommand);

} // namespace
} // namespace conform::cli
