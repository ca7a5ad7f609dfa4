// conform-cli validate: one document, or a JSONL stream of them, against a schema.
#include "command.h"
#include "jsonl_pipeline.h"
#include "schema_loader.h"

#include "base/path.h"
#include "json/json_writer.h"
#include "json/parse.h"

#include <QCommandLineParser>

#include <ostream>
#include <variant>

namespace conform::cli {
namespace {

struct ValidateSettings
{
    schema::ValidateOptions options;
    bool json = false;
    std::uint64_t maxBytes = kDefaultMaxDocumentBytes;
};

// The human form: one line per warning, per coercion and per issue, or "valid".
void printHuman(std::string& out, const schema::ValidationResult& result, const std::string& prefix)
{
    for (const auto& warning : result.warnings)
        out += prefix + "warning: " + pointerText(warning.path) + ": " + warning.message + '\n';
    for (const auto& coercion : result.coercions)
        out += prefix + pointerText(coercion.path) + ": coerced " + conform::dump(coercion.before) + " -> "
            + conform::dump(coercion.after) + " (" + coercion.kind + ")\n";
    if (result.valid) {
        out += prefix + "valid\n";
        return;
    }
    for (const auto& issue : result.issues)
        out += prefix + pointerText(issue.path) + ": " + issue.message + " (" + issue.code + ")\n";
}

// Why text is not JSON, and what to do about it: model replies with prose around the JSON are
// `extract`'s work. Conform's limits (nesting, a number no double holds) are said as they are.
bool refusedByALimit(const Error& error)
{
    return error.message.starts_with("nesting deeper") || error.message.starts_with("number out of range");
}

std::string extractHint(const std::string& command)
{
    return "for a model's reply with prose around the JSON, use `" + command + "`";
}

// "reply.txt: not JSON at line 1, column 1 (invalid literal; last read: 'H'); for a model's reply ..."
std::string notJsonMessage(const std::string& name, const Error& error)
{
    if (refusedByALimit(error))
        return name + ": " + error.toString();
    return name + ": not JSON" + (error.where.empty() ? "" : " at " + error.where) + " (" + error.message + "); " + extractHint("conform-cli extract");
}

// The same for line `lineNumber` of a JSONL file, whose error says "line 1" of the line alone:
// "4: not JSON at replies.jsonl:4, column 2 (...); each line must be one JSON value; ... `conform-cli extract --jsonl`".
std::string notJsonLine(const std::string& name, std::size_t lineNumber, const Error& error)
{
    const std::string lineOne = "line 1, ";
    const std::string column = error.where.starts_with(lineOne) ? ", " + error.where.substr(lineOne.size()) : std::string();
    return std::to_string(lineNumber) + ": not JSON at " + name + ':' + std::to_string(lineNumber) + column + " (" + error.message
        + "); each line must be one JSON value; " + extractHint("conform-cli extract --jsonl");
}

// One document from a file or stdin. Text that is not JSON is an input error (exit 2). The
// text is validated through simdjson's compact tape, not as a tree of values: at worst (every
// byte a bracket) 11 times the text at its peak, where a tree took 38.
int validateDocument(const schema::Validator& validator, const QString& path, const ValidateSettings& settings, Io& io)
{
    ReadResult input = readInput(path, io, settings.maxBytes);
    if (!input.ok)
        return fail(io, input.error);
    Result<schema::ValidationResult> validated = validator.validateJsonText(input.text, settings.options);
    input.text = {};
    if (!validated)
        return fail(io, notJsonMessage(inputName(path), validated.error()));
    const schema::ValidationResult& result = validated.value();
    std::string out;
    if (settings.json) {
        json::JsonWriter writer(out);
        result.write(writer);
        out += '\n';
    } else {
        printHuman(out, result, {});
    }
    io.out << out;
    return result.valid ? Success : Invalid;
}

// The result for one JSONL line, or the parse error of a line that is not JSON. Such lines
// are invalid outputs, not input errors: a stream of model replies legitimately holds some.
std::variant<schema::ValidationResult, Error> validateLine(const schema::Validator& validator, std::string_view line,
                                                           const ValidateSettings& settings)
{
    Result<schema::ValidationResult> result = validator.validateJsonText(line, settings.options);
    if (!result)
        return result.error();
    return std::move(result.value());
}

LineStatus writeLine(const schema::Validator& validator, std::string_view line, std::size_t lineNumber,
                     const std::string& name, const ValidateSettings& settings, std::string& out)
{
    const auto verdict = validateLine(validator, line, settings);
    const auto* result = std::get_if<schema::ValidationResult>(&verdict);
    const bool valid = result && result->valid;
    if (settings.json) {
        json::JsonWriter writer(out);
        writer.beginObject();
        writer.key("line");
        writer.unsignedInteger(lineNumber);
        if (result) {
            result->writeMembers(writer);
        } else {
            writer.key("valid");
            writer.boolean(false);
            writer.key("error");
            writer.string(std::get<Error>(verdict).toString());
            for (const char* empty : {"issues", "coercions"}) {
                writer.key(empty);
                writer.beginArray();
                writer.endArray();
            }
        }
        writer.endObject();
        out += '\n';
    } else if (!result) {
        out += notJsonLine(name, lineNumber, std::get<Error>(verdict)) + '\n';
    } else {
        printHuman(out, *result, std::to_string(lineNumber) + ": ");
    }
    return valid ? LineStatus::Ok : LineStatus::NotOk;
}

int validateJsonl(const schema::Validator& validator, const QString& path, const ValidateSettings& settings, Io& io)
{
    const std::string name = inputName(path);
    return runJsonl(path, io, [&](std::string_view line, std::size_t lineNumber, std::string& out, std::string&) {
        return writeLine(validator, line, lineNumber, name, settings, out);
    }, settings.maxBytes);
}

struct Options
{
    Option schema = Option(QStringLiteral("schema"), QStringLiteral("The JSON Schema."), QStringLiteral("FILE")).file();
    Option jsonl = Option(QStringLiteral("jsonl"), QStringLiteral("One document per line; one result per line."), QStringLiteral("FILE")).file();
    Option coerce{QStringLiteral("coerce"), QStringLiteral("Coerce enum case, boolean words, numeric strings, single values to arrays.")};
    Option style = Option(QStringLiteral("style"), QStringLiteral("Issue style: zod3 or zod4."), QStringLiteral("STYLE"), QStringLiteral("zod3"))
                       .choices({QStringLiteral("zod3"), QStringLiteral("zod4")});
    Option json{QStringLiteral("json"), QStringLiteral("Print JSON results.")};
    MaxBytesOption maxBytes;
    SchemaReadingOptions schemaReading;

