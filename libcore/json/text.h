#pragma once
// Byte-level helpers shared by the locator and the repairer: character classes, UTF-8
// sequences and the typographic marks models type instead of ASCII quotes. Internal.
#include <bit>
#include <cstddef>
#include <cstring>
#include <cstdint>
#include <string>
#include <string_view>

namespace conform::json::text {

inline bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
inline bool isIdentStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
inline bool isIdent(char c) { return isIdentStart(c) || isDigit(c) || c == '-'; }

// Past the JSON white space (space, tab, line feed, carriage return) from `at`. A
// pretty-printed reply is a quarter indentation: after a line break, spaces are passed eight
// at a time.
inline std::size_t skipBlanks(std::string_view t, std::size_t at)
{
    while (at < t.size() && isSpace(t[at])) {
        if (t[at++] != '\n' || std::endian::native != std::endian::little)
            continue;
        constexpr std::uint64_t spaces = 0x2020202020202020ull;
        std::uint64_t word = 0;
        while (at + 8 <= t.size() && (std::memcpy(&word, t.data() + at, 8), word == spaces))
            at += 8;
        if (at + 8 <= t.size()) // the first byte that is not a space, in memory order
            at += static_cast<std::size_t>(std::countr_zero(word ^ spaces)) / 8;
    }
    return at;
}

// Three-byte marks, all E2 80 xx in UTF-8.
enum class Mark { None, LeftDouble, RightDouble, LeftSingle, RightSingle, Ellipsis };

// The mark starting at text[at], or None. `incomplete` is set when text ends inside one.
Mark markAt(std::string_view text, std::size_t at, bool* incomplete = nullptr);

inline constexpr std::string_view kBom = "\xEF\xBB\xBF";
inline constexpr std::string_view kReplacement = "\xEF\xBF\xBD"; // U+FFFD

// White space JSON does not allow but models type between tokens: every Unicode space
// (no-break space U+00A0, next line U+0085, ogham space U+1680, the Mongolian vowel separator
// U+180E, U+2000..U+200B, line and paragraph separators U+2028/U+2029, narrow no-break space
// U+202F, medium mathematical space U+205F, ideographic space U+3000). Returns the length of
// the one at text[at] (2 or 3), 0 when there is none, -1 when the text ends inside one.
int unicodeSpaceAt(std::string_view text, std::size_t at);
inline bool mayBeUnicodeSpace(char lead)
{
    const auto u = static_cast<unsigned char>(lead);
    return u == 0xC2 || u == 0xE1 || u == 0xE2 || u == 0xE3;
}

// The acute accent U+00B4 (C2 B4), which some keyboards give for a quote.
inline constexpr std::string_view kAcute = "\xC2\xB4";

// A backtick, an acute accent or `\"` (a reply that is itself escaped) at text[at]: quotes
// the repairer reads as `"`.
inline bool isOddQuote(std::string_view text, std::size_t at)
{
    const std::string_view two = text.substr(at, 2);
    return text[at] == '`' || two == kAcute || two == "\\\"";
}

// The length of the valid UTF-8 sequence at text[at] (lead byte >= 0x80): 2..4, 0 when it is
// invalid, or -1 when the text ends before the sequence could be judged.
int utf8SequenceAt(std::string_view text, std::size_t at);

// Appends code point `cp` as UTF-8.
void appendUtf8(std::string& out, std::uint32_t cp);

// `s` with every invalid UTF-8 sequence replaced by U+FFFD (valid text is returned as is).
std::string sanitizeUtf8(std::string_view s);

// The length of the JSON number at the start of `s` (-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?),
// or 0 when `s` does not start with one. What follows it is the caller's to judge.
std::size_t jsonNumberLength(std::string_view s);

// How many bytes of `text` are '{' or '[' (inside strings too, so a bound on the nesting), and
// whether any is a backslash: two cheap upper bounds read in one pass, 16 bytes a step.
struct OpenerCount
{
    std::size_t openers = 0;
    bool backslash = false;
};
OpenerCount countOpeners(std::string_view text);

// The first byte at or after `from` that is a backslash, `a` or `b` (quotes), below 0x20 or,
// when `high`, at or above 0x80; text.size() when there is none. What ends a run of string
// content that can be copied as it is: 16 bytes a step where SSE2 is there (every x86-64), a
// byte a step elsewhere.
std::size_t findStringSpecial(std::string_view text, std::size_t from, char a, char b, bool high);

} // namespace conform::json::text
