#pragma once
// A small example instance of a schema, for {{example}} in the repair prompt: it shows the
// shape (every property, the first enum value, one array element), not realistic content.
#include "base/json.h"

namespace conform::engine {

// Follows local "$ref"s ("#/$defs/x"); recursion and depth are bounded, so any schema,
// however hostile, gives a value.
Json exampleFor(const Json& schema);

} // namespace conform::engine
