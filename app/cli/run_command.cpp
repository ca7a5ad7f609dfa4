// conform-cli run: one run of the engine (ask, extract, validate, self-repair, fall back)
// against a provider or a scenario file; progress on stderr, the result on stdout.
#include "command.h"
#include "schema_loader.h"

#include "base/path.h"
#include "engine/engine.h"
#include "providers/scenario.h"
#include "store/capture_spec.h"
#include "store/writer.h"
#include "otlp_option.h"
#include "store_options.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>

#include <cmath>

#include <ostream>

namespace conform::cli {
namespace {

struct Options
{
    Option schema = Option(QStringLiteral("schema"), QStringLiteral("The JSON Schema the answer must match."), QStringLiteral("FILE")).file();
    Option user{QStringLiteral("user"), QStringLiteral("The user prompt."), QStringLiteral("TEXT")};
    Option prompt = Option(QStringLiteral("prompt"), QStringLiteral("The user prompt, from a file."), QStringLiteral("FILE")).file();
    Option system = Option(QStringLiteral("system"), QStringLiteral("The system prompt, from a file."), QStringLiteral("FILE")).file();
    Option var = Option(QStringLiteral("var"), QStringLiteral("Replace {{K}} in the prompts by V."), QStringLiteral("K=V")).repeatable();
    Option provider = Option(QStringLiteral("provider"), QStringLiteral("anthropic, openai, ollama or scenario."), QStringLiteral("NAME"))
                          .defaultText(QStringLiteral("scenario, with --scenario"))
                          .choices({QStringLiteral("anthropic"), QStringLiteral("openai"), QStringLiteral("ollama"), QStringLiteral("scenario")});
    Option api = Option(QStringLiteral("api"), QStringLiteral("With --provider openai: chat (Chat Completions) or responses (the Responses API, POST /v1/responses)."), QStringLiteral("API"))
                     .defaultText(QStringLiteral("chat"))
                     .choices({QStringLiteral("chat"), QStringLiteral("responses")});
    Option model{QStringLiteral("model"), QStringLiteral("The model."), QStringLiteral("M")};
    Option baseUrl = Option(QStringLiteral("base-url"), QStringLiteral("Base URL."), QStringLiteral("URL"))
                         .defaultText(QStringLiteral("*_BASE_URL / OLLAMA_HOST, else the public API"));
    Option scenario = Option(QStringLiteral("scenario"), QStringLiteral("The scenario file, or a built-in scenario's name (--provider scenario). Without --schema and a prompt, the scenario's own are used."), QStringLiteral("FILE")).file();
    Option mode = Option(QStringLiteral("mode"), QStringLiteral("auto (a scenario's own mode when it has one), strict, tool, json-object or text."), QStringLiteral("MODE"), QStringLiteral("auto"))
                      .choices({QStringLiteral("auto"), QStringLiteral("strict"), QStringLiteral("tool"), QStringLiteral("json-object"), QStringLiteral("text")});
    Option maxRepairs{QStringLiteral("max-repairs"), QStringLiteral("Repair turns per mode."), QStringLiteral("N"), QStringLiteral("2")};
    Option maxCalls{QStringLiteral("max-calls"), QStringLiteral("Model calls in all: repairs, continuations, re-asks and mode fallback (transport retries apart)."), QStringLiteral("N"), QStringLiteral("4")};
    Option onTruncation = Option(QStringLiteral("on-truncation"), QStringLiteral("A reply cut at max_tokens: continue (prefill where the protocol allows, else re-ask larger), raise (re-ask larger) or fail."), QStringLiteral("POLICY"), QStringLiteral("continue"))
                              .choices({QStringLiteral("continue"), QStringLiteral("raise"), QStringLiteral("fail")});
    Option maxTokensCeiling = Option(QStringLiteral("max-tokens-ceiling"), QStringLiteral("The most max_tokens may grow to."), QStringLiteral("N"))
                                  .defaultText(QStringLiteral("4 x --max-tokens"));
    Option retries{QStringLiteral("retries"), QStringLiteral("Transport retries per request."), QStringLiteral("N"), QStringLiteral("2")};
    Option temperature = Option(QStringLiteral("temperature"), QStringLiteral("Sampling temperature, 0 to 2."), QStringLiteral("T"))
                             .defaultText(QStringLiteral("the provider's"));
    Option maxTokens = Option(QStringLiteral("max-tokens"), QStringLiteral("Answer length limit."), QStringLiteral("N"), QStringLiteral("1024")).unit(QStringLiteral("tokens"));
    Option timeout = Option(QStringLiteral("timeout"), QStringLiteral("How long one request try may take."), QStringLiteral("S"), QStringLiteral("120")).unit(QStringLiteral("seconds"));
    Option stallTimeout = Option(QStringLiteral("stall-timeout"), QStringLiteral("How long a try may go without a byte before it is abandoned."), QStringLiteral("S"), QStringLiteral("30")).unit(QStringLiteral("seconds"));
    Option coerce{QStringLiteral("coerce"), QStringLiteral("Coerce enum case, boolean words, numeric strings, single values to arrays.")};
    Option strictRepairs{QStringLiteral("strict-repairs"), QStringLiteral("Refuse extraction fixes that change values.")};
    Option repairTemplate = Option(QStringLiteral("repair-template"), QStringLiteral("The repair prompt template."), QStringLiteral("FILE")).file();
    Option originalLimit = Option(QStringLiteral("original-limit"), QStringLiteral("Characters of the reply a repair prompt's {{original}} keeps."), QStringLiteral("N"), QStringLiteral("2000")).unit(QStringLiteral("characters"));
    Option maxReplyBytes = Option(QStringLiteral("max-reply-bytes"), QStringLiteral("A reply body larger than this is refused as a transport error (33554432 is 32 MiB)."), QStringLiteral("N"), QStringLiteral("33554432")).unit(QStringLiteral("bytes"));
    Option stream{QStringLiteral("stream"), QStringLiteral("Stream the reply; it is shown on stderr as it arrives.")};
    Option store = storeOption(QStringLiteral("Capture the run into this store: a SQLite file or postgresql://user[:password]@host[:port]/db."));
    Option noStore = noStoreOption(QStringLiteral("Do not capture the run."));
    Option label = Option(QStringLiteral("label"), QStringLiteral("Label the capture K=V (suite, case, target and repeat feed pass^k)."), QStringLiteral("K=V")).repeatable();
    Option json{QStringLiteral("json"), QStringLiteral("Print the whole run as one JSON document.")};
    Option otlp = otlpOption();
    SchemaReadingOptions schemaReading;

