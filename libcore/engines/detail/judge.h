#pragma once
// Judging one subschema, and walking a schema's subschemas, by an engine's rules. Internal to
// engines: lint.cpp and export.cpp share them.
#include "engines/detail/rules.h"

#include <functional>

namespace conform::engines::detail {

// Deeper than this is a finding rather than walked: hostile schemas must not exhaust the stack.
inline constexpr int kMaxDepth = 64;

struct Judged
{
    Finding finding;
    const Rule* rule = nullptr; // the rule that gave it (the set's `unlisted` for unnamed keywords)
};

// The findings of one subschema's own keywords (not of its subschemas, not the budgets), in
// the order of its keywords, then those of keywords it lacks.
std::vector<Judged> judgeNode(const RuleSet& rules, const Json& root, const Json& node, const std::string& pointer);

// The budgets (limited rules) over the whole schema.
std::vector<Finding> judgeLimits(const RuleSet& rules, const Json& root);

// Calls visit(node, pointer, depth) for the schema and every object subschema, parents before
// children, in document order; `depth` counts levels of properties and items (the root is 1).
// An editing visit may change the node; its children are read after. Returns false when
// kMaxDepth was reached.
bool walk(const Json& schema, const std::function<void(const Json&, const std::string&, int)>& visit);
bool walkEditing(Json& schema, const std::function<void(Json&, const std::string&, int)>& visit);

bool hasType(const Json& node, std::string_view type);
// The subschema a local $ref ("#", "#/$defs/a") names, or nullptr.
const Json* resolveLocal(const Json& root, const std::string& ref);

} // namespace conform::engines::detail
