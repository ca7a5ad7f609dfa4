// conform-cli schema lint FILE: what is wrong with a schema that compiles (unknown formats),
// one line each: "FILE: /pointer: message"; one that does not (a pattern that is no regular
// expression, keywords of the wrong type, $refs that resolve nowhere) is an input error, exit
// 2, as in every command. Sibling *.json files are the registry, so workspace $refs resolve.
// conform-cli schema lint FILE --provider ENGINE|all: also what that engine rejects, drops or
// limits, each with its pointer, keyword, verdict, suggested rewrite and source (schema_engines.h).
// conform-cli schema example FILE: a small instance that validates (schema/example.h).
// conform-cli schema export FILE --to TARGET: the schema as an ecosystem wants it (export/export.h);
// --for ENGINE: the strictest schema that engine accepts (engines/engines.h).
// conform-cli schema diff OLD NEW: what a change narrows or widens, and with --store what it
// breaks in history (schema_diff.h).
#include "command.h"
#include "schema_diff.h"
#include "schema_engines.h"
#include "schema_loader.h"

#include "base/path.h"
#include "export/export.h"
#include "json/parse.h"
#include "schema/example.h"
#include "schema/schema.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QUrl>

#include <ostream>

namespace conform::cli {
namespace {

Json lintJson(const std::string& file, const std::vector<schema::LintMessage>& messages)
{
    Json list = Json::array();
    bool ok = true;
    for (const auto& m : messages) {
        const bool error = m.severity == schema::LintMessage::Severity::Error;
        ok &= !error;
        list.push_back({{"severity", error ? "error" : "warning"}, {"schemaPath", m.schemaPath}, {"message", m.message}});
    }
    return {{"file", file}, {"ok", ok}, {"messages", list}};
}

struct EngineLint
{
    std::vector<engines::Engine> engines; // none: no --provider
    bool all = false;                     // --provider all: the "providers" report
    LintFailOn failOn = LintFailOn::RejectedOrDropped;
};

int lint(const QString& path, const EngineLint& asked, const SchemaReading& reading, bool json, Io& io)
{
    const ReadResult input = readInput(path, io);
    if (!input.ok)
        return fail(io, input.error);
    const std::string name = path.toStdString();
    auto document = json::parseStrict(input.text);
    if (!document)
        return fail(io, name + ": " + document.error().toString());

    const schema::Registry registry = schema::registryForSchemaFile(path);
    schema::CompileOptions options;
    options.registry = &registry;
    options.baseUri = schema::schemaFileUri(path);
    options.assertFormats = reading.assertFormats;
    options.defaultDraft = reading.defaultDraft;
    auto compiled = schema::Validator::compile(document.value(), options);
    // A schema that does not compile (a pattern that is no regular expression, a $ref loop)
    // is bad input, as in every command that reads one: exit 2 with its pointer.
    if (!compiled)
        return fail(io, name + ": " + compiled.error().toString());

    const std::vector<schema::LintMessage>& messages = compiled->lint();
    Json report = lintJson(name, messages);
    bool ok = report["ok"].get<bool>();
    std::vector<engines::EngineReport> reports;
    Json providers = Json::object();
    for (engines::Engine engine : asked.engines) {
        reports.push_back(engines::lintForEngine(document.value(), engine));
        const bool engineOk = !failsOn(reports.back(), asked.failOn);
        ok = ok && engineOk;
        providers[std::string(engines::engineName(engine))] = Json{{"ok", engineOk}, {"findings", findingsJson(reports.back().findings)}};
    }
    if (asked.all) {
        report = Json{{"file", name}, {"ok", ok}, {"messages", report["messages"]}, {"providers", std::move(providers)}};
    } else if (!reports.empty()) {
        report["ok"] = ok;
        report["provider"] = std::string(engines::engineName(asked.engines.front()));
        report["findings"] = findingsJson(reports.front().findings);
    }
    if (json) {
        io.out << conform::dump(report) << '\n';
    } else {
        for (const auto& m : messages)
            io.out << name << ": " << pointerText(m.schemaPath) << ": "
                   << (m.severity == schema::LintMessage::Severity::Warning ? "warning: " : "") << m.message << '\n';
        for (const auto& r : reports)
            printFindings(io.out, name, r);
        if (messages.empty() && reports.empty()) // silence would read as "did it run?"
            io.out << name << ": no findings\n";
    }
    return ok ? Success : Invalid;
}

// Prints the example (exit 0), or the best candidate with notes saying what could not be
// satisfied (exit 1). --json: {"file","valid","value","notes":[{"schemaPath","message"}]}.
int example(const QString& path, const SchemaReading& reading, bool json, Io& io)
{
    const LoadedSchema loaded = loadSchema(path, reading);
    if (!loaded.ok)
        return fail(io, loaded.error);
    const schema::Example example = schema::makeExample(loaded.document, &*loaded.validator);
    const std::string name = path.toStdString();
    if (json) {
        Json notes = Json::array();
        for (const auto& note : example.notes)
            notes.push_back({{"schemaPath", note.schemaPath}, {"message", note.message}});
        io.out << conform::dump(Json{{"file", name}, {"valid", example.valid}, {"value", example.value}, {"notes", notes}}) << '\n';
    } else {
        io.out << conform::dump(example.value, 2) << '\n';
        for (const auto& note : example.notes)
            io.err << name << ": " << pointerText(note.schemaPath) << ": warning: " << note.message << '\n';
    }
    return example.valid ? Success : Invalid;
}

// Prints the export on stdout; what the target cannot say goes to stderr as warnings (and,
// in source exports, into comments).
int exportTo(const QString& path, const QString& target, const QString& typeName, const SchemaReading& reading, Io& io)
{
    const auto chosen = exporting::parseExportTarget(target.toStdString());
    if (!chosen)
        return fail(io, "schema: --to must be anthropic-tool, openai-json-schema, openai-tool, ollama-format, zod, pydantic or "
                        "typescript, not '" + target.toStdString() + "'");
    const LoadedSchema loaded = loadSchema(path, reading);
    if (!loaded.ok)
        return fail(io, loaded.error);
    const exporting::Exported exported = exporting::exportSchema(loaded.document, *chosen, {typeName.toStdString()});
    io.out << exported.text;
    for (const std::string& note : exported.notes)
        io.err << path.toStdString() << ": warning: " << note << '\n';
    return Success;
}

// One action of `schema`: its positional files, its options, its help.
class SchemaAction : public Command
{
public:
    std::string usage() const override { return m_usage + "\n" + std::string(kSchemaReadingUsage); }
    const std::string& actionUsage() const { return m_usage; }
    OptionTable options() const override { return m_options + m_reading.table() + OptionTable{helpOption()}; }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        const QStringList files = parser.positionalArguments();
        if (files.size() != m_files)
            return fail(io, m_files == 2 ? "schema: diff needs OLD and NEW (conform-cli schema diff OLD NEW)"
                                         : "schema: " + name() + " needs one schema FILE (conform-cli schema " + name() + " FILE)");
        const auto reading = m_reading.read(parser, "schema");
        if (!reading)
            return fail(io, reading.error().message);
        return run(parser, files, reading.value(), io);
    }

protected:
    SchemaAction(int files, std::string usage, OptionTable options) : m_files(files), m_usage(std::move(usage)), m_options(std::move(options)) {}
    virtual int run(const QCommandLineParser& parser, const QStringList& files, const SchemaReading& reading, Io& io) const = 0;

private:
    int m_files;
    std::string m_usage;
    OptionTable m_options;
    SchemaReadingOptions m_reading;
};

Option jsonReportOption()
{
    return Option(QStringLiteral("json"), QStringLiteral("Print one JSON report."));
}

class LintAction : public SchemaAction
{
public:
    LintAction()
        : SchemaAction(1,
                       "conform-cli schema lint FILE [--provider ENGINE|all] [--json] [--fail-on rejected|dropped|any]\n"
                       "    with --provider, also what that engine rejects, drops (accepts, does not enforce) or limits (a size\n"
                       "    budget), each with a suggested rewrite and its source. ENGINE: " + engines::engineNames() + ",\n"
                       "    or all. \"FILE: no findings\" when there is nothing to say.\n"
                       "    exit codes (lint): 0 no findings or only warnings, 1 findings: an error, or what an engine rejects\n"
                       "    or drops (--fail-on narrows: rejected, dropped, or any finding, limits included); 2 the schema cannot\n"
                       "    be read or compiled",
                       {providerOption(), jsonReportOption(), failOnOption()})
    {
    }
    std::string name() const override { return "lint"; }
    std::string summary() const override { return "what is wrong with a schema that compiles, and what each engine rejects, drops or limits"; }

private:
    static Option providerOption()
    {
        QStringList names;
        for (engines::Engine engine : engines::allEngines())
            names << QString::fromLatin1(engines::engineName(engine).data(), qsizetype(engines::engineName(engine).size()));
        names << QStringLiteral("all");
        return Option(QStringLiteral("provider"), QStringLiteral("Also judge the schema by this engine's rules, or by all eight."), QStringLiteral("ENGINE"))
                            .choices(names);
    }
    const Option m_provider = providerOption();
    static Option failOnOption()
    {
        return Option(QStringLiteral("fail-on"), QStringLiteral("With --provider: exit 1 on a rejected, dropped or any finding."), QStringLiteral("WHICH"))
                          .defaultText(QStringLiteral("rejected or dropped"))
                          .choices({QStringLiteral("rejected"), QStringLiteral("dropped"), QStringLiteral("any")});
    }
    const Option m_failOn = failOnOption();

