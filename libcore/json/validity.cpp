#include "json/validity.h"

#include "json/parse.h"
#include "json/text.h"

#include <vector>

namespace conform::json::detail {

namespace {

using text::isDigit;

// Where a parser stood last just after a bracket, comma or colon: strictPrefixEnd()'s answer.
struct Resume
{
    std::size_t offset = 0;
    char after = 0;         // '{', '[', ',' or ':'
    std::vector<char> open; // the containers open there, outermost first
};

class Validator
{
public:
    explicit Validator(std::string_view t, Resume* resume = nullptr) : m_t(t), m_resume(resume) {}
    // Commas between the items of a root array, once run() has read it.
    std::size_t rootCommas() const { return m_rootCommas; }

    bool run()
    {
        // A stack of open containers, one byte each ('{' or '['); values are read in a loop.
        std::vector<char>& open = m_open;
        open.reserve(64);
        spaces();
        while (true) {
            // A value.
            if (m_i >= m_t.size())
                return false;
            const char c = m_t[m_i];
            if (c == '{' || c == '[') {
                if (open.size() >= kMaxDepth)
                    return false;
                open.push_back(c);
                ++m_i;
                mark(c);
                spaces();
                if (m_i < m_t.size() && m_t[m_i] == (c == '{' ? '}' : ']')) {
                    open.pop_back();
                    ++m_i;
                } else if (c == '{') {
                    if (!member())
                        return false;
                    continue;
                } else {
                    continue;
                }
            } else if (!scalar()) {
                return false;
            }
            // After a value: a comma and the next one, closers, or the end.
            while (true) {
                spaces();
                if (open.empty())
                    return m_i == m_t.size();
                if (m_i >= m_t.size())
                    return false;
                const char d = m_t[m_i++];
                if (d == ',') {
                    mark(',');
                    m_rootCommas += open.size() == 1 && open[0] == '[' ? 1 : 0;
                    spaces();
                    if (open.back() == '{' && !member())
                        return false;
                    break;
                }
                if (d != (open.back() == '{' ? '}' : ']'))
                    return false;
                open.pop_back();
            }
        }
    }

private:
    void spaces()
    {
        while (m_i < m_t.size() && text::isSpace(m_t[m_i]))
            ++m_i;
    }

    // A key and its colon; the value follows.
    bool member()
    {
        if (m_i >= m_t.size() || m_t[m_i] != '"' || !string())
            return false;
        spaces();
        if (m_i >= m_t.size() || m_t[m_i] != ':')
            return false;
        ++m_i;
        mark(':');
        spaces();
        return true;
    }

    // Just past a bracket, comma or colon: a point a parser may resume from.
    void mark(char after)
    {
        if (!m_resume)
            return;
        m_mark.offset = m_i;
        m_mark.after = after;
        m_mark.open.assign(m_open.begin(), m_open.end());
    }
    // A string or number starts: nlohmann's "last read" quotes from the start of the last one
    // before an error, so a resumed read must take that start in, and the last mark before it
    // is the place to resume.
    void tokenStarts()
    {
        if (m_resume)
            *m_resume = m_mark;
    }

    bool scalar()
    {
        const char c = m_t[m_i];
        if (c == '"')
            return string();
        if (c == '-' || isDigit(c))
            return number();
        for (std::string_view word : {"true", "false", "null"}) {
            if (m_t.substr(m_i, word.size()) == word) {
                m_i += word.size();
                return m_i >= m_t.size() || !text::isIdent(m_t[m_i]);
            }
        }
        return false;
    }