    OptionTable table() const
    {
        return OptionTable{schema, user, prompt, system, var, provider, api, model, baseUrl, scenario, mode, maxRepairs, maxCalls,
                           onTruncation, maxTokensCeiling, retries, temperature, maxTokens, timeout, stallTimeout, coerce,
                           strictRepairs, repairTemplate, originalLimit, maxReplyBytes, stream, store, noStore, label, json, otlp}
            + schemaReading.table() + OptionTable{helpOption()};
    }
};

// The value of a numeric option, or an error naming it.
bool number(const QCommandLineParser& parser, const QCommandLineOption& option, double low, double high, double& out,
            std::string& error)
{
    bool ok = false;
    out = parser.value(option).toDouble(&ok);
    if (ok && out >= low && out <= high)
        return true;
    error = "run: --" + option.names().constFirst().toStdString() + " must be a number from " + QString::number(low).toStdString()
        + " to " + QString::number(high).toStdString() + ", not '" + parser.value(option).toStdString() + "'";
    return false;
}

std::string readText(const QString& path, Io& io, std::string& error)
{
    const ReadResult read = readInput(path, io);
    if (!read.ok)
        error = read.error;
    return read.text;
}

// A file's absolute path, for the capture's sources ("" for standard input).
std::string sourceOf(const QString& path)
{
    return path.isEmpty() || path == QLatin1String("-") ? std::string() : QFileInfo(path).absoluteFilePath().toStdString();
}

std::string policyFrom(const QCommandLineParser& parser, const Options& o, engine::Policy& policy, store::SpecSources& sources, Io& io)
{
    std::string error;
    double value = 0;
    if (!number(parser, o.maxRepairs, 0, 20, value, error)) return error;
    policy.maxRepairs = static_cast<int>(value);
    if (!number(parser, o.maxCalls, 1, 100, value, error)) return error;
    policy.maxCalls = static_cast<int>(value);
    const auto truncation = engine::parseTruncationPolicy(parser.value(o.onTruncation).toStdString());
    if (!truncation)
        return "run: --on-truncation must be continue, raise or fail, not '" + parser.value(o.onTruncation).toStdString() + "'";
    policy.onTruncation = *truncation;
    if (!number(parser, o.retries, 0, 20, value, error)) return error;
    policy.maxTransportRetries = static_cast<int>(value);
    if (!number(parser, o.maxTokens, 1, 1e7, value, error)) return error;
    policy.maxTokens = static_cast<int>(value);
    if (parser.isSet(o.maxTokensCeiling)) {
        if (!number(parser, o.maxTokensCeiling, policy.maxTokens, 1e7, value, error)) return error;
        policy.maxTokensCeiling = static_cast<int>(value);
    }
    if (!number(parser, o.timeout, 0.01, 86400, value, error)) return error;
    policy.timeoutMs = static_cast<int>(std::lround(value * 1000)); // "1.234" is 1234 ms, not 1233
    if (!number(parser, o.stallTimeout, 0.01, 86400, value, error)) return error;
    policy.stallTimeoutMs = static_cast<int>(std::lround(value * 1000));
    if (!number(parser, o.originalLimit, 1, 1e7, value, error)) return error;
    policy.originalLimit = static_cast<std::size_t>(value);
    if (!number(parser, o.maxReplyBytes, 1024, 1e12, value, error)) return error;
    policy.maxReplyBytes = static_cast<std::uint64_t>(value);
    if (parser.isSet(o.temperature)) {
        if (!number(parser, o.temperature, 0, 2, value, error)) return error;
        policy.temperature = value;
    }
    policy.coerce = parser.isSet(o.coerce);
    policy.strictRepairs = parser.isSet(o.strictRepairs);
    policy.stream = parser.isSet(o.stream);
    if (parser.isSet(o.repairTemplate)) {
        policy.repairTemplate = readText(parser.value(o.repairTemplate), io, error);
        sources.repairTemplate = sourceOf(parser.value(o.repairTemplate));
    }
    return error;
}

// The prompt from --user / --prompt / --system / --var; a scenario run given none of them
// uses the scenario's own prompt (its description when it has none). A scenario's variables
// fill the names no --var gives.
std::string promptFrom(const QCommandLineParser& parser, const Options& o, const providers::Scenario* scenario,
                       engine::Prompt& prompt, store::SpecSources& sources, Io& io)
{
    std::string error;
    if (scenario && !parser.isSet(o.user) && !parser.isSet(o.prompt)) {
        prompt.user = scenario->ownUserPrompt();
        prompt.system = scenario->promptSystem;
    } else if (parser.isSet(o.user) == parser.isSet(o.prompt)) {
        return "run: give the user prompt with --user TEXT or --prompt FILE (one of them)";
    } else {
        prompt.user = parser.isSet(o.user) ? parser.value(o.user).toStdString() : readText(parser.value(o.prompt), io, error);
        if (parser.isSet(o.prompt))
            sources.user = sourceOf(parser.value(o.prompt));
    }
    if (parser.isSet(o.system) && error.empty()) {
        prompt.system = readText(parser.value(o.system), io, error);
        sources.system = sourceOf(parser.value(o.system));
    }
    for (const QString& pair : parser.values(o.var)) {
        auto variable = splitKeyValue(pair);
        if (!variable)
            return "run: --var wants K=V, not '" + pair.toStdString() + "'";
        prompt.variables[variable->first] = std::move(variable->second);
    }
    if (scenario)
        prompt.variables.insert(scenario->variables.begin(), scenario->variables.end()); // a --var of the name wins
    return error;
}

std::string targetFrom(const QCommandLineParser& parser, const Options& o, engine::Target& target)
{
    const QString providerName = parser.isSet(o.provider) ? parser.value(o.provider) : QStringLiteral("scenario");
    auto kind = providers::parseProviderKind(providerName.toStdString());
    if (!kind)
        return "run: --provider must be anthropic, openai, ollama or scenario (openai-responses: --provider openai --api responses), not '" + providerName.toStdString() + "'";
    if (parser.isSet(o.api)) {
        const QString api = parser.value(o.api);
        if (api != QLatin1String("chat") && api != QLatin1String("responses"))
            return "run: --api must be chat or responses, not '" + api.toStdString() + "'";
        if (providers::keyProvider(*kind) != providers::ProviderKind::OpenAI)
            return "run: --api is for --provider openai (Chat Completions or the Responses API)";
        kind = api == QLatin1String("responses") ? providers::ProviderKind::OpenAIResponses : providers::ProviderKind::OpenAI;
    }
    const auto mode = engine::parseModeChoice(parser.value(o.mode).toStdString());
    if (!mode)
        return "run: --mode must be auto, strict, tool, json-object or text, not '" + parser.value(o.mode).toStdString() + "'";
    target = engine::Target{*kind, parser.value(o.model).toStdString(), parser.value(o.baseUrl).toStdString(), *mode, nullptr};
    if (*kind != providers::ProviderKind::Scenario) {
        if (parser.isSet(o.scenario))
            return "run: --scenario needs --provider scenario";
        if (target.model.empty())
            return "run: --provider " + providerName.toStdString() + " needs --model M (the model to ask; " + providerName.toStdString()
                + " has no default)";
        return "";
    }
    if (!parser.isSet(o.scenario))
        return "run: --provider scenario needs --scenario FILE";
    auto loaded = providers::loadScenarioNamed(parser.value(o.scenario));
    if (!loaded)
        return loaded.error().toString();
    if (loaded->mode && !parser.isSet(o.mode))
        target.mode = *loaded->mode; // the mode the demo is meant to run in, unless --mode says another
    target.scenario = std::make_shared<const providers::Scenario>(std::move(loaded.value()));
    return {};
}

// --schema FILE, else the scenario's own schema (embedded, or a path relative to the
// working directory, as a workspace's scenarios name them).
std::string schemaFrom(const QCommandLineParser& parser, const Options& o, const providers::Scenario* scenario,
                       engine::RunSpec& spec, store::SpecSources& sources)
{
    const auto reading = o.schemaReading.read(parser, "run");
    if (!reading)
        return reading.error().message;
    if (!parser.isSet(o.schema) && scenario && scenario->schema) {
        spec.schema = *scenario->schema;
        schema::CompileOptions options;
        options.assertFormats = reading->assertFormats;
        options.defaultDraft = reading->defaultDraft;
        auto compiled = schema::Validator::compile(spec.schema, options);
        if (!compiled)
            return "run: scenario '" + scenario->name + "': schema: " + compiled.error().toString();
        spec.validator = std::make_shared<const schema::Validator>(std::move(compiled.value()));
        return {};
    }
    if (!parser.isSet(o.schema) && (!scenario || scenario->schemaRef.empty()))
        return "run: scenario '" + (scenario ? scenario->name : std::string()) + "' has no schema; give --schema FILE";
    const QString file = parser.isSet(o.schema) ? parser.value(o.schema) : QString::fromStdString(scenario->schemaRef);
    const LoadedSchema loaded = loadSchema(file, reading.value());
    if (!loaded.ok)
        return loaded.error;
    sources.schema = sourceOf(file);
    spec.schema = loaded.document;
    spec.validator = std::make_shared<const schema::Validator>(*loaded.validator); // its $refs resolved as loaded
    return {};
}

// Progress on stderr: attempts, retries, verdicts, and with --stream the reply as it arrives.
// Nothing printed here can hold a key: requests are never printed, errors are scrubbed.
void reportProgress(engine::Engine& engine, Io& io, bool stream)
{
    auto shown = std::make_shared<qsizetype>(0);
    QObject::connect(&engine, &engine::Engine::attemptStarted, [&io, shown](int index, const QString& target, const QString& mode, int repair) {
        *shown = 0;
        io.err << "conform-cli: attempt " << index + 1 << ": " << target.toStdString() << " (" << mode.toStdString() << ")"
               << (repair > 0 ? ", repair " + std::to_string(repair) : std::string()) << '\n';
    });
    QObject::connect(&engine, &engine::Engine::retryScheduled, [&io, shown](int, const providers::RetryRecord& retry) {
        *shown = 0;
        io.err << "conform-cli: transport retry after " << retry.reason << ": waiting " << retry.delayMs << " ms\n";
    });
    if (stream)
        QObject::connect(&engine, &engine::Engine::chunkReceived, [&io, shown](const QString& partial, const Json&) {
            io.err << partial.mid(*shown).toStdString() << std::flush;
            *shown = partial.size();
        });
    QObject::connect(&engine, &engine::Engine::attemptFinished, [&io, stream](const engine::AttemptRecord& a) {
        if (stream)
            io.err << '\n';
        const std::string verdict = !a.error.empty() ? "error: " + a.error
            : a.truncated ? "cut at max_tokens " + std::to_string(a.maxTokens) + ": not an answer"
            : a.valid ? std::string("valid")
            : a.parsed ? std::to_string(a.issues.size()) + " issue(s)" : "no JSON: " + a.extractionFailure;
        io.err << "conform-cli:   " << engine::attemptKindName(a.kind) << ": " << verdict
               << (a.notEnforced ? " [not_enforced: strict mode returned an invalid reply]" : "") << " (" << a.latencyMs
               << " ms, " << a.requestBytes << " bytes sent)\n";
    });
}

void printHuman(const engine::RunRecord& record, Io& io)
{
    const Json metrics = record.metrics();
    io.out << "outcome: " << engine::outcomeName(record.outcome);
    for (const std::string& flag : record.flags)
        io.out << " [" << flag << "]";
    io.out << " (" << metrics["attempts"] << " attempt(s), " << metrics["repairs"] << " repair(s), "
           << metrics["transport_retries"] << " transport retr" << (metrics["transport_retries"] == 1 ? "y" : "ies")
           << "; ended by " << record.endedBy << ")\n";
    if (!record.value.is_null())
        io.out << conform::dump(record.value, 2) << '\n';
    if (record.best && !record.attempts[*record.best].issues.empty())
        for (const Json& issue : record.attempts[*record.best].issues)
            io.out << "  " << issueText(issue) << '\n';
}

// The run document with "capture_id" after "value", where DESIGN's contract puts it.
Json withCaptureId(const Json& document, const std::string& id)
{
    Json out = Json::object();
    for (const auto& [key, value] : document.items()) {
        out[key] = value;
        if (key == "value")
            out["capture_id"] = id;
    }
    return out;
}

int exitCode(const engine::RunRecord& record)
{
    if (!record.error.empty())
        return UsageError;
    if (record.outcome != engine::Outcome::Failed)
        return Success;
    return record.failedInTransport() ? ProviderError : Invalid;
}

class RunCommand : public Command
{
public:
    std::string name() const override { return "run"; }
    std::string summary() const override { return "ask a model for JSON matching a schema, with retries, repairs and fallback"; }
    std::string usage() const override
    {
        return "conform-cli run --schema FILE (--user TEXT | --prompt FILE) [--system FILE] [--var K=V ...]\n"
               "                --provider anthropic|openai|ollama|scenario [--api chat|responses] [--model M]\n"
               "                [--base-url URL]\n"
               "                [--scenario FILE] [--mode auto|strict|tool|json-object|text]\n"
               "                [--max-repairs N] [--max-calls N] [--retries N] [--temperature T] [--max-tokens N]\n"
               "                [--on-truncation continue|raise|fail] [--max-tokens-ceiling N] [--stream]\n"
               "                [--timeout S] [--stall-timeout S] [--coerce] [--strict-repairs] [--repair-template FILE]\n"
               "                [--original-limit N] [--max-reply-bytes N]\n"
               "                [--store PATH|URL | --no-store] [--label K=V ...] [--json] [--otlp URL]\n"
               "                [--draft 7|2020-12] [--formats assert|annotate]\n"
               "conform-cli run --scenario NAME [options]   a scenario with its own schema, prompt, mode and variables\n"
               "                (--provider scenario; --mode and --var win over its own)\n"
               "Keys: ANTHROPIC_API_KEY, OPENAI_API_KEY; base URLs: ANTHROPIC_BASE_URL, OPENAI_BASE_URL, OLLAMA_HOST.\n"
               "--provider openai --api responses speaks the Responses API (POST /v1/responses): strict is\n"
               "text.format json_schema, tool a function tool (strict when the schema fits), json-object\n"
               "text.format json_object; each request carries the whole conversation as input items\n"
               "(store false, never previous_response_id); incomplete max_output_tokens is a truncation.\n"
               "Every run is captured (see `conform-cli captures`) unless --no-store; --json then adds\n"
               "\"capture_id\", printed once the capture is committed.\n"
               "A reply cut at max_tokens is never the answer and never gets a repair turn: it is continued\n"
               "(Anthropic text and JSON modes) or asked again with max_tokens doubled, up to the ceiling; a run\n"
               "that still ends cut fails with the flag truncated. Every call spends one of --max-calls; the\n"
               "record's ended_by says which limit ended the run. --json attempts carry kind (initial, repair,\n"
               "continuation, reask_larger, fallback), request_bytes and not_enforced (strict mode, invalid reply).\n"
               "Exit: 0 valid, repaired or fallback; 1 failed (also: truncated to the end); 2 usage; 3 provider or transport error.";
    }

