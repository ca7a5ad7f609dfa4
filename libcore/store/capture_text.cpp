// captureFromText: bulk import without building each run as a tree. simdjson parses the line;
// the run's members are written back out as text for storage, and only the fields the
// summary reads become Json values, so the common path (summarize) stays the one path.
#include "store/capture.h"
#include "store/detail/capture_detail.h"

#include <simdjson.h>

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

// What summarize() reads of an attempt; the request and the rest stay in the text.
Json attemptSummary(element attempt)
{
    Json out = Json::object();
    if (!attempt.is_object())
        return out;
    for (auto field : objectOf(attempt)) {
        const std::string_view key = field.key;
        if (key == "issues") {
            Json first = Json::array();
            if (field.value.is_array())
                for (element issue : arrayOf(field.value)) {
                    first.push_back(toJson(issue));
                    break;
                }
            out["issues"] = std::move(first);
        } else if (key == "target" || key == "mode" || key == "repair" || key == "raw" || key == "parsed" || key == "valid"
                   || key == "usage" || key == "latency_ms" || key == "not_enforced" || key == "retries") {
            out[std::string(key)] = toJson(field.value);
        }
    }
    return out;
}

simdjson::dom::parser& threadParser()
{
    thread_local simdjson::dom::parser parser;
    return parser;
}

Error documentError(std::string message, std::string where)
{
    return Error{std::move(message), std::move(where)};
}

} // namespace

Result<Capture> captureFromText(std::string_view text, const std::function<std::string()>& fallbackId)
{
    element root;
    if (auto error = threadParser().parse(text.data(), text.size()).get(root); error)
        return documentError(std::string("not a JSON document (") + simdjson::error_message(error) + ")", "");
    if (!root.is_object())
        return documentError("a capture must be a JSON object", "");
    Capture c;
    c.run = Json::object();
    Json labels = Json::object(), spec = Json::object();
    bool hasTime = false;
    c.runText.push_back('{'); // (assigning "{" trips a false -Wrestrict in GCC 12)
    for (auto field : objectOf(root)) {
        const std::string_view key = field.key;
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
        if (key == "labels" || key == "spec") {
            (key == "labels" ? labels : spec) = toJson(field.value);
            continue;
        }
        if (key == "id")
            continue;
        if (c.runText.size() > 1)
            c.runText += ',';
        c.runText += dump(Json(std::string(key)));
        c.runText += ':';
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
    return detail::finishCapture(std::move(c), hasTime, std::move(labels), std::move(spec), fallbackId);
}

} // namespace conform::store
