// The structural half of the repairer: brackets, commas, colons, keys, truncation.
#include "json/repairer.h"

#include "json/parse.h"
#include "json/text.h"

#include <algorithm>

namespace conform::json::detail {

using namespace text;
static constexpr std::size_t npos = std::string::npos;

Repairer::Repairer(std::size_t start, RepairOptions options)
    : m_options(std::move(options)), m_cancel(m_options.cancel), m_log(m_options.strict), m_start(start), m_pos(start), m_lastValueEnd(start)
{
}
Repairer::Repairer(Repairer&&) noexcept = default;
Repairer& Repairer::operator=(Repairer&&) noexcept = default;
Repairer::~Repairer() = default;

Repairer::Status Repairer::runSteps(std::string_view text, bool final)
{
    m_text = text;
    m_final = final;
    while (m_failure.empty()) {
        m_cancel();
        if (m_token != Token::None) {
            if (!continueToken())
                return Status::NeedMore;
            continue;
        }
        if (m_expect == Expect::Done) {
            const int r = rootConcatenation();
            if (r == 0)
                return Status::Done;
            if (r < 0)
                return Status::NeedMore;
            continue;
        }
        // Most steps start at a token: skipTrivia() is called only where there may be trivia.
        if (m_pos >= m_text.size() || mayStartTrivia(m_text[m_pos])) {
            if (!skipTrivia())
                return Status::NeedMore;
        }
        if (m_token != Token::None)
            continue;
        if (m_pos >= m_text.size()) {
            if (!final)
                return Status::NeedMore;
            closeAtEnd();
            return m_failure.empty() ? Status::Done : Status::Failed;
        }
        if (m_options.plainRuns && readPlainRun())
            continue;
        if (!step())
            return Status::NeedMore;
    }
    return Status::Failed;
}

void Repairer::fix(FixKind kind, std::size_t offset, std::size_t length, std::string_view after)
{
    m_log.add(kind, offset, m_text.substr(offset, length), after);
    if (m_log.size() > kMaxFixes && m_failure.empty())
        fail("the text needs more than " + std::to_string(kMaxFixes) + " fixes, so it is not JSON", offset);
}

void Repairer::fail(std::string message, std::size_t at)
{
    m_failure = std::move(message);
    m_failureAt = at;
}

void Repairer::strayChar(std::size_t at, std::size_t length, FixKind kind)
{
    fix(kind, at, length, {});
    m_pos = at + length;
}

void Repairer::startToken(Token token, std::size_t scanFrom)
{
    m_token = token;
    m_tokenStart = m_pos;
    m_scan = scanFrom;
}

// White space, a byte-order mark and comments. False when the text ends where a decision
// needs one more byte ("/" could open a comment).
bool Repairer::skipTrivia()
{
    const std::string_view t = m_text;
    while (m_pos < t.size()) {
        const std::size_t at = skipBlanks(t, m_pos); // a local index: m_pos would be stored at every byte
        m_pos = at;
        if (at >= t.size())
            break;
        const char c = t[at];
        if (const int n = mayBeUnicodeSpace(c) ? unicodeSpaceAt(t, m_pos) : 0; n != 0) {
            if (n < 0) // the text ends inside what may be a space
                return m_final;
            fix(FixKind::UnicodeWhitespace, m_pos, static_cast<std::size_t>(n), {});
            m_pos += static_cast<std::size_t>(n);
        } else if (static_cast<unsigned char>(c) == 0xEF) {
            if (t.substr(m_pos, 3) == kBom) {
                fix(FixKind::Bom, m_pos, 3, {});
                m_pos += 3;
            } else if (m_pos + 3 > t.size() && !m_final && kBom.starts_with(t.substr(m_pos))) {
                return false;
            } else {
                return true;
            }
        } else if (c == '/') {
            if (m_pos + 1 >= t.size())
                return m_final;
            if (t[m_pos + 1] == '/')
                startToken(Token::LineComment, m_pos + 2);
            else if (t[m_pos + 1] == '*')
                startToken(Token::BlockComment, m_pos + 2);
            return true;
        } else {
            return true;
        }
    }
    return true;
}

bool Repairer::step()
{
    const char c = m_text[m_pos];
    switch (m_expect) {
    case Expect::Value: return onValue(c);
    case Expect::KeyOrEnd: return onKeyOrEnd(c);
    case Expect::Colon: return onColon(c);
    case Expect::CommaOrEnd: return onCommaOrEnd(c);
    case Expect::Done: return true;
    }
    return true;
}

// Typographic quotes and the ellipsis character, where a value or key may start. `handled`
// says whether the byte was one of them.
bool Repairer::startMarkToken(bool key, bool* handled)
{
    bool incomplete = false;
    const Mark mark = markAt(m_text, m_pos, &incomplete);
    *handled = true;
    if (incomplete && !m_final)
        return false;
    if (mark == Mark::LeftDouble || mark == Mark::RightDouble) {
        fix(FixKind::TypographicQuotes, m_pos, 3, "\"");
        startString(Quote::TypoDouble, 3, key);
    } else if (mark == Mark::LeftSingle || mark == Mark::RightSingle) {
        fix(FixKind::TypographicQuotes, m_pos, 3, "\"");
        startString(Quote::TypoSingle, 3, key);
    } else if (mark == Mark::Ellipsis) {
        startToken(Token::Dots, m_pos);
    } else {
        *handled = false;
    }
    return true;
}

bool Repairer::onValue(char c)
{
    const bool inObject = !m_stack.empty() && m_stack.back().object;
    switch (c) {
    case '{':
    case '[': return openContainer(c == '{');
    case '}':
    case ']': closerInValue(c); return true;
    case '"': startString(Quote::Double, 1, false); return true;
    case '\'':
        fix(FixKind::SingleQuotes, m_pos, 1, "\"");
        startString(Quote::Single, 1, false);
        return true;
    case ',':
        if (inObject) {
            fix(FixKind::MissingValue, m_pos, 0, "null");
            addValue(Json(nullptr), m_pos, m_pos);
        } else if (!m_stack.empty()) {
            strayChar(m_pos, 1, FixKind::ExtraComma);
        } else {
            strayChar(m_pos, 1);
        }
        return true;
    case ':': strayChar(m_pos, 1); return true;
    case '.':
        if (m_pos + 1 >= m_text.size() && !m_final)
            return false;
        if (m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '.') {
            startToken(Token::Dots, m_pos);
            return true;
        }
        if (m_pos + 1 < m_text.size() && isDigit(m_text[m_pos + 1])) {
            elementStarts();
            startToken(Token::Number, m_pos + 1);
            return true;
        }
        strayChar(m_pos, 1);
        return true;
    default: break;
    }
    const auto u = static_cast<unsigned char>(c);
    if (isDigit(c) || c == '-' || c == '+') {
        elementStarts();
        startToken(Token::Number, m_pos + 1);
        return true;
    }
    bool handled = false;
    if (!startQuoteLike(false, &handled))
        return false;
    if (handled)
        return true;
    if (u < 0x20 || u == 0x7F) {
        strayChar(m_pos, 1);
        return true;
    }
    // A bare word: a literal, or the start of an unquoted string.
    elementStarts();
    startToken(Token::Word, m_pos);
    m_tokenIsKey = false;
    m_wordPhase2 = !isIdentStart(c);
    return true;
}

bool Repairer::onKeyOrEnd(char c)
{
    Frame& f = m_stack.back();
    const auto u = static_cast<unsigned char>(c);
    if (c == '}') {
        closeObjectAtBrace();
        return true;
    }
    if (c == ']') {
        handleCloser(c);
        return true;
    }
    if (c == ',') {
        strayChar(m_pos, 1, FixKind::ExtraComma);
        return true;
    }
    if (c == '{' || c == '[')
        return containerAfterComma();
    const auto keyStarts = [&] {
        f.keyStart = m_pos;
        f.keyCommaAt = f.commaAt;
        f.commaAt = npos;
    };
    if (c == '"' || c == '\'') {
        keyStarts();
        if (c == '\'')
            fix(FixKind::SingleQuotes, m_pos, 1, "\"");
        startString(c == '"' ? Quote::Double : Quote::Single, 1, true);
        return true;
    }
    if (isIdent(c) && c != '-') {
        keyStarts();
        startToken(Token::Word, m_pos);
        m_tokenIsKey = true;
        m_wordPhase2 = false;
        return true;
    }
    if (c == '.') {
        if (m_pos + 1 >= m_text.size() && !m_final)
            return false;
        if (m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '.') {
            startToken(Token::Dots, m_pos);
            return true;
        }
    }
    const std::size_t at = m_pos;
    bool handled = false;
    if (!startQuoteLike(true, &handled))
        return false;
    if (handled) {
        if (m_token == Token::String) {
            f.keyStart = at;
            f.keyCommaAt = f.commaAt;
            f.commaAt = npos;
        }
        return true;
    }
    const int n = u >= 0x80 ? utf8SequenceAt(m_text, m_pos) : 1;
    if (n < 0 && !m_final)
        return false;
    strayChar(m_pos, n > 0 ? static_cast<std::size_t>(n) : 1);
    return true;
}

bool Repairer::isValueStart(char c) const
{
    const auto u = static_cast<unsigned char>(c);
    return c == '"' || c == '\'' || c == '{' || c == '[' || c == '-' || isDigit(c) || isIdentStart(c)
        || (u == 0xE2 && markAt(m_text, m_pos) != Mark::None && markAt(m_text, m_pos) != Mark::Ellipsis)
        || isOddQuote(m_text, m_pos);
}

bool Repairer::onColon(char c)
{
    Frame& f = m_stack.back();
    if (c == ':') {
        ++m_pos;
        m_expect = Expect::Value;
        return true;
    }
    if (c == '=') {
        fix(FixKind::MissingColon, m_pos, 1, ":");
        ++m_pos;
        m_expect = Expect::Value;
        return true;
    }
    if (c == '}' || c == ']') {
        if (!closesAnOpenContainer(c)) { // `{"a" ] : 1}`: the bracket is stray, the key stays
            strayChar(m_pos, 1, FixKind::StrayBracket);
            return true;
        }
        dropDanglingKey(m_pos);
        m_expect = Expect::KeyOrEnd;
        return true;
    }
    if (c == ',') {
        // A key without a value: drop it with its comma, keep the comma before it (or the one
        // inserted there: the member that follows still needs it).
        const std::size_t keyStart = f.keyStart, before = f.keyCommaAt;
        m_log.dropFrom(keyStart, true);
        fix(FixKind::DanglingKey, keyStart, m_pos + 1 - keyStart, {});
        f.commaAt = before;
        ++m_pos;
        m_expect = Expect::KeyOrEnd;
        return true;
    }
    if (static_cast<unsigned char>(c) == 0xE2 && markAt(m_text, m_pos) == Mark::None && m_pos + 3 > m_text.size()
        && !m_final)
        return false;
    if (isValueStart(c)) {
        fix(FixKind::MissingColon, f.keyEnd, 0, ":");
        m_expect = Expect::Value;
        return true;
    }
    strayChar(m_pos, 1);
    return true;
}

bool Repairer::onCommaOrEnd(char c)
{
    Frame& f = m_stack.back();
    if (c == ',') {
        commaAfterValue();
        return true;
    }
    if (c == '}' || c == ']') {
        handleCloser(c);
        return true;
    }
    if (c == '+' && m_lastIsString) {
        const int r = concatenation();
        if (r != 0)
            return r > 0;
    }
    if (f.object && (c == '{' || c == '['))
        return containerAfterMember();
    if (static_cast<unsigned char>(c) == 0xE2 && m_pos + 3 > m_text.size() && !m_final)
        return false;
    if (isValueStart(c)) {
        fix(FixKind::MissingComma, m_lastValueEnd, 0, ",");
        if (f.object)
            f.insertedCommaAt = m_lastValueEnd;
        m_expect = f.object ? Expect::KeyOrEnd : Expect::Value;
        return true;
    }
    const auto u = static_cast<unsigned char>(c);
    const int n = u >= 0x80 ? utf8SequenceAt(m_text, m_pos) : 1;
    if (n < 0 && !m_final)
        return false;
    strayChar(m_pos, n > 0 ? static_cast<std::size_t>(n) : 1);
    return true;
}

bool Repairer::closesAnOpenContainer(char closer) const
{
    return std::any_of(m_stack.begin(), m_stack.end(), [closer](const Frame& f) { return closer == (f.object ? '}' : ']'); });
}

// A closing bracket after a value or a comma: close, supply missing closers, or drop it.
void Repairer::handleCloser(char c)
{
    while (!m_stack.empty()) {
        Frame& f = m_stack.back();
        if (c == (f.object ? '}' : ']')) {
            if (m_expect == Expect::KeyOrEnd)
                dropTrailingComma(f, f.commaAt);
            ++m_pos;
            closeTop(m_pos);
            return;
        }
        if (!closesAnOpenContainer(c))
            break;
        forceCloseTop(m_pos, false);
    }
    strayChar(m_pos, 1, FixKind::StrayBracket);
}

void Repairer::closerInValue(char c)
{
    if (m_stack.empty()) {
        strayChar(m_pos, 1, FixKind::StrayBracket);
        return;
    }
    Frame& f = m_stack.back();
    if (f.object) { // `"key": }`
        fix(FixKind::MissingValue, m_pos, 0, "null");
        addValue(Json(nullptr), m_pos, m_pos);
        handleCloser(c);
        return;
    }
    if (c == ']') {
        closeArrayAtBracket();
        return;
    }
    const std::size_t depth = m_stack.size();
    m_expect = Expect::KeyOrEnd; // so that handleCloser treats the pending comma as trailing
    handleCloser(c);
    if (m_stack.size() == depth)
        m_expect = Expect::Value; // the closer was stray: the array still waits for a value
}

// The comma after a member or item: the next one is expected.
void Repairer::commaAfterValue()
{
    Frame& f = m_stack.back();
    f.commaAt = m_pos++;
    m_expect = f.object ? Expect::KeyOrEnd : Expect::Value;
}

// '}' where a key or the end of the open object may stand: a comma before it trails.
void Repairer::closeObjectAtBrace()
{
    Frame& f = m_stack.back();
    dropTrailingComma(f, f.commaAt);
    f.commaAt = npos;
    ++m_pos;
    closeTop(m_pos);
}

// ']' where an item of the open array may stand: a comma before it trails.
void Repairer::closeArrayAtBracket()
{
    Frame& f = m_stack.back();
    if (f.commaAt != npos)
        fix(FixKind::TrailingComma, f.commaAt, 1, {});
    f.commaAt = npos;
    ++m_pos;
    closeTop(m_pos);
}

// Closes the innermost container where no closer stands: at a mismatched closer, or at the
// end of a truncated reply (`truncation`), where a member without a value is dropped.
void Repairer::forceCloseTop(std::size_t at, bool truncation)
{
    Frame& f = m_stack.back();
    switch (m_expect) {
    case Expect::Colon: dropDanglingKey(at); break;
    case Expect::Value:
        if (f.object && truncation) {
            dropDanglingKey(at);
        } else if (f.object) {
            fix(FixKind::MissingValue, at, 0, "null");
            addValue(Json(nullptr), at, at);
        } else if (f.commaAt != npos) {
            fix(FixKind::TrailingComma, f.commaAt, 1, {});
        }
        break;
    case Expect::KeyOrEnd: dropTrailingComma(f, f.commaAt); break;
    default: break;
    }
    Frame& top = m_stack.back();
    fix(FixKind::MissingBracket, at, 0, top.object ? "}" : "]");
    closeTop(at);
}

// The container closes after the comma at `commaAt` (npos: none): drop it, or the comma
// inserted in its place, which would trail now.
void Repairer::dropTrailingComma(Frame& f, std::size_t commaAt)
{
    if (commaAt != npos)
        fix(FixKind::TrailingComma, commaAt, 1, {});
    else if (f.insertedCommaAt != npos)
        m_log.dropInsertion(FixKind::MissingComma, f.insertedCommaAt);
    f.insertedCommaAt = npos;
}

void Repairer::dropDanglingKey(std::size_t at)
{
    Frame& f = m_stack.back();
    m_log.dropFrom(f.keyStart);
    dropTrailingComma(f, f.keyCommaAt);
    fix(FixKind::DanglingKey, f.keyStart, at - f.keyStart, {});
    f.keyCommaAt = npos;
    f.commaAt = npos;
    f.key.clear();
    f.keyIsPlain = false;
    m_expect = Expect::KeyOrEnd;
}

void Repairer::closeAtEnd()
{
    if (!m_stack.empty())
        m_truncated = true;
    while (!m_stack.empty())
        forceCloseTop(m_text.size(), true);
}

bool Repairer::openContainer(bool object)
{
    if (m_stack.size() >= kMaxDepth) {
        fail("the JSON nests deeper than " + std::to_string(kMaxDepth) + " levels", m_pos);
        return true;
    }
    elementStarts();
    std::string pointer;
    Json* node = writeOpen(object, &pointer); // before the push: it writes into the parent
    Frame& frame = m_stack.emplace_back();    // in place: a Frame is large
    frame.node = node;
    frame.object = object;
    frame.pointer = std::move(pointer);
    frame.start = m_pos;
    frame.keysFrom = m_keys.size();
    ++m_pos;
    m_expect = object ? Expect::KeyOrEnd : Expect::Value;
    return true;
}

void Repairer::elementStarts()
{
    if (!m_stack.empty())
        m_stack.back().commaAt = npos;
}

void Repairer::closeTop(std::size_t endAt)
{
    Frame& f = m_stack.back();
    writeClose(f);
    if (m_options.sourceMap)
        m_map.add(std::move(f.pointer), Span{f.start, endAt - f.start});
    m_stack.pop_back();
    m_lastIsString = false;
    valueCompleted(endAt);
}

void Repairer::valueCompleted(std::size_t endAt)
{
    m_lastValueEnd = endAt;
    if (m_stack.empty()) {
        m_expect = Expect::Done;
        m_end = endAt;
    } else {
        m_expect = Expect::CommaOrEnd;
        m_stack.back().key.clear();
        m_stack.back().insertedCommaAt = npos;
    }
}

} // namespace conform::json::detail
