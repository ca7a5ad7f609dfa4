#include "providers/openai_responses.h"

#include "providers/openai.h"
#include "providers/wire_util.h"

#include <algorithm>

namespace conform::providers {

using namespace detail;

namespace {

Json itemJson(const Message& message)
{
    switch (message.role) {
    case Message::Role::User:
        return Json{{"role", "user"}, {"content", message.text}};
    case Message::Role::Assistant:
        if (!message.toolCall)
            return Json{{"role", "assistant"}, {"content", message.text}};
        return Json{{"type", "function_call"}, {"call_id", message.toolCall->id},
                    {"name", message.toolCall->name}, {"arguments", message.toolCall->arguments}};
    case Message::Role::ToolResult:
        return Json{{"type", "function_call_output"}, {"call_id", message.toolCallId}, {"output", message.text}};
    }
    return Json::object();
}

void applyMode(Json& body, const Json& schema, Mode mode, const RequestOptions& options)
{
    if (mode == Mode::Strict) {
        body["text"] = Json{{"format", Json{{"type", "json_schema"}, {"name", openAiSchemaName(options.schemaName)},
                                            {"schema", schema}, {"strict", true}}}};
    } else if (mode == Mode::Tool) {
        const bool strict = openAiResponsesStrictProfile().accepts(schema).ok;
        body["tools"] = Json::array({Json{{"type", "function"}, {"name", options.toolName},
                                          {"description", "Submit the answer. Its arguments are the answer."},
                                          {"parameters", schema}, {"strict", strict}}});
        body["tool_choice"] = Json{{"type", "function"}, {"name", options.toolName}};
    } else if (mode == Mode::JsonObject) {
        body["text"] = Json{{"format", Json{{"type", "json_object"}}}};
    }
}

Usage usageFrom(const Json& usage)
{
    Usage out;
    if (!usage.is_object())
        return out;
    out.inputTokens = tokenCount(member(usage, "input_tokens"));
    out.outputTokens = tokenCount(member(usage, "output_tokens"));
    out.cachedTokens = tokenCount(member(member(usage, "input_tokens_details"), "cached_tokens"));
    out.reasoningTokens = tokenCount(member(member(usage, "output_tokens_details"), "reasoning_tokens"));
    return out;
}

void readMessage(const Json& item, Reply& reply)
{
    const Json& content = member(item, "content");
    if (!content.is_array())
        return;
    for (const Json& part : content) {
        const std::string type = str(part, "type");
        if (type == "output_text")
            reply.text += str(part, "text");
        else if (type == "refusal")
            reply.refusal += str(part, "refusal");
    }
}

} // namespace

Json responsesInputItems(const Conversation& conversation)
{
    Json items = Json::array();
    for (const Message& message : conversation.messages)
        items.push_back(itemJson(message));
    return items;
}

void readResponseObject(const Json& response, Reply& reply)
{
    if (const Json& output = member(response, "output"); output.is_array())
        for (const Json& item : output) {
            const std::string type = str(item, "type");
            if (type == "message")
                readMessage(item, reply);
            else if (type == "function_call" && !reply.toolCall) // only the first call carries the answer
                reply.toolCall = ToolCall{str(item, "call_id"), str(item, "name"), str(item, "arguments")};
        }
    const std::string status = str(response, "status");
    const std::string incomplete = str(member(response, "incomplete_details"), "reason");
    if (status == "incomplete" && !incomplete.empty())
        setStop(reply, incomplete);
    else if (!reply.refusal.empty())
        setStop(reply, "refusal");
    else if (!status.empty())
        setStop(reply, status);
    if (member(response, "usage").is_object())
        reply.usage = usageFrom(member(response, "usage"));
    if (status == "failed") {
        const Json& error = member(response, "error");
        const std::string code = str(error, "code");
        reply.error = ProviderError{0, code.empty() ? std::string("server_error") : code,
                                    str(error, "message").empty() ? std::string("the response failed") : str(error, "message")};
    }
}

HttpRequest OpenAiResponsesAdapter::buildRequest(const Conversation& conversation, const Json& schema, Mode mode,
                                                 const RequestOptions& options, const Endpoint& endpoint) const
{
    std::string system = conversation.system;
    if (mode == Mode::JsonObject || mode == Mode::Text)
        system = system.empty() ? jsonInstruction(schema) : system + "\n\n" + jsonInstruction(schema);
    Json body{{"model", options.model}};
    if (!system.empty())
        body["instructions"] = system;
    body["input"] = responsesInputItems(conversation);
    body["max_output_tokens"] = options.maxTokens;
    body["store"] = false; // every request carries the whole conversation (openai_responses.h)
    if (options.temperature)
        body["temperature"] = std::clamp(*options.temperature, 0.0, 2.0);
    if (options.stream)
        body["stream"] = true; // the final event carries the usage: no stream_options needed
    applyMode(body, schema, mode, options);
    return jsonPost(joinUrl(endpoint.baseUrl, "/v1/responses"), body, options.stream, bearerKey(endpoint.apiKey));
}

Reply OpenAiResponsesAdapter::parseResponse(const HttpResponse& response) const
{
    Reply reply;
    const std::optional<Json> read = objectBody(response, reply);
    if (!read)
        return reply;
    const Json& body = *read;
    if (!member(body, "output").is_array()) {
        reply.error = ProviderError{response.status, "invalid_response", "a JSON object with no output"};
        return reply;
    }
    readResponseObject(body, reply);
    if (reply.error)
        reply.error->status = response.status;
    return reply;
}

} // namespace conform::providers
