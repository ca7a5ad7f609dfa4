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
    fix(quote == Quote::Escaped ? FixKind::EscapedQuotes : FixKind::OddQuotes, m_pos, length, "\"");
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
        fix(FixKind::MissingBracket, at, 0, "}");
        closeTop(at);
        fix(FixKind::MissingComma, at, 0, ",");
        m_expect = Expect::Value;
        return true;
    }
    fix(FixKind::MissingComma, at, 0, ","); // before the deletion: insertions at one offset come first
    m_stack.back().insertedCommaAt = at;
    strayChar(m_pos, 1, FixKind::Ambiguous);
    m_expect = Expect::KeyOrEnd;
    return true;
}

// `[{"i":1,{"i":2}]`: after a member and its comma, an object or array where the next key
// should be. In an array the object was left open before its comma: close it there, and the
// comma separates the two. Elsewhere no reading keeps every item, as above.
bool Repairer::containerAfterComma()
{
    Frame& f = m_stack.back();
    const std::size_t comma = f.commaAt;
    if (comma != npos && m_stack.size() >= 2 && !m_stack[m_stack.size() - 2].object) {
        fix(FixKind::MissingBracket, comma, 0, "}");
        f.commaAt = npos;
        closeTop(comma);
        m_stack.back().commaAt = comma;
        m_expect = Expect::Value;
        return true;
    }
    // `{{"a":1}}` (a template's doubled brace) loses nothing with the brace gone.
    strayChar(m_pos, 1, f.count > 0 ? FixKind::Ambiguous : FixKind::StrayCharacter);
    return true;
}

// Past white space and short comments from `from` (`"a" /* x */ + "b"`): where the next token
// starts, the text's size when it ends first, or a comment's start when it does not close
// within the look-ahead.
std::size_t Repairer::spaceAndComments(std::size_t from) const
{
    const std::string_view t = m_text;
    const std::size_t limit = from + kLookAhead;
    std::size_t j = from;
    while (j < t.size() && j < limit) {
        if (isSpace(t[j])) {
            ++j;
        } else if (t[j] == '/' && j + 1 < t.size() && (t[j + 1] == '*' || t[j + 1] == '/')) {
            const std::string_view end = t[j + 1] == '*' ? "*/" : "\n";
            const std::size_t close = t.substr(0, std::min(t.size(), limit)).find(end, j + 2);
            if (close == std::string_view::npos)
                return limit < t.size() ? j : t.size();
            j = close + end.size();
        } else if (t[j] == '/' && j + 1 >= t.size()) {
            return t.size();
        } else {
            return j;
        }
    }
    return j;
}

