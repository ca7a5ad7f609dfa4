#pragma once
// Test helpers: compact fix lists, and the check that a fix log really explains the value.
#include "json/extract.h"
#include "json/parse.h"

#include <string>
#include <string_view>

namespace conform::test {

// [[kind, offset, before, after], ...]: the length is before's.
inline Json fixList(const std::vector<json::Fix>& fixes)
{
    Json out = Json::array();
    for (const auto& f : fixes)
        out.push_back(Json::array({f.kind, f.offset, f.before, f.after}));
    return out;
}

// Applies `fixes` to the raw text around the candidate and parses the result strictly: a fix
// log is honest when the repaired text is exactly the extracted value.
inline Result<Json> applyFixes(std::string_view raw, const json::Extraction& x)
{
    std::size_t from = x.candidate.offset, to = x.candidate.end();
    for (const auto& f : x.fixes) {
        from = std::min(from, f.offset);
        to = std::max(to, f.offset + f.length);
    }
    std::string out;
    std::size_t at = from;
    for (const auto& f : x.fixes) {
        out.append(raw.substr(at, f.offset - at));
        out += f.after;
        at = f.offset + f.length;
    }
    out.append(raw.substr(at, to - at));
    return json::parseStrict(out);
}

} // namespace conform::test
