#include "providers/openai.h"

#include "providers/sse.h"
#include "providers/wire_util.h"

#include <algorithm>
#include <cctype>

namespace conform::providers {

using namespace detail;

namespace {

Json messageJson(const Message& message)
{
    switch (message.role) {
    case Message::Role::User:
        return Json{{"role", "user"}, {"content", message.text}};
    case Message::Role::Assistant:
        if (!message.toolCall)
            return Json{{"role", "assistant"}, {"content", message.text}};
        return Json{{"role", "assistant"},
                    {"content", nullptr},
                    {"tool_calls", Json::array({Json{{"id", message.toolCall->id},
                                                     {"type", "function"},
                                                     {"function", Json{{"name", message.toolCall->name},
                                                                       {"arguments", message.toolCall->arguments}}}}})}};
    case Message::Role::ToolResult:
        return Json{{"role", "tool"}, {"tool_call_id", message.toolCallId}, {"content", message.text}};
    }
    return Json::object();
}

void applyMode(Json& body, const Json& schema, Mode mode, const RequestOptions& options)
{
    if (mode == Mode::Strict) {
        body["response_format"] = Json{{"type", "json_schema"},
                                       {"json_schema", Json{{"name", openAiSchemaName(options.schemaName)},
                                                            {"schema", schema}, {"strict", true}}}};
    } else if (mode == Mode::Tool) {
        body["tools"] = Json::array({Json{{"type", "function"},
                                          {"function", Json{{"name", options.toolName},
                                                            {"description", "Submit the answer. Its arguments are the answer."},
                                                            {"parameters", schema}}}}});
        body["tool_choice"] = Json{{"type", "function"}, {"function", Json{{"name", options.toolName}}}};
    } else if (mode == Mode::JsonObject) {
        body["response_format"] = Json{{"type", "json_object"}};
    }
}

Usage usageFrom(const Json& usage, Usage into)
{
    if (!usage.is_object())
        return into;
    into.inputTokens = tokenCount(member(usage, "prompt_tokens"));
    into.outputTokens = tokenCount(member(usage, "completion_tokens"));
    into.cachedTokens = tokenCount(member(member(usage, "prompt_tokens_details"), "cached_tokens"));
    return into;
}

class OpenAiStream final : public SseJsonDecoder
{
public:
    OpenAiStream() : SseJsonDecoder(true) {}

private:
    void handleData(const Json& chunk, std::vector<StreamEvent>& out) override
    {
        if (member(chunk, "error").is_object()) {
            m_reply.error = errorFrom(0, chunk, "stream error");
            out.push_back({StreamEvent::Kind::Error, m_reply.error->message});
            return;
        }
        if (member(chunk, "usage").is_object()) {
            m_reply.usage = usageFrom(member(chunk, "usage"), m_reply.usage);
            out.push_back({StreamEvent::Kind::Usage, {}});
        }
        const Json& choices = member(chunk, "choices");
        if (!choices.is_array() || choices.empty())
            return;
        delta(member(choices[0], "delta"), out);
        if (const std::string reason = str(choices[0], "finish_reason"); !reason.empty()) {
            setStop(m_reply, reason);
            out.push_back({StreamEvent::Kind::Stop, reason});
        }
    }

    void delta(const Json& delta, std::vector<StreamEvent>& out)
    {
        appendText(str(delta, "content"), out);
        m_reply.refusal += str(delta, "refusal");
        const Json& calls = member(delta, "tool_calls");
        if (!calls.is_array() || calls.empty() || integer(calls[0], "index") != 0)
            return; // only the first call carries the answer
        if (!m_reply.toolCall)
            m_reply.toolCall = ToolCall{};
        const Json& function = member(calls[0], "function");
        if (const std::string id = str(calls[0], "id"); !id.empty())
            m_reply.toolCall->id = id;
        m_reply.toolCall->name += str(function, "name");
        const std::string part = str(function, "arguments");
        m_reply.toolCall->arguments += part;
        if (!part.empty())
            out.push_back({StreamEvent::Kind::ToolInputDelta, part});
    }

};

} // namespace

std::string openAiSchemaName(std::string_view wanted)
{
    std::string name;
    for (char c : wanted.substr(0, 64))
        name += std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ? c : '_';
    return name.empty() ? std::string("response") : name;
}

Json openAiMessages(const Conversation& conversation, const std::string& system)
{
    Json messages = Json::array();
    if (!system.empty())
        messages.push_back(Json{{"role", "system"}, {"content", system}});
    for (const Message& message : conversation.messages)
        messages.push_back(messageJson(message));
    return messages;
}

HttpRequest OpenAiAdapter::buildRequest(const Conversation& conversation, const Json& schema, Mode mode,
                                        const RequestOptions& options, const Endpoint& endpoint) const
{
    std::string system = conversation.system;
    if (mode == Mode::JsonObject || mode == Mode::Text)
        system = system.empty() ? jsonInstruction(schema) : system + "\n\n" + jsonInstruction(schema);
    Json body{{"model", options.model}, {"messages", openAiMessages(conversation, system)},
              {"max_completion_tokens", options.maxTokens}};
    if (options.temperature)
        body["temperature"] = std::clamp(*options.temperature, 0.0, 2.0);
    if (options.stream) {
        body["stream"] = true;
        body["stream_options"] = Json{{"include_usage", true}};
    }
    applyMode(body, schema, mode, options);
    return jsonPost(joinUrl(endpoint.baseUrl, "/v1/chat/completions"), body, options.stream, bearerKey(endpoint.apiKey));
}

Reply OpenAiAdapter::parseResponse(const HttpResponse& response) const
{
    Reply reply;
    const std::optional<Json> read = objectBody(response, reply);
    if (!read)
        return reply;
    const Json& body = *read;
    const Json& choices = member(body, "choices");
    if (!choices.is_array() || choices.empty()) {
        reply.error = ProviderError{response.status, "invalid_response", "a JSON object with no choices"};
        return reply;
    }
    const Json& message = member(choices[0], "message");
    reply.text = str(message, "content");
    reply.refusal = str(message, "refusal");
    const Json& calls = member(message, "tool_calls");
    if (calls.is_array() && !calls.empty()) {
        const Json& function = member(calls[0], "function");
        reply.toolCall = ToolCall{str(calls[0], "id"), str(function, "name"), str(function, "arguments")};
    }
    setStop(reply, str(choices[0], "finish_reason"));
    reply.usage = usageFrom(member(body, "usage"), {});
    return reply;
}

std::unique_ptr<StreamDecoder> OpenAiAdapter::streamDecoder() const
{
    return std::make_unique<OpenAiStream>();
}

} // namespace conform::providers
