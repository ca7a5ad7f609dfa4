#include "json/locate.h"

#include <algorithm>

namespace conform::json::detail {

namespace {

constexpr std::size_t npos = std::string_view::npos;

// The value of attribute `name="..."` (or single quotes) in a tag's text.
std::string attribute(std::string_view tag, std::string_view name)
{
    std::size_t at = 0;
    while ((at = tag.find(name, at)) != npos) {
        std::size_t i = at + name.size();
        while (i < tag.size() && tag[i] == ' ')
            ++i;
        if (i < tag.size() && tag[i] == '=') {
            ++i;
            while (i < tag.size() && tag[i] == ' ')
                ++i;
            if (i < tag.size() && (tag[i] == '"' || tag[i] == '\'')) {
                const std::size_t close = tag.find(tag[i], i + 1);
                if (close != npos)
                    return std::string(tag.substr(i + 1, close - i - 1));
            }
        }
        at += name.size();
    }
    return {};
}

// The element <name ...>content</name> whose opening tag starts at or after `from`.
struct Element
{
    std::size_t tagBegin = npos;
    std::string_view tag; // the opening tag's text
    Region content;
    std::size_t end = 0;  // past the closing tag (or the limit)
};

Element findElement(std::string_view text, std::string_view name, std::size_t from, std::size_t limit)
{
    const std::string open = "<" + std::string(name);
    const std::string close = "</" + std::string(name) + ">";
    Element e;
    text = text.substr(0, limit); // nothing past the parent's end is searched
    std::size_t at = from;
    while ((at = text.find(open, at)) != npos) {
        const std::size_t after = at + open.size();
        if (after < text.size() && (text[after] == '>' || text[after] == ' ')) {
            const std::size_t gt = text.find('>', after);
            if (gt == npos)
                return e;
            e.tagBegin = at;
            e.tag = text.substr(at, gt + 1 - at);
            e.content.begin = gt + 1;
            const std::size_t c = text.find(close, gt + 1);
            e.content.closed = c != npos;
            e.content.end = e.content.closed ? c : limit;
            e.end = e.content.closed ? c + close.size() : limit;
            return e;
        }
        at = after;
    }
    return e;
}

} // namespace

std::vector<Region> findFences(std::string_view text)
{
    // A fence line starts with up to three spaces, then ``` or ~~~. The markers are searched
    // for, and each checked for standing at a line's start, rather than every line looked at:
    // most of a reply is not a fence line.
    std::vector<std::size_t> lines; // where fence lines start, in order
    for (const std::string_view marker : {std::string_view("```"), std::string_view("~~~")}) {
        const std::size_t before = lines.size();
        for (std::size_t at = text.find(marker); at != npos; at = text.find(marker, at + 1)) {
            std::size_t lineStart = at;
            while (lineStart > 0 && at - lineStart < 3 && text[lineStart - 1] == ' ')
                --lineStart;
            if (lineStart == 0 || text[lineStart - 1] == '\n')
                lines.push_back(lineStart);
        }
        std::inplace_merge(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(before), lines.end());
    }
    std::vector<Region> fences;
    bool open = false;
    Region current;
    for (const std::size_t line : lines) {
        std::size_t next = text.find('\n', line);
        next = next == npos ? text.size() : next + 1;
        if (!open) {
            open = true;
            current = Region{next, text.size(), false};
        } else {
            current.end = line;
            current.closed = true;
            fences.push_back(current);
            open = false;
        }
    }
    if (open)
        fences.push_back(current);
    return fences;
}

std::vector<Region> findXmlWrappers(std::string_view text)
{
    if (text.find('<') == npos) // no tag at all: one scan instead of one per name
        return {};
    std::vector<Region> regions;
    for (std::string_view name : {"json", "output"}) {
        for (std::size_t at = 0; at < text.size();) {
            const Element e = findElement(text, name, at, text.size());
            if (e.tagBegin == npos)
                break;
            regions.push_back(e.content);
            at = e.end > at ? e.end : at + 1;
        }
    }
    return regions;
}

std::vector<Invoke> findFunctionCalls(std::string_view text)
{
    if (text.find('<') == npos)
        return {};
    std::vector<Invoke> invokes;
    for (std::size_t at = 0; at < text.size();) {
        const Element calls = findElement(text, "function_calls", at, text.size());
        if (calls.tagBegin == npos)
            break;
        for (std::size_t i = calls.content.begin; i < calls.content.end;) {
            const Element inv = findElement(text, "invoke", i, calls.content.end);
            if (inv.tagBegin == npos)
                break;
            Invoke invoke{attribute(inv.tag, "name"), inv.tagBegin, inv.end, inv.content.closed, {}};
            for (std::size_t p = inv.content.begin; p < inv.content.end;) {
                const Element param = findElement(text, "parameter", p, inv.content.end);
                if (param.tagBegin == npos)
                    break;
                invoke.parameters.push_back(Parameter{attribute(param.tag, "name"), param.content});
                p = param.end > p ? param.end : p + 1;
            }
            invokes.push_back(std::move(invoke));
            i = inv.end > i ? inv.end : i + 1;
        }
        at = calls.end > at ? calls.end : at + 1;
    }
    return invokes;
}

} // namespace conform::json::detail
