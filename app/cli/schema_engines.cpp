#include "schema_engines.h"

#include "base/path.h"

#include <ostream>

namespace conform::cli {

std::optional<LintFailOn> parseLintFailOn(const std::string& word)
{
    if (word == "rejected")
        return LintFailOn::Rejected;
    if (word == "dropped")
        return LintFailOn::Dropped;
    if (word == "any")
        return LintFailOn::Any;
    return std::nullopt;
}

bool failsOn(const engines::EngineReport& report, LintFailOn failOn)
{
    switch (failOn) {
    case LintFailOn::RejectedOrDropped: return report.rejects() || report.drops();
    case LintFailOn::Rejected: return report.rejects();
    case LintFailOn::Dropped: return report.drops();
    case LintFailOn::Any: return !report.findings.empty();
    }
    return false;
}

std::optional<std::vector<engines::Engine>> enginesNamed(const std::string& word)
{
    if (word == "all")
        return engines::allEngines();
    if (const auto engine = engines::parseEngine(word))
        return std::vector<engines::Engine>{*engine};
    return std::nullopt;
}

Json findingsJson(const std::vector<engines::Finding>& findings)
{
    Json list = Json::array();
    for (const auto& f : findings) {
        Json item{{"pointer", f.pointer}, {"keyword", f.keyword}, {"verdict", std::string(engines::verdictName(f.verdict))},
                  {"problem", f.problem}, {"suggestion", f.suggestion}, {"source", f.source}};
        if (!f.says.empty())
            item["says"] = f.says;
        if (!f.disputed.empty())
            item["disputed"] = f.disputed;
        list.push_back(std::move(item));
    }
    return list;
}

void printFindings(std::ostream& out, const std::string& file, const engines::EngineReport& report)
{
    const std::string_view engine = engines::engineName(report.engine);
    if (report.findings.empty())
        out << file << ": " << engine << ": no findings\n";
    for (const auto& f : report.findings)
        out << file << ": " << pointerText(f.pointer) << ": " << engine << ": " << engines::verdictName(f.verdict)
            << ' ' << f.keyword << ": " << f.problem << "; suggestion: " << f.suggestion << " [" << f.source << "]\n";
}

int exportForEngine(const QString& path, engines::Engine engine, const SchemaReading& reading, Io& io)
{
    const LoadedSchema loaded = loadSchema(path, reading);
    if (!loaded.ok)
        return fail(io, loaded.error);
    const engines::Exported exported = engines::exportForEngine(loaded.document, engine);
    io.out << conform::dump(exported.schema, 2) << '\n';
    for (const engines::Moved& moved : exported.moved)
        io.err << moved.words() << '\n';
    if (exported.ok())
        return Success;
    const std::string name = path.toStdString();
    for (const auto& f : exported.remaining.findings)
        if (f.verdict == engines::Verdict::Rejected || f.verdict == engines::Verdict::Dropped)
            io.err << name << ": " << pointerText(f.pointer) << ": " << engines::engineName(engine) << ": still "
                   << engines::verdictName(f.verdict) << ' ' << f.keyword << ": " << f.problem << "; suggestion: " << f.suggestion << '\n';
    return Invalid;
}

} // namespace conform::cli
