#pragma once
// Visiting every subschema of a JSON Schema, for the profiles. Internal to providers.
#include "base/json.h"

#include <functional>
#include <string>

namespace conform::providers::detail {

// Deeper than this is refused rather than walked: hostile schemas must not exhaust the stack.
inline constexpr int kMaxSchemaDepth = 64;

// Calls visit(schema, pointer, depth) for `schema` and each object subschema under
// properties, patternProperties, additionalProperties, items, prefixItems, anyOf, allOf,
// oneOf, not, if/then/else, $defs and definitions. `depth` counts object nesting (properties
// and items), the measure providers limit. Returns false when kMaxSchemaDepth was hit.
using Visitor = std::function<void(const Json& schema, const std::string& pointer, int depth)>;
bool walkSchema(const Json& schema, const Visitor& visit);

// The same walk, letting `edit` change each subschema in place (children are walked after
// their parent is edited).
using Editor = std::function<void(Json& schema, const std::string& pointer)>;
bool editSchema(Json& schema, const Editor& edit);

// True when the schema's "type" is or includes `type`.
bool hasType(const Json& schema, const std::string& type);

} // namespace conform::providers::detail
