// The lexical half of the repairer: strings, numbers, bare words, placeholders, comments.
// Every token keeps how far it has been read (m_scan), so a token split across chunks is
// never read twice.
#include "json/repairer.h"
#include "base/hex.h"

#include "json/repairer_words.h"
#include "json/text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace conform::json::detail {

using namespace text;

namespace {

// Bytes that end a run of plain string content, per kind of opening quote.
using ByteTable = std::array<bool, 256>;

// `stop`: a string being read again to end at a delimiter also stops at `,` `}` `]`.
ByteTable specialBytes(char quote, bool stop)
{
    ByteTable t{};
    for (int b = 0; b < 256; ++b)
        t[b] = b < 0x20 || b >= 0x80 || b == '\\' || b == '"' || b == quote
            || (stop && (b == ',' || b == '}' || b == ']'));
    return t;
}

const ByteTable& specials(char quote, bool stop)
{
    static const std::array<ByteTable, 6> tables{specialBytes('"', false), specialBytes('\'', false),
                                                 specialBytes('`', false),  specialBytes('"', true),
                                                 specialBytes('\'', true),  specialBytes('`', true)};
    const std::size_t column = quote == '\'' ? 1 : quote == '`' ? 2 : 0;
    return tables[column + (stop ? 3 : 0)];
}

bool isJsonNumber(std::string_view s)
{
    return !s.empty() && text::jsonNumberLength(s) == s.size();
}

// Repairs a number token the way JSON.parse would have wanted it; empty when it is no number.
std::string normalizeNumber(std::string_view raw, bool* changed)
{
    std::string s(raw);
    if (!s.empty() && s[0] == '+')
        s.erase(0, 1);
    const std::size_t body = !s.empty() && s[0] == '-' ? 1 : 0;
    if (body < s.size() && s[body] == '.')
        s = s.substr(0, body) + "0" + s.substr(body); // (insert() trips a GCC 12 -Wrestrict false alarm)
    while (s.size() > body + 1 && s[body] == '0' && isDigit(s[body + 1]))
        s.erase(body, 1);
    while (!s.empty() && (s.back() == '.' || s.back() == 'e' || s.back() == 'E' || s.back() == '+' || s.back() == '-'))
        s.pop_back();
    *changed = s != raw;
    return isJsonNumber(s) ? s : std::string();
}

} // namespace

bool plainInteger(std::string_view s, std::int64_t* value)
{
    const bool negative = !s.empty() && s[0] == '-';
    const std::string_view digits = s.substr(negative ? 1 : 0);
    if (digits.empty() || digits.size() > 18 || (digits[0] == '0' && digits.size() > 1))
        return false;
    std::int64_t v = 0;
    for (const char c : digits) {
        if (!isDigit(c))
            return false;
        v = v * 10 + (c - '0');
    }
    *value = negative ? -v : v;
    return true;
}

Json numberValue(std::string_view s)
{
    const char* first = s.data();
    const char* last = s.data() + s.size();
    if (s.find_first_of(".eE") == std::string_view::npos) {
        std::int64_t i = 0;
        if (std::from_chars(first, last, i).ec == std::errc())
            return Json(i);
        std::uint64_t u = 0;
        if (s[0] != '-' && std::from_chars(first, last, u).ec == std::errc())
            return Json(u);
    }
    double d = 0;
    const auto [ptr, ec] = std::from_chars(first, last, d);
    if (ec == std::errc::result_out_of_range) {
        // Too large or too small for a double: JSON.parse gives ±Infinity or 0.
        const std::size_t e = s.find_first_of("eE");
        const bool tiny = e != std::string_view::npos && s.substr(e + 1).starts_with('-');
        d = tiny ? 0.0 : (s[0] == '-' ? -HUGE_VAL : HUGE_VAL);
    }
    return Json(d);
}

// A number no double holds (1e400) is null, with a value-changing fix (strict mode refuses
// it): a tree holding an infinity would be written as null later anyway, without a word.
Json Repairer::finiteNumber(std::string_view json, std::size_t offset, std::size_t length)
{
    Json value = numberValue(json);
    if (!value.is_number_float() || std::isfinite(value.get<double>()))
        return value;
    fix(FixKind::NumberOutOfRange, offset, length, "null");
    return Json(nullptr);
}

