#pragma once
// The value of a reply that is strict JSON as it stands, read at simdjson's speed: the same
// value (or compact text) the repairer gives for it, with no fix, since it makes none on such
// text. extract()'s fast path; the repairer reads everything this declines. Internal.
#include "base/json.h"

#include <string>
#include <string_view>

namespace conform::json::detail {

// What a successful read gives: the value as a tree, or as conform::dump()'s compact text.
struct StrictRead
{
    Json value;
    std::string text;
    std::size_t begin = 0; // the value's first byte in the text
    std::size_t end = 0;   // just past its last
    bool container = false;
    bool strict = false;   // the text is strict JSON, read or not
    std::size_t rootItems = 0; // when strict but not read: the items of a root array
};

// True when `text` is strict JSON (isStrictJson), at most 256 KB, and simdjson read it; the
// value goes to `out.text` when `asText` (most often the text itself less its white space,
// where no escape or number is spelt otherwise than the writer would), else to `out.value`. False, cheaply, for text that
// is not JSON, for larger text (out.strict still says whether it is JSON), and for the few readings where simdjson and the repairer could differ (a number that
// underflows or is a negative zero, integers past 64 bits, a repeated key, which the repairer logs).
bool readStrictJson(std::string_view text, bool asText, StrictRead& out);

} // namespace conform::json::detail
