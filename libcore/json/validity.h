#pragma once
// Whether text is strict JSON as it stands, in one pass without building anything: the check
// behind extract()'s fast path for a reply that needs no repair. Internal to conform::json.
#include <cstddef>
#include <string>
#include <string_view>

namespace conform::json::detail {

// Exactly one JSON value (RFC 8259), surrounded by nothing but ASCII white space, strings of
// valid UTF-8 with valid escapes (surrogates paired), nesting within kMaxDepth. Exactly the
// texts the repairer reads without a single fix.
// `rootItems`, when given, gets the number of items of a root array (0 for anything else).
bool isStrictJson(std::string_view text, std::size_t* rootItems = nullptr);

// For text that is not strict JSON: an offset just past a bracket, comma or colon up to which
// it reads as strict JSON (by the rules above, as strict as any strict parser's), the last
// such before the last string or number that starts before the text fails, and in `opening` a
// short text that leaves a parser in the same state as that prefix: the same containers open,
// and the same thing expected next. A parser reading `opening` and then the rest of the text
// from that offset meets the same error, in the same token, quoting the same bytes, as on
// the whole. 0 when there is no such point (or the text is strict JSON).
std::size_t strictPrefixEnd(std::string_view text, std::string& opening);

} // namespace conform::json::detail
