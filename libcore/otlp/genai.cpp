#include "otlp/genai.h"

#include "base/json_access.h"
#include "json/parse.h"

#include <algorithm>
#include <cstdlib>

namespace conform::otlp {

namespace {

// The array at `key`, or an empty one: by reference, so a range-for never copies a payload.
const Json& arrayAt(const Json& object, const char* key)
{
    static const Json empty = Json::array();
    const Json& value = member(object, key);
    return value.is_array() ? value : empty;
}

// OTLP/JSON writes 64-bit integers as strings ("1700000000000000000") or numbers.
std::int64_t integerOf(const Json& value)
{
    if (value.is_number_integer())
        return value.get<std::int64_t>();
    if (value.is_number_float())
        return static_cast<std::int64_t>(value.get<double>());
    if (value.is_string())
        return std::strtoll(value.get_ref<const std::string&>().c_str(), nullptr, 10);
    return 0;
}

// An AnyValue as a plain JSON value.
Json plain(const Json& any)
{
    if (!any.is_object() || any.empty())
        return nullptr;
    // The member itself, not `*any.items().begin()`: that binds to a proxy that dies at the
    // end of the statement, and its key() was read from freed stack (found by fuzz_otlp_json).
    const auto first = any.begin();
    const std::string& kind = first.key();
    const Json& value = first.value();
    if (kind == "stringValue" || kind == "boolValue" || kind == "doubleValue" || kind == "bytesValue")
        return value;
    if (kind == "intValue")
        return integerOf(value);
    if (kind == "arrayValue") {
        Json out = Json::array();
        for (const Json& item : arrayAt(value, "values"))
            out.push_back(plain(item));
        return out;
    }
    if (kind == "kvlistValue") {
        Json out = Json::object();
        for (const Json& pair : arrayAt(value, "values"))
            if (member(pair, "key").is_string())
                out[pair["key"].get<std::string>()] = plain(member(pair, "value"));
        return out;
    }
    return nullptr;
}

Json attributesOf(const Json& list)
{
    Json out = Json::object();
    if (list.is_array())
        for (const Json& pair : list)
            if (member(pair, "key").is_string())
                out[pair["key"].get<std::string>()] = plain(member(pair, "value"));
    return out;
}

// Trace and span ids: hex in OTLP/JSON; lower-cased. Base64 (as a protobuf-minded writer may
// put them) is not accepted: the specification says hex.
bool hexId(const Json& value, std::size_t digits, std::string& out)
{
    if (!value.is_string() || value.get_ref<const std::string&>().size() != digits)
        return false;
    out = value.get<std::string>();
    for (char& c : out) {
        if (c >= 'A' && c <= 'F')
            c = static_cast<char>(c - 'A' + 'a');
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return out != std::string(digits, '0');
}

bool isGenAiEventName(std::string_view name)
{
    return name == "gen_ai.system.message" || name == "gen_ai.user.message" || name == "gen_ai.assistant.message"
        || name == "gen_ai.tool.message" || name == "gen_ai.choice" || name == "gen_ai.client.inference.operation.details";
}

bool isChatOperation(std::string_view operation)
{
    return operation == "chat" || operation == "text_completion" || operation == "generate_content" || operation == "completion";
}

// A span event's body: the old span-event form kept it as attributes, or as a JSON string in
// one attribute.
Json spanEventBody(const Json& attributes)
{
    for (const char* key : {"gen_ai.event.content", "event.body"})
        if (member(attributes, key).is_string()) {
            auto parsed = json::parseStrict(attributes[key].get<std::string>());
            if (parsed)
                return std::move(parsed.value());
        }
    return attributes;
}

void readSpans(const Json& resourceSpans, Batch& batch)
{
    for (const Json& resource : resourceSpans) {
        const Json resourceAttributes = attributesOf(member(member(resource, "resource"), "attributes"));
        const std::string service = stringOf(member(resourceAttributes, "service.name"));
        for (const Json& scope : arrayAt(resource, "scopeSpans"))
            for (const Json& raw : arrayAt(scope, "spans")) {
                Json attributes = attributesOf(member(raw, "attributes"));
                if (attributes.contains("conform.attempt")) { // Conform's export: part of its run span's capture
                    ++batch.conformAttempts;
                    continue;
                }
                if (member(attributes, "conform.capture").is_string()) {
                    batch.captures.push_back(attributes["conform.capture"].get<std::string>());
                    continue;
                }
                if (!isChatOperation(stringOf(member(attributes, "gen_ai.operation.name")))) {
                    ++batch.otherSpans;
                    continue;
                }
                GenAiSpan span;
                const std::string shown = stringOf(member(raw, "spanId")).substr(0, 32);
                if (!hexId(member(raw, "traceId"), 32, span.traceId)) {
                    batch.problems.push_back("span " + (shown.empty() ? std::string("without an id") : shown) + ": no valid trace id (32 hex digits)");
                    continue;
                }
                if (!hexId(member(raw, "spanId"), 16, span.spanId)) {
                    batch.problems.push_back("span in trace " + span.traceId + ": no valid span id (16 hex digits)");
                    continue;
                }
                span.name = stringOf(member(raw, "name"));
                span.startNs = integerOf(member(raw, "startTimeUnixNano"));
                span.endNs = integerOf(member(raw, "endTimeUnixNano"));
                span.attributes = std::move(attributes);
                span.serviceName = service;
                const Json& status = member(raw, "status");
                const Json& code = member(status, "code");
                span.statusCode = code.is_string() ? (stringOf(code) == "STATUS_CODE_ERROR" ? 2 : 0) : static_cast<int>(integerOf(code));
                span.statusMessage = stringOf(member(status, "message"));
                for (const Json& event : arrayAt(raw, "events")) {
                    const std::string name = stringOf(member(event, "name"));
                    if (isGenAiEventName(name))
                        span.events.push_back({span.traceId, span.spanId, name, spanEventBody(attributesOf(member(event, "attributes"))),
                                               integerOf(member(event, "timeUnixNano"))});
                }
                batch.spans.push_back(std::move(span));
            }
    }
}

void readLogs(const Json& resourceLogs, Batch& batch)
{
    for (const Json& resource : resourceLogs)
        for (const Json& scope : arrayAt(resource, "scopeLogs"))
            for (const Json& record : arrayAt(scope, "logRecords")) {
                const Json attributes = attributesOf(member(record, "attributes"));
                std::string name = stringOf(member(record, "eventName"));
                if (name.empty())
                    name = stringOf(member(attributes, "event.name"));
                if (!isGenAiEventName(name)) {
                    ++batch.otherLogs;
                    continue;
                }
                GenAiEvent event;
                event.name = std::move(name);
                if (!hexId(member(record, "spanId"), 16, event.spanId) || !hexId(member(record, "traceId"), 32, event.traceId)) {
                    batch.problems.push_back("log record " + event.name + ": no valid trace and span id to join it to its span");
                    continue;
                }
                event.body = plain(member(record, "body"));
                if (event.name == "gen_ai.client.inference.operation.details") // the newest form: attributes
                    event.body = attributes;
                event.timeNs = integerOf(member(record, "timeUnixNano"));
                if (event.timeNs == 0)
                    event.timeNs = integerOf(member(record, "observedTimeUnixNano"));
                batch.events.push_back(std::move(event));
            }
}

// A JSON attribute that may be a string holding JSON (the conventions' recommendation for
// structured attributes on backends without them) or the structure itself.
Json structured(const Json& value)
{
    if (value.is_string()) {
        auto parsed = json::parseStrictFast(value.get_ref<const std::string&>());
        return parsed ? std::move(parsed.value()) : Json();
    }
    return value;
}

std::string joined(const std::vector<std::string>& parts)
{
    std::string out;
    for (const std::string& part : parts) {
        if (!out.empty() && !part.empty())
            out += "\n\n";
        out += part;
    }
    return out;
}

// The text of a message's content: a string, or parts with "content"/"text".
std::string contentText(const Json& content)
{
    if (content.is_string())
        return content.get<std::string>();
    std::vector<std::string> parts;
    if (content.is_array())
        for (const Json& part : content) {
            const std::string type = stringOf(member(part, "type"));
            if (type.empty() || type == "text")
                parts.push_back(member(part, "content").is_string() ? stringOf(member(part, "content")) : stringOf(member(part, "text")));
        }
    return joined(parts);
}

struct Reading
{
    std::vector<std::string> system, user;
    std::optional<std::string> reply;
    bool tool = false;
    bool refused = false; // a {"type": "refusal"} part (the Responses API's refusal content part)
    std::string finish;
};

// The current form: {"role", "parts": [{"type": "text", "content"} | {"type": "tool_call",
// "name", "arguments"} | {"type": "refusal", "refusal"}], "finish_reason"}. The official
// instrumentation writes responses.create's spans in this form too (operation "chat"); it
// records neither text.format nor incomplete_details, so such a span is judged against
// --schema / --schema-map and its truncation is not seen.
void readCurrentForm(const Json& attributes, Reading& r)
{
    // Parts as JSON by the conventions; the OpenAI instrumentation's responses.create puts the
    // request's `instructions` there as they are, plain text.
    const Json& rawInstructions = member(attributes, "gen_ai.system_instructions");
    const Json instructions = structured(rawInstructions);
    if (!instructions.is_null())
        r.system.push_back(contentText(instructions));
    else if (rawInstructions.is_string() && !rawInstructions.get_ref<const std::string&>().empty()
             && std::find(r.system.begin(), r.system.end(), rawInstructions.get<std::string>()) == r.system.end())
        r.system.push_back(rawInstructions.get<std::string>());
    const Json input = structured(member(attributes, "gen_ai.input.messages"));
    static const Json none = Json::array();
    for (const Json& message : input.is_array() ? input : none) {
        const std::string role = stringOf(member(message, "role"));
        const std::string text = contentText(member(message, "parts"));
        // responses.create's instructions arrive twice: the span's system_instructions and a
        // system message of the event's input; the prompt holds them once.
        if (role == "system" && std::find(r.system.begin(), r.system.end(), text) == r.system.end())
            r.system.push_back(text);
        else if (role == "user")
            r.user.push_back(text);
    }
    const Json output = structured(member(attributes, "gen_ai.output.messages"));
    if (output.is_array() && !output.empty()) {
        const Json& first = output[0];
        r.finish = stringOf(member(first, "finish_reason"));
        for (const Json& part : arrayAt(first, "parts"))
            if (stringOf(member(part, "type")) == "tool_call") {
                const Json& arguments = member(part, "arguments");
                r.reply = arguments.is_string() ? arguments.get<std::string>() : dump(arguments);
                r.tool = true;
                return;
            }
        for (const Json& part : arrayAt(first, "parts"))
            if (stringOf(member(part, "type")) == "refusal") {
                r.reply = stringOf(member(part, "refusal"));
                r.refused = true;
                return;
            }
        r.reply = contentText(member(first, "parts"));
    }
}

// The older events: message bodies {"content"}, the choice {"finish_reason", "message":
// {"content", "tool_calls": [{"function": {"name", "arguments"}}]}}.
void readEvents(const std::vector<GenAiEvent>& events, Reading& r)
{
    for (const GenAiEvent& event : events) {
        if (event.name == "gen_ai.system.message")
            r.system.push_back(contentText(member(event.body, "content")));
        else if (event.name == "gen_ai.user.message")
            r.user.push_back(contentText(member(event.body, "content")));
        else if (event.name == "gen_ai.client.inference.operation.details")
            readCurrentForm(event.body, r);
        else if (event.name == "gen_ai.choice" && !r.reply && integerOf(member(event.body, "index")) == 0) {
            const Json& message = member(event.body, "message");
            r.finish = stringOf(member(event.body, "finish_reason"));
            const Json& calls = member(message, "tool_calls");
            if (calls.is_array() && !calls.empty() && member(member(calls[0], "function"), "arguments").is_string()) {
                r.reply = stringOf(calls[0]["function"]["arguments"]);
                r.tool = true;
            } else if (member(message, "content").is_string() || member(message, "content").is_array()) {
                r.reply = contentText(member(message, "content"));
            }
        }
    }
}

// OpenLLMetry: gen_ai.prompt.N.role / .content, gen_ai.completion.N.content / .finish_reason.
void readIndexedForm(const Json& attributes, Reading& r)
{
    for (int i = 0; i < 1000; ++i) {
        const std::string prefix = "gen_ai.prompt." + std::to_string(i) + ".";
        const Json& role = member(attributes, (prefix + "role").c_str());
        if (role.is_null())
            break;
        const std::string text = stringOf(member(attributes, (prefix + "content").c_str()));
        (stringOf(role) == "system" ? r.system : r.user).push_back(text);
    }
    if (const Json& completion = member(attributes, "gen_ai.completion.0.content"); completion.is_string() && !r.reply) {
        r.reply = completion.get<std::string>();
        r.finish = stringOf(member(attributes, "gen_ai.completion.0.finish_reason"));
    }
}

} // namespace

Result<Batch> readRequest(const Json& request)
{
    const Json& spans = member(request, "resourceSpans");
    const Json& logs = member(request, "resourceLogs");
    if (!spans.is_array() && !logs.is_array())
        return Error{"not an OTLP traces or logs request (no resourceSpans or resourceLogs)", {}};
    Batch batch;
    if (spans.is_array())
        readSpans(spans, batch);
    if (logs.is_array())
        readLogs(logs, batch);
    return batch;
}

bool hasReply(const GenAiSpan& span)
{
    if (!member(span.attributes, "gen_ai.output.messages").is_null() || !member(span.attributes, "gen_ai.completion.0.content").is_null())
        return true;
    return std::any_of(span.events.begin(), span.events.end(), [](const GenAiEvent& e) {
        return e.name == "gen_ai.choice" || (e.name == "gen_ai.client.inference.operation.details" && e.body.contains("gen_ai.output.messages"));
    });
}

ingest::ObservedCall callOfSpan(const GenAiSpan& span)
{
    const Json& a = span.attributes;
    ingest::ObservedCall call;
    call.source = "otlp";
    call.idSeed = span.traceId + "/" + span.spanId;
    call.timeMs = span.endNs / 1'000'000;
    call.latencyMs = span.endNs > span.startNs ? (span.endNs - span.startNs) / 1'000'000 : 0;
    call.provider = stringOf(member(a, "gen_ai.provider.name"));
    if (call.provider.empty())
        call.provider = stringOf(member(a, "gen_ai.system"));
    if (call.provider.empty())
        call.provider = "unknown";
    call.model = stringOf(member(a, "gen_ai.response.model"));
    if (call.model.empty())
        call.model = stringOf(member(a, "gen_ai.request.model"));
    const auto tokens = [&](const char* current, const char* older) {
        const Json& value = member(a, current);
        return tokenCount(value.is_null() ? member(a, older) : value);
    };
    call.usage.inputTokens = tokens("gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens");
    call.usage.outputTokens = tokens("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens");
    call.usage.cachedTokens = tokens("gen_ai.usage.cache_read.input_tokens", "gen_ai.usage.cache_read_input_tokens");

    Reading r;
    readCurrentForm(a, r);
    std::vector<GenAiEvent> events = span.events;
    std::stable_sort(events.begin(), events.end(), [](const GenAiEvent& x, const GenAiEvent& y) { return x.timeNs < y.timeNs; });
    readEvents(events, r);
    readIndexedForm(a, r);
    call.system = joined(r.system);
    call.user = joined(r.user);
    call.reply = r.reply;
    call.refused = r.refused;
    const Json& reasons = member(a, "gen_ai.response.finish_reasons");
    call.stopReason = reasons.is_array() && !reasons.empty() ? stringOf(reasons[0]) : stringOf(reasons);
    if (call.stopReason.empty())
        call.stopReason = r.finish;

    const std::string format = stringOf(member(a, "gen_ai.openai.request.response_format"));
    const std::string outputType = stringOf(member(a, "gen_ai.output.type"));
    if (r.tool)
        call.mode = providers::Mode::Tool;
    else if (format == "json_schema")
        call.mode = providers::Mode::Strict;
    else if (format == "json_object" || outputType == "json")
        call.mode = providers::Mode::JsonObject;
    if (span.statusCode == 2) {
        call.error = span.statusMessage;
        if (call.error.empty())
            call.error = stringOf(member(a, "error.type"));
        if (call.error.empty())
            call.error = "the span ended in error";
        call.httpStatus = static_cast<int>(integerOf(member(a, "http.response.status_code")));
    }
    call.schemaName = stringOf(member(a, "conform.schema"));
    if (call.schemaName.empty())
        call.schemaName = span.serviceName;
    call.request = Json{{"otlp_span", span.name}};
    for (const char* key : {"gen_ai.request.max_tokens", "gen_ai.request.temperature", "gen_ai.request.top_p", "server.address"})
        if (!member(a, key).is_null())
            call.request[key] = a[key];
    call.labels = {{"trace_id", span.traceId}, {"span_id", span.spanId}};
    if (!span.serviceName.empty())
        call.labels.emplace_back("service", span.serviceName);
    if (const std::string id = stringOf(member(a, "gen_ai.response.id")); !id.empty())
        call.labels.emplace_back("response_id", id);
    return call;
}

} // namespace conform::otlp
