// extract(): find the candidates, choose the answer, undo double encoding, report.
#include "json/extract.h"

#include "json/candidates.h"
#include "json/json_writer.h"
#include "json/parse.h"
#include "json/repairer.h"

#include <tuple>

namespace conform::json {

namespace {

using detail::Candidate;
using detail::treeOf;

// The candidate's value when it is a string; false otherwise.
bool stringValue(Candidate& c, std::string* out)
{
    if (c.asText ? c.text.empty() || c.text.front() != '"' : !c.value.is_string())
        return false;
    *out = treeOf(c).get<std::string>();
    return true;
}

// {"a": 1} sent as the string "{\"a\": 1}": decode it when the string holds an object or array.
void undoDoubleEncoding(std::string_view raw, Candidate& c, const ExtractOptions& options)
{
    std::string inner;
    if (!stringValue(c, &inner))
        return;
    const std::size_t first = detail::firstSignificant(inner);
    if (first >= inner.size() || (inner[first] != '{' && inner[first] != '['))
        return;
    detail::Repairer r(first, detail::RepairOptions{options.strict, false, {}, nullptr, detail::outputFor(options)});
    if (r.run(inner, true) != detail::Repairer::Status::Done || !r.log().refused().empty()
        || detail::firstSignificant(inner, r.end()) < inner.size())
        return;
    std::string text = r.takeText(); // what dumping the tree gives
    FixLog log(options.strict);
    log.add(FixKind::DoubleEncoded, c.span.offset, raw.substr(c.span.offset, c.span.length), text);
    c.log = std::move(log);
    if (c.asText) {
        c.text = std::move(text);
        c.value = Json();
    } else {
        c.value = std::move(r.value());
    }
    c.kind = "double_encoded";
    c.container = true;
    c.map = SourceMap();
    if (options.sourceMap)
        c.map.add({}, c.span); // inner values point at the string that holds them
}

std::string refusalReason(const std::vector<Fix>& refused)
{
    std::string kinds;
    for (const Fix& f : refused)
        if (kinds.find(f.kind) == std::string::npos)
            kinds += (kinds.empty() ? "" : ", ") + f.kind;
    return "strict mode refused " + std::to_string(refused.size()) + " value-changing fix"
        + (refused.size() == 1 ? "" : "es") + " (" + kinds + ")";
}

} // namespace

Extraction extract(std::string_view raw, const ExtractOptions& options)
{
    Extraction x;
    try {
        if (detail::firstSignificant(raw) >= raw.size()) {
            x.reason = "no JSON found: the reply is empty";
            return x;
        }
        // A NUL byte is never JSON and never an end: a reply holding one (binary, or text cut
        // and glued) is refused at its place, so `{"a":1}<NUL>{"b":` cannot pass as {"a":1}.
        if (const std::size_t nul = raw.find('\0'); nul != std::string_view::npos) {
            const LineColumn at = lineColumnAt(raw, nul);
            x.reason = "no JSON found: the reply holds a NUL byte at line " + std::to_string(at.line) + ", column "
                + std::to_string(at.column) + ", and a NUL is never part of JSON text";
            return x;
        }
        std::string failure;
        std::vector<Candidate> candidates = detail::findCandidates(raw, options, &failure);
        if (candidates.empty()) {
            x.reason = failure.empty() ? "no JSON found: the reply is prose without a JSON object or array"
                                       : "no JSON found: " + failure;
            return x;
        }
        Candidate& c = candidates[detail::chooseCandidate(candidates, options)];
        undoDoubleEncoding(raw, c, options);
        c.log.sort();
        std::tie(x.fixes, x.refused) = FixList::fromLog(std::move(c.log));
        x.candidateKind = c.kind;
        x.candidate = c.span;
        x.sourceMap = std::move(c.map);
        x.ok = x.refused.empty();
        if (!x.ok) {
            x.reason = refusalReason(x.refused);
        } else if (c.asText) {
            if (options.text)
                x.json = std::move(c.text);
        } else {
            if (options.text)
                JsonWriter(x.json).value(c.value);
            if (options.value)
                x.value = std::move(c.value);
        }
    } catch (const Cancelled&) {
        x = Extraction{};
        x.cancelled = true;
        x.reason = "cancelled";
    } catch (const std::exception& e) { // allocation failure on a huge reply: report, never throw
        x = Extraction{};
        x.reason = std::string("no JSON found: extraction failed (") + e.what() + ")";
    }
    return x;
}

SourceMap sourceMapOf(std::string_view document, const CancelFlag* cancel)
{
    try {
        // Only the map is wanted: the cheaper text output, thrown away.
        detail::Repairer r(0, detail::RepairOptions{false, true, {}, cancel, detail::RepairOutput::Text});
        r.run(document, true);
        SourceMap map = std::move(r.sourceMap());
        map.index();
        return map;
    } catch (const Cancelled&) {
        return {};
    } catch (const std::exception&) {
        return {};
    }
}

} // namespace conform::json