    int run(const QCommandLineParser& parser, const QStringList& files, const SchemaReading& reading, Io& io) const override
    {
        EngineLint asked;
        if (parser.isSet(m_provider)) {
            const std::string word = parser.value(m_provider).toStdString();
            const auto named = enginesNamed(word);
            if (!named)
                return fail(io, "schema: --provider must be " + kProviderChoices + ", not '" + word + "'");
            asked.engines = *named;
            asked.all = word == "all";
        }
        if (parser.isSet(m_failOn)) {
            const std::string word = parser.value(m_failOn).toStdString();
            const auto failOn = parseLintFailOn(word);
            if (!failOn)
                return fail(io, "schema lint: --fail-on must be rejected, dropped or any, not '" + word + "'");
            if (asked.engines.empty())
                return fail(io, "schema lint: --fail-on judges engine findings: give --provider too");
            asked.failOn = *failOn;
        }
        return lint(files[0], asked, reading, parser.isSet(QStringLiteral("json")), io);
    }
};

class ExampleAction : public SchemaAction
{
public:
    ExampleAction()
        : SchemaAction(1, "conform-cli schema example FILE [--json]   a small instance that validates; exit 1 when none was found",
                       {jsonReportOption()})
    {
    }
    std::string name() const override { return "example"; }
    std::string summary() const override { return "a small instance that validates"; }

private:
    int run(const QCommandLineParser& parser, const QStringList& files, const SchemaReading& reading, Io& io) const override
    {
        return example(files[0], reading, parser.isSet(QStringLiteral("json")), io);
    }
};

class ExportAction : public SchemaAction
{
public:
    ExportAction()
        : SchemaAction(1,
                       "conform-cli schema export FILE --to anthropic-tool|openai-json-schema|openai-tool|ollama-format|zod|pydantic|typescript\n"
                       "                  [--name NAME]   what the target cannot say is a warning on stderr (and a comment)\n"
                       "conform-cli schema export FILE --for ENGINE   the strictest schema ENGINE accepts: what it cannot enforce\n"
                       "                  moves into descriptions, each moved constraint a line on stderr; exit 1 when some is left",
                       {toOption(), nameOption(), forOption()})
    {
    }
    std::string name() const override { return "export"; }
    std::string summary() const override { return "the schema as a provider, an engine or a language wants it"; }

private:
    static Option toOption()
    {
        return Option(QStringLiteral("to"), QStringLiteral("The target format."), QStringLiteral("TARGET"))
                      .choices({QStringLiteral("anthropic-tool"), QStringLiteral("openai-json-schema"), QStringLiteral("openai-tool"),
                                QStringLiteral("ollama-format"), QStringLiteral("zod"), QStringLiteral("pydantic"), QStringLiteral("typescript")});
    }
    const Option m_to = toOption();
    static Option nameOption()
    {
        return Option(QStringLiteral("name"), QStringLiteral("The tool, type or model name."), QStringLiteral("NAME"))
                        .defaultText(QStringLiteral("from the title"));
    }
    const Option m_name = nameOption();
    static Option forOption()
    {
        QStringList names;
        for (engines::Engine engine : engines::allEngines())
            names << QString::fromLatin1(engines::engineName(engine).data(), qsizetype(engines::engineName(engine).size()));
        return Option(QStringLiteral("for"), QStringLiteral("The strictest schema this engine accepts (instead of --to)."), QStringLiteral("ENGINE"))
                       .choices(names);
    }
    const Option m_for = forOption();

