// conform-cli schema lint FILE: what is wrong with a schema that compiles (unknown formats),
// one line each: "FILE: /pointer: message"; one that does not (a pattern that is no regular
// expression, keywords of the wrong type, $refs that resolve nowhere) is an input error, exit
// 2, as in every command. Sibling *.json files are the registry, so workspace $refs resolve.
// conform-cli schema lint FILE --provider P: also what that provider's strict or tool mode will
// not accept, each with its pointer and a suggested rewrite (export/provider_lint.h).
// conform-cli schema example FILE: a small instance that validates (schema/example.h).
// conform-cli schema export FILE --to TARGET: the schema as an ecosystem wants it (export/export.h).
// conform-cli schema diff OLD NEW: what a change narrows or widens, and with --store what it
// breaks in history (schema_diff.h).
#include "command.h"
#include "schema_diff.h"
#include "schema_loader.h"

#include "export/export.h"
#include "export/provider_lint.h"
#include "json/parse.h"
#include "schema/example.h"
#include "schema/schema.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QUrl>

#include <ostream>

namespace conform::cli {
namespace {

Json findingsJson(const std::vector<exporting::Finding>& findings)
{
    Json list = Json::array();
    for (const auto& f : findings)
        list.push_back({{"pointer", f.pointer}, {"problem", f.problem}, {"suggestion", f.suggestion}});
    return list;
}

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

int lint(const QString& path, const std::optional<providers::ProviderKind>& provider, const SchemaReading& reading, bool json,
         Io& io)
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
    const auto findings = provider ? exporting::lintForProvider(document.value(), *provider) : std::vector<exporting::Finding>();
    if (provider) {
        report["provider"] = std::string(providers::providerName(*provider));
        report["findings"] = findingsJson(findings);
        report["ok"] = report["ok"].get<bool>() && findings.empty();
    }
    if (json) {
        io.out << conform::dump(report) << '\n';
    } else {
        for (const auto& m : messages)
            io.out << name << ": " << (m.schemaPath.empty() ? "/" : m.schemaPath) << ": "
                   << (m.severity == schema::LintMessage::Severity::Warning ? "warning: " : "") << m.message << '\n';
        for (const auto& f : findings)
            io.out << name << ": " << (f.pointer.empty() ? "/" : f.pointer) << ": " << providers::providerName(*provider) << ": "
                   << f.problem << "; suggestion: " << f.suggestion << '\n';
    }
    return report["ok"].get<bool>() ? Success : Invalid;
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
            io.err << name << ": " << (note.schemaPath.empty() ? "/" : note.schemaPath) << ": warning: " << note.message << '\n';
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

class SchemaCommand : public Command
{
public:
    std::string name() const override { return "schema"; }
    std::string summary() const override { return "inspect a JSON Schema: lint (also per provider), example, export"; }
    std::string usage() const override
    {
        return "conform-cli schema lint FILE [--provider anthropic|openai|openai-responses|ollama] [--json]\n"
               "    with --provider, also what that provider's strict or tool mode refuses, with a suggested rewrite\n"
               "conform-cli schema example FILE [--json]   a small instance that validates; exit 1 when none was found\n"
               "conform-cli schema export FILE --to anthropic-tool|openai-json-schema|openai-tool|ollama-format|zod|pydantic|typescript\n"
               "                  [--name NAME]   what the target cannot say is a warning on stderr (and a comment)\n"
               "conform-cli schema diff OLD NEW [--json] [--fail-on narrower|wider|any]\n"
               "                  [--store S [--since T] [--until T] [--source SRC]]   every change, narrower, wider, both,\n"
               "                  none or unknown; exit 1 when one matches --fail-on (default narrower). With --store, the\n"
               "                  replies of OLD's schema that were valid, judged by NEW: how many now fail, and where\n"
               "every action:\n" + std::string(kSchemaReadingUsage);
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print one JSON report."));
        const QCommandLineOption helpOption(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                            QStringLiteral("Show this help."));
        const QCommandLineOption providerOption(QStringLiteral("provider"), QStringLiteral("lint: also check what this provider's strict or tool mode accepts (anthropic, openai, openai-responses, ollama)."), QStringLiteral("P"));
        const QCommandLineOption toOption(QStringLiteral("to"), QStringLiteral("export: the target format."), QStringLiteral("TARGET"));
        const QCommandLineOption nameOption(QStringLiteral("name"), QStringLiteral("export: the tool, type or model name (default: from the title)."), QStringLiteral("NAME"));
        const QCommandLineOption failOnOption(QStringLiteral("fail-on"), QStringLiteral("diff: exit 1 on a narrower (default), wider or any change."), QStringLiteral("WHICH"), QStringLiteral("narrower"));
        const QCommandLineOption storeOption(QStringLiteral("store"), QStringLiteral("diff: judge OLD's stored replies that were valid by NEW, in this store."), QStringLiteral("PATH|URL"));
        const QCommandLineOption sinceOption(QStringLiteral("since"), QStringLiteral("diff --store: only replies at or after this ISO 8601 time."), QStringLiteral("TIME"));
        const QCommandLineOption untilOption(QStringLiteral("until"), QStringLiteral("diff --store: only replies before this ISO 8601 time."), QStringLiteral("TIME"));
        const QCommandLineOption sourceOption(QStringLiteral("source"), QStringLiteral("diff --store: only replies from run, suite, proxy, otlp or import."), QStringLiteral("S"));
        parser.addOptions({jsonOption, providerOption, toOption, nameOption, failOnOption, storeOption, sinceOption, untilOption, sourceOption, helpOption});
        const SchemaReadingOptions schemaReading;
        schemaReading.addTo(parser);
        parser.addPositionalArgument(QStringLiteral("action"), QStringLiteral("lint, example or export"), QStringLiteral("ACTION"));
        parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The schema file."), QStringLiteral("FILE"));
        if (!parser.parse(arguments))
            return fail(io, "schema: " + parser.errorText().toStdString());
        if (parser.isSet(helpOption))
            return printCommandHelp(io, *this, parser);
        const QStringList positional = parser.positionalArguments();
        if (positional.size() == 3 && positional[0] == QLatin1String("diff")) {
            const auto reading = schemaReading.read(parser, "schema");
            if (!reading)
                return fail(io, reading.error().message);
            SchemaDiffRequest request{positional[1], positional[2], parser.isSet(jsonOption), parser.value(failOnOption).toStdString(), {}, {}};
            if (parser.isSet(storeOption))
                request.store = parser.value(storeOption);
            for (const auto& [option, name] : {std::pair{&sinceOption, "since"}, std::pair{&untilOption, "until"}, std::pair{&sourceOption, "source"}})
                if (parser.isSet(*option))
                    request.filters.emplace_back(name, parser.value(*option).toStdString());
            if (!request.store && !request.filters.empty())
                return fail(io, "schema diff: --since, --until and --source choose stored replies: give --store too");
            return schemaDiff(request, reading.value(), io);
        }
        if (!positional.isEmpty() && positional[0] == QLatin1String("diff"))
            return fail(io, "schema: diff needs OLD and NEW (conform-cli schema diff OLD NEW)");
        if (positional.size() != 2)
            return fail(io, "schema: expected an action and a FILE (conform-cli schema lint|example|export FILE)");
        const auto reading = schemaReading.read(parser, "schema");
        if (!reading)
            return fail(io, reading.error().message);
        if (positional[0] == QLatin1String("lint")) {
            std::optional<providers::ProviderKind> provider;
            if (parser.isSet(providerOption)) {
                provider = providers::parseProviderKind(parser.value(providerOption).toStdString());
                if (!provider || *provider == providers::ProviderKind::Scenario)
                    return fail(io, "schema: --provider must be anthropic, openai, openai-responses or ollama, not '" + parser.value(providerOption).toStdString() + "'");
            }
            return lint(positional[1], provider, reading.value(), parser.isSet(jsonOption), io);
        }
        if (positional[0] == QLatin1String("export")) {
            if (!parser.isSet(toOption))
                return fail(io, "schema: export needs --to TARGET");
            return exportTo(positional[1], parser.value(toOption), parser.value(nameOption), reading.value(), io);
        }
        if (positional[0] == QLatin1String("example"))
            return example(positional[1], reading.value(), parser.isSet(jsonOption), io);
        return fail(io, "schema: unknown action '" + positional[0].toStdString() + "' (known: lint, example, export)");
    }
};

CONFORM_REGISTER_COMMAND(SchemaCommand);

} // namespace
} // namespace conform::cli
