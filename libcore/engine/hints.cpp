#include "engine/hints.h"

#include <cctype>

namespace conform::engine {

namespace {

// What a scan outside and inside double-quoted strings found.
struct Scan
{
    bool trailingComma = false;
    bool singleQuotes = false;
    bool rawNewline = false;
};

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

char previousNonSpace(std::string_view text, std::size_t at)
{
    while (at > 0) {
        if (!isSpace(text[--at]))
            return text[at];
    }
    return '\0';
}

char nextNonSpace(std::string_view text, std::size_t at)
{
    for (; at < text.size(); ++at)
        if (!isSpace(text[at]))
            return text[at];
    return '\0';
}

Scan scan(std::string_view text)
{
    Scan found;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            else if (c == '\n')
                found.rawNewline = true;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == ',') {
            const char next = nextNonSpace(text, i + 1);
            found.trailingComma = found.trailingComma || next == '}' || next == ']';
        } else if (c == '\'') {
            const char before = previousNonSpace(text, i);
            found.singleQuotes = found.singleQuotes || before == '{' || before == ',' || before == ':' || before == '[';
        }
    }
    return found;
}

// The name of a leading XML-style wrapper ("function_calls" for "<function_calls>..."), or "".
std::string xmlWrapper(std::string_view text)
{
    const std::size_t open = text.find('<');
    const std::size_t brace = text.find_first_of("{[");
    if (open == std::string_view::npos || (brace != std::string_view::npos && brace < open))
        return {};
    std::size_t end = open + 1;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_' || text[end] == '-'
                                 || text[end] == ':'))
        ++end;
    if (end == open + 1 || end >= text.size() || (text[end] != '>' && text[end] != ' '))
        return {};
    return std::string(text.substr(open + 1, end - open - 1));
}

bool hasProse(std::string_view text)
{
    const std::size_t first = text.find_first_of("{[");
    const std::size_t last = text.find_last_of("}]");
    if (first == std::string_view::npos || last == std::string_view::npos)
        return true;
    const auto wordy = [](std::string_view part) {
        int letters = 0;
        bool inTag = false; // an XML wrapper's tag is not prose (it has its own hint)
        for (char c : part) {
            inTag = c == '<' ? true : c == '>' ? false : inTag;
            letters += !inTag && std::isalpha(static_cast<unsigned char>(c)) ? 1 : 0;
        }
        return letters >= 12; // a sentence, not a fence label like "json"
    };
    return wordy(text.substr(0, first)) || wordy(text.substr(last + 1));
}

} // namespace

std::vector<Hint> hintsFor(std::string_view raw)
{
    std::vector<Hint> hints;
    if (raw.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return {{"empty", "The answer was empty: reply with the JSON value itself."}};
    if (raw.find("```") != std::string_view::npos)
        hints.push_back({"fences", "Remove the markdown code fences (```); return the bare JSON."});
    if (const std::string tag = xmlWrapper(raw); !tag.empty())
        hints.push_back({"xml_wrapper", "Remove the <" + tag + "> XML wrapper; return pure JSON."});
    const Scan found = scan(raw);
    if (found.trailingComma)
        hints.push_back({"trailing_comma", "Remove trailing commas before } and ]."});
    if (found.singleQuotes)
        hints.push_back({"single_quotes", "Use double quotes for keys and strings, not single quotes."});
    if (found.rawNewline)
        hints.push_back({"raw_newline", "Escape line breaks inside strings as \\n."});
    if (hasProse(raw))
        hints.push_back({"prose", "Return only the JSON value, with no text before or after it."});
    return hints;
}

std::string formatHints(const std::vector<Hint>& hints)
{
    if (hints.empty())
        return "(none)";
    std::string out;
    for (const Hint& hint : hints)
        out += (out.empty() ? "- " : "\n- ") + hint.text;
    return out;
}

} // namespace conform::engine