    bool number()
    {
        tokenStarts();
        // Most numbers are integers, read here; the rest by jsonNumberLength(). A leading zero
        // ends an integer ("0123" is 0 and then a digit, refused below).
        const std::size_t digits = m_i + (m_t[m_i] == '-' ? 1 : 0);
        std::size_t end = digits;
        while (end < m_t.size() && isDigit(m_t[end]))
            ++end;
        const bool integer = end > digits && (end >= m_t.size() || (m_t[end] != '.' && m_t[end] != 'e' && m_t[end] != 'E'));
        const std::size_t length = !integer ? text::jsonNumberLength(m_t.substr(m_i))
            : m_t[digits] == '0'           ? digits + 1 - m_i
                                           : end - m_i;
        if (length == 0)
            return false;
        m_i += length;
        // What the repairer would read on as a word ("12px") or another number ("1.2.3").
        return m_i >= m_t.size() || !(text::isIdent(m_t[m_i]) || m_t[m_i] == '.' || m_t[m_i] == '+'
                                      || static_cast<unsigned char>(m_t[m_i]) >= 0x80);
    }

    int hex4(std::size_t at) const
    {
        if (at + 4 > m_t.size())
            return -1;
        int v = 0;
        for (std::size_t k = at; k < at + 4; ++k) {
            const char h = m_t[k];
            const int d = isDigit(h) ? h - '0' : (h >= 'a' && h <= 'f') ? h - 'a' + 10 : (h >= 'A' && h <= 'F') ? h - 'A' + 10 : -1;
            if (d < 0)
                return -1;
            v = v * 16 + d;
        }
        return v;
    }

    bool string()
    {
        tokenStarts();
        ++m_i; // the opening quote
        while (m_i < m_t.size()) {
            const auto u = static_cast<unsigned char>(m_t[m_i]);
            if (u == '"') {
                ++m_i;
                return true;
            }
            if (u < 0x20)
                return false;
            if (u == '\\') {
                if (m_i + 1 >= m_t.size())
                    return false;
                const char e = m_t[m_i + 1];
                if (e == 'u') {
                    const int cp = hex4(m_i + 2);
                    if (cp < 0 || (cp >= 0xDC00 && cp <= 0xDFFF))
                        return false;
                    m_i += 6;
                    if (cp >= 0xD800 && cp <= 0xDBFF) {
                        const int low = m_i + 1 < m_t.size() && m_t[m_i] == '\\' && m_t[m_i + 1] == 'u' ? hex4(m_i + 2) : -1;
                        if (low < 0xDC00 || low > 0xDFFF)
                            return false;
                        m_i += 6;
                    }
                    continue;
                }
                if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos)
                    return false;
                m_i += 2;
                continue;
            }
            if (u >= 0x80) {
                const int n = text::utf8SequenceAt(m_t, m_i);
                if (n <= 0)
                    return false;
                m_i += static_cast<std::size_t>(n);
                continue;
            }
            ++m_i;
        }
        return false;
    }

    std::string_view m_t;
    Resume* m_resume = nullptr;
    Resume m_mark;
    std::vector<char> m_open;
    std::size_t m_i = 0;
    std::size_t m_rootCommas = 0;
};

} // namespace

bool isStrictJson(std::string_view text, std::size_t* rootItems)
{
    Validator v(text);
    const bool strict = v.run();
    if (rootItems) {
        const std::size_t first = text.find_first_not_of(" \t\r\n");
        const bool array = strict && first != std::string_view::npos && text[first] == '[';
        const bool empty = array && text[text.find_first_not_of(" \t\r\n", first + 1)] == ']';
        *rootItems = array && !empty ? v.rootCommas() + 1 : 0;
    }
    return strict;
}

std::size_t strictPrefixEnd(std::string_view text, std::string& opening)
{
    Resume resume;
    if (Validator(text, &resume).run() || resume.offset == 0)
        return 0;
    // Each container outside the innermost holds the next as a member's value or an item.
    opening.clear();
    for (std::size_t level = 0; level + 1 < resume.open.size(); ++level)
        opening += resume.open[level] == '{' ? "{\"\":" : "[";
    const bool object = resume.open.back() == '{';
    switch (resume.after) {
    case '{':
    case '[': opening += resume.after; break;                    // first member or item, or close
    case ',': opening += object ? "{\"\":0," : "[0,"; break;      // a member or item must follow
    default: opening += "{\"\":"; break;                          // ':' a member's value follows
    }
    return resume.offset;
}

} // namespace conform::json::detail