const Literal* literalFor(std::string_view word)
{
    static const std::array<Literal, 9> literals{{
        {"true", Json(true), "true", std::nullopt},
        {"false", Json(false), "false", std::nullopt},
        {"null", Json(nullptr), "null", std::nullopt},
        {"True", Json(true), "true", FixKind::PythonLiteral},
        {"False", Json(false), "false", FixKind::PythonLiteral},
        {"None", Json(nullptr), "null", FixKind::PythonLiteral},
        {"undefined", Json(nullptr), "null", FixKind::InvalidLiteral},
        {"NaN", Json(nullptr), "null", FixKind::InvalidLiteral},
        {"Infinity", Json(nullptr), "null", FixKind::InvalidLiteral},
    }};
    for (const Literal& l : literals)
        if (l.word == word)
            return &l;
    return nullptr;
}

bool Repairer::continueToken()
{
    switch (m_token) {
    case Token::String: return continueString();
    case Token::Number: return continueNumber();
    case Token::Word: return continueWord();
    case Token::Dots: return continueDots();
    case Token::LineComment:
    case Token::BlockComment: return continueComment();
    case Token::None: return true;
    }
    return true;
}

void Repairer::startString(Quote quote, std::size_t openerLength, bool key)
{
    if (!key)
        elementStarts();
    startToken(Token::String, m_pos + openerLength);
    m_quote = quote;
    m_tokenIsKey = key;
    m_contentStart = m_pos + openerLength;
    m_stopAtDelimiter = false;
    m_str.clear();
    m_strCopied = 0;
}

// The ASCII quote that may close the open string (typographic and acute closers are UTF-8,
// the escaped closer starts with a backslash; those are found where such bytes are read).
bool Repairer::closesString(char c) const
{
    switch (m_quote) {
    case Quote::Single: return c == '\'';
    case Quote::Backtick: return c == '`';
    default: return c == '"';
    }
}

bool Repairer::continueString()
{
    const std::string_view t = m_text;
    const char quote = m_quote == Quote::Single ? '\'' : m_quote == Quote::Backtick ? '`' : '"';
    const ByteTable& table = specials(quote, m_stopAtDelimiter);
    std::size_t i = m_scan;
    while (true) {
        const std::size_t run = i;
        if (m_stopAtDelimiter) {
            while (i < t.size() && !table[static_cast<unsigned char>(t[i])])
                ++i;
        } else {
            i = findStringSpecial(t, i, quote, '"', true); // the table's bytes, found 16 at a time
        }
        m_str.append(t.data() + run, i - run);
        m_strCopied += i - run;
        m_scan = i;
        if (i >= t.size())
            return finishTruncatedString(i);
        const char c = t[i];
        const auto u = static_cast<unsigned char>(c);
        int r = 0;
        if (c == '\\') {
            r = stringEscape(i);
        } else if (u < 0x20) {
            r = stringControl(i);
        } else if (u >= 0x80) {
            r = stringUtf8(i);
        } else if (closesString(c)) {
            r = decideClose(i, 1);
            if (r == 1)
                return finishString(i, 1);
            if (r == 0 && c == '"' && !m_tokenIsKey)
                r = endsBeforeNextItem(i); // `"b,"c":` — the quote opens the next key
            if (r == 0) {
                if (c == '"') {
                    fix(FixKind::UnescapedQuote, i, 1, "\\\"");
                }
                m_str += c;
                m_scan = i + 1;
            }
        } else if (c != '"') { // a delimiter, when the string is read again to end at one
            r = delimiterEndsString(i);
            if (r == 0) {
                m_str += c;
                m_scan = i + 1;
            }
        } else { // a double quote inside a single-quoted string
            fix(FixKind::UnescapedQuote, i, 1, "\\\"");
            m_str += c;
            m_scan = i + 1;
        }
        if (r < 0)
            return false;
        if (m_token != Token::String)
            return true;
        i = m_scan;
    }
}

