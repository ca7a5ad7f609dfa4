#pragma once
// The one value type of Conform. Property order is meaning (models write fields in schema
// order; reasoning comes before a verdict) and users see their own order back, so it is the
// insertion-ordered flavour of nlohmann::json.
#include <nlohmann/json.hpp>

namespace conform {
using Json = nlohmann::ordered_json;
}
