#include "schema/example_strings.h"

#include <array>
#include <utility>
#include <vector>

namespace conform::schema::detail {

namespace {

constexpr std::array<std::pair<std::string_view, std::string_view>, 21> kFormats{{
    {"date-time", "2024-01-31T12:00:00Z"}, {"date", "2024-01-31"}, {"time", "12:00:00Z"},
    {"duration", "P1D"}, {"email", "name@example.com"}, {"idn-email", "name@example.com"},
    {"hostname", "example.com"}, {"idn-hostname", "example.com"}, {"ipv4", "192.0.2.1"},
    {"ipv6", "2001:db8::1"}, {"uri", "https://example.com/"}, {"uri-reference", "/path"},
    {"iri", "https://example.com/"}, {"iri-reference", "/path"}, {"uri-template", "/items/{id}"},
    {"uuid", "123e4567-e89b-12d3-a456-426614174000"}, {"json-pointer", "/a"},
    {"relative-json-pointer", "0"}, {"regex", "^a$"}, {"color", "#000000"}, {"phone", "+15550100"},
}};

constexpr int kMaxSteps = 4096; // work bound for a hostile pattern

// A recursive-descent walk over the pattern that writes the shortest match, stretching the
// last open-ended repetition towards the wanted length.
class Sampler
{
public:
    Sampler(std::string_view pattern, std::size_t length) : m_p(pattern), m_length(length) {}

    std::optional<std::string> run()
    {
        std::string out;
        if (!alternation(out) || m_at != m_p.size())
            return std::nullopt;
        return out;
    }

private:
    bool alternation(std::string& out)
    {
        std::string first;
        if (!sequence(first))
            return false;
        while (m_at < m_p.size() && m_p[m_at] == '|') { // other branches: parsed, not used
            ++m_at;
            std::string ignored;
            if (!sequence(ignored))
                return false;
        }
        out += first;
        return true;
    }

    bool sequence(std::string& out)
    {
        while (m_at < m_p.size() && m_p[m_at] != '|' && m_p[m_at] != ')') {
            if (++m_steps > kMaxSteps)
                return false;
            if (m_p[m_at] == '^' || m_p[m_at] == '$') {
                ++m_at;
                continue;
            }
            std::string atom;
            if (!this->atom(atom) || !quantified(atom, out))
                return false;
        }
        return true;
    }

    bool atom(std::string& out)
    {
        const char c = m_p[m_at];
        if (c == '(') {
            ++m_at;
            if (m_p.substr(m_at, 2) == "?:")
                m_at += 2;
            else if (m_at < m_p.size() && m_p[m_at] == '?')
                return false; // lookaround, named groups
            if (!alternation(out) || m_at >= m_p.size() || m_p[m_at] != ')')
                return false;
            ++m_at;
            return true;
        }
        if (c == '[')
            return charClass(out);
        if (c == '\\')
            return escape(out);
        if (c == '.') {
            ++m_at;
            out += 'a';
            return true;
        }
        if (c == '*' || c == '+' || c == '?' || c == '{')
            return false;
        out += c;
        ++m_at;
        return true;
    }

    bool escape(std::string& out)
    {
        if (++m_at >= m_p.size())
            return false;
        const char c = m_p[m_at++];
        switch (c) {
        case 'd': out += '0'; return true;
        case 'w': out += 'a'; return true;
        case 's': out += ' '; return true;
        case 'D': case 'W': case 'S': out += '-'; return true;
        case 'n': out += '\n'; return true;
        case 't': out += '\t'; return true;
        default:
            if (std::string_view("bBpPuxkc123456789").find(c) != std::string_view::npos)
                return false; // boundaries, classes and references the simple walk does not know
            out += c;
            return true;
        }
    }

    // The first character of the class (or a printable one outside a negated class).
    bool charClass(std::string& out)
    {
        const std::size_t end = m_p.find(']', m_at + 2);
        if (end == std::string_view::npos)
            return false;
        std::string_view body = m_p.substr(m_at + 1, end - m_at - 1);
        m_at = end + 1;
        if (!body.empty() && body[0] == '^') {
            for (char candidate : std::string_view("aZ0_- x"))
                if (body.find(candidate) == std::string_view::npos) {
                    out += candidate;
                    return true;
                }
            return false;
        }
        if (body.size() >= 2 && body[0] == '\\')
            return escapeIn(body[1], out);
        out += body.empty() ? 'a' : body[0];
        return true;
    }

    static bool escapeIn(char c, std::string& out)
    {
        out += c == 'd' ? '0' : c == 'w' ? 'a' : c == 's' ? ' ' : c;
        return true;
    }

    bool quantified(const std::string& atom, std::string& out)
    {
        std::size_t low = 1;
        std::size_t high = 1;
        if (m_at < m_p.size()) {
            const char q = m_p[m_at];
            if (q == '?' || q == '*' || q == '+') {
                low = q == '+' ? 1 : 0;
                high = q == '?' ? 1 : SIZE_MAX;
                ++m_at;
            } else if (q == '{' && !bounds(low, high)) {
                return false;
            }
            if (m_at < m_p.size() && m_p[m_at] == '?')
                ++m_at; // lazy: same strings
        }
        std::size_t count = low;
        if (high > low && m_length > out.size() + low * atom.size() && !atom.empty()) {
            const std::size_t room = (m_length - out.size()) / atom.size();
            count = std::min(high, std::max(low, room)); // stretch towards the wanted length
        }
        count = std::min<std::size_t>(count, 1000);
        for (std::size_t i = 0; i < count; ++i)
            out += atom;
        return true;
    }

    bool bounds(std::size_t& low, std::size_t& high)
    {
        const std::size_t close = m_p.find('}', m_at);
        if (close == std::string_view::npos)
            return false;
        const std::string_view inside = m_p.substr(m_at + 1, close - m_at - 1);
        const std::size_t comma = inside.find(',');
        const auto number = [](std::string_view digits, std::size_t& n) {
            if (digits.empty() || digits.size() > 6)
                return false;
            n = 0;
            for (char d : digits) {
                if (d < '0' || d > '9')
                    return false;
                n = n * 10 + static_cast<std::size_t>(d - '0');
            }
            return true;
        };
        if (!number(inside.substr(0, comma), low))
            return false;
        if (comma == std::string_view::npos)
            high = low;
        else if (comma + 1 == inside.size())
            high = SIZE_MAX;
        else if (!number(inside.substr(comma + 1), high))
            return false;
        m_at = close + 1;
        return true;
    }

    std::string_view m_p;
    std::size_t m_length;
    std::size_t m_at = 0;
    int m_steps = 0;
};

} // namespace

std::optional<std::string> formatSample(std::string_view format)
{
    for (const auto& [name, sample] : kFormats)
        if (name == format)
            return std::string(sample);
    return std::nullopt;
}

std::optional<std::string> patternSample(std::string_view pattern, std::size_t length)
{
    return Sampler(pattern, length).run();
}

} // namespace conform::schema::detail