// Whether the quote at `at` closes the string: 1 yes, 0 it is part of the text, -1 wait for
// more text. A quote closes when what follows it could follow a string in JSON.
int Repairer::decideClose(std::size_t at, std::size_t length)
{
    const std::string_view t = m_text;
    std::size_t j = at + length;
    const std::size_t limit = j + 256; // a long run of blanks ends the string: bounded lookahead
    while (j < t.size() && j < limit && (t[j] == ' ' || t[j] == '\t'))
        ++j;
    if (j >= t.size())
        return m_final ? 1 : -1;
    if (j >= limit || m_tokenIsKey)
        return 1;
    const char c = t[j];
    if (c == ',' || c == '}' || c == ']' || c == ':' || c == '\n' || c == '\r' || c == '"')
        return 1;
    std::size_t quoteAt = 0;
    if (c == '+') // `"a" + "b"`: the quote closes when a string follows the plus
        return plusThenQuote(j, &quoteAt);
    if (c == '\'' && m_quote == Quote::Single)
        return 1;
    if (c == '/' && j + 1 < t.size() && (t[j + 1] == '/' || t[j + 1] == '*'))
        return 1;
    bool incomplete = false;
    const Mark mark = markAt(t, j, &incomplete);
    if (incomplete && !m_final)
        return -1;
    if (mark != Mark::None && mark != Mark::Ellipsis)
        return 1;
    return valueFollows(j);
}

// Past the blanks after a quote, at `at`: a value that stands alone (a number or literal
// followed by a delimiter, an object or array opening): the quote closed the string and a
// comma is missing (`["a" 2]`), rather than a quote inside the text (`"5" stars"`). 1 yes,
// 0 no, -1 the text ends before that can be told. Bounded.
int Repairer::valueFollows(std::size_t at) const
{
    const std::string_view t = m_text;
    const std::size_t limit = std::min(t.size(), at + 64);
    std::size_t j = at;
    const char c = t[j];
    if (c == '{' || c == '[') {
        ++j;
        while (j < limit && isSpace(t[j]))
            ++j;
        if (j >= t.size())
            return m_final ? 0 : -1;
        const char d = t[j];
        return d == '"' || (c == '{' ? d == '}' : d == ']' || d == '{' || d == '[' || d == '-' || isDigit(d)) ? 1 : 0;
    }
    if (isDigit(c) || c == '-') {
        while (j < limit && isNumberChar(t[j]))
            ++j;
    } else if (isIdentStart(c)) {
        while (j < limit && isIdent(t[j]))
            ++j;
        const std::string_view word = t.substr(at, j - at);
        if ((j < t.size() || m_final) && word != "true" && word != "false" && word != "null")
            return 0;
    } else {
        return 0;
    }
    const std::size_t valueEnd = j;
    while (j < limit && (t[j] == ' ' || t[j] == '\t'))
        ++j;
    if (j >= t.size())
        return m_final ? 1 : -1;
    if (j >= limit)
        return 0;
    const char d = t[j];
    // A delimiter, or after a blank the next string or number with its comma missing too
    // (`["a" "b" 3 4]`; not a word: `"5 stars"` is text).
    const auto literalAt = [&](std::size_t k) {
        for (std::string_view word : {"true", "false", "null"})
            if (t.substr(k, word.size()) == word && (k + word.size() >= t.size() || !isIdent(t[k + word.size()])))
                return true;
        return false;
    };
    return d == ',' || d == ']' || d == '}' || d == '\n' || d == '\r'
            || (j > valueEnd && (d == '"' || isDigit(d) || literalAt(j)))
        ? 1
        : 0;
}

int Repairer::stringEscape(std::size_t at)
{
    const std::string_view t = m_text;
    if (at + 1 >= t.size())
        return m_final ? (finishTruncatedString(at), 1) : -1;
    const char e = t[at + 1];
    if (e == '"' && m_quote == Quote::Escaped) {
        const int r = decideClose(at, 2);
        if (r != 0)
            return r > 0 ? (finishString(at, 2), 1) : -1;
    }
    static constexpr std::string_view simple = "\"\\/bfnrt";
    static constexpr std::string_view decoded = "\"\\/\b\f\n\r\t";
    if (const std::size_t k = simple.find(e); k != std::string_view::npos) {
        m_str += decoded[k];
        m_scan = at + 2;
        return 1;
    }
    if (e == '\'') {
        fix(FixKind::InvalidEscape, at, 2, "'");
        m_str += '\'';
        m_scan = at + 2;
        return 1;
    }
    if (e == 'u') {
        if (at + 6 > t.size())
            return m_final ? (finishTruncatedString(at), 1) : -1;
        const int cp = readHex4(t, at + 2);
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (at + 12 > t.size() && !m_final)
                return -1;
            const int low = at + 12 <= t.size() && t[at + 6] == '\\' && t[at + 7] == 'u' ? readHex4(t, at + 8) : -1;
            if (low >= 0xDC00 && low <= 0xDFFF) {
                appendUtf8(m_str, 0x10000 + ((static_cast<std::uint32_t>(cp) - 0xD800) << 10) + (low - 0xDC00));
                m_scan = at + 12;
                return 1;
            }
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) { // a lone surrogate cannot become UTF-8
            fix(FixKind::InvalidEscape, at, 6, "\\ufffd");
            m_str += kReplacement;
            m_scan = at + 6;
            return 1;
        }
        if (cp >= 0) {
            appendUtf8(m_str, static_cast<std::uint32_t>(cp));
            m_scan = at + 6;
            return 1;
        }
    }
    // An unknown escape: the backslash was meant literally.
    fix(FixKind::InvalidEscape, at, 1, "\\\\");
    m_str += '\\';
    m_scan = at + 1;
    return 1;
}

