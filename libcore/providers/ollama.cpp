#include "providers/ollama.h"

#include "providers/sse.h"
#include "providers/wire_util.h"

namespace conform::providers {

using namespace detail;

namespace {

Json messagesFor(const Conversation& conversation, const std::string& system)
{
    Json messages = Json::array();
    if (!system.empty())
        messages.push_back(Json{{"role", "system"}, {"content", system}});
    for (const Message& message : conversation.messages) {
        // Without tool mode there are no tool turns; should one appear, it is sent as text.
        const char* role = message.role == Message::Role::Assistant ? "assistant" : "user";
        const std::string& text = message.toolCall ? message.toolCall->arguments : message.text;
        messages.push_back(Json{{"role", role}, {"content", text}});
    }
    return messages;
}

// Reads one response object (the whole reply, or one NDJSON line) into `reply`.
void readObject(const Json& object, Reply& reply)
{
    reply.text += str(member(object, "message"), "content");
    if (object.contains("prompt_eval_count"))
        reply.usage.inputTokens = tokenCount(member(object, "prompt_eval_count"));
    if (object.contains("eval_count"))
        reply.usage.outputTokens = tokenCount(member(object, "eval_count"));
    if (const std::string reason = str(object, "done_reason"); !reason.empty()) {
        reply.stopReason = reason;
        reply.stop = parseStopReason(reason);
    }
}

class OllamaStream final : public StreamDecoder
{
public:
    std::vector<StreamEvent> feed(std::string_view bytes) override { return handle(m_lines.feed(bytes)); }
    std::vector<StreamEvent> finish() override { return handle(m_lines.finish()); }
    bool complete() const override { return m_complete; }

private:
    std::vector<StreamEvent> handle(const std::vector<std::string>& lines)
    {
        std::vector<StreamEvent> out;
        for (const std::string& line : lines)
            handleLine(parseBody(line), out);
        return out;
    }

    void handleLine(const Json& object, std::vector<StreamEvent>& out)
    {
        if (member(object, "error").is_string()) {
            m_reply.error = errorFrom(0, object, "stream error");
            out.push_back({StreamEvent::Kind::Error, m_reply.error->message});
            return;
        }
        const std::size_t before = m_reply.text.size();
        readObject(object, m_reply);
        if (m_reply.text.size() > before)
            out.push_back({StreamEvent::Kind::TextDelta, m_reply.text.substr(before)});
        if (member(object, "done").is_boolean() && object["done"].get<bool>()) {
            m_complete = true;
            out.push_back({StreamEvent::Kind::Stop, m_reply.stopReason});
            out.push_back({StreamEvent::Kind::Usage, {}});
        }
    }

    LineDecoder m_lines;
    bool m_complete = false;
};

} // namespace

HttpRequest OllamaAdapter::buildRequest(const Conversation& conversation, const Json& schema, Mode mode,
                                        const RequestOptions& options, const Endpoint& endpoint) const
{
    std::string system = conversation.system;
    if (mode != Mode::Strict)
        system = system.empty() ? jsonInstruction(schema) : system + "\n\n" + jsonInstruction(schema);
    Json body{{"model", options.model}, {"messages", messagesFor(conversation, system)},
              {"stream", options.stream}}; // Ollama streams unless told not to
    Json modelOptions{{"num_predict", options.maxTokens}};
    if (options.temperature)
        modelOptions["temperature"] = *options.temperature;
    body["options"] = std::move(modelOptions);
    if (mode == Mode::Strict)
        body["format"] = schema;
    else if (mode == Mode::JsonObject)
        body["format"] = "json";
    // A key, when there is one, is for a proxy in front of Ollama that wants one.
    return jsonPost(joinUrl(endpoint.baseUrl, "/api/chat"), body, options.stream, bearerKey(endpoint.apiKey));
}

Reply OllamaAdapter::parseResponse(const HttpResponse& response) const
{
    Reply reply;
    const std::optional<Json> read = objectBody(response, reply, true);
    if (!read)
        return reply;
    const Json& body = *read;
    readObject(body, reply);
    return reply;
}

HttpRequest ollamaTagsRequest(const Endpoint& endpoint)
{
    HttpRequest request;
    request.method = "GET";
    request.url = joinUrl(endpoint.baseUrl, "/api/tags");
    return request;
}

Result<std::vector<OllamaModel>> parseOllamaTags(const HttpResponse& response)
{
    const Json body = parseBody(response.body);
    if (response.status != 200 || !member(body, "models").is_array()) {
        const ProviderError error = errorFrom(response.status, body, response.body);
        return Error{"no model list: " + error.message, "HTTP " + std::to_string(response.status)};
    }
    std::vector<OllamaModel> models;
    for (const Json& model : member(body, "models")) {
        const Json& details = member(model, "details");
        models.push_back({str(model, "name"), str(details, "family"), str(details, "parameter_size"), integer(model, "size")});
    }
    return models;
}

std::unique_ptr<StreamDecoder> OllamaAdapter::streamDecoder() const
{
    return std::make_unique<OllamaStream>();
}

} // namespace conform::providers
