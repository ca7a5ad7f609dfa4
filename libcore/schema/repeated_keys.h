#pragma once
// Objects that name a key more than once ({"a":1,"a":2}) on a simdjson tape. JSON.parse, Zod,
// ajv and Python keep the last value (nlohmann and Conform's extraction too, in the first
// one's place); simdjson's DOM keeps every member, so the validator judges a text holding such
// an object on a tree read the JSON.parse way instead, and says so (schema.h, Warning).
// Internal to conform_schema.
#include "schema/adapters.h"
#include "schema/schema.h"

#include <vector>

namespace conform::schema::detail {

// Whether some object in the value repeats a key: one visit of each value, under a third of
// what simdjson's parse costs (callgrind, review-structure replies: 2,350 instructions a reply
// against 8,070).
bool hasRepeatedKey(TapeValue root);

// A warning per repeated key of each object, in document order (at most 100 in all):
// `key "a" appears 2 times; the last value is used, as JSON.parse does` at the object's path.
std::vector<Warning> repeatedKeyWarnings(TapeValue root);

} // namespace conform::schema::detail