int Repairer::stringControl(std::size_t at)
{
    const std::string_view t = m_text;
    const char c = t[at];
    if (c == '\r') {
        if (at + 1 >= t.size() && !m_final)
            return -1;
        if (at + 1 < t.size() && t[at + 1] == '\n') {
            fix(FixKind::Crlf, at, 2, "\\n");
            m_str += '\n';
            m_scan = at + 2;
            return 1;
        }
    }
    static constexpr std::string_view names = "\b\f\n\r\t";
    static constexpr std::array<std::string_view, 5> escapes{"\\b", "\\f", "\\n", "\\r", "\\t"};
    std::string escaped;
    if (const std::size_t k = names.find(c); k != std::string_view::npos) {
        escaped = escapes[k];
    } else {
        static constexpr char hex[] = "0123456789abcdef";
        escaped = "\\u00";
        escaped += hex[(c >> 4) & 0xF];
        escaped += hex[c & 0xF];
    }
    fix(FixKind::ControlCharacter, at, 1, escaped);
    m_str += c;
    m_scan = at + 1;
    return 1;
}

int Repairer::stringUtf8(std::size_t at)
{
    const std::string_view t = m_text;
    if (m_quote == Quote::Acute && t.substr(at, 2) == kAcute) {
        const int r = decideClose(at, 2);
        if (r != 0)
            return r > 0 ? (finishString(at, 2), 1) : -1;
    }
    if (m_quote == Quote::Acute && at + 1 >= t.size() && !m_final)
        return -1;
    if (m_quote == Quote::TypoDouble || m_quote == Quote::TypoSingle) {
        bool incomplete = false;
        const Mark mark = markAt(t, at, &incomplete);
        if (incomplete && !m_final)
            return -1;
        const bool closer = m_quote == Quote::TypoDouble ? (mark == Mark::RightDouble || mark == Mark::LeftDouble)
                                                         : mark == Mark::RightSingle;
        if (closer) {
            const int r = decideClose(at, 3);
            if (r == 1)
                return finishString(at, 3), 1;
            if (r < 0)
                return -1;
        }
    }
    const int n = utf8SequenceAt(t, at);
    if (n < 0 && !m_final)
        return -1;
    if (n <= 0) {
        fix(FixKind::InvalidUtf8, at, 1, kReplacement);
        m_str += kReplacement;
        m_scan = at + 1;
        return 1;
    }
    m_str.append(t.data() + at, static_cast<std::size_t>(n));
    m_strCopied += static_cast<std::size_t>(n);
    m_scan = at + static_cast<std::size_t>(n);
    return 1;
}

// A string value is complete: a new value, or the tail of a concatenation.
void Repairer::completeString(std::size_t endAt, std::size_t closerAt)
{
    if (m_concat && m_lastIsString) {
        appendToLastString(m_str);
        if (m_options.sourceMap)
            m_map.extendLast(endAt);
        valueCompleted(endAt);
    } else {
        addString(m_str, m_tokenStart, endAt, strIsPlain(), &m_str);
    }
    m_concat = false;
    m_lastStringCloser = closerAt;
}

