#pragma once
// parseStrict's verdict without its value: for text simdjson refused, whose error is all a
// caller wants (conform-cli validate --jsonl quotes it for every line that is not JSON).
#include "json/parse.h"

namespace conform::json {

// parseStrict's error for `text`, or Done when parseStrict would return a value: the same
// checks and nlohmann's same parser, with no tree built. Throws what parseStrict throws.
Status checkStrict(std::string_view text, std::size_t maxDepth = kMaxDepth);

} // namespace conform::json
