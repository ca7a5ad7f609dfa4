#include "engines/detail/judge.h"

namespace conform::engines {

using namespace detail;

namespace {

// Findings every engine shares: what is no schema to send, and what Conform will not walk.
Finding universal(std::string keyword, std::string problem, std::string suggestion)
{
    Finding f;
    f.keyword = std::move(keyword);
    f.verdict = Verdict::Rejected;
    f.problem = std::move(problem);
    f.suggestion = std::move(suggestion);
    f.source = "Conform: every engine takes a schema as a JSON object, and Conform walks " + std::to_string(kMaxDepth)
        + " levels of subschemas at most";
    return f;
}

} // namespace

EngineReport lintForEngine(const Json& schema, Engine engine)
{
    EngineReport report;
    report.engine = engine;
    if (!schema.is_object()) {
        report.findings.push_back(universal("schema", "the schema must be a JSON object", "write the schema as a JSON object"));
        return report;
    }
    const RuleSet& rules = ruleSet(engine);
    const bool walked = walk(schema, [&](const Json& node, const std::string& pointer, int) {
        for (Judged& j : judgeNode(rules, schema, node, pointer))
            report.findings.push_back(std::move(j.finding));
    });
    if (!walked)
        report.findings.push_back(universal("nesting", "nested deeper than " + std::to_string(kMaxDepth) + " levels",
                                            "flatten the structure"));
    for (Finding& f : judgeLimits(rules, schema))
        report.findings.push_back(std::move(f));
    return report;
}

} // namespace conform::engines
