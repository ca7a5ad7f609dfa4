#include "checks/textspans.h"

#include <algorithm>
#include <charconv>

namespace conform::gui {

std::size_t offsetOfLineColumn(std::string_view text, std::size_t line, std::size_t column)
{
    std::size_t offset = 0;
    for (std::size_t l = 1; l < line && offset < text.size(); ++l) {
        const std::size_t newline = text.find('\n', offset);
        if (newline == std::string_view::npos)
            return text.size();
        offset = newline + 1;
    }
    const std::size_t lineEnd = std::min(text.find('\n', offset), text.size());
    return std::min(offset + (column > 0 ? column - 1 : 0), lineEnd);
}

namespace {

// Reads the number that follows `label` in `where`, or 0.
std::size_t numberAfter(std::string_view where, std::string_view label)
{
    const std::size_t at = where.find(label);
    if (at == std::string_view::npos)
        return 0;
    std::size_t value = 0;
    const char* begin = where.data() + at + label.size();
    std::from_chars(begin, where.data() + where.size(), value);
    return value;
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Index just before `from` after skipping white space backwards; npos when none is left.
std::size_t skipSpaceBack(std::string_view text, std::size_t from)
{
    while (from > 0 && isSpace(text[from - 1]))
        --from;
    return from;
}

} // namespace

std::optional<Span> spanOfLineColumn(std::string_view text, std::string_view where)
{
    const std::size_t line = numberAfter(where, "line ");
    const std::size_t column = numberAfter(where, "column ");
    if (line == 0)
        return std::nullopt;
    return Span{offsetOfLineColumn(text, line, column), 1};
}

Span withMemberKey(std::string_view text, Span value)
{
    if (value.offset > text.size())
        return value;
    std::size_t at = skipSpaceBack(text, value.offset);
    if (at == 0 || text[at - 1] != ':')
        return value;
    at = skipSpaceBack(text, at - 1);
    if (at == 0 || text[at - 1] != '"')
        return value;
    // Walk back to the opening quote, stepping over escaped quotes inside the key.
    std::size_t open = at - 1;
    while (open > 0) {
        --open;
        if (text[open] == '"' && (open == 0 || text[open - 1] != '\\'))
            return Span{open, value.end() - open};
    }
    return value;
}

Span visibleSpan(std::size_t textLength, Span span)
{
    const std::size_t offset = std::min(span.offset, textLength);
    std::size_t length = std::min(span.length, textLength - offset);
    if (length == 0 && textLength > 0)
        return offset < textLength ? Span{offset, 1} : Span{textLength - 1, 1};
    return Span{offset, length};
}

} // namespace conform::gui
