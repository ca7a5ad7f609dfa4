// conform-cli extract: the JSON value in a model reply, repaired, with the fix log on request.
#include "command.h"
#include "jsonl_pipeline.h"

#include "json/extract.h"
#include "json/json_writer.h"

#include <QCommandLineParser>

#include <simdjson.h>

#include <ostream>

namespace conform::cli {
namespace {

struct ExtractSettings
{
    json::ExtractOptions options;
    bool json = false;
    std::uint64_t maxBytes = kDefaultMaxDocumentBytes;
};

// Raw bytes may hold invalid UTF-8; printing must not throw on them.
std::string dumpSafe(const Json& value, int indent)
{
    return value.dump(indent, ' ', false, Json::error_handler_t::replace);
}

Json report(const json::Extraction& x, bool strict)
{
    Json out = x.toJson();
    if (strict && !out.contains("refused"))
        out["refused"] = Json::array();
    return out;
}

int extractDocument(const QString& path, const ExtractSettings& settings, Io& io)
{
    const ReadResult input = readInput(path, io, settings.maxBytes);
    if (!input.ok)
        return fail(io, input.error);
    const json::Extraction x = json::extract(input.text, settings.options);
    if (settings.json)
        io.out << dumpSafe(report(x, settings.options.strict), 2) << '\n';
    else if (x.ok)
        io.out << dumpSafe(x.value, 2) << '\n';
    else
        io.err << "conform-cli: " << x.reason << '\n';
    return x.ok ? Success : Invalid;
}

// The text of a JSON string line (in this thread's simdjson parser, valid until its next
// use); false when the line is not one JSON string.
bool decodeJsonString(std::string_view line, std::string_view& text)
{
    thread_local simdjson::dom::parser parser;
    return !parser.parse(line.data(), line.size(), true).get_string().get(text);
}

// Each line is a JSON string holding one raw reply; one output line per line, in order. The
// value is only printed, so it is repaired straight into text (ExtractOptions::text) and
// copied into the output, never built as a tree.
int extractJsonl(const QString& path, ExtractSettings settings, Io& io)
{
    const std::string name = inputName(path);
    settings.options.value = false;
    settings.options.text = true;
    return runJsonl(path, io, [&](std::string_view line, std::size_t lineNumber, std::string& out, std::string& error) {
        std::string_view reply;
        if (!decodeJsonString(line, reply)) {
            error = name + ":" + std::to_string(lineNumber) + ": expected a JSON string holding one reply";
            return LineStatus::Stop;
        }
        const json::Extraction x = json::extract(reply, settings.options);
        json::JsonWriter writer(out);
        if (settings.json)
            x.write(writer, settings.options.strict);
        else
            x.writeValue(writer); // `null` when nothing was found
        out += '\n';
        return x.ok ? LineStatus::Ok : LineStatus::NotOk;
    }, settings.maxBytes);
}

struct Options
{
    Option strict{QStringLiteral("strict"), QStringLiteral("Refuse fixes that change values (truncated strings, dropped keys, placeholders).")};
    Option json{QStringLiteral("json"), QStringLiteral("Print {\"ok\", \"value\", \"fixes\", ...} instead of the bare value.")};
    Option jsonl{QStringLiteral("jsonl"), QStringLiteral("Each input line is a JSON string holding one reply; one output line each.")};
    MaxBytesOption maxBytes;

    OptionTable table() const { return OptionTable{strict, json, jsonl} + maxBytes.table() + OptionTable{helpOption()}; }
};

class ExtractCommand : public Command
{
public:
    std::string name() const override { return "extract"; }
    std::string summary() const override { return "pull the JSON out of a model reply and repair it, logging every fix"; }
    std::string usage() const override
    {
        return "conform-cli extract [--strict] [--json] [--max-bytes N] [FILE|-]\n"
               "conform-cli extract --jsonl FILE [--strict] [--json] [--max-bytes N]";
    }

    OptionTable options() const override { return Options().table(); }
    std::vector<Example> examples() const override
    {
        return {{"conform-cli extract reply.txt", "the JSON in a model reply, repaired, on stdout"},
                {"conform-cli extract --json --strict reply.txt", "the value with its fix log; value-changing fixes refused"}};
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const Options o;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        const QStringList files = parser.positionalArguments();
        if (files.size() > 1)
            return fail(io, "extract: give one reply file (or - for standard input)");

        ExtractSettings settings;
        settings.options.strict = parser.isSet(o.strict);
        settings.options.sourceMap = false; // nothing here prints it, and it costs a quarter of the time
        settings.json = parser.isSet(o.json);
        std::string sizeError;
        if (const auto bound = o.maxBytes.value(parser, sizeError))
            settings.maxBytes = *bound;
        else
            return fail(io, "extract: " + sizeError);
        const QString path = files.isEmpty() ? QStringLiteral("-") : files.first();
        if (parser.isSet(o.jsonl))
            return extractJsonl(path, settings, io);
        return extractDocument(path, settings, io);
    }
};

CONFORM_REGISTER_COMMAND(ExtractCommand);

} // namespace
} // namespace conform::cli
