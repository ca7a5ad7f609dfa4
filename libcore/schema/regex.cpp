#include "schema/regex.h"
#include "base/hex.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>
#include <vector>

namespace conform::schema::detail {
namespace {

// ECMA's \s: white space and line terminators, Unicode included (RE2's and PCRE2's \s are
// ASCII only).
constexpr std::string_view kSpaceSet =
    "\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";

std::string codePoint(long cp)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\x{%lX}", cp);
    return buf;
}

// ECMA's ".": anything but a line terminator (RE2's and PCRE2's "." take \r, U+2028, U+2029).
constexpr std::string_view kDot = "[^\\n\\r\\x{2028}\\x{2029}]";

// Syntax of Perl, Python or PCRE that ECMA-262 does not have (with the u flag, an escape of a
// letter that means nothing is a syntax error); both engines would read it otherwise.
bool isForeignSyntax(std::string_view rest)
{
    if (rest.size() > 1 && rest[0] == '\\')
        return std::string_view("aAzZCQEeGhHKRVX").find(rest[1]) != std::string_view::npos;
    if (rest.starts_with("(?P") || rest.starts_with("(?#") || rest.starts_with("(?>") || rest.starts_with("(?|"))
        return true;
    std::size_t k = 2;
    while (rest.starts_with("(?") && k < rest.size() && std::isalpha(static_cast<unsigned char>(rest[k])))
        ++k;
    return k > 2 && k < rest.size() && (rest[k] == ')' || rest[k] == ':' || rest[k] == '-'); // inline flags
}

// One engine's spelling of an ECMA-262 pattern. RE2 has no lookaround and no backreferences;
// PCRE2 has both, spelt as ECMA spells them.
struct Translator
{
    std::string_view p;
    bool pcre2 = false;
    std::string out;
    std::size_t i = 0;
    bool inClass = false;
    std::vector<std::string> groupNames;

    Result<std::string> run()
    {
        while (i < p.size()) {
            if (auto error = step(); !error.empty())
                return Error{error, std::string(p)};
        }
        return out;
    }

    // Translates one token; returns why the pattern cannot run, or "".
    std::string step()
    {
        const char c = p[i];
        if (!inClass && isForeignSyntax(p.substr(i)))
            return std::string(p.substr(i, c == '\\' ? 2 : p.find_first_of(")", i) + 1 - i)) + " is not ECMA-262 syntax";
        if (c == '\\')
            return escape();
        if (inClass) {
            if (c == ']')
                inClass = false;
            out += c;
            ++i;
            return {};
        }
        if (c == '[')
            return openClass();
        if (c == '.') {
            out += kDot;
            ++i;
            return {};
        }
        // A quantifier of a quantifier: PCRE2 reads *+ ++ ?+ {n}+ as possessive, ECMA-262
        // as "nothing to repeat".
        if ((c == '*' || c == '+' || c == '?' || c == '}') && p.substr(i + 1, 1) == "+")
            return "nothing to repeat before the '+' after '" + std::string(1, c) + "'";
        if (c == '(' && p.substr(i, 3) == "(?<" && p.substr(i, 4) != "(?<=" && p.substr(i, 4) != "(?<!") {
            // ECMA-262 refuses a group name given twice (RE2 would take it).
            const std::string name(p.substr(i + 3, p.find('>', i) - i - 3));
            if (std::find(groupNames.begin(), groupNames.end(), name) != groupNames.end())
                return "the group name \"" + name + "\" is given twice";
            groupNames.push_back(name);
        }
        if (c == '(' && !pcre2) {
            if (p.substr(i, 3) == "(?=")
                return "lookahead (?=...) is not supported by RE2";
            if (p.substr(i, 3) == "(?!")
                return "negative lookahead (?!...) is not supported by RE2";
            if (p.substr(i, 4) == "(?<=" || p.substr(i, 4) == "(?<!")
                return "lookbehind is not supported by RE2";
            if (p.substr(i, 3) == "(?<") { // a named group, spelt (?P<name>...) in RE2
                out += "(?P<";
                i += 3;
                return {};
            }
        }
        out += c;
        ++i;
        return {};
    }

    std::string openClass()
    {
        if (p.substr(i, 3) == "[^]") {
            out += "(?s:.)";
            i += 3;
            return {};
        }
        if (p.substr(i, 2) == "[]") {
            out += "[^\\x{0}-\\x{10FFFF}]";
            i += 2;
            return {};
        }
        inClass = true;
        out += '[';
        ++i;
        if (i < p.size() && p[i] == '^') {
            out += '^';
            ++i;
        }
        if (i < p.size() && p[i] == ']') { // a literal ']' first in the class
            out += "\\]";
            ++i;
        }
        return {};
    }

