#pragma once
// Whether text is strict JSON as it stands, in one pass without building anything: the check
// behind extract()'s fast path for a reply that needs no repair. Internal to conform::json.
#include <string_view>

namespace conform::json::detail {

// Exactly one JSON value (RFC 8259), surrounded by nothing but ASCII white space, strings of
// valid UTF-8 with valid escapes (surrogates paired), nesting within kMaxDepth. Exactly the
// texts the repairer reads without a single fix.
bool isStrictJson(std::string_view text);

} // namespace conform::json::detail