    int run(const QCommandLineParser& parser, const QStringList& files, const SchemaReading& reading, Io& io) const override
    {
        if (parser.isSet(m_to) == parser.isSet(m_for))
            return fail(io, "schema: export needs --to TARGET or --for ENGINE (one of them)");
        if (parser.isSet(m_for)) {
            const std::string word = parser.value(m_for).toStdString();
            const auto engine = engines::parseEngine(word);
            if (!engine)
                return fail(io, "schema: --for must be one of " + engines::engineNames() + ", not '" + word + "'");
            return exportForEngine(files[0], *engine, reading, io);
        }
        return exportTo(files[0], parser.value(m_to), parser.value(m_name), reading, io);
    }
};

class DiffAction : public SchemaAction
{
public:
    DiffAction()
        : SchemaAction(2,
                       "conform-cli schema diff OLD NEW [--json] [--fail-on narrower|wider|any]\n"
                       "                  [--store S [--since T] [--until T] [--source SRC]]   every change, narrower, wider, both,\n"
                       "                  none or unknown; exit 1 when one matches --fail-on (default narrower). With --store, the\n"
                       "                  replies of OLD's schema that were valid, judged by NEW: how many now fail, and where",
                       {jsonReportOption(), failOnOption(), storeOption(), sinceOption(), untilOption(), sourceOption()})
    {
    }
    std::string name() const override { return "diff"; }
    std::string summary() const override { return "what a change narrows or widens, and what it breaks in the store"; }

private:
    static Option failOnOption()
    {
        return Option(QStringLiteral("fail-on"), QStringLiteral("Exit 1 on a narrower, wider or any change."), QStringLiteral("WHICH"), QStringLiteral("narrower"))
                          .choices({QStringLiteral("narrower"), QStringLiteral("wider"), QStringLiteral("any")});
    }
    const Option m_failOn = failOnOption();
    static Option storeOption()
    {
        return Option(QStringLiteral("store"), QStringLiteral("Judge OLD's stored replies that were valid by NEW, in this store."), QStringLiteral("PATH|URL")).file();
    }
    const Option m_store = storeOption();
    static Option sinceOption()
    {
        return Option(QStringLiteral("since"), QStringLiteral("With --store: only replies at or after this ISO 8601 time."), QStringLiteral("TIME"));
    }
    const Option m_since = sinceOption();
    static Option untilOption()
    {
        return Option(QStringLiteral("until"), QStringLiteral("With --store: only replies before this ISO 8601 time."), QStringLiteral("TIME"));
    }
    const Option m_until = untilOption();
    static Option sourceOption()
    {
        return Option(QStringLiteral("source"), QStringLiteral("With --store: only replies from run, suite, proxy, otlp or import."), QStringLiteral("S"))
                          .choices({QStringLiteral("run"), QStringLiteral("suite"), QStringLiteral("proxy"), QStringLiteral("otlp"), QStringLiteral("import")});
    }
    const Option m_source = sourceOption();

