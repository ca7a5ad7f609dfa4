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
        if (const auto span = extraction.sourceMap.find(pathOf(issue.is_object() ? issue.value("path", Json()) : Json())))
            spans.push_back(*span);
    }
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return std::pair(a.offset, a.length) < std::pair(b.offset, b.length); });
    spans.erase(std::unique(spans.begin(), spans.end()), spans.end());
    return spans;
}

} // namespace conform::gui
