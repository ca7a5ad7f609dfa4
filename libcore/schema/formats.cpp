// The "format" checkers. Each is a hand-written forward scan: no regex, no backtracking,
// no allocation. Host names (and the Unicode they need) live in formats_idn.cpp.
#include "schema/formats.h"
#include "schema/formats_idn.h"

#include "schema/regex.h"


#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace conform::schema {
namespace {

using Text = std::string_view;

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isAlnum(char c) { return isDigit(c) || isAlpha(c); }
bool isHex(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool isOneOf(char c, Text set) { return c != '\0' && set.find(c) != Text::npos; }
bool isAsciiByte(char c) { return static_cast<unsigned char>(c) < 0x80; }

// Exactly `n` ASCII digits at `at`, as a number; -1 when they are not all there.
int digitsAt(Text s, std::size_t at, std::size_t n)
{
    if (at + n > s.size())
        return -1;
    int v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
        if (!isDigit(s[i]))
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

// ---- RFC 3339 dates, times, durations -------------------------------------------------

bool isLeapYear(int y) { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }

int daysInMonth(int y, int m)
{
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && isLeapYear(y) ? 29 : days[m - 1];
}

bool isDate(Text s)
{
    if (s.size() != 10 || s[4] != '-' || s[7] != '-')
        return false;
    const int y = digitsAt(s, 0, 4), m = digitsAt(s, 5, 2), d = digitsAt(s, 8, 2);
    return y >= 0 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

// time-offset at s[i..]: "Z" or "+HH:MM"/"-HH:MM"; sets the offset east of UTC in minutes.
bool readOffset(Text s, std::size_t i, int& minutes)
{
    if (i + 1 == s.size() && (s[i] == 'Z' || s[i] == 'z')) {
        minutes = 0;
        return true;
    }
    if (i + 6 != s.size() || (s[i] != '+' && s[i] != '-') || s[i + 3] != ':')
        return false;
    const int h = digitsAt(s, i + 1, 2), m = digitsAt(s, i + 4, 2);
    if (h < 0 || h > 23 || m < 0 || m > 59)
        return false;
    minutes = (s[i] == '+' ? 1 : -1) * (h * 60 + m);
    return true;
}

// full-time; a leap second (:60) is only ever 23:59:60 in UTC.
bool isTime(Text s)
{
    if (s.size() < 9 || s[2] != ':' || s[5] != ':')
        return false;
    const int h = digitsAt(s, 0, 2), m = digitsAt(s, 3, 2), sec = digitsAt(s, 6, 2);
    if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60)
        return false;
    std::size_t i = 8;
    if (s[i] == '.') {
        const std::size_t first = ++i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        if (i == first)
            return false;
    }
    int offset = 0;
    if (i >= s.size() || !readOffset(s, i, offset))
        return false;
    const int utc = ((h * 60 + m - offset) % 1440 + 1440) % 1440;
    return sec < 60 || utc == 23 * 60 + 59;
}

bool isDateTime(Text s)
{
    return s.size() > 11 && (s[10] == 'T' || s[10] == 't') && isDate(s.substr(0, 10))
        && isTime(s.substr(11));
}

// One run of "<digits><unit>" elements whose units are consecutive letters of `units`
// (RFC 3339 appendix A: "P1Y2D" skips the month and is not a duration).
bool readDurationRun(Text s, std::size_t& i, Text units)
{
    std::size_t last = Text::npos;
    bool any = false;
    while (i < s.size() && isDigit(s[i])) {
        while (i < s.size() && isDigit(s[i]))
            ++i;
        const std::size_t unit = i < s.size() ? units.find(s[i]) : Text::npos;
        if (unit == Text::npos || (any && unit != last + 1))
            return false;
        last = unit;
        any = true;
        ++i;
    }
    return any;
}

bool isDuration(Text s)
{
    if (s.size() < 3 || s[0] != 'P')
        return false;
    if (s.back() == 'W') { // weeks stand alone
        for (std::size_t k = 1; k + 1 < s.size(); ++k)
            if (!isDigit(s[k]))
                return false;
        return true;
    }
    std::size_t i = 1;
    const bool hasDate = isDigit(s[i]);
    if (hasDate && !readDurationRun(s, i, "YMD"))
        return false;
    if (i == s.size())
        return hasDate;
    if (s[i++] != 'T')
        return false;
    return readDurationRun(s, i, "HMS") && i == s.size();
}

// ---- IP addresses ------------------------------------------------------------------------

bool isIpv4(Text s)
{
    std::size_t i = 0;
    for (int part = 0; part < 4; ++part) {
        if (part > 0 && (i >= s.size() || s[i++] != '.'))
            return false;
        const std::size_t first = i;
        int v = 0;
        while (i < s.size() && isDigit(s[i]) && i - first < 3)
            v = v * 10 + (s[i++] - '0');
        if (i == first || v > 255 || (i - first > 1 && s[first] == '0'))
            return false;
    }
    return i == s.size();
}

bool isIpv6(Text s)
{
    int groups = 0;
    bool compressed = false;
    std::size_t i = 0;
    if (s.starts_with("::")) {
        compressed = true;
        i = 2;
    } else if (s.starts_with(":")) {
        return false;
    }
    while (i < s.size()) {
        const std::size_t first = i;
        while (i < s.size() && isHex(s[i]) && i - first < 5)
            ++i;
        if (i < s.size() && s[i] == '.') { // an embedded IPv4 ends the address
            if (!isIpv4(s.substr(first)))
                return false;
            groups += 2;
            break;
        }
        if (i == first || i - first > 4)
            return false;
        ++groups;
        if (i == s.size())
            break;
        if (s[i++] != ':' || i == s.size())
            return false;
        if (s[i] == ':') {
            if (compressed)
                return false;
            compressed = true;
            ++i;
        }
    }
    return compressed ? groups <= 7 : groups == 8;
}

using detail::isHostname;
using detail::nextCodePoint;

// ---- E-mail addresses (RFC 5321 mailbox, RFC 6531 for idn-email) ---------------------------

// The local part at the start of `s`; `at` is set to the index of the '@' after it.
bool readLocalPart(Text s, bool idn, std::size_t& at)
{
    std::size_t i = 0;
    const auto utf8Ok = [&] { char32_t cp; return idn && !isAsciiByte(s[i]) && nextCodePoint(s, i, cp); };
    if (!s.empty() && s[0] == '"') {
        for (i = 1; i < s.size() && s[i] != '"';) {
            const auto c = static_cast<unsigned char>(s[i]);
            if (c == '\\' && i + 1 < s.size() && s[i + 1] >= 0x20 && s[i + 1] < 0x7F)
                i += 2;
            else if (c >= 0x20 && c < 0x7F && c != '\\')
                ++i;
            else if (!utf8Ok())
                return false;
        }
        if (i++ >= s.size())
            return false;
    } else {
        char prev = '.';
        while (i < s.size() && s[i] != '@') {
            const char c = s[i];
            if (c == '.' && prev == '.')
                return false;
            if (isAlnum(c) || isOneOf(c, "!#$%&'*+-/=?^_`{|}~."))
                ++i;
            else if (isAsciiByte(c) || !utf8Ok())
                return false;
            prev = c;
        }
        if (prev == '.')
            return false;
    }
    at = i;
    return i < s.size() && s[i] == '@' && i <= 64;
}

bool isEmail(Text s, bool idn)
{
    std::size_t at = 0;
    if (!readLocalPart(s, idn, at))
        return false;
    const Text domain = s.substr(at + 1);
    if (domain.size() >= 2 && domain.front() == '[' && domain.back() == ']') {
        const Text literal = domain.substr(1, domain.size() - 2);
        return literal.starts_with("IPv6:") ? isIpv6(literal.substr(5)) : isIpv4(literal);
    }
    return isHostname(domain, idn);
}

// ---- URIs and IRIs (RFC 3986, RFC 3987) -------------------------------------------------------

// Every character of `s` is unreserved, a sub-delim, in `extra`, a %XX triplet, or (IRIs)
// a well-formed non-ASCII code point.
bool allUriChars(Text s, bool iri, Text extra)
{
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        char32_t cp = 0;
        if (c == '%') {
            if (i + 2 >= s.size() || !isHex(s[i + 1]) || !isHex(s[i + 2]))
                return false;
            i += 3;
        } else if (isAlnum(c) || isOneOf(c, "-._~!$&'()*+,;=") || isOneOf(c, extra)) {
            ++i;
        } else if (isAsciiByte(c) || !iri || !nextCodePoint(s, i, cp)) {
            return false;
        }
    }
    return true;
}

bool isPort(Text s)
{
    for (const char c : s)
        if (!isDigit(c))
            return false;
    return true;
}

bool isIpLiteral(Text s)
{
    if (!s.empty() && (s[0] == 'v' || s[0] == 'V')) { // IPvFuture
        std::size_t i = 1;
        while (i < s.size() && isHex(s[i]))
            ++i;
        return i > 1 && i + 1 < s.size() && s[i] == '.' && allUriChars(s.substr(i + 1), false, ":");
    }
    return isIpv6(s);
}

bool isAuthority(Text s, bool iri)
{
    const std::size_t at = s.find('@');
    if (at != Text::npos) {
        if (!allUriChars(s.substr(0, at), iri, ":"))
            return false;
        s = s.substr(at + 1);
    }
    if (s.starts_with("[")) {
        const std::size_t close = s.find(']');
        if (close == Text::npos || !isIpLiteral(s.substr(1, close - 1)))
            return false;
        const Text rest = s.substr(close + 1);
        return rest.empty() || (rest[0] == ':' && isPort(rest.substr(1)));
    }
    const std::size_t colon = s.find(':');
    return allUriChars(s.substr(0, colon), iri, "")
        && (colon == Text::npos || isPort(s.substr(colon + 1)));
}

bool isUri(Text s, bool iri, bool reference)
{
    const std::size_t colon = s.find_first_of(":/?#");
    bool hasScheme = colon != Text::npos && colon > 0 && s[colon] == ':' && isAlpha(s[0]);
    for (std::size_t k = 1; hasScheme && k < colon; ++k)
        hasScheme = isAlnum(s[k]) || isOneOf(s[k], "+-.");
    if (!hasScheme && !reference)
        return false;
    Text rest = hasScheme ? s.substr(colon + 1) : s;
    if (const std::size_t hash = rest.find('#'); hash != Text::npos) {
        if (!allUriChars(rest.substr(hash + 1), iri, ":@/?"))
            return false;
        rest = rest.substr(0, hash);
    }
    if (const std::size_t query = rest.find('?'); query != Text::npos) {
        if (!allUriChars(rest.substr(query + 1), iri, ":@/?"))
            return false;
        rest = rest.substr(0, query);
    }
    if (rest.starts_with("//")) {
        const std::size_t slash = rest.find('/', 2);
        if (!isAuthority(rest.substr(2, slash == Text::npos ? Text::npos : slash - 2), iri))
            return false;
        rest = slash == Text::npos ? Text() : rest.substr(slash);
    } else if (!hasScheme && rest.substr(0, rest.find('/')).find(':') != Text::npos) {
        return false; // path-noscheme: a colon in the first segment would read as a scheme
    }
    return allUriChars(rest, iri, ":@/");
}

// ---- URI templates (RFC 6570) -----------------------------------------------------------------

// varspec *( "," varspec ), after the operator, up to the closing brace.
bool isVariableList(Text e)
{
    std::size_t i = 0;
    while (true) {
        bool needChar = true;
        while (i < e.size()) {
            if (e[i] == '%' && i + 2 < e.size() && isHex(e[i + 1]) && isHex(e[i + 2]))
                i += 3;
            else if (isAlnum(e[i]) || e[i] == '_')
                ++i;
            else if (e[i] == '.' && !needChar)
                { ++i; needChar = true; continue; }
            else
                break;
            needChar = false;
        }
        if (needChar)
            return false;
        if (i < e.size() && e[i] == '*') {
            ++i;
        } else if (i < e.size() && e[i] == ':') {
            const std::size_t first = ++i;
            while (i < e.size() && isDigit(e[i]) && i - first < 4)
                ++i;
            if (i == first || e[first] == '0')
                return false;
        }
        if (i == e.size())
            return true;
        if (e[i++] != ',')
            return false;
    }
}

bool isUriTemplate(Text s)
{
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        char32_t cp = 0;
        if (c == '{') {
            const std::size_t close = s.find('}', i);
            if (close == Text::npos)
                return false;
            Text expression = s.substr(i + 1, close - i - 1);
            if (!expression.empty() && isOneOf(expression[0], "+#./;?&"))
                expression.remove_prefix(1);
            if (!isVariableList(expression))
                return false;
            i = close + 1;
        } else if (c == '%') {
            if (i + 2 >= s.size() || !isHex(s[i + 1]) || !isHex(s[i + 2]))
                return false;
            i += 3;
        } else if (c >= 0x80) {
            if (!nextCodePoint(s, i, cp))
                return false;
        } else if (c <= 0x20 || c == 0x7F || isOneOf(static_cast<char>(c), "\"<>\\^`{|}")) {
            return false;
        } else {
            ++i;
        }
    }
    return true;
}

// ---- JSON pointers, UUIDs, regexes ------------------------------------------------------------

bool isJsonPointer(Text s)
{
    if (!s.empty() && s[0] != '/')
        return false;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s[i] == '~' && (i + 1 == s.size() || (s[i + 1] != '0' && s[i + 1] != '1')))
            return false;
    return true;
}

