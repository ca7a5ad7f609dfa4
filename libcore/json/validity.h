#pragma once
// Whether text is strict JSON as it stands, in one pass without building anything: the check
// behind extract()'s fast path for a reply that needs no repair. Internal to conform::json.
#include <cstddef>
#include <string_view>

namespace conform::json::detail {

// Exactly one JSON value (RFC 8259), surrounded by nothing but ASCII white space, strings of
// valid UTF-8 with valid escapes (surrogates paired), nesting within kMaxDepth. Exactly the
// texts the repairer reads without a single fix.
// `rootItems`, when given, gets the number of items of a root array (0 for anything else).
bool isStrictJson(std::string_view text, std::size_t* rootItems = nullptr);

} // namespace conform::json::detail
