#pragma once
// The one value type of Conform. Property order is meaning (models write fields in schema
// order; reasoning comes before a verdict) and users see their own order back, so it is the
// insertion-ordered flavour of nlohmann::json.
#include <nlohmann/json.hpp>

namespace conform {
using Json = nlohmann::ordered_json;
}

namespace conform {
// Serialises without ever throwing: text from a hostile reply or file may hold invalid UTF-8,
// which becomes U+FFFD here instead of an exception at output time.
inline std::string dump(const Json& value, int indent = -1)
{
    return value.dump(indent, ' ', false, Json::error_handler_t::replace);
}
} // namespace conform
