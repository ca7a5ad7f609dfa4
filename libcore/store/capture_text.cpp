// captureFromText: bulk import without building each run as a tree. simdjson parses the line;
// the run's members are written back out as text for storage, and only the fields the
// summary reads become Json values, so the common path (summarize) stays the one path.
#include "store/capture.h"
#include "store/detail/capture_detail.h"

#include <simdjson.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_map>

namespace conform::store {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

// Locals, not temporaries: a range-for over `x.get_object().value_unsafe()` would iterate an
// object whose result wrapper is already gone.
simdjson::dom::object objectOf(element e)
{
    simdjson::dom::object object;
    if (e.get_object().get(object) != simdjson::SUCCESS)
        return {};
    return object;
}

simdjson::dom::array arrayOf(element e)
{
    simdjson::dom::array array;
    if (e.get_array().get(array) != simdjson::SUCCESS)
        return {};
    return array;
}

std::string_view stringOf(element e)
{
    std::string_view text;
    if (e.get_string().get(text) != simdjson::SUCCESS)
        return {};
    return text;
}

Json toJson(element e)
{
    switch (e.type()) {
    case element_type::OBJECT: {
        Json out = Json::object();
        for (auto field : objectOf(e))
            out[std::string(field.key)] = toJson(field.value);
        return out;
    }
    case element_type::ARRAY: {
        Json out = Json::array();
        for (element item : arrayOf(e))
            out.push_back(toJson(item));
        return out;
    }
    case element_type::STRING: return std::string(stringOf(e));
    case element_type::INT64: return e.get_int64().value_unsafe();
    case element_type::UINT64: return e.get_uint64().value_unsafe();
    case element_type::DOUBLE: return e.get_double().value_unsafe();
    case element_type::BOOL: return e.get_bool().value_unsafe();
    default: return nullptr;
    }
}

// What summarize() and the signature read of an attempt; the request and the rest stay in
// the text.
Json attemptSummary(element attempt)
{
    Json out = Json::object();
    if (!attempt.is_object())
        return out;
    for (auto field : objectOf(attempt)) {
        const std::string_view key = field.key;
        if (key == "issues") {
            // The first issue whole (the final reply's is stored), the others as a signature
            // reads them.
            Json issues = Json::array();
            if (field.value.is_array())
                for (element issue : arrayOf(field.value)) {
                    if (issues.empty() || !issue.is_object()) {
                        issues.push_back(toJson(issue));
                        continue;
                    }
                    Json kept = Json::object();
                    for (auto part : objectOf(issue))
                        if (part.key == "code" || part.key == "path" || part.key == "message")
                            kept[std::string(part.key)] = toJson(part.value);
                    issues.push_back(std::move(kept));
                }
            out["issues"] = std::move(issues);
        } else if (key == "target" || key == "mode" || key == "repair" || key == "raw" || key == "parsed" || key == "valid"
                   || key == "checked" || key == "truncated" || key == "error" || key == "http_status" || key == "extraction_failure"
                   || key == "usage" || key == "latency_ms" || key == "not_enforced" || key == "retries") {
            out[std::string(key)] = toJson(field.value);
        }
    }
    return out;
}

// The line, copied where simdjson may read past its end (its padding), for both parsers.
std::string_view paddedCopy(std::string_view text)
{
    thread_local std::string buffer;
    if (buffer.size() < text.size() + simdjson::SIMDJSON_PADDING)
        buffer.resize(text.size() + simdjson::SIMDJSON_PADDING);
    std::copy(text.begin(), text.end(), buffer.begin());
    return {buffer.data(), text.size()};
}

Error documentError(std::string message, std::string where)
{
    return Error{std::move(message), std::move(where)};
}

// The raw text of an on-demand value (which the DOM has checked already); nullopt when the
// on-demand reader disagrees, and the caller writes the DOM's element out instead.
std::optional<std::string_view> rawText(simdjson::ondemand::value value)
{
    simdjson::ondemand::json_type type;
    if (value.type().get(type) != simdjson::SUCCESS)
        return std::nullopt;
    std::string_view raw;
    if (type == simdjson::ondemand::json_type::object) {
        simdjson::ondemand::object object;
        if (value.get_object().get(object) != simdjson::SUCCESS || object.raw_json().get(raw) != simdjson::SUCCESS)
            return std::nullopt;
    } else if (type == simdjson::ondemand::json_type::array) {
        simdjson::ondemand::array array;
        if (value.get_array().get(array) != simdjson::SUCCESS || array.raw_json().get(raw) != simdjson::SUCCESS)
            return std::nullopt;
    } else {
        raw = value.raw_json_token();
    }
    while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\t' || raw.back() == '\n' || raw.back() == '\r'))
        raw.remove_suffix(1);
    return raw;
}

// A key as JSON text, as dump() writes it (only quotes, backslashes and control characters
// need escaping: the DOM has checked the UTF-8).
void appendKey(std::string& out, std::string_view key)
{
    if (std::any_of(key.begin(), key.end(), [](char ch) { return ch == '"' || ch == '\\' || static_cast<unsigned char>(ch) < 0x20; })) {
        out += dump(Json(std::string(key)));
        return;
    }
    out += '"';
    out += key;
    out += '"';
}

// A member's value in compact form: its own text without the blanks between tokens (the
// SIMD minifier: no tree is built, nothing is re-escaped).
void appendCompact(std::string& out, std::string_view raw)
{
    const std::size_t at = out.size();
    out.resize(at + raw.size());
    std::size_t length = 0;
    if (simdjson::minify(raw.data(), raw.size(), out.data() + at, length) != simdjson::SUCCESS) {
        out.resize(at);
        out += raw;
        return;
    }
    out.resize(at + length);
}

// What a spec's text becomes, kept per distinct text: an import's captures share a handful of
// specs, and taking one apart (the schema's text and hash, the prompt's hash) costs more
// than the rest of the capture. Bounded: emptied when full.
Result<std::shared_ptr<const detail::SpecParts>> specPartsOf(std::string_view raw, element spec)
{
    thread_local std::unordered_map<std::string, std::shared_ptr<const detail::SpecParts>> known;
    if (!raw.empty())
        if (const auto found = known.find(std::string(raw)); found != known.end())
            return found->second;
    auto parts = detail::specParts(toJson(spec));
    if (!parts)
        return parts.error();
    auto shared = std::make_shared<const detail::SpecParts>(std::move(parts).value());
    if (!raw.empty()) {
        if (known.size() >= 64)
            known.clear();
        known.emplace(std::string(raw), shared);
    }
    return shared;
}

} // namespace

