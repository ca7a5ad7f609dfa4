// The validation benchmark, C++ side: text -> verdict over every line of a JSONL file, timed in
// one process for Conform (Validator::acceptsText, simdjson underneath) and for valijson (the
// usual nlohmann::json::parse, then validate through its nlohmann adapter). `--engine parse`
// times simdjson's DOM parse alone (what acceptsText's parse costs, no schema), the ceiling
// of a parse-then-walk verdict; `all` is conform and valijson.
//
//   bench_validate --schema S.json --lines L.jsonl [--engine conform|valijson|parse|all]
//                  [--verdicts PREFIX] [--repeat N] [--limit N]
//
// Prints one JSON line per engine: {"engine","docs","bytes","valid","seconds"}; `seconds` is the
// best of N runs of the whole file (only the loop is timed: the file is read and the schema
// compiled beforehand). With --verdicts, writes PREFIX.<engine>: one '1' or '0' per line.
// Exit status: 0, or 2 on a usage or input error (the schema does not compile, a file is missing).
#include "json/parse.h"
#include "schema/schema.h"

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include <simdjson.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Options
{
    std::string schema, lines, engine = "all", verdicts;
    int repeat = 3;
    std::size_t limit = 0; // 0: every line
};

using Verdict = std::function<bool(std::string_view)>;

int usage(const std::string& what)
{
    std::cerr << "bench_validate: error: " << what << "\n"
              << "usage: bench_validate --schema S.json --lines L.jsonl [--engine conform|valijson|parse|all]"
                 " [--verdicts PREFIX] [--repeat N] [--limit N]\n";
    return 2;
}

bool parseArgs(int argc, char** argv, Options& o)
{
    std::map<std::string, std::string> values;
    for (int i = 1; i + 1 < argc; i += 2)
        values[argv[i]] = argv[i + 1];
    if (argc % 2 == 0 || !values.count("--schema") || !values.count("--lines"))
        return false;
    o.schema = values["--schema"];
    o.lines = values["--lines"];
    o.engine = values.count("--engine") ? values["--engine"] : o.engine;
    o.verdicts = values.count("--verdicts") ? values["--verdicts"] : "";
    o.repeat = values.count("--repeat") ? std::max(1, std::stoi(values["--repeat"])) : o.repeat;
    o.limit = values.count("--limit") ? std::stoul(values["--limit"]) : 0;
    return true;
}

bool readFile(const std::string& path, std::string& out)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    out = buffer.str();
    return static_cast<bool>(in);
}

// The lines of `text`, as views into it (the text must outlive them).
std::vector<std::string_view> splitLines(std::string_view text, std::size_t limit)
{
    std::vector<std::string_view> lines;
    while (!text.empty() && (limit == 0 || lines.size() < limit)) {
        const std::size_t end = text.find('\n');
        lines.push_back(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    return lines;
}

// Conform: compiled once; each line goes text -> verdict with no Json tree in between.
std::unique_ptr<Verdict> conformEngine(const std::string& schemaText, std::string& error)
{
    auto document = conform::json::parseStrict(schemaText);
    if (!document) {
        error = document.error().toString();
        return nullptr;
    }
    auto compiled = conform::schema::Validator::compile(document.value());
    if (!compiled) {
        error = compiled.error().toString();
        return nullptr;
    }
    auto validator = std::make_shared<conform::schema::Validator>(std::move(compiled.value()));
    return std::make_unique<Verdict>([validator](std::string_view line) { return validator->acceptsText(line); });
}

// valijson: parse with nlohmann (the non-throwing overload), then validate, verdict only.
std::unique_ptr<Verdict> valijsonEngine(const std::string& schemaText, std::string& error)
{
    const nlohmann::json document = nlohmann::json::parse(schemaText, nullptr, false);
    auto schema = std::make_shared<valijson::Schema>();
    try {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        parser.populateSchema(valijson::adapters::NlohmannJsonAdapter(document), *schema);
    } catch (const std::exception& e) { // valijson reports schema errors by throwing
        error = e.what();
        return nullptr;
    }
    auto validator = std::make_shared<valijson::Validator>(); // keeps its regex cache across lines
    return std::make_unique<Verdict>([schema, validator](std::string_view line) {
        const nlohmann::json value = nlohmann::json::parse(line, nullptr, false);
        return !value.is_discarded()
            && validator->validate(*schema, valijson::adapters::NlohmannJsonAdapter(value), nullptr);
    });
}

// simdjson's DOM parse alone, as acceptsText parses (a reused parser, the text copied to padding):
// "valid" counts the texts simdjson takes.
std::unique_ptr<Verdict> parseEngine(const std::string&, std::string&)
{
    auto parser = std::make_shared<simdjson::dom::parser>();
    return std::make_unique<Verdict>([parser](std::string_view line) {
        simdjson::dom::element root;
        return parser->parse(line.data(), line.size(), true).get(root) == simdjson::SUCCESS;
    });
}

void run(const std::string& name, const Verdict& verdict, const std::vector<std::string_view>& lines,
         const Options& o)
{
    std::string verdicts(lines.size(), '0');
    double best = 1e300;
    for (int r = 0; r < o.repeat; ++r) {
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < lines.size(); ++i)
            verdicts[i] = verdict(lines[i]) ? '1' : '0';
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::size_t bytes = 0, valid = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        bytes += lines[i].size();
        valid += verdicts[i] == '1';
    }
    if (!o.verdicts.empty())
        std::ofstream(o.verdicts + "." + name, std::ios::binary) << verdicts << '\n';
    std::cout << "{\"engine\":\"" << name << "\",\"docs\":" << lines.size() << ",\"bytes\":" << bytes
              << ",\"valid\":" << valid << ",\"seconds\":" << best << "}" << std::endl;
}

} // namespace

int main(int argc, char** argv)
{
    Options o;
    if (!parseArgs(argc, argv, o))
        return usage("--schema and --lines are required, every option takes a value");
    std::string schemaText, text;
    if (!readFile(o.schema, schemaText))
        return usage("cannot read " + o.schema);
    if (!readFile(o.lines, text))
        return usage("cannot read " + o.lines);
    const std::vector<std::string_view> lines = splitLines(text, o.limit);
    const std::pair<const char*, decltype(&conformEngine)> engines[] = {
        {"conform", conformEngine}, {"valijson", valijsonEngine}, {"parse", parseEngine}};
    for (const auto& [name, make] : engines) {
        if (o.engine != name && (o.engine != "all" || std::string_view(name) == "parse"))
            continue;
        std::string error;
        const std::unique_ptr<Verdict> verdict = make(schemaText, error);
        if (!verdict)
            return usage(std::string(name) + " cannot compile " + o.schema + ": " + error);
        run(name, *verdict, lines, o);
    }
    return 0;
}
