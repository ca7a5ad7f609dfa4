// The plain-token loop. Most of a reply is JSON as it should be, or has one of the mistakes
// that need no judgement past its own token (single quotes, Python's True/False/None), yet
// the step machine spends a few hundred instructions a token on dispatch and on the state a
// token may need to resume. Here a run of such tokens is read straight through, making the
// calls the step machine would make for them, in its order: the output, the fix log and the
// source map come out the same. Anything else (an escape, a quote that may not close its
// string, a word that is no literal, the end of the text) is left where it starts, for the
// step machine: a token is either read whole here or not touched.
#include "json/repairer.h"

#include "json/repairer_words.h"
#include "json/text.h"

namespace conform::json::detail {

using namespace text;
static constexpr std::size_t npos = std::string::npos;

bool Repairer::readPlainRun()
{
    const std::string_view t = m_text;
    const std::size_t first = m_pos;
    while (m_failure.empty() && !m_concat && m_expect != Expect::Done) { // Done: see rootConcatenation()
        const std::size_t at = skipBlanks(t, m_pos);
        if (at >= t.size())
            break;
        m_pos = at;
        m_cancel();
        const char c = t[at];
        bool read = false;
        switch (m_expect) {
        case Expect::Value:
            if (c == '"' || c == '\'')
                read = plainString(c, false);
            else if (isDigit(c) || c == '-')
                read = plainNumber();
            else if (isIdentStart(c))
                read = plainLiteral();
            else
                read = plainStructure(c);
            break;
        case Expect::KeyOrEnd: read = c == '"' || c == '\'' ? plainString(c, true) : plainStructure(c); break;
        case Expect::Colon:
        case Expect::CommaOrEnd: read = plainStructure(c); break;
        case Expect::Done: break; // not reached: the loop stops first
        }
        if (!read)
            break;
    }
    return m_pos != first;
}

// A bracket, comma or colon. Where one is what JSON expects there (the comma after a value,
// the colon after a key, an opener where a value goes, the closer of the open container)
// this does what the step machine's handler does with it (onCommaOrEnd, onColon, onValue,
// onKeyOrEnd, handleCloser, closerInValue); the rest goes to that handler, which starts no
// token for these bytes.
bool Repairer::plainStructure(char c)
{
    switch (m_expect) {
    case Expect::CommaOrEnd:
        if (c == ',') {
            commaAfterValue();
            return true;
        }
        if (c == (m_stack.back().object ? '}' : ']')) {
            ++m_pos;
            closeTop(m_pos);
            return true;
        }
        break;
    case Expect::Colon:
        if (c == ':') {
            ++m_pos;
            m_expect = Expect::Value;
            return true;
        }
        break;
    case Expect::KeyOrEnd:
        if (c == '}') {
            closeObjectAtBrace();
            return true;
        }
        break;
    case Expect::Value:
        if (c == '{' || c == '[')
            return openContainer(c == '{');
        if (c == ']' && !m_stack.empty() && !m_stack.back().object) {
            closeArrayAtBracket();
            return true;
        }
        break;
    case Expect::Done: break;
    }
    if (c != '{' && c != '[' && c != '}' && c != ']' && c != ',' && c != ':')
        return false;
    return step() && m_token == Token::None;
}

// A quoted string whose content can be copied as it stands (no escape, control byte or other
// quote; valid UTF-8), closed by its own quote where decideClose() says it closes.
bool Repairer::plainString(char quote, bool key)
{
    const std::string_view t = m_text;
    const std::size_t open = m_pos;
    std::size_t i = open + 1;
    while (true) {
        i = findStringSpecial(t, i, quote, '"', true);
        if (i >= t.size())
            return false;
        if (static_cast<unsigned char>(t[i]) < 0x80)
            break;
        const int n = utf8SequenceAt(t, i);
        if (n <= 0)
            return false;
        i += static_cast<std::size_t>(n);
    }
    if (t[i] != quote)
        return false;
    m_quote = quote == '"' ? Quote::Double : Quote::Single;
    m_tokenIsKey = key;
    if (decideClose(i, 1) != 1)
        return false;

    const std::string_view content = t.substr(open + 1, i - open - 1);
    const std::size_t endAt = i + 1;
    if (key) {
        Frame& f = m_stack.back();
        f.keyStart = open;
        f.keyCommaAt = f.commaAt;
        f.commaAt = npos;
    } else {
        elementStarts();
    }
    if (quote == '\'') {
        fix(FixKind::SingleQuotes, open, 1, "\"");
        if (!m_failure.empty())
            return false;
        fix(FixKind::SingleQuotes, i, 1, "\"");
    }
    m_pos = endAt;
    if (key) {
        Frame& f = m_stack.back();
        f.keyIsPlain = true;
        f.key.assign(content);
        f.keyEnd = endAt;
        m_expect = Expect::Colon;
    } else {
        addString(content, open, endAt, true);
        m_lastStringCloser = i;
    }
    return true;
}

// A number as JSON writes it, followed by what may follow a value.
bool Repairer::plainNumber()
{
    const std::string_view t = m_text;
    const std::size_t begin = m_pos;
    std::size_t i = begin + 1;
    while (i < t.size() && isNumberChar(t[i]))
        ++i;
    if (i >= t.size() || isIdentStart(t[i]) || static_cast<unsigned char>(t[i]) >= 0x80)
        return false;
    const std::string_view raw = t.substr(begin, i - begin);
    std::int64_t v = 0;
    const bool integer = plainInteger(raw, &v);
    if (!integer && jsonNumberLength(raw) != raw.size())
        return false;
    elementStarts();
    m_pos = i;
    if (integer)
        addInteger(v, raw, begin, i);
    else
        addValue(finiteNumber(raw, begin, raw.size()), begin, i);
    return true;
}

// true, false, null, or one of the words read as them (True, None, NaN…), with its fix.
bool Repairer::plainLiteral()
{
    const std::string_view t = m_text;
    const std::size_t begin = m_pos;
    std::size_t i = begin + 1;
    while (i < t.size() && isIdent(t[i]))
        ++i;
    if (i >= t.size() || t[i] == '(')
        return false;
    const std::string_view word = t.substr(begin, i - begin);
    const Literal* literal = literalFor(word);
    if (!literal)
        return false;
    elementStarts();
    if (literal->kind)
        fix(*literal->kind, begin, word.size(), literal->json);
    m_pos = i;
    addLiteral(literal->value, literal->json, begin, i);
    return true;
}

} // namespace conform::json::detail