    int run(const QCommandLineParser& parser, const QStringList& files, const SchemaReading& reading, Io& io) const override
    {
        SchemaDiffRequest request{files[0], files[1], parser.isSet(QStringLiteral("json")), parser.value(m_failOn).toStdString(), {}, {}};
        if (parser.isSet(m_store))
            request.store = parser.value(m_store);
        for (const auto& [option, name] : {std::pair{&m_since, "since"}, std::pair{&m_until, "until"}, std::pair{&m_source, "source"}})
            if (parser.isSet(*option))
                request.filters.emplace_back(name, parser.value(*option).toStdString());
        if (!request.store && !request.filters.empty())
            return fail(io, "schema diff: --since, --until and --source choose stored replies: give --store too");
        return schemaDiff(request, reading, io);
    }
};

std::vector<std::unique_ptr<SchemaAction>> schemaActions()
{
    std::vector<std::unique_ptr<SchemaAction>> all;
    all.push_back(std::make_unique<LintAction>());
    all.push_back(std::make_unique<ExampleAction>());
    all.push_back(std::make_unique<ExportAction>());
    all.push_back(std::make_unique<DiffAction>());
    return all;
}

class SchemaCommand : public Command
{
public:
    std::string name() const override { return "schema"; }
    std::string summary() const override { return "inspect a JSON Schema: lint (also per engine), example, export (also per engine), diff"; }
    std::string usage() const override
    {
        std::string text;
        for (const auto& action : schemaActions())
            text += action->actionUsage() + '\n';
        return text + "every action:\n" + kSchemaReadingUsage;
    }
    OptionTable options() const override { return {helpOption()}; }
    std::vector<std::unique_ptr<Command>> subcommands() const override
    {
        std::vector<std::unique_ptr<Command>> all;
        for (auto& action : schemaActions())
            all.push_back(std::move(action));
        return all;
    }
    std::vector<Example> examples() const override
    {
        return {{"conform-cli schema lint order.schema.json --provider openai", "what OpenAI's strict mode would refuse, with rewrites"},
                {"conform-cli schema lint order.schema.json --provider all --json", "what each of the eight engines rejects, drops or limits"},
                {"conform-cli schema export order.schema.json --for anthropic", "the strictest schema Anthropic accepts"},
                {"conform-cli schema export order.schema.json --to zod", "the schema as Zod source"},
                {"conform-cli schema diff old.schema.json new.schema.json --store captures.db",
                 "what the edit narrows, and how many stored valid replies it would fail"}};
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        const QString action = arguments.value(1);
        if (action == QLatin1String("--help") || action == QLatin1String("-h"))
            return printCommandHelp(io, *this);
        if (action.isEmpty() || action.startsWith(QLatin1Char('-')))
            return fail(io, "schema: expected an action and a FILE (conform-cli schema lint|example|export FILE, or schema diff OLD NEW)");
        for (const auto& command : schemaActions())
            if (command->name() == action.toStdString()) {
                QStringList rest = arguments.mid(2);
                rest.prepend(QStringLiteral("schema ") + action);
                return command->execute(rest, io);
            }
        return fail(io, "schema: unknown action '" + action.toStdString() + "' (known: lint, example, export, diff)");
    }
};

CONFORM_REGISTER_COMMAND(SchemaCommand);

} // namespace
} // namespace conform::cli
