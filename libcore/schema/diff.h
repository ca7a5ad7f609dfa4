#pragma once
// What a schema change breaks: every difference between two versions of a schema, each with
// the way it moves the set of valid values — `conform-cli schema diff OLD NEW`.
//
//   for (const SchemaChange& c : diffSchemas(oldSchema, newSchema))
//       if (c.direction == Direction::Narrower) warn(c.words);  // replies that passed will fail
//
// The direction is exact where the keyword allows it — type, enum, const, required, properties
// and additionalProperties, numeric and length bounds, items and prefixItems, minItems and
// maxItems, uniqueItems, format — and `unknown` otherwise (a pattern that changed, an anyOf
// rewritten): never a guess. Annotations (title, description, examples, default, $comment)
// change nothing (`none`). Subschemas under properties, items, prefixItems,
// additionalProperties and $defs are compared keyword by keyword; a change deeper in them is
// reported where it is.
#include "base/json.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::schema {

// Narrower: some value valid under the old schema is invalid under the new one (replies that
// passed will fail). Wider: some value valid under the new one was invalid under the old
// (consumers may get what they did not expect). Both; none; unknown (cannot be decided).
enum class Direction { None, Narrower, Wider, Both, Unknown };
std::string_view directionName(Direction direction); // "none", "narrower", "wider", "both", "unknown"
std::optional<Direction> parseDirection(std::string_view name);

struct SchemaChange
{
    std::string pointer; // where in the schema, as a JSON Pointer ("" for the root)
    std::string keyword; // "enum", "required", "properties" (a property added or removed)...
    Json before;         // the keyword's old value; null when it was absent
    Json after;          // its new value; null when it is gone
    Direction direction = Direction::Unknown;
    std::string words;   // "/properties/status: enum loses \"cancelled\" — narrower"

    // {"pointer", "keyword", "before", "after", "direction", "words"}
    Json toJson() const;
};

// Every change from `before` to `after`, in the order of the schemas' keywords (the old
// schema's first, then those only the new one has).
std::vector<SchemaChange> diffSchemas(const Json& before, const Json& after);

} // namespace conform::schema
