#include "providers/anthropic.h"

#include "providers/sse.h"
#include "providers/wire_util.h"

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
                    {"content", Json::array({Json{{"type", "tool_use"}, {"id", message.toolCall->id},
                                                  {"name", message.toolCall->name},
                                                  {"input", argumentsObject(message.toolCall->arguments)}}})}};
    case Message::Role::ToolResult:
        return Json{{"role", "user"},
                    {"content", Json::array({Json{{"type", "tool_result"}, {"tool_use_id", message.toolCallId},
                                                  {"is_error", message.isError}, {"content", message.text}}})}};
    }
    return Json::object();
}

void applyMode(Json& body, const Json& schema, Mode mode, const RequestOptions& options)
{
    if (mode == Mode::Strict) {
        body["output_config"] = Json{{"format", Json{{"type", "json_schema"}, {"schema", schema}}}};
    } else if (mode == Mode::Tool) {
        body["tools"] = Json::array({Json{{"name", options.toolName},
                                          {"description", "Submit the answer. Its input is the answer."},
                                          {"input_schema", schema}}});
        body["tool_choice"] = Json{{"type", "tool"}, {"name", options.toolName}};
    }
}

std::string systemFor(const Conversation& conversation, const Json& schema, Mode mode)
{
    if (mode != Mode::JsonObject && mode != Mode::Text)
        return conversation.system;
    const std::string instruction = jsonInstruction(schema);
    return conversation.system.empty() ? instruction : conversation.system + "\n\n" + instruction;
}

Usage usageFrom(const Json& usage, Usage into)
{
    if (!usage.is_object())
        return into;
    if (usage.contains("input_tokens"))
        into.inputTokens = tokenCount(member(usage, "input_tokens"));
    if (usage.contains("output_tokens"))
        into.outputTokens = tokenCount(member(usage, "output_tokens"));
    if (usage.contains("cache_read_input_tokens"))
        into.cachedTokens = tokenCount(member(usage, "cache_read_input_tokens"));
    return into;
}

class AnthropicStream final : public SseJsonDecoder
{
private:
    void handleData(const Json& data, std::vector<StreamEvent>& out) override
    {
        const std::string type = str(data, "type");
        if (type == "message_start") {
            m_reply.usage = usageFrom(member(member(data, "message"), "usage"), m_reply.usage);
        } else if (type == "content_block_start") {
            const Json& block = member(data, "content_block");
            if (str(block, "type") == "tool_use" && !m_reply.toolCall)
                m_reply.toolCall = ToolCall{str(block, "id"), str(block, "name"), {}};
            else if (str(block, "type") == "text")
                appendText(str(block, "text"), out);
        } else if (type == "content_block_delta") {
            delta(member(data, "delta"), out);
        } else if (type == "message_delta") {
            if (const std::string reason = str(member(data, "delta"), "stop_reason"); !reason.empty()) {
                setStop(m_reply, reason);
                out.push_back({StreamEvent::Kind::Stop, reason});
            }
            m_reply.usage = usageFrom(member(data, "usage"), m_reply.usage);
            out.push_back({StreamEvent::Kind::Usage, {}});
        } else if (type == "message_stop") {
            m_complete = true;
        } else if (type == "error") {
            m_reply.error = errorFrom(0, data, "stream error");
            out.push_back({StreamEvent::Kind::Error, m_reply.error->message});
        } // ping and unknown events are ignored, as the protocol asks
    }

    void delta(const Json& delta, std::vector<StreamEvent>& out)
    {
        const std::string type = str(delta, "type");
        if (type == "text_delta") {
            appendText(str(delta, "text"), out);
        } else if (type == "input_json_delta" && m_reply.toolCall) {
            const std::string part = str(delta, "partial_json");
            m_reply.toolCall->arguments += part;
            out.push_back({StreamEvent::Kind::ToolInputDelta, part});
        }
    }

};

} // namespace

Json anthropicMessages(const Conversation& conversation)
{
    Json messages = Json::array();
    for (const Message& message : conversation.messages)
        messages.push_back(messageJson(message));
    return messages;
}

std::string anthropicPrefill(const Json& requestBody)
{
    const Json& messages = member(requestBody, "messages");
    if (!messages.is_array() || messages.empty() || str(messages.back(), "role") != "assistant")
        return {};
    const Json& content = member(messages.back(), "content");
    if (content.is_string())
        return content.get<std::string>();
    std::string text;
    if (content.is_array())
        for (const Json& block : content)
            if (str(block, "type") == "text")
                text += str(block, "text");
    return text;
}

HttpRequest AnthropicAdapter::buildRequest(const Conversation& conversation, const Json& schema, Mode mode,
                                           const RequestOptions& options, const Endpoint& endpoint) const
{
    Json body{{"model", options.model}, {"max_tokens", options.maxTokens}};
    if (const std::string system = systemFor(conversation, schema, mode); !system.empty())
        body["system"] = system;
    body["messages"] = anthropicMessages(conversation);
    if (options.temperature)
        body["temperature"] = std::clamp(*options.temperature, 0.0, 1.0);
    if (options.stream)
        body["stream"] = true;
    applyMode(body, schema, mode, options);
    return jsonPost(joinUrl(endpoint.baseUrl, "/v1/messages"), body, options.stream, keyHeader("x-api-key", endpoint.apiKey), {{"anthropic-version", "2023-06-01"}});
}

Reply AnthropicAdapter::parseResponse(const HttpResponse& response) const
{
    Reply reply;
    const std::optional<Json> read = objectBody(response, reply);
    if (!read)
        return reply;
    const Json& body = *read;
    for (const Json& block : member(body, "content")) {
        if (str(block, "type") == "text")
            reply.text += str(block, "text");
        else if (str(block, "type") == "tool_use" && !reply.toolCall)
            reply.toolCall = ToolCall{str(block, "id"), str(block, "name"), conform::dump(member(block, "input"))};
    }
    setStop(reply, str(body, "stop_reason"));
    reply.usage = usageFrom(member(body, "usage"), {});
    return reply;
}

std::unique_ptr<StreamDecoder> AnthropicAdapter::streamDecoder() const
{
    return std::make_unique<AnthropicStream>();
}

} // namespace conform::providers