    OptionTable options() const override { return Options().table(); }
    std::vector<Example> examples() const override
    {
        return {{"conform-cli run --scenario trailing-commas", "a built-in demo, offline: its own schema, prompt and replies"},
                {"conform-cli run --schema order.schema.json --prompt ask.txt --provider anthropic --model claude-sonnet-4-5 --json",
                 "ask a model (ANTHROPIC_API_KEY); the whole run as JSON, captured"},
                {"conform-cli run --scenario fenced-reply --no-store --otlp http://127.0.0.1:4318",
                 "capture nothing; send the run as OTLP traces"}};
    }
    std::string exitStatus() const override
    {
        return "0 valid, repaired or fallback; 1 failed (also: truncated to the end); 2 usage; 3 provider or transport error.";
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const Options o;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        if (!parser.isSet(o.scenario) && (!parser.isSet(o.schema) || !parser.isSet(o.provider)))
            return fail(io, "run: --schema FILE and --provider NAME are required (a --scenario carries its own schema)");
        if (!parser.positionalArguments().isEmpty())
            return fail(io, "run: unexpected argument '" + parser.positionalArguments().constFirst().toStdString() + "'");
        engine::Target target;
        if (const std::string error = targetFrom(parser, o, target); !error.empty())
            return fail(io, error);
        engine::RunSpec spec;
        store::SpecSources sources; // where the texts were read from, for `captures show --as-command`
        if (const std::string error = schemaFrom(parser, o, target.scenario.get(), spec, sources); !error.empty())
            return fail(io, error);
        for (const std::string& error : {promptFrom(parser, o, target.scenario.get(), spec.prompt, sources, io),
                                         policyFrom(parser, o, spec.policy, sources, io)})
            if (!error.empty())
                return fail(io, error);
        spec.targets.push_back(std::move(target));
        store::Labels labels;
        for (const QString& pair : parser.values(o.label)) {
            auto label = splitKeyValue(pair);
            if (!label)
                return fail(io, "run: --label wants K=V, not '" + pair.toStdString() + "'");
            labels.push_back(std::move(*label));
        }
        if (parser.isSet(o.store) && parser.isSet(o.noStore))
            return fail(io, "run: --store and --no-store contradict each other");
        // The store is opened before the model is asked: a store that cannot take the
        // capture fails the run before it costs anything.
        std::unique_ptr<store::CaptureWriter> writer;
        if (!parser.isSet(o.noStore)) {
            auto location = store::StoreLocation::resolve(parser.value(o.store));
            if (!location)
                return fail(io, "run: " + location.error().toString());
            writer = std::make_unique<store::CaptureWriter>(location.value());
            if (auto opened = writer->waitUntilOpen(); !opened)
                return fail(io, "run: " + opened.error().toString());
        }
        auto live = liveExporter(parser, o.otlp);
        if (!live)
            return fail(io, "run: " + live.error().toString());
        const int code = runSpec(std::move(spec), sources, std::move(labels), writer.get(), live.value().get(), parser.isSet(o.json),
                                 parser.isSet(o.stream), io);
        finishLiveExport(live.value().get(), io);
        return code;
    }

private:
    static int runSpec(engine::RunSpec spec, const store::SpecSources& sources, store::Labels labels, store::CaptureWriter* writer,
                       otlp::LiveExporter* live, bool json, bool stream, Io& io)
    {
        const engine::RunSpec asked = spec;
        engine::Engine engine;
        reportProgress(engine, io, stream);
        engine::RunRecord record;
        QEventLoop loop;
        QObject::connect(&engine, &engine::Engine::finished, &loop, [&](const engine::RunRecord& r) {
            record = r;
            loop.quit();
        });
        engine.start(std::move(spec));
        loop.exec();
        if (!record.error.empty())
            return fail(io, "run: " + record.error, exitCode(record));
        Json document = record.toJson();
        if (live && !writer)
            live->add(store::captureOfRun(asked, record, labels));
        if (writer) {
            store::Capture capture = store::captureOfRun(asked, record, std::move(labels));
            store::recordSources(capture, sources);
            if (live)
                live->add(capture);
            const std::string id = writer->submit(std::move(capture));
            if (auto committed = writer->flush(); !committed)
                return fail(io, "run: the run finished but was not captured: " + committed.error().toString());
            document = withCaptureId(document, id);
            if (!json)
                io.err << "conform-cli: captured as " << id << '\n';
        }
        if (json)
            io.out << conform::dump(document) << '\n';
        else
            printHuman(record, io);
        return exitCode(record);
    }
};

CONFORM_REGISTER_COMMAND(RunCommand);

} // namespace
} // namespace conform::cli