// Whether the `+` at `plusAt` is followed, past white space, by an opening quote (at
// `*quoteAt`): 1 yes, 0 no, -1 the text ends before that can be told.
int Repairer::plusThenQuote(std::size_t plusAt, std::size_t* quoteAt) const
{
    const std::string_view t = m_text;
    const std::size_t j = spaceAndComments(plusAt + 1);
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
    fix(FixKind::ConcatenatedString, m_lastStringCloser, j + 1 - m_lastStringCloser, {});
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
    const std::size_t j = spaceAndComments(m_pos);
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

// A `"` inside a value string that opens what reads as the next item, so the string lacked
// its closing quote and ends before what separates the two: a comma (`{"a":"b,"c":"d"}`,
// `["a, "b"]`, `["a,` newline `"b"]`), closers that match the open containers and a comma
// (`[{"a":"x},{"a":"y"}]`), or only a line break (`["a` newline `"b"]`). With a comma the
// reading is plain (`missing_quote`); with a line break alone the boundary is a guess
// (`guessed_missing_quote`, and the parser then inserts the comma). The bytes between are
// read again as structure: bounded, so every byte is still read a bounded number of times.
// 1 ended, 0 the quote is text, -1 wait for more text.
int Repairer::endsBeforeNextItem(std::size_t quoteAt)
{
    if (m_stack.empty())
        return 0;
    const std::string_view t = m_text;
    const std::size_t floor = std::max(m_contentStart, quoteAt > kLookAhead ? quoteAt - kLookAhead : 0);
    std::size_t j = quoteAt;
    bool lineBreak = false;
    std::size_t spacesFrom = j; // where the last run of white space read backwards ends
    const auto spacesBack = [&] {
        spacesFrom = j;
        while (j > floor && isSpace(t[j - 1])) {
            lineBreak = lineBreak || t[j - 1] == '\n' || t[j - 1] == '\r';
            --j;
        }
    };
    spacesBack();
    char opener = 0;
    if (j > floor && (t[j - 1] == '{' || t[j - 1] == '[')) {
        opener = t[j - 1];
        --j;
        spacesBack();
    }
    bool comma = false;
    if (j > floor && t[j - 1] == ',') {
        comma = true;
        --j;
        spacesBack();
    }
    std::string closers; // read backwards: the last one here closes the innermost container
    while (j > floor && (t[j - 1] == '}' || t[j - 1] == ']')) {
        closers += t[j - 1];
        --j;
        spacesBack();
    }
    // Spaces at the end of the text stay in it, unless a line break shows they are layout.
    if (const std::string_view tail = t.substr(j, spacesFrom - j); tail.find_first_of("\r\n") == npos)
        j = spacesFrom;
    if (j <= m_contentStart || (!comma && !lineBreak))
        return 0;
    if (closers.size() >= m_stack.size())
        return 0;
    for (std::size_t k = 0; k < closers.size(); ++k) // forwards, each closes the next container out
        if (closers[closers.size() - 1 - k] != (m_stack[m_stack.size() - 1 - k].object ? '}' : ']'))
            return 0;
    const bool intoObject = m_stack[m_stack.size() - 1 - closers.size()].object;
    if (opener && intoObject)
        return 0; // a container cannot be a member
    const bool keyFollows = opener ? opener == '{' : intoObject;
    const int r = quotedThen(quoteAt, keyFollows ? ":" : ",]");
    if (r != 1)
        return r;
    dropRead(j, quoteAt);
    endStringAt(j, comma ? FixKind::MissingQuote : FixKind::GuessedMissingQuote);
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
    // Spaces before the delimiter stay in the text, unless a line break shows they are layout.
    const std::string_view t = m_text;
    std::size_t end = at;
    while (end > m_contentStart && isSpace(t[end - 1]))
        --end;
    if (t.substr(end, at - end).find_first_of("\r\n") == npos)
        end = at;
    dropRead(end, at);
    // At a comma the string may as well have held it (`["hello, world]`): a guess. So is any
    // end when a quote inside was read as text (`["a" "b" 3]`): that one may have closed it.
    endStringAt(end, c == ',' || quoteReadAsText() ? FixKind::GuessedMissingQuote : FixKind::MissingQuote);
    return 1;
}

// Whether the open string holds a quote read as text (an `unescaped_quote` fix inside it).
// The fixes inside one string, read from the end: once per parse, where this is asked.
bool Repairer::quoteReadAsText() const
{
    const std::vector<FixEntry>& fixes = m_log.fixes();
    for (auto it = fixes.rbegin(); it != fixes.rend() && it->offset >= m_contentStart; ++it)
        if (it->kind == FixKind::UnescapedQuote)
            return true;
    return false;
}

// The bytes [from, to) of white space and punctuation were read into the open string, one
// character each but a CR LF pair: they are not the string's after all.
void Repairer::dropRead(std::size_t from, std::size_t to)
{
    std::size_t read = to - from;
    for (std::size_t k = from; k + 1 < to; ++k)
        read -= m_text[k] == '\r' && m_text[k + 1] == '\n' ? 1 : 0;
    m_str.resize(m_str.size() - std::min(read, m_str.size()));
    m_strCopied = std::string::npos;
}

// The open string ends at `at`, where its closing quote was missing.
void Repairer::endStringAt(std::size_t at, FixKind kind)
{
    m_log.dropFrom(at); // fixes inside the part that is no longer the string's
    fix(kind, at, 0, "\"");
    m_token = Token::None;
    m_pos = at;
    m_stopAtDelimiter = false;
    completeString(at, at);
    m_lastIsString = false; // no closing quote for a concatenation to replace
    m_str.clear();
    m_strCopied = 0;
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
    m_strCopied = 0;
    m_scan = m_contentStart;
    m_stopAtDelimiter = true;
    return true;
}

} // namespace conform::json::detail