Result<Capture> captureFromText(std::string_view text, const std::function<std::string()>& fallbackId)
{
    thread_local simdjson::dom::parser parser;
    thread_local simdjson::ondemand::parser members;
    const std::string_view padded = paddedCopy(text);
    element root;
    if (auto error = parser.parse(padded.data(), padded.size(), false).get(root); error)
        return documentError(std::string("not a JSON document (") + simdjson::error_message(error) + ")", "");
    if (!root.is_object())
        return documentError("a capture must be a JSON object", "");
    // The same members again, on demand, for their raw text: the run is stored as its own
    // text (compacted), and a spec seen before is known by its text.
    simdjson::ondemand::document document;
    simdjson::ondemand::object rawMembers;
    bool haveRaw = members.iterate(padded.data(), padded.size(), padded.size() + simdjson::SIMDJSON_PADDING).get(document) == simdjson::SUCCESS
        && document.get_object().get(rawMembers) == simdjson::SUCCESS;
    simdjson::ondemand::object_iterator rawAt, rawEnd;
    if (haveRaw)
        haveRaw = rawMembers.begin().get(rawAt) == simdjson::SUCCESS && rawMembers.end().get(rawEnd) == simdjson::SUCCESS;
    Capture c;
    c.run = Json::object();
    Json labels = Json::object();
    element spec;
    std::string_view specRaw;
    bool hasSpec = false, hasTime = false;
    c.runText.reserve(text.size());
    c.runText.push_back('{'); // (assigning "{" trips a false -Wrestrict in GCC 12)
    for (auto field : objectOf(root)) {
        const std::string_view key = field.key;
        // This member's raw text, when the on-demand reader is at the same member.
        std::optional<std::string_view> raw;
        if (haveRaw && rawAt != rawEnd) {
            simdjson::ondemand::field member;
            std::string_view memberKey;
            if ((*rawAt).get(member) == simdjson::SUCCESS && member.unescaped_key().get(memberKey) == simdjson::SUCCESS && memberKey == key)
                raw = rawText(member.value());
            ++rawAt;
        }
        haveRaw = haveRaw && raw.has_value();
        if (key == "id" && field.value.is_string()) {
            c.summary.id = std::string(stringOf(field.value));
            continue;
        }
        if (key == "time") {
            if (!field.value.is_string())
                return documentError("must be an ISO 8601 time", "/time");
            auto time = parseIsoTime(stringOf(field.value));
            if (!time)
                return documentError(time.error().message, "/time");
            c.summary.createdAtMs = time.value();
            hasTime = true;
            continue;
        }
        if (key == "source") {
            if (!field.value.is_string())
                return documentError("must be a string", "/source");
            c.summary.source = std::string(stringOf(field.value));
            continue;
        }
        if (key == "labels") {
            labels = toJson(field.value);
            continue;
        }
        if (key == "spec") {
            spec = field.value;
            specRaw = raw.value_or(std::string_view());
            hasSpec = true;
            continue;
        }
        if (key == "id")
            continue;
        if (c.runText.size() > 1)
            c.runText += ',';
        appendKey(c.runText, key);
        c.runText += ':';
        if (raw)
            appendCompact(c.runText, *raw);
        else
            c.runText += simdjson::minify(field.value);
        if (key == "attempts" && field.value.is_array()) {
            Json attempts = Json::array();
            for (element attempt : arrayOf(field.value))
                attempts.push_back(attemptSummary(attempt));
            c.run["attempts"] = std::move(attempts);
        } else if (key == "outcome" || key == "flags" || key == "metrics" || key == "best_attempt") {
            c.run[std::string(key)] = toJson(field.value);
        } else if (key == "attempts") {
            c.run["attempts"] = toJson(field.value); // not an array: finishCapture says so
        }
    }
    c.runText += '}';
    if (auto taken = detail::takeLabels(std::move(labels), c.summary.labels); !taken)
        return taken.error();
    if (!hasSpec)
        return documentError("a capture needs the schema it ran with", "/spec/schema");
    auto parts = specPartsOf(specRaw, spec);
    if (!parts)
        return parts.error();
    return detail::finishCapture(std::move(c), hasTime, *parts.value(), fallbackId);
}

} // namespace conform::store