bool isRelativeJsonPointer(Text s)
{
    std::size_t i = 0;
    while (i < s.size() && isDigit(s[i]))
        ++i;
    if (i == 0 || (i > 1 && s[0] == '0'))
        return false;
    const Text rest = s.substr(i);
    return rest == "#" || isJsonPointer(rest);
}

bool isUuid(Text s)
{
    if (s.size() != 36)
        return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? s[i] != '-' : !isHex(s[i]))
            return false;
    }
    return true;
}

// Longer patterns are refused: compiling a pattern is not cheap (a megabyte of "." takes
// seconds), and no schema needs one this long.
constexpr std::size_t kMaxPatternLength = 8 * 1024;

// An ECMA-262 pattern the validator can run, read as "pattern" is (regex.h).
bool isRegex(Text s)
{
    return s.size() <= kMaxPatternLength && Pattern::compile(s).ok();
}

FormatCheck verdict(bool ok) { return ok ? FormatCheck::Valid : FormatCheck::Invalid; }

} // namespace

FormatCheck checkFormat(std::string_view format, std::string_view value)
{
    struct Entry { std::string_view name; bool (*check)(Text); };
    static constexpr Entry table[] = {
        {"date-time", isDateTime}, {"date", isDate}, {"time", isTime}, {"duration", isDuration},
        {"email", [](Text s) { return isEmail(s, false); }},
        {"idn-email", [](Text s) { return isEmail(s, true); }},
        {"hostname", [](Text s) { return isHostname(s, false); }},
        {"idn-hostname", [](Text s) { return isHostname(s, true); }},
        {"ipv4", isIpv4}, {"ipv6", isIpv6},
        {"uri", [](Text s) { return isUri(s, false, false); }},
        {"uri-reference", [](Text s) { return isUri(s, false, true); }},
        {"iri", [](Text s) { return isUri(s, true, false); }},
        {"iri-reference", [](Text s) { return isUri(s, true, true); }},
        {"uri-template", isUriTemplate}, {"uuid", isUuid}, {"json-pointer", isJsonPointer},
        {"relative-json-pointer", isRelativeJsonPointer}, {"regex", isRegex},
    };
    for (const Entry& e : table)
        if (e.name == format)
            return verdict(e.check(value));
    return FormatCheck::Unknown;
}

} // namespace conform::schema
