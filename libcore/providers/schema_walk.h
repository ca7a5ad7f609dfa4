#pragma once
// Small helpers over JSON Schemas for the providers. Internal to providers. (Walking every
// subschema by a provider's rules is engines/: the profiles read them.)
#include "base/json.h"

#include <string>

namespace conform::providers::detail {

// Deeper than this is refused rather than walked: hostile schemas must not exhaust the stack.
inline constexpr int kMaxSchemaDepth = 64;

// True when the schema's "type" is or includes `type`.
bool hasType(const Json& schema, const std::string& type);

} // namespace conform::providers::detail
