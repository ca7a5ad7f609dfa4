#include "document/schemaanalysis.h"

#include "json/parse.h"
#include "checks/textspans.h"

namespace conform::gui {

namespace {

// Compiling a schema never throws by contract; the guard keeps a libcore bug from taking
// the whole workbench down with it.
Result<schema::Validator> compileGuarded(const Json& document, const ValidationSettings& settings,
                                        const SchemaLocation& location)
{
    schema::CompileOptions options = settings.compileOptions();
    options.registry = location.registry.get();
    options.baseUri = location.baseUri;
    try {
        return schema::Validator::compile(document, options);
    } catch (const std::exception& e) {
        return Error{e.what(), ""};
    }
}

// The span of the value at `path`. A missing value (a "Required" issue) maps to its parent
// object; then only the parent's opening brace is marked, not the whole object.
std::optional<Span> valueSpan(const json::SourceMap& spans, const Path& path)
{
    std::optional<Span> span = spans.find(path);
    if (!span || path.empty())
        return span;
    const Path parent(path.begin(), path.end() - 1);
    if (spans.find(parent) == span)
        return Span{span->offset, 1};
    return span;
}

} // namespace

SchemaAnalysis analyseSchema(std::string_view schemaText, const ValidationSettings& settings,
                             const SchemaLocation& location)
{
    SchemaAnalysis analysis;
    Result<Json> parsed = json::parseStrict(schemaText);
    if (!parsed) {
        analysis.error = parsed.error().toString();
        analysis.errorSpan = spanOfLineColumn(schemaText, parsed.error().where);
        return analysis;
    }
    analysis.id = schema::idOf(parsed.value());
    analysis.sourceMap = json::sourceMapOf(schemaText);
    analysis.registry = location.registry;
    Result<schema::Validator> compiled = compileGuarded(parsed.value(), settings, location);
    if (!compiled) {
        analysis.error = compiled.error().toString();
        if (!compiled.error().where.empty() && compiled.error().where.front() == '/')
            analysis.errorSpan = analysis.sourceMap.find(compiled.error().where);
        return analysis;
    }
    analysis.validator = std::move(compiled.value());
    return analysis;
}

LocatedIssues locateIssues(std::vector<schema::Issue> issues, const json::SourceMap& valueSpans,
                           const SchemaAnalysis& schema, std::string_view schemaText)
{
    LocatedIssues located;
    located.reserve(issues.size());
    for (schema::Issue& issue : issues) {
        LocatedIssue entry{std::move(issue), std::nullopt};
        if (!entry.issue.span)
            entry.issue.span = valueSpan(valueSpans, entry.issue.path);
        if (std::optional<Span> keyword = schema.sourceMap.find(entry.issue.schemaPath))
            entry.schemaSpan = withMemberKey(schemaText, *keyword);
        located.push_back(std::move(entry));
    }
    return located;
}

} // namespace conform::gui