    std::string escape()
    {
        if (i + 1 >= p.size())
            return "a pattern cannot end with '\\'";
        const char e = p[i + 1];
        i += 2;
        switch (e) {
        case 'u': return unicodeEscape();
        case 's': out += inClass ? std::string(kSpaceSet) : "[" + std::string(kSpaceSet) + "]"; return {};
        case 'S':
            if (inClass)
                out += "\\S"; // cannot negate inside a class; the engines' ASCII \S is the closest
            else
                out += "[^" + std::string(kSpaceSet) + "]";
            return {};
        case 'c': return controlEscape();
        case 'p':
        case 'P': return propertyEscape(e);
        case '/': out += '/'; return {};
        case '-': out += "\\-"; return {};
        case 'k':
            if (!pcre2)
                return "named backreferences are not supported by RE2";
            break;
        default: break;
        }
        if (e >= '1' && e <= '9' && !inClass && !pcre2)
            return "backreferences are not supported by RE2";
        if (e == '0') {
            out += "\\x{0}";
            return {};
        }
        out += '\\';
        out += e;
        return {};
    }

    std::string unicodeEscape()
    {
        if (i < p.size() && p[i] == '{') { // \u{1F600} (ECMA "u" flag form)
            const auto close = p.find('}', i);
            if (close == p.npos)
                return "unterminated \\u{...} escape";
            out += "\\x" + std::string(p.substr(i, close - i + 1));
            i = close + 1;
            return {};
        }
        long cp = readHex4(p, i);
        if (cp < 0)
            return "\\u must be followed by 4 hex digits";
        i += 4;
        // A surrogate pair spelled as two escapes is one code point.
        if (cp >= 0xD800 && cp <= 0xDBFF && p.substr(i, 2) == "\\u") {
            const long low = readHex4(p, i + 2);
            if (low >= 0xDC00 && low <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                i += 6;
            }
        }
        out += codePoint(cp);
        return {};
    }

    // \p{Letter}, \p{General_Category=Lu}, \p{Script=Greek}: RE2 knows the short category
    // names and the script names only; PCRE2 knows those and the binary properties.
    std::string propertyEscape(char e)
    {
        if (i >= p.size() || p[i] != '{') {
            out += '\\';
            out += e;
            return {};
        }
        const auto close = p.find('}', i);
        if (close == p.npos)
            return "unterminated \\p{...} escape";
        std::string name(p.substr(i + 1, close - i - 1));
        if (const auto eq = name.find('='); eq != name.npos)
            name = name.substr(eq + 1);
        if (auto it = longCategoryNames().find(name); it != longCategoryNames().end())
            name = it->second;
        out += std::string("\\") + e + "{" + name + "}";
        i = close + 1;
        return {};
    }

    static const std::map<std::string, std::string>& longCategoryNames()
    {
        static const std::map<std::string, std::string> names = {
            {"Letter", "L"}, {"Uppercase_Letter", "Lu"}, {"Lowercase_Letter", "Ll"}, {"Titlecase_Letter", "Lt"},
            {"Modifier_Letter", "Lm"}, {"Other_Letter", "Lo"}, {"Mark", "M"}, {"Nonspacing_Mark", "Mn"},
            {"Spacing_Mark", "Mc"}, {"Enclosing_Mark", "Me"}, {"Number", "N"}, {"Decimal_Number", "Nd"},
            {"digit", "Nd"}, {"Letter_Number", "Nl"}, {"Other_Number", "No"}, {"Punctuation", "P"},
            {"punct", "P"}, {"Connector_Punctuation", "Pc"}, {"Dash_Punctuation", "Pd"}, {"Open_Punctuation", "Ps"},
            {"Close_Punctuation", "Pe"}, {"Initial_Punctuation", "Pi"}, {"Final_Punctuation", "Pf"},
            {"Other_Punctuation", "Po"}, {"Symbol", "S"}, {"Math_Symbol", "Sm"}, {"Currency_Symbol", "Sc"},
            {"Modifier_Symbol", "Sk"}, {"Other_Symbol", "So"}, {"Separator", "Z"}, {"Space_Separator", "Zs"},
            {"Line_Separator", "Zl"}, {"Paragraph_Separator", "Zp"}, {"Other", "C"}, {"Control", "Cc"},
            {"cntrl", "Cc"}, {"Format", "Cf"}, {"Surrogate", "Cs"}, {"Private_Use", "Co"}};
        return names;
    }

    std::string controlEscape()
    {
        if (i >= p.size() || !std::isalpha(static_cast<unsigned char>(p[i])))
            return "\\c must be followed by a letter";
        out += codePoint(std::toupper(static_cast<unsigned char>(p[i])) - 'A' + 1);
        ++i;
        return {};
    }
};

} // namespace

Result<std::string> ecmaToRe2(std::string_view pattern)
{
    Translator t;
    t.p = pattern;
    return t.run();
}

Result<std::string> ecmaToPcre2(std::string_view pattern)
{
    Translator t;
    t.p = pattern;
    t.pcre2 = true;
    return t.run();
}

} // namespace conform::schema::detail
