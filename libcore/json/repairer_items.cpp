// The repairer's readings that keep every item: where the text is ambiguous (a string without
// its closing quote, a value where a key should be, `"a" + "b"`, odd quotes), prefer the reading
// under which every token stays; where none does, log `ambiguous`. Every look-ahead here is
// bounded or happens once per parse, so the repairer stays linear on hostile text.
#include "json/repairer.h"

#include "json/text.h"

#include <algorithm>

namespace conform::json::detail {

using namespace text;
static constexpr std::size_t npos = std::string::npos;
static constexpr std::size_t kLookAhead = 128; // how far a key or a short item is looked for

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t'; }

} // namespace

// A backtick, an acute accent or `\"` where a string may start.
bool Repairer::startOddQuote(bool key, bool* handled)
{
    const std::string_view t = m_text;
    const char c = t[m_pos];
    *handled = false;
    if ((c == '\\' || static_cast<unsigned char>(c) == 0xC2) && m_pos + 1 >= t.size() && !m_final)
        return false;
    if (!isOddQuote(t, m_pos))
        return true;
    const Quote quote = c == '`' ? Quote::Backtick : c == '\\' ? Quote::Escaped : Quote::Acute;
    const std::size_t length = c == '`' ? 1 : 2;
    *handled = true;
    fix(quote == Quote::Escaped ? "escaped_quotes" : "odd_quotes", m_pos, length, "\"");
    startString(quote, length, key);
    return true;
}

// Any opening quote that is not ASCII `"` or `'`: typographic, odd or escaped.
bool Repairer::startQuoteLike(bool key, bool* handled)
{
    const char c = m_text[m_pos];
    *handled = false;
    if (static_cast<unsigned char>(c) == 0xE2)
        return startMarkToken(key, handled);
    if (c != '`' && c != '\\' && static_cast<unsigned char>(c) != 0xC2) // the common case: none
        return true;
    return startOddQuote(key, handled);
}

// `[{"i":1{"i":2}]`: an object or array where the next key should be. In an array the object
// was left open: close it and insert the comma, and both objects stay. Elsewhere no reading
// keeps every item (a key would have to be invented), so the bracket goes and says so.
bool Repairer::containerAfterMember()
{
    const std::size_t at = m_lastValueEnd;
    if (m_stack.size() >= 2 && !m_stack[m_stack.size() - 2].object) {
        fix("missing_bracket", at, 0, "}");
        closeTop(at);
        fix("missing_comma", at, 0, ",");
        m_expect = Expect::Value;
        return true;
    }
    fix("missing_comma", at, 0, ","); // before the deletion: insertions at one offset come first
    m_stack.back().insertedCommaAt = at;
    strayChar(m_pos, 1, "ambiguous");
    m_expect = Expect::KeyOrEnd;
    return true;
}

// Whether the `+` at `plusAt` is followed, past white space, by an opening quote (at
// `*quoteAt`): 1 yes, 0 no, -1 the text ends before that can be told.
int Repairer::plusThenQuote(std::size_t plusAt, std::size_t* quoteAt) const
{
    const std::string_view t = m_text;
    std::size_t j = plusAt + 1;
    while (j < t.size() && j < plusAt + kLookAhead && isSpace(t[j]))
        ++j;
    if (j >= t.size())
        return m_final ? 0 : -1;
    *quoteAt = j;
    return t[j] == '"' || t[j] == '\'' ? 1 : 0;
}

// `"a" + "b"` after a string value: 1 the next string joins it, 0 the `+` is no concatenation,
// -1 the text ends before that can be told.
int Repairer::concatenation()
{
    const std::string_view t = m_text;
    std::size_t j = 0;
    if (const int r = plusThenQuote(m_pos, &j); r != 1)
        return r;
    m_log.dropFrom(m_lastStringCloser); // the first string's closing-quote fix, if it had one
    fix("concatenated_string", m_lastStringCloser, j + 1 - m_lastStringCloser, {});
    m_pos = j;
    startString(t[j] == '"' ? Quote::Double : Quote::Single, 1, false);
    m_concat = true;
    return 1;
}

// `"a" + "b"` as the whole value: the concatenation after the root string, as above.
int Repairer::rootConcatenation()
{
    if (!m_lastIsString || !m_stack.empty())
        return 0;
    const std::string_view t = m_text;
    std::size_t j = m_pos;
    while (j < t.size() && j < m_pos + kLookAhead && isSpace(t[j]))
        ++j;
    if (j >= t.size())
        return m_final ? 0 : -1;
    if (t[j] != '+')
        return 0;
    const std::size_t stringEnd = m_pos;
    m_pos = j;
    const int r = concatenation();
    if (r <= 0)
        m_pos = stringEnd; // the value ends at its closing quote (or is read again later)
    return r;
}