    OptionTable table() const
    {
        return OptionTable{schema, jsonl, coerce, style, json} + maxBytes.table() + schemaReading.table() + OptionTable{helpOption()};
    }
};

class ValidateCommand : public Command
{
public:
    std::string name() const override { return "validate"; }
    std::string summary() const override { return "check JSON documents against a JSON Schema, with Zod-style issues"; }
    std::string usage() const override
    {
        return "conform-cli validate --schema FILE [--coerce] [--style zod3|zod4] [--formats assert|annotate] [--draft 7|2020-12]\n"
               "                     [--json] [--max-bytes N] [FILE|-]\n"
               "conform-cli validate --schema FILE --jsonl FILE [--coerce] [--style zod3|zod4] [--formats assert|annotate]\n"
               "                     [--draft 7|2020-12] [--json] [--max-bytes N]\n" + std::string(kSchemaReadingUsage);
    }

    OptionTable options() const override { return Options().table(); }
    std::vector<Example> examples() const override
    {
        return {{"conform-cli validate --schema order.schema.json order.json", "check one document; exit 1 with one line per issue"},
                {"conform-cli validate --schema order.schema.json --jsonl replies.jsonl --json", "one JSON result per line"}};
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const Options o;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        if (!parser.isSet(o.schema))
            return fail(io, "validate: --schema FILE is required");
        if (parser.positionalArguments().size() > 1 || (parser.isSet(o.jsonl) && !parser.positionalArguments().isEmpty()))
            return fail(io, "validate: give one document, or --jsonl FILE");

        ValidateSettings settings;
        const QString style = parser.value(o.style);
        if (style == QLatin1String("zod4"))
            settings.options.style = schema::ZodStyle::Zod4;
        else if (style != QLatin1String("zod3"))
            return fail(io, "validate: --style must be zod3 or zod4, not '" + style.toStdString() + "'");
        if (parser.isSet(o.coerce))
            settings.options.coerce = schema::CoercionOptions::all();
        settings.json = parser.isSet(o.json);
        std::string sizeError;
        if (const auto bound = o.maxBytes.value(parser, sizeError))
            settings.maxBytes = *bound;
        else
            return fail(io, "validate: " + sizeError);

        const auto reading = o.schemaReading.read(parser, "validate");
        if (!reading)
            return fail(io, reading.error().message);
        const LoadedSchema loaded = loadSchema(parser.value(o.schema), reading.value());
        if (!loaded.ok)
            return fail(io, loaded.error);
        if (parser.isSet(o.jsonl))
            return validateJsonl(*loaded.validator, parser.value(o.jsonl), settings, io);
        const QStringList files = parser.positionalArguments();
        return validateDocument(*loaded.validator, files.isEmpty() ? QString() : files.first(), settings, io);
    }
};

CONFORM_REGISTER_COMMAND(ValidateCommand);

} // namespace
} // namespace conform::cli