bool Repairer::finishString(std::size_t closerAt, std::size_t closerLength)
{
    if (m_quote != Quote::Double && !(closerLength == 1 && m_text[closerAt] == '"')) {
        const FixKind kind = m_quote == Quote::Single ? FixKind::SingleQuotes
            : m_quote == Quote::Escaped             ? FixKind::EscapedQuotes
            : closerLength == 3                     ? FixKind::TypographicQuotes
                                                    : FixKind::OddQuotes;
        fix(kind, closerAt, closerLength, "\"");
    }
    const std::size_t endAt = closerAt + closerLength;
    m_token = Token::None;
    m_pos = endAt;
    if (m_tokenIsKey) {
        Frame& f = m_stack.back();
        f.keyIsPlain = strIsPlain();
        f.key = m_str; // a copy: moving would take m_str's buffer, grown for long strings
        f.keyEnd = endAt;
        m_expect = Expect::Colon;
    } else {
        completeString(endAt, closerAt);
    }
    m_str.clear();
    m_strCopied = 0;
    return true;
}

// The text ended inside a string. A key is left for closeAtEnd to drop; a value is kept with
// its missing quote (or its half escape replaced by one).
bool Repairer::finishTruncatedString(std::size_t at)
{
    if (!m_final)
        return false;
    if (!m_tokenIsKey && rescanToDelimiter())
        return continueString();
    const std::size_t end = m_text.size();
    m_token = Token::None;
    m_pos = end;
    m_truncated = true;
    if (m_tokenIsKey) {
        m_expect = Expect::Colon;
        m_str.clear();
        m_strCopied = 0;
        return true;
    }
    fix(FixKind::TruncatedString, at, end - at, "\"");
    completeString(end, end);
    m_lastIsString = false; // nothing can follow the end of the text
    m_str.clear();
    m_strCopied = 0;
    return true;
}

bool Repairer::continueNumber()
{
    const std::string_view t = m_text;
    std::size_t i = m_scan;
    while (i < t.size() && isNumberChar(t[i]))
        ++i;
    m_scan = i;
    if (i >= t.size() && !m_final)
        return false;
    if (i < t.size() && (isIdentStart(t[i]) || static_cast<unsigned char>(t[i]) >= 0x80)) {
        m_token = Token::Word; // "12px", "2024-05-01T10:00": text, not a number
        m_tokenIsKey = false;
        m_wordPhase2 = true;
        return true;
    }
    const std::string_view raw = t.substr(m_tokenStart, i - m_tokenStart);
    if (std::int64_t v = 0; plainInteger(raw, &v)) {
        m_token = Token::None;
        m_pos = i;
        addInteger(v, raw, m_tokenStart, i);
        return true;
    }
    bool changed = false;
    const std::string normal = normalizeNumber(raw, &changed);
    if (normal.empty()) {
        m_token = Token::Word;
        m_tokenIsKey = false;
        m_wordPhase2 = true;
        return finishUnquotedString(i);
    }
    if (changed) {
        const bool cut = i >= t.size() && normal.size() < raw.size() && isNumberChar(raw.back()) && !isDigit(raw.back());
        fix(cut ? FixKind::TruncatedNumber : FixKind::InvalidNumber, m_tokenStart, raw.size(), normal);
    }
    m_token = Token::None;
    m_pos = i;
    addValue(finiteNumber(normal, m_tokenStart, raw.size()), m_tokenStart, i);
    return true;
}

