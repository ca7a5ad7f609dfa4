#include "ingest/observed_call.h"

#include "base/json_access.h"
#include "engine/observed.h"
#include "engine/run_record.h"
#include "providers/http.h"

namespace conform::ingest {

namespace {

// The tool a request forces, by name: OpenAI {"type":"function","function":{"name"}},
// Anthropic {"type":"tool","name"}, the Responses API {"type":"function","name"}.
std::string forcedToolName(const Json& body)
{
    const Json& choice = member(body, "tool_choice");
    if (std::string name = stringOf(member(member(choice, "function"), "name")); !name.empty())
        return name;
    if (const std::string type = stringOf(member(choice, "type")); type == "tool" || type == "function")
        return stringOf(member(choice, "name"));
    return {};
}

Json recordedRequest(Json request)
{
    if (request.is_object()) {
        if (request.contains("headers") && request["headers"].is_object())
            providers::redactHeaderObject(request["headers"]);
        if (request.contains("url") && request["url"].is_string())
            request["url"] = providers::redactUrl(request["url"].get<std::string>());
    }
    return request;
}

} // namespace

Json schemaOfRequest(const Json& body, providers::Mode* mode)
{
    const auto set = [&](providers::Mode m) { if (mode) *mode = m; };
    const std::string tool = forcedToolName(body);
    if (!tool.empty())
        for (const Json& offered : member(body, "tools").is_array() ? member(body, "tools") : Json::array()) {
            if (stringOf(member(member(offered, "function"), "name")) == tool && member(member(offered, "function"), "parameters").is_object()) {
                set(providers::Mode::Tool);
                return member(member(offered, "function"), "parameters");
            }
            if (stringOf(member(offered, "name")) == tool && member(offered, "input_schema").is_object()) {
                set(providers::Mode::Tool);
                return member(offered, "input_schema");
            }
            if (stringOf(member(offered, "name")) == tool && member(offered, "parameters").is_object()) {
                set(providers::Mode::Tool); // a Responses API function tool: flat, not under "function"
                return member(offered, "parameters");
            }
        }
    const Json& format = member(body, "response_format");
    if (stringOf(member(format, "type")) == "json_schema" && member(member(format, "json_schema"), "schema").is_object()) {
        set(providers::Mode::Strict);
        return member(member(format, "json_schema"), "schema");
    }
    if (stringOf(member(format, "type")) == "json_object")
        set(providers::Mode::JsonObject);
    // The Responses API: text.format is {type: "json_schema", name, schema, strict}, flat.
    const Json& textFormat = member(member(body, "text"), "format");
    if (stringOf(member(textFormat, "type")) == "json_schema" && member(textFormat, "schema").is_object()) {
        set(providers::Mode::Strict);
        return member(textFormat, "schema");
    }
    if (stringOf(member(textFormat, "type")) == "json_object")
        set(providers::Mode::JsonObject);
    // Ollama: "format" is a schema object, or "json" for JSON mode.
    if (member(body, "format").is_object()) {
        set(providers::Mode::Strict);
        return member(body, "format");
    }
    if (stringOf(member(body, "format")) == "json")
        set(providers::Mode::JsonObject);
    return nullptr;
}

std::string schemaNameOfRequest(const Json& body)
{
    if (std::string tool = forcedToolName(body); !tool.empty())
        return tool;
    if (std::string name = stringOf(member(member(member(body, "response_format"), "json_schema"), "name")); !name.empty())
        return name;
    return stringOf(member(member(member(body, "text"), "format"), "name"));
}

bool stopMeansTruncated(std::string_view stop)
{
    return stop == "length" || stop == "max_tokens" || stop == "max_output_tokens";
}

bool stopMeansRefused(std::string_view stop)
{
    return stop == "refusal" || stop == "content_filter";
}

const proxy::MappedSchema* Judge::schemaFor(const ObservedCall& call, std::string& label)
{
    if (call.requestSchema.is_object()) {
        const std::string text = dump(call.requestSchema);
        auto& slot = m_requestSchemas[text];
        if (!slot) {
            auto compiled = schema::Validator::compile(call.requestSchema);
            if (compiled)
                slot = std::make_unique<proxy::MappedSchema>(proxy::MappedSchema{call.requestSchema,
                                                                                 std::make_shared<const schema::Validator>(std::move(compiled.value()))});
        }
        if (slot) {
            label = call.schemaName.empty() ? "request" : call.schemaName;
            return slot.get();
        }
    }
    if (!call.schemaName.empty())
        if (const auto mapped = m_options.schemaMap.find(call.schemaName); mapped != m_options.schemaMap.end()) {
            label = call.schemaName;
            return &mapped->second;
        }
    if (m_options.fallback) {
        label = "file";
        return &*m_options.fallback;
    }
    label = "none";
    return nullptr;
}

Result<store::Capture> Judge::capture(const ObservedCall& call)
{
    std::string schemaLabel;
    const proxy::MappedSchema* schema = schemaFor(call, schemaLabel);
    if (!schema)
        ++m_unchecked;

    engine::AttemptRecord a;
    a.target = call.provider + "/" + call.model;
    a.mode = call.mode;
    a.request = recordedRequest(call.request);
    a.requestBytes = call.request.is_null() ? 0 : dump(member(call.request, "body")).size();
    a.stopReason = call.stopReason;
    a.usage = call.usage;
    a.latencyMs = call.latencyMs;
    a.httpStatus = call.httpStatus;
    a.truncated = stopMeansTruncated(call.stopReason);
    a.refused = call.refused || stopMeansRefused(call.stopReason);
    if (!call.error.empty() || !call.reply) {
        a.error = call.error.empty() ? "the record holds no reply" : call.error;
        // As the engine counts them: the statuses it would have retried (a batch line that
        // expired or was refused is a failure of the request, not of the transport).
        a.transportError = !call.error.empty() && (call.httpStatus == 408 || call.httpStatus == 429 || call.httpStatus >= 500);
    } else {
        a.raw = *call.reply;
        engine::judgeObserved(a, *call.reply, schema ? schema->validator.get() : nullptr, schema ? schema->document : Json());
    }
    const engine::RunRecord record = engine::observedRun(std::move(a));

    store::CaptureParts parts;
    parts.id = store::idFromContent(call.source + '\x1f' + call.idSeed);
    parts.timeMs = call.timeMs;
    parts.source = call.source;
    // As the labels of a document: one value a key, the last given, in first-given order.
    const auto label = [&](const std::string& key, const std::string& value) {
        for (auto& [known, was] : parts.labels)
            if (known == key) {
                was = value;
                return;
            }
        parts.labels.emplace_back(key, value);
    };
    for (const auto& [key, value] : call.labels)
        label(key, value);
    label("schema", schemaLabel);
    label("validated", schema ? "true" : "false");
    if (schema) {
        parts.schema = schema->document;
        parts.schemaText = schemaText(schema);
    } else {
        parts.schema = Json::object();
    }
    parts.system = call.system;
    parts.user = call.user;
    parts.spec = Json{{"targets", Json::array({Json{{"provider", call.provider}, {"model", call.model}, {"base_url", ""}, {"mode", "auto"}}})},
                      {"policy", Json::object()}};
    // The run as text, and as a tree only what the summary reads: the store writes the text.
    parts.runText = record.toText();
    parts.run = store::runSummary(record);
    return store::captureFromParts(std::move(parts));
}

const std::string& Judge::schemaText(const proxy::MappedSchema* schema)
{
    auto& text = m_schemaTexts[schema];
    if (text.empty())
        text = dump(schema->document);
    return text;
}

} // namespace conform::ingest
