// Anthropic Messages API: POST /v1/messages, JSON or SSE.
#include "server/reply.h"
#include "server/wire.h"

namespace conform::server {

namespace {

using providers::StopReason;

ToolRequest anthropicTools(const Json& request)
{
    ToolRequest tools;
    if (const auto it = request.find("tools"); it != request.end() && it->is_array() && !it->empty()) {
        tools.anyTools = true;
        for (const Json& tool : *it)
            tools.offered.push_back(stringAt(tool, "name"));
    }
    const auto choice = request.find("tool_choice");
    if (tools.anyTools && choice != request.end()) {
        const std::string type = stringAt(*choice, "type");
        tools.forced = type == "any" || type == "tool";
        tools.named = type == "tool";
        tools.forcedName = tools.named ? stringAt(*choice, "name") : std::string();
    }
    return tools;
}

Json usageJson(const providers::Usage& usage, bool final)
{
    return Json{{"input_tokens", usage.inputTokens},
                {"cache_creation_input_tokens", 0},
                {"cache_read_input_tokens", usage.cachedTokens},
                {"output_tokens", final ? usage.outputTokens : 1}};
}

Json toolBlock(const Reply& reply, const std::string& id, bool empty)
{
    return Json{{"type", "tool_use"}, {"id", id}, {"name", reply.toolName},
                {"input", empty ? Json::object() : reply.toolInput.value_or(Json::object())}};
}

Json message(const Json& request, const Reply& reply, Json content, bool final)
{
    return Json{{"id", randomId("msg_01")},
                {"type", "message"},
                {"role", "assistant"},
                {"model", stringAt(request, "model")},
                {"content", std::move(content)},
                {"stop_reason", final ? Json(std::string(anthropicStopReason(reply.stop))) : Json()},
                {"stop_sequence", nullptr},
                {"usage", usageJson(reply.usage, final)}};
}

QByteArray event(const char* type, const Json& data)
{
    return QByteArray("event: ") + type + "\ndata: " + toBytes(data) + "\n\n";
}

void streamText(const std::string& text, int index, std::vector<QByteArray>& out)
{
    out.push_back(event("content_block_start", {{"type", "content_block_start"}, {"index", index},
                                                {"content_block", {{"type", "text"}, {"text", ""}}}}));
    for (const std::string& piece : splitForStream(text))
        out.push_back(event("content_block_delta", {{"type", "content_block_delta"}, {"index", index},
                                                    {"delta", {{"type", "text_delta"}, {"text", piece}}}}));
    out.push_back(event("content_block_stop", {{"type", "content_block_stop"}, {"index", index}}));
}

void streamTool(const Reply& reply, int index, std::vector<QByteArray>& out)
{
    out.push_back(event("content_block_start", {{"type", "content_block_start"}, {"index", index},
                                                {"content_block", toolBlock(reply, randomId("toolu_01"), true)}}));
    for (const std::string& piece : splitForStream(reply.argumentsText()))
        out.push_back(event("content_block_delta", {{"type", "content_block_delta"}, {"index", index},
                                                    {"delta", {{"type", "input_json_delta"}, {"partial_json", piece}}}}));
    out.push_back(event("content_block_stop", {{"type", "content_block_stop"}, {"index", index}}));
}

ResponsePlan streamed(const Json& request, const Reply& reply)
{
    ResponsePlan plan;
    plan.streamed = true;
    plan.contentType = "text/event-stream; charset=utf-8";
    plan.pieces.push_back(event("message_start", {{"type", "message_start"},
                                                  {"message", message(request, reply, Json::array(), false)}}));
    plan.pieces.push_back(event("ping", {{"type", "ping"}}));
    int index = 0;
    if (reply.text)
        streamText(*reply.text, index++, plan.pieces);
    if (reply.isToolCall())
        streamTool(reply, index, plan.pieces);
    plan.pieces.push_back(event("message_delta", {{"type", "message_delta"},
                                                  {"delta", {{"stop_reason", anthropicStopReason(reply.stop)},
                                                             {"stop_sequence", nullptr}}},
                                                  {"usage", {{"output_tokens", reply.usage.outputTokens}}}}));
    plan.pieces.push_back(event("message_stop", {{"type", "message_stop"}}));
    return plan;
}

const char* errorType(int status)
{
    switch (status) {
    case 400: return "invalid_request_error";
    case 401: return "authentication_error";
    case 402: return "billing_error";
    case 403: return "permission_error";
    case 404: return "not_found_error";
    case 413: return "request_too_large";
    case 429: return "rate_limit_error";
    case 504: return "timeout_error";
    case 529: return "overloaded_error";
    default: return status >= 500 ? "api_error" : "invalid_request_error";
    }
}

} // namespace

Json anthropicErrorBody(int status, const std::string& message, const std::string& requestId)
{
    return Json{{"type", "error"}, {"error", {{"type", errorType(status)}, {"message", message}}},
                {"request_id", requestId}};
}

ResponsePlan renderAnthropic(const RenderInput& input, bool stream)
{
    const Reply reply = shapeReply(input.turn, anthropicTools(input.request), false, input.requestBytes);
    if (stream)
        return streamed(input.request, reply);
    Json content = Json::array();
    if (reply.text)
        content.push_back({{"type", "text"}, {"text", *reply.text}});
    if (reply.isToolCall())
        content.push_back(toolBlock(reply, randomId("toolu_01"), false));
    ResponsePlan plan;
    plan.pieces.push_back(toBytes(message(input.request, reply, std::move(content), true)));
    return plan;
}

} // namespace conform::server