bool Repairer::continueWord()
{
    const std::string_view t = m_text;
    std::size_t i = m_scan;
    if (m_wordPhase2) {
        while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && t[i] != '\n' && t[i] != '\r')
            ++i;
        m_scan = i;
        if (i >= t.size() && !m_final)
            return false;
        return finishUnquotedString(i);
    }
    while (i < t.size() && isIdent(t[i]))
        ++i;
    m_scan = i;
    if (i >= t.size() && !m_final)
        return false;
    const std::string_view word = t.substr(m_tokenStart, i - m_tokenStart);
    if (!m_tokenIsKey && i < t.size() && t[i] == '(') {
        const int r = unwrapMongoCall(i);
        if (r != 0)
            return r > 0;
    }
    if (m_tokenIsKey) {
        std::size_t quoteAt = 0;
        const int r = closingQuoteOfKey(i, &quoteAt);
        if (r < 0)
            return false;
        if (r > 0) { // `{a": 1}`: only the opening quote is missing
            fix(FixKind::MissingQuote, m_tokenStart, 0, "\"");
            Frame& f = m_stack.back();
            f.key = std::string(t.substr(m_tokenStart, quoteAt - m_tokenStart));
            f.keyIsPlain = false;
            f.keyEnd = quoteAt + 1;
            m_token = Token::None;
            m_pos = quoteAt + 1;
            m_expect = Expect::Colon;
            return true;
        }
        fix(FixKind::UnquotedKey, m_tokenStart, word.size(), "\"" + std::string(word) + "\"");
        Frame& f = m_stack.back();
        f.key = std::string(word);
        f.keyIsPlain = false;
        f.keyEnd = i;
        m_token = Token::None;
        m_pos = i;
        m_expect = Expect::Colon;
        return true;
    }
    if (const Literal* literal = literalFor(word)) {
        if (literal->kind)
            fix(*literal->kind, m_tokenStart, word.size(), literal->json);
        m_token = Token::None;
        m_pos = i;
        addLiteral(literal->value, literal->json, m_tokenStart, i);
        return true;
    }
    if (i >= t.size()) { // "tr" at the very end: the model was cut off writing `true`
        for (std::string_view full : {"true", "false", "null"}) {
            if (full.size() > word.size() && full.starts_with(word)) {
                fix(FixKind::TruncatedLiteral, m_tokenStart, word.size(), full);
                m_token = Token::None;
                m_pos = i;
                m_truncated = true;
                addLiteral(literalFor(full)->value, full, m_tokenStart, i);
                return true;
            }
        }
    }
    m_wordPhase2 = true;
    return continueWord();
}

// `ObjectId("…")`, `ISODate("…")`, `NumberLong("2")` from a Mongo shell, at the `(` after the
// name: the wrapper goes and the argument stays, a number for the Number types. 1 unwrapped,
// 0 not such a call, -1 the text ends before that can be told. The argument is short.
int Repairer::unwrapMongoCall(std::size_t openAt)
{
    static constexpr std::array<std::string_view, 6> names{"ObjectId",  "ISODate",       "NumberLong",
                                                           "NumberInt", "NumberDecimal", "NumberDouble"};
    const std::string_view t = m_text;
    const std::string_view name = t.substr(m_tokenStart, openAt - m_tokenStart);
    if (std::find(names.begin(), names.end(), name) == names.end())
        return 0;
    const std::size_t limit = std::min(t.size(), openAt + 256);
    const auto blanks = [&](std::size_t j) {
        while (j < limit && (t[j] == ' ' || t[j] == '\t'))
            ++j;
        return j;
    };
    std::size_t j = blanks(openAt + 1);
    const bool quoted = j < limit && (t[j] == '"' || t[j] == '\'');
    const std::size_t argBegin = quoted ? j + 1 : j;
    if (quoted) {
        for (++j; j < limit && t[j] != t[argBegin - 1]; ++j)
            if (t[j] == '\\' || static_cast<unsigned char>(t[j]) < 0x20)
                return 0;
    } else {
        while (j < limit && isNumberChar(t[j]))
            ++j;
    }
    const std::size_t argEnd = j;
    j = blanks(quoted && j < limit ? j + 1 : j);
    if (j >= limit)
        return j >= t.size() && !m_final ? -1 : 0;
    if (t[j] != ')')
        return 0;
    const std::string_view arg = t.substr(argBegin, argEnd - argBegin);
    bool changed = false;
    const std::string number = name.starts_with("Number") ? normalizeNumber(arg, &changed) : std::string();
    if (number.empty() && !quoted)
        return 0;
    Json value = number.empty() ? Json(sanitizeUtf8(arg)) : finiteNumber(number, argBegin, arg.size());
    fix(FixKind::MongoWrapper, m_tokenStart, j + 1 - m_tokenStart, conform::dump(value));
    m_token = Token::None;
    m_pos = j + 1;
    addValue(std::move(value), m_tokenStart, m_pos);
    return 1;
}

