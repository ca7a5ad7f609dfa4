#include "json/parse.h"
#include "base/message_text.h"
#include "json/check_strict.h"
#include "json/text.h"
#include "json/validity.h"

#include <optional>
#include <stdexcept>
#include <string>

namespace conform::json {

LineColumn lineColumnAt(std::string_view text, std::size_t offset)
{
    LineColumn at;
    const std::size_t end = offset < text.size() ? offset : text.size();
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++at.line;
            at.column = 1;
        } else {
            ++at.column;
        }
    }
    return at;
}

namespace {

// nlohmann reports "syntax error while parsing value - invalid literal; last read: 'x'";
// keep the part after the dash, which is what a person needs.
std::string shortMessage(const std::string& what)
{
    const auto dash = what.find(" - ");
    return dash == std::string::npos ? what : what.substr(dash + 3);
}

// A number that JSON can write but no double holds (`1e400`). JSON.parse reads it as
// Infinity, which no JSON text can hold again: Conform makes it an input error (README,
// "Numbers").
std::string numberOutOfRangeMessage(std::string_view token)
{
    constexpr std::size_t kShown = 32; // a number may be a million digits long
    const std::string shown = token.size() > kShown ? std::string(token.substr(0, kShown)) + "..." : std::string(token);
    return "number out of range: " + escapeForMessage(shown) + " is too large for a double";
}

std::string describe(std::string_view text, std::size_t offset)
{
    const LineColumn at = lineColumnAt(text, offset);
    return "line " + std::to_string(at.line) + ", column " + std::to_string(at.column);
}

// The offset of the bracket that takes nesting past `maxDepth`, or npos. A linear scan that
// skips strings, run before the real parse so that a hostile document never becomes a tree.
std::size_t tooDeepAt(std::string_view text, std::size_t maxDepth)
{
    if (text::countOpeners(text).openers <= maxDepth) // too few brackets to nest that deep
        return std::string_view::npos;
    std::size_t depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > maxDepth)
                return i;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::string_view::npos;
}

} // namespace

namespace {

// Reads every event and keeps nothing; remembers the first error nlohmann reports: a parse
// error (with its byte), or a number no double holds (`1e400`: nlohmann's out_of_range 406,
// which its parser would otherwise throw past every caller that catches only parse errors).
struct NoTree : nlohmann::json_sax<Json>
{
    std::optional<std::string> error; // in a person's words
    std::size_t errorAt = 0;           // the 0-based offset it is reported at

    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& ex) override
    {
        if (const auto* parseError = dynamic_cast<const Json::parse_error*>(&ex)) {
            error = escapeForMessage(shortMessage(parseError->what()));
            errorAt = parseError->byte > 0 ? parseError->byte - 1 : 0;
        } else {
            // Only out_of_range 406 reaches here: `position` is just past the number.
            error = numberOutOfRangeMessage(token);
            errorAt = position >= token.size() ? position - token.size() : 0;
        }
        return false;
    }
};

// nlohmann's reading of `text` without a tree: its error, if any, in NoTree's fields.
NoTree readWithoutTree(std::string_view text)
{
    NoTree sax;
    Json::sax_parse(text.begin(), text.end(), &sax, nlohmann::detail::input_format_t::json, /*strict=*/true,
                    /*ignore_comments=*/false);
    return sax;
}

} // namespace

Status checkStrict(std::string_view text, std::size_t maxDepth)
{
    if (const std::size_t at = text.find('\0'); at != std::string_view::npos)
        return Error{"a NUL byte (U+0000) is not allowed in JSON text", describe(text, at)};
    if (const std::size_t at = tooDeepAt(text, maxDepth); at != std::string_view::npos)
        return Error{"nesting deeper than " + std::to_string(maxDepth) + " levels", describe(text, at)};
    // nlohmann reads about 80 instructions a byte; a line cut off near its end would be read
    // whole for an error in its last token. Its state just past a bracket, comma or colon is
    // which containers are open and what comes next, so it reads a short opening that
    // restores that state and then the text from there, and meets the same error (its words
    // leave out where: the byte is mapped back). The whole text is read when that point is
    // near its start, or should the short read disagree.
    std::string opening;
    if (const std::size_t resume = detail::strictPrefixEnd(text, opening); resume > opening.size() + 64) {
        const NoTree sax = readWithoutTree(opening + std::string(text.substr(resume)));
        if (sax.error && sax.errorAt >= opening.size())
            return Error{*sax.error, describe(text, sax.errorAt - opening.size() + resume)};
    }
    const NoTree sax = readWithoutTree(text);
    if (sax.error)
        return Error{*sax.error, describe(text, sax.errorAt)};
    return Done{};
}

Result<Json> parseStrict(std::string_view text, std::size_t maxDepth)
{
    // nlohmann's lexer takes a NUL byte for the end of the input, so `{"a":1}<NUL>{"b":` would
    // pass as {"a":1}. No JSON text holds a raw NUL (inside a string it must be escaped).
    if (const std::size_t at = text.find('\0'); at != std::string_view::npos)
        return Error{"a NUL byte (U+0000) is not allowed in JSON text", describe(text, at)};
    if (const std::size_t at = tooDeepAt(text, maxDepth); at != std::string_view::npos)
        return Error{"nesting deeper than " + std::to_string(maxDepth) + " levels", describe(text, at)};
    try {
        return Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/true, /*ignore_comments=*/false);
    } catch (const Json::parse_error& e) {
        // The message quotes what was read, which may be any bytes: escaped, it stays text.
        return Error{escapeForMessage(shortMessage(e.what())), describe(text, e.byte > 0 ? e.byte - 1 : 0)};
    } catch (const Json::out_of_range&) {
        // A number no double holds; its exception says neither where nor which: read again
        // without a tree, which keeps both (the rare path, so the second read costs nothing).
        const NoTree sax = readWithoutTree(text);
        return Error{sax.error.value_or("number out of range"), describe(text, sax.errorAt)};
    }
}

} // namespace conform::json
