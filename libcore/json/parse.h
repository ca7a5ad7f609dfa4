#pragma once
// Strict JSON text -> value, with errors that say where (line and column) and a nesting
// limit, so hostile input (100,000 open brackets) is an error and not a stack overflow later.
#include "base/json.h"
#include "base/result.h"

#include <cstddef>
#include <string_view>

namespace conform::json {

// Deeper than any real model output and shallow enough for every recursive walk in Conform.
inline constexpr std::size_t kMaxDepth = 512;

// Parses exactly one JSON value (surrounding white space allowed). The Error's `where` is
// "line L, column C" (1-based), its message what was wrong there.
Result<Json> parseStrict(std::string_view text, std::size_t maxDepth = kMaxDepth);

// The same values and errors, faster on large well-formed input (simdjson where it and
// nlohmann's parser agree, parseStrict for the rest): for files read a line at a time.
Result<Json> parseStrictFast(std::string_view text, std::size_t maxDepth = kMaxDepth);

// 1-based line and column of a byte offset, as editors count them (columns in bytes).
struct LineColumn { std::size_t line = 1; std::size_t column = 1; };
LineColumn lineColumnAt(std::string_view text, std::size_t offset);

} // namespace conform::json