// A bare key's word ends at `from`: 1 when a closing quote and a colon follow on the line, with
// nothing a key cannot hold before it (`{a": 1}`, `{first name": 1}`; the quote at
// `*quoteAt`), 0 when not, -1 when the text ends before that can be told. Bounded.
int Repairer::closingQuoteOfKey(std::size_t from, std::size_t* quoteAt) const
{
    const std::string_view t = m_text;
    const std::size_t limit = std::min(t.size(), from + 64);
    std::size_t j = from;
    while (j < limit && t[j] != '"' && static_cast<unsigned char>(t[j]) >= 0x20
           && std::string_view("{}[],:\\'`").find(t[j]) == std::string_view::npos)
        ++j;
    if (j >= t.size())
        return m_final ? 0 : -1;
    if (t[j] != '"' || t[j - 1] == ' ')
        return 0;
    *quoteAt = j;
    ++j;
    while (j < limit + 8 && j < t.size() && (t[j] == ' ' || t[j] == '\t'))
        ++j;
    if (j >= t.size())
        return m_final ? 0 : -1;
    return t[j] == ':' && sanitizeUtf8(t.substr(m_tokenStart, *quoteAt - m_tokenStart)).size() == *quoteAt - m_tokenStart
        ? 1
        : 0;
}

bool Repairer::finishUnquotedString(std::size_t endAt)
{
    const std::string_view t = m_text;
    while (endAt > m_tokenStart && (t[endAt - 1] == ' ' || t[endAt - 1] == '\t'))
        --endAt;
    // `[a", "b"]`: a string that lost only its opening quote. Its text must be what a JSON
    // string may hold as it stands (no escapes, control bytes or other quotes), so that the
    // inserted quote alone makes it valid.
    const std::string_view body = t.substr(m_tokenStart, endAt - m_tokenStart);
    if (body.size() >= 2 && body.back() == '"' && body.find_first_of("\"\\") == body.size() - 1
        && std::none_of(body.begin(), body.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; })
        && sanitizeUtf8(body).size() == body.size()) {
        fix(FixKind::MissingQuote, m_tokenStart, 0, "\"");
        m_token = Token::None;
        m_pos = endAt;
        m_str.assign(body.substr(0, body.size() - 1));
        m_strCopied = std::string::npos;
        completeString(endAt, endAt - 1);
        m_str.clear();
        m_strCopied = 0;
        return true;
    }
    std::string value = sanitizeUtf8(t.substr(m_tokenStart, endAt - m_tokenStart));
    Json json(std::move(value));
    fix(FixKind::UnquotedString, m_tokenStart, endAt - m_tokenStart, conform::dump(json));
    m_token = Token::None;
    m_pos = endAt;
    addValue(std::move(json), m_tokenStart, endAt);
    return true;
}

// `...` or `…` where a value or member stands: the model left something out.
bool Repairer::continueDots()
{
    const std::string_view t = m_text;
    std::size_t i = m_scan;
    while (i < t.size()) {
        if (t[i] == '.') {
            ++i;
        } else if (markAt(t, i) == Mark::Ellipsis) {
            i += 3;
        } else {
            bool incomplete = false;
            markAt(t, i, &incomplete);
            if (incomplete && !m_final) {
                m_scan = i;
                return false;
            }
            break;
        }
    }
    m_scan = i;
    if (i >= t.size() && !m_final)
        return false;
    m_token = Token::None;
    m_pos = i;
    if (m_stack.empty()) {
        fix(FixKind::Placeholder, m_tokenStart, i - m_tokenStart, {});
        return true;
    }
    Frame& f = m_stack.back();
    if (f.object && m_expect == Expect::Value) {
        fix(FixKind::Placeholder, m_tokenStart, i - m_tokenStart, "null");
        elementStarts();
        addValue(Json(nullptr), m_tokenStart, i);
    } else if (f.commaAt != std::string::npos) {
        fix(FixKind::Placeholder, f.commaAt, i - f.commaAt, {});
        f.commaAt = std::string::npos;
        m_expect = Expect::CommaOrEnd;
    } else {
        fix(FixKind::Placeholder, m_tokenStart, i - m_tokenStart, {});
    }
    return true;
}

bool Repairer::continueComment()
{
    const std::string_view t = m_text;
    std::size_t end = std::string_view::npos;
    if (m_token == Token::LineComment) {
        const std::size_t nl = t.find('\n', m_scan);
        end = nl;
    } else {
        const std::size_t star = t.find("*/", m_scan);
        end = star == std::string_view::npos ? star : star + 2;
    }
    if (end == std::string_view::npos) {
        if (!m_final) {
            m_scan = t.size() > m_scan + 1 ? t.size() - 1 : m_scan; // "*" may be half of "*/"
            return false;
        }
        end = t.size();
    }
    fix(FixKind::Comment, m_tokenStart, end - m_tokenStart, {});
    m_token = Token::None;
    m_pos = end;
    return true;
}

} // namespace conform::json::detail
