// conform-cli validate: one document, or a JSONL stream of them, against a schema.
#include "command.h"
#include "schema_loader.h"

#include "json/parse.h"

#include <QCommandLineParser>

#include <ostream>

namespace conform::cli {
namespace {

struct ValidateSettings
{
    schema::ValidateOptions options;
    bool json = false;
};

void printHuman(std::ostream& out, const schema::ValidationResult& result, const std::string& prefix)
{
    for (const auto& coercion : result.coercions)
        out << prefix << toPointer(coercion.path) << ": coerced " << conform::dump(coercion.before) << " -> "
            << conform::dump(coercion.after) << " (" << coercion.kind << ")\n";
    if (result.valid) {
        out << prefix << "valid\n";
        return;
    }
    for (const auto& issue : result.issues) {
        const std::string where = toPointer(issue.path);
        out << prefix << (where.empty() ? "/" : where) << ": " << issue.message << " (" << issue.code << ")\n";
    }
}

// One document from a file or stdin. Text that is not JSON is an input error (exit 2).
int validateDocument(const schema::Validator& validator, const QString& path, const ValidateSettings& settings, Io& io)
{
    const ReadResult input = readInput(path, io);
    if (!input.ok)
        return fail(io, input.error);
    auto instance = json::parseStrict(input.text);
    if (!instance)
        return fail(io, (path.isEmpty() || path == QLatin1String("-") ? std::string("<stdin>") : path.toStdString())
                            + ": " + instance.error().toString());
    const schema::ValidationResult result = validator.validate(instance.value(), settings.options);
    if (settings.json)
        io.out << conform::dump(result.toJson()) << '\n';
    else
        printHuman(io.out, result, {});
    return result.valid ? Success : Invalid;
}

// The result for one JSONL line. Lines that are not JSON are invalid outputs, not input errors:
// a stream of model replies legitimately holds some.
Json validateLine(const schema::Validator& validator, std::string_view line, const ValidateSettings& settings,
                  schema::ValidationResult& result)
{
    // The fast verdict avoids building a tree and issues for the common, valid case.
    if (!settings.options.coerce.any() && validator.acceptsText(line)) {
        result = {};
        result.valid = true;
        return Json{{"valid", true}, {"issues", Json::array()}, {"coercions", Json::array()}};
    }
    auto instance = json::parseStrict(line);
    if (!instance) {
        result = {};
        return Json{{"valid", false}, {"error", instance.error().toString()}, {"issues", Json::array()},
                    {"coercions", Json::array()}};
    }
    result = validator.validate(instance.value(), settings.options);
    return result.toJson();
}

int validateJsonl(const schema::Validator& validator, const QString& path, const ValidateSettings& settings, Io& io)
{
    LineReader reader(path, io);
    if (!reader.ok())
        return fail(io, reader.error());
    bool allValid = true;
    schema::ValidationResult result;
    std::string_view line;
    while (reader.next(line)) {
        const std::size_t lineNumber = reader.lineNumber();
        if (line.find_first_not_of(" \t") == std::string_view::npos)
            continue;
        Json verdict = validateLine(validator, line, settings, result);
        allValid = allValid && verdict["valid"].get<bool>();
        if (settings.json) {
            Json numbered = Json{{"line", lineNumber}};
            numbered.update(verdict);
            io.out << conform::dump(numbered) << '\n';
        } else if (verdict.contains("error")) {
            io.out << lineNumber << ": not JSON: " << verdict["error"].get<std::string>() << '\n';
        } else {
            printHuman(io.out, result, std::to_string(lineNumber) + ": ");
        }
    }
    return allValid ? Success : Invalid;
}

class ValidateCommand : public Command
{
public:
    std::string name() const override { return "validate"; }
    std::string summary() const override { return "check JSON documents against a JSON Schema, with Zod-style issues"; }
    std::string usage() const override
    {
        return "conform-cli validate --schema FILE [--coerce] [--style zod3|zod4] [--formats] [--json] [FILE|-]\n"
               "conform-cli validate --schema FILE --jsonl FILE [--coerce] [--style zod3|zod4] [--json]";
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const QCommandLineOption schemaOption(QStringLiteral("schema"), QStringLiteral("The JSON Schema."), QStringLiteral("FILE"));
        const QCommandLineOption jsonlOption(QStringLiteral("jsonl"), QStringLiteral("One document per line; one result per line."), QStringLiteral("FILE"));
        const QCommandLineOption coerceOption(QStringLiteral("coerce"), QStringLiteral("Coerce enum case, boolean words, numeric strings, single values to arrays."));
        const QCommandLineOption styleOption(QStringLiteral("style"), QStringLiteral("Issue style: zod3 (default) or zod4."), QStringLiteral("STYLE"), QStringLiteral("zod3"));
        const QCommandLineOption formatsOption(QStringLiteral("formats"), QStringLiteral("Treat \"format\" as an assertion."));
        const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print JSON results."));
        const QCommandLineOption helpOption(QStringList{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
        parser.addOptions({schemaOption, jsonlOption, coerceOption, styleOption, formatsOption, jsonOption, helpOption});
        parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The document (default: standard input)."), QStringLiteral("[FILE|-]"));
        if (!parser.parse(arguments))
            return fail(io, "validate: " + parser.errorText().toStdString());
        if (parser.isSet(helpOption))
            return printCommandHelp(io, *this, parser);
        if (!parser.isSet(schemaOption))
            return fail(io, "validate: --schema FILE is required");
        if (parser.positionalArguments().size() > 1 || (parser.isSet(jsonlOption) && !parser.positionalArguments().isEmpty()))
            return fail(io, "validate: give one document, or --jsonl FILE");

        ValidateSettings settings;
        const QString style = parser.value(styleOption);
        if (style == QLatin1String("zod4"))
            settings.options.style = schema::ZodStyle::Zod4;
        else if (style != QLatin1String("zod3"))
            return fail(io, "validate: --style must be zod3 or zod4, not '" + style.toStdString() + "'");
        if (parser.isSet(coerceOption))
            settings.options.coerce = schema::CoercionOptions::all();
        settings.json = parser.isSet(jsonOption);

        const LoadedSchema loaded = loadSchema(parser.value(schemaOption), parser.isSet(formatsOption));
        if (!loaded.ok)
            return fail(io, loaded.error);
        if (parser.isSet(jsonlOption))
            return validateJsonl(*loaded.validator, parser.value(jsonlOption), settings, io);
        const QStringList files = parser.positionalArguments();
        return validateDocument(*loaded.validator, files.isEmpty() ? QString() : files.first(), settings, io);
    }
};

CONFORM_REGISTER_COMMAND(ValidateCommand);

} // namespace
} // namespace conform::cli
