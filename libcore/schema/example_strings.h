#pragma once
// Strings for example.h: a sample of each known format, and the shortest string a simple
// regular expression matches. Internal to the schema module.
#include <optional>
#include <string>
#include <string_view>

namespace conform::schema::detail {

// A valid sample of `format` ("date-time" -> "2024-01-31T12:00:00Z"), or nullopt when unknown.
std::optional<std::string> formatSample(std::string_view format);

// A string that `pattern` (ECMA syntax) matches: literals, ., classes [a-z] and [^...], \d \w
// \s and escaped literals, quantifiers ? * + {n} {n,} {n,m} (lazy ones too), groups (also
// (?:...)) with | (the first branch), anchors ^ $. `length` is the wanted length in code
// points: when the pattern repeats something open-ended the repetition is stretched towards
// it. nullopt when the pattern uses anything else (lookaround, backreferences, ...).
std::optional<std::string> patternSample(std::string_view pattern, std::size_t length);

} // namespace conform::schema::detail