// The quoted run opening at `quoteAt` (short, on one line), then blanks, then one of
// `followers`: 1 yes, 0 no, -1 the text ends before that can be told.
int Repairer::quotedThen(std::size_t quoteAt, std::string_view followers) const
{
    const std::string_view t = m_text;
    const char quote = t[quoteAt];
    const std::size_t limit = std::min(t.size(), quoteAt + kLookAhead);
    std::size_t j = quoteAt + 1;
    while (j < limit && t[j] != quote && t[j] != '\n' && t[j] != '\\')
        ++j;
    if (j >= t.size())
        return m_final ? 0 : -1;
    if (j >= limit || t[j] != quote)
        return 0;
    ++j;
    while (j < t.size() && j < limit + kLookAhead && isBlank(t[j]))
        ++j;
    if (j >= t.size())
        return m_final ? 0 : -1;
    return followers.find(t[j]) != std::string_view::npos ? 1 : 0;
}

// A `"` inside a value string, after a comma, that opens what reads as the next item:
// `{"a":"b,"c":"d"}` (a key and its colon follow) or `["a, "b"]` (a string and `,` or `]`).
// The string lacked its closing quote and ends at the comma. 1 ended, 0 the quote is text,
// -1 wait for more text.
int Repairer::endsBeforeNextItem(std::size_t quoteAt)
{
    if (m_stack.empty())
        return 0;
    const std::string_view t = m_text;
    std::size_t comma = quoteAt;
    while (comma > m_contentStart && isBlank(t[comma - 1]))
        --comma;
    if (comma <= m_contentStart || t[comma - 1] != ',')
        return 0;
    --comma;
    const int r = quotedThen(quoteAt, m_stack.back().object ? ":" : ",]");
    if (r != 1)
        return r;
    m_str.resize(m_str.size() - (quoteAt - comma)); // the comma and blanks were read as text
    endStringAt(comma);
    return 1;
}

// Whether a member's key starts after `from` (blanks, a quoted or bare key, a colon).
bool Repairer::keyFollows(std::size_t from) const
{
    const std::string_view t = m_text;
    std::size_t j = from;
    while (j < t.size() && j < from + kLookAhead && isBlank(t[j]))
        ++j;
    if (j >= t.size())
        return false;
    if (t[j] == '"' || t[j] == '\'')
        return quotedThen(j, ":") == 1;
    const std::size_t limit = std::min(t.size(), j + kLookAhead);
    if (!isIdentStart(t[j]))
        return false;
    while (j < limit && isIdent(t[j]))
        ++j;
    while (j < limit && isBlank(t[j]))
        ++j;
    return j < limit && t[j] == ':';
}

// Reading a string again after it ran to the end of the text: the first delimiter that lets
// the rest parse ends it. In an array that is `,` or `]`; in an object `}`, or a `,` a key
// follows. 1 ended, 0 the delimiter is text.
int Repairer::delimiterEndsString(std::size_t at)
{
    const char c = m_text[at];
    const bool object = m_stack.back().object;
    const bool ends = object ? (c == '}' || (c == ',' && keyFollows(at + 1))) : (c == ']' || c == ',');
    if (!ends)
        return 0;
    endStringAt(at);
    return 1;
}

// The open string ends at `at`, where its closing quote was missing.
void Repairer::endStringAt(std::size_t at)
{
    m_log.dropFrom(at); // fixes inside the part that is no longer the string's
    fix("missing_quote", at, 0, "\"");
    m_token = Token::None;
    m_pos = at;
    m_stopAtDelimiter = false;
    completeString(at, at);
    m_lastIsString = false; // no closing quote for a concatenation to replace
    m_str.clear();
}

// A value string ran to the end of the text. When the text ends with a closer, the closing
// quote was missing rather than cut off: read the string again, once per parse, to end at a
// delimiter. True when the string is to be read again from its start.
bool Repairer::rescanToDelimiter()
{
    if (m_rescanned || m_stack.empty())
        return false;
    std::size_t last = m_text.size();
    while (last > m_contentStart && isSpace(m_text[last - 1]))
        --last;
    if (last <= m_contentStart || (m_text[last - 1] != '}' && m_text[last - 1] != ']'))
        return false;
    m_rescanned = true;
    m_log.dropFrom(m_contentStart);
    m_str.clear();
    m_scan = m_contentStart;
    m_stopAtDelimiter = true;
    return true;
}

} // namespace conform::json::detail
