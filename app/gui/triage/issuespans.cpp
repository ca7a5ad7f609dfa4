#include "triage/issuespans.h"

#include "json/extract.h"

#include <algorithm>

namespace conform::gui {

namespace {

// A Zod path (["items", 3, "price"]) as base/path.h's Path.
Path pathOf(const Json& path)
{
    Path out;
    if (!path.is_array())
        return out;
    for (const Json& step : path) {
        if (step.is_string())
            out.emplace_back(step.get<std::string>());
        else if (step.is_number_unsigned() || (step.is_number_integer() && step.get<std::int64_t>() >= 0))
            out.emplace_back(step.get<std::size_t>());
    }
    return out;
}

// Whether `value` has something at `path`.
bool reaches(const Json& value, const Path& path)
{
    const Json* at = &value;
    for (const PathElement& step : path) {
        if (const auto* key = std::get_if<std::string>(&step)) {
            if (!at->is_object() || !at->contains(*key))
                return false;
            at = &(*at)[*key];
        } else {
            const std::size_t index = std::get<std::size_t>(step);
            if (!at->is_array() || index >= at->size())
                return false;
            at = &(*at)[index];
        }
    }
    return true;
}

} // namespace

std::vector<Span> issueSpans(std::string_view raw, const Json& issues, std::size_t limit)
{
    if (!issues.is_array() || issues.empty())
        return {};
    const json::Extraction extraction = json::extract(raw);
    if (!extraction.ok)
        return {};
    std::vector<Span> spans;
    for (const Json& issue : issues) {
        if (spans.size() >= limit)
            break;
        const Path path = pathOf(issue.is_object() ? issue.value("path", Json()) : Json());
        const auto span = extraction.sourceMap.find(path);
        if (!span)
            continue;
        // What is missing has no text: the bracket opening the value that lacks it is marked,
        // not the whole of a value that may fill the screen.
        spans.push_back(reaches(extraction.value, path) ? *span : Span{span->offset, std::min<std::size_t>(span->length, 1)});
    }
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return std::pair(a.offset, a.length) < std::pair(b.offset, b.length); });
    spans.erase(std::unique(spans.begin(), spans.end()), spans.end());
    return spans;
}

} // namespace conform::gui
