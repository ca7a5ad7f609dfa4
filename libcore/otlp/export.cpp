#include "otlp/export.h"

#include "base/json_access.h"
#include "providers/http.h"

#include <QCryptographicHash>

namespace conform::otlp {

namespace {

Json attribute(const std::string& key, const Json& value)
{
    Json any;
    if (value.is_string())
        any = Json{{"stringValue", value}};
    else if (value.is_boolean())
        any = Json{{"boolValue", value}};
    else if (value.is_number_integer() || value.is_number_unsigned())
        any = Json{{"intValue", std::to_string(value.get<std::int64_t>())}};
    else if (value.is_number_float())
        any = Json{{"doubleValue", value}};
    else if (value.is_array()) {
        Json values = Json::array();
        for (const Json& item : value)
            values.push_back(item.is_string() ? Json{{"stringValue", item}} : Json{{"stringValue", dump(item)}});
        any = Json{{"arrayValue", Json{{"values", values}}}};
    } else
        any = Json{{"stringValue", dump(value)}};
    return Json{{"key", key}, {"value", std::move(any)}};
}

std::string hexHash(const std::string& text, int digits)
{
    const QByteArray digest = QCryptographicHash::hash(QByteArray::fromStdString(text), QCryptographicHash::Sha256).toHex();
    return digest.left(digits).toStdString();
}

std::string label(const store::Capture& c, const char* key)
{
    for (const auto& [k, v] : c.summary.labels)
        if (k == key)
            return v;
    return {};
}

std::int64_t integerAt(const Json& object, const char* key)
{
    const Json& v = member(object, key);
    return v.is_number_integer() || v.is_number_unsigned() ? v.get<std::int64_t>() : 0;
}

Json attemptSpan(const store::Capture& c, const Json& attempt, std::size_t index, const std::string& traceId, const std::string& parent,
                 std::int64_t startNs, std::int64_t endNs)
{
    const std::string target = member(attempt, "target").is_string() ? attempt["target"].get<std::string>() : c.summary.provider + "/" + c.summary.model;
    const std::size_t slash = target.find('/');
    const std::string provider = target.substr(0, slash);
    const std::string model = slash == std::string::npos ? std::string() : target.substr(slash + 1);
    Json attributes = Json::array();
    attributes.push_back(attribute("gen_ai.operation.name", "chat"));
    attributes.push_back(attribute("gen_ai.provider.name", provider));
    attributes.push_back(attribute("gen_ai.request.model", model));
    const Json& usage = member(attempt, "usage");
    attributes.push_back(attribute("gen_ai.usage.input_tokens", integerAt(usage, "input")));
    attributes.push_back(attribute("gen_ai.usage.output_tokens", integerAt(usage, "output")));
    if (integerAt(usage, "cached") > 0)
        attributes.push_back(attribute("gen_ai.usage.cache_read.input_tokens", integerAt(usage, "cached")));
    if (member(attempt, "stop_reason").is_string())
        attributes.push_back(attribute("gen_ai.response.finish_reasons", Json::array({attempt["stop_reason"]})));
    Json input = Json::array();
    if (index == 0) {
        if (!c.system.empty())
            attributes.push_back(attribute("gen_ai.system_instructions", dump(Json::array({Json{{"type", "text"}, {"content", c.system}}}))));
        input.push_back(Json{{"role", "user"}, {"parts", Json::array({Json{{"type", "text"}, {"content", c.user}}})}});
        attributes.push_back(attribute("gen_ai.input.messages", dump(input)));
    }
    if (member(attempt, "raw").is_string())
        attributes.push_back(attribute("gen_ai.output.messages", dump(Json::array({Json{{"role", "assistant"},
            {"parts", Json::array({Json{{"type", "text"}, {"content", attempt["raw"]}}})},
            {"finish_reason", member(attempt, "stop_reason").is_string() ? attempt["stop_reason"] : Json("stop")}}}))));
    attributes.push_back(attribute("conform.attempt", static_cast<std::int64_t>(index)));
    attributes.push_back(attribute("conform.attempt.kind", member(attempt, "kind").is_string() ? attempt["kind"] : Json("initial")));
    attributes.push_back(attribute("conform.attempt.mode", member(attempt, "mode").is_string() ? attempt["mode"] : Json("")));
    attributes.push_back(attribute("conform.attempt.valid", member(attempt, "valid").is_boolean() && attempt["valid"].get<bool>()));
    attributes.push_back(attribute("conform.attempt.parsed", member(attempt, "parsed").is_boolean() && attempt["parsed"].get<bool>()));
    attributes.push_back(attribute("conform.attempt.truncated", member(attempt, "truncated").is_boolean() && attempt["truncated"].get<bool>()));
    attributes.push_back(attribute("conform.attempt.not_enforced", member(attempt, "not_enforced").is_boolean() && attempt["not_enforced"].get<bool>()));
    const Json& fixes = member(attempt, "fixes");
    attributes.push_back(attribute("conform.attempt.fixes", static_cast<std::int64_t>(fixes.is_array() ? fixes.size() : 0)));
    const Json& issues = member(attempt, "issues");
    attributes.push_back(attribute("conform.attempt.issues", static_cast<std::int64_t>(issues.is_array() ? issues.size() : 0)));
    Json events = Json::array();
    if (issues.is_array())
        for (std::size_t i = 0; i < issues.size() && i < kIssueEvents; ++i)
            events.push_back(Json{{"timeUnixNano", std::to_string(endNs)}, {"name", "conform.issue"},
                                  {"attributes", Json::array({attribute("conform.issue.code", member(issues[i], "code")),
                                                              attribute("conform.issue.path", member(issues[i], "path")),
                                                              attribute("conform.issue.message", member(issues[i], "message"))})}});
    Json status = Json::object();
    if (member(attempt, "error").is_string())
        status = Json{{"code", 2}, {"message", attempt["error"]}};
    return Json{{"traceId", traceId}, {"spanId", hexHash(c.summary.id + "/attempt/" + std::to_string(index), 16)}, {"parentSpanId", parent},
                {"name", "chat " + model}, {"kind", 3}, {"startTimeUnixNano", std::to_string(startNs)}, {"endTimeUnixNano", std::to_string(endNs)},
                {"attributes", std::move(attributes)}, {"events", std::move(events)}, {"status", std::move(status)}};
}

Json spansOf(const store::Capture& capture)
{
    Json document = capture.document();
    providers::redactRecordedRequests(document);
    std::string traceId = label(capture, "trace_id");
    if (traceId.size() != 32)
        traceId = hexHash(capture.summary.id, 32);
    const std::string runSpan = hexHash(capture.summary.id + "/run", 16);
    const std::int64_t endNs = capture.summary.createdAtMs * 1'000'000;
    const std::int64_t startNs = endNs - capture.summary.latencyMs * 1'000'000;
    Json attributes = Json::array({attribute("conform.capture.id", capture.summary.id), attribute("conform.source", capture.summary.source),
                                   attribute("conform.outcome", std::string(store::outcomeNameOf(capture.summary.outcome))),
                                   attribute("conform.flags", Json(store::flagNames(capture.summary.flags))),
                                   attribute("conform.attempts", capture.summary.attempts), attribute("conform.repairs", capture.summary.repairs),
                                   attribute("conform.schema_hash", capture.summary.schemaHash),
                                   attribute("conform.prompt_hash", capture.summary.promptHash)});
    for (const auto& [key, value] : capture.summary.labels)
        attributes.push_back(attribute("conform.label." + key, value));
    attributes.push_back(attribute("conform.capture", dump(document)));
    Json spans = Json::array();
    spans.push_back(Json{{"traceId", traceId}, {"spanId", runSpan}, {"name", "conform.run"}, {"kind", 1},
                         {"startTimeUnixNano", std::to_string(startNs)}, {"endTimeUnixNano", std::to_string(endNs)},
                         {"attributes", std::move(attributes)},
                         {"status", capture.summary.outcome == static_cast<int>(store::OutcomeCode::Failed)
                                        ? Json{{"code", 2}, {"message", "outcome failed"}} : Json{{"code", 1}}}});
    const Json& attempts = member(document, "attempts");
    std::int64_t at = startNs;
    for (std::size_t i = 0; attempts.is_array() && i < attempts.size(); ++i) {
        const std::int64_t length = integerAt(attempts[i], "latency_ms") * 1'000'000;
        spans.push_back(attemptSpan(capture, attempts[i], i, traceId, runSpan, at, std::min(at + length, std::max(endNs, at + length))));
        at += length;
    }
    return spans;
}

} // namespace

Json traceRequest(const std::vector<store::Capture>& captures)
{
    Json spans = Json::array();
    for (const store::Capture& capture : captures)
        for (Json& span : spansOf(capture))
            spans.push_back(std::move(span));
    return Json{{"resourceSpans", Json::array({Json{
        {"resource", Json{{"attributes", Json::array({attribute("service.name", "conform")})}}},
        {"scopeSpans", Json::array({Json{{"scope", Json{{"name", "conform"}, {"version", "0.1.0"}}}, {"spans", std::move(spans)}}})}}})}};
}

} // namespace conform::otlp
