#pragma once
// Small pure helpers that turn what libcore reports (pointers, "line L, column C") into byte
// spans of an editor's text. Editors position by UTF-8 byte offset, so spans stay bytes.
#include "base/span.h"

#include <optional>
#include <string>
#include <string_view>

namespace conform::gui {

// The byte offset of a 1-based line and byte column, clamped to the text.
std::size_t offsetOfLineColumn(std::string_view text, std::size_t line, std::size_t column);

// Reads "line L, column C" (the `where` of json::parseStrict errors) into a one-byte span.
std::optional<Span> spanOfLineColumn(std::string_view text, std::string_view where);

// Grows a member value's span to cover its key too: `"minimum": 0` rather than `0`, so a
// schema keyword is highlighted as the reader names it. Unchanged when no key precedes it.
Span withMemberKey(std::string_view text, Span value);

// The span clamped to the text; zero-length spans widen to one byte so they stay visible.
Span visibleSpan(std::size_t textLength, Span span);

} // namespace conform::gui
