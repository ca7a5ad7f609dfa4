// OpenAI Chat Completions: POST /v1/chat/completions, JSON or "data:" chunks ending [DONE].
#include "server/reply.h"
#include "server/wire.h"

#include <QDateTime>

namespace conform::server {

namespace {

using providers::StopReason;

ToolRequest openAiTools(const Json& request)
{
    ToolRequest tools;
    if (const auto it = request.find("tools"); it != request.end() && it->is_array() && !it->empty()) {
        tools.anyTools = true;
        for (const Json& tool : *it)
            tools.offered.push_back(tool.is_object() ? stringAt(tool.value("function", Json()), "name") : std::string());
    }
    const auto choice = request.find("tool_choice");
    if (!tools.anyTools || choice == request.end())
        return tools;
    if (choice->is_string()) {
        tools.forced = choice->get<std::string>() == "required";
    } else if (const auto fn = choice->find("function"); choice->is_object() && fn != choice->end()) {
        tools.forced = tools.named = true;
        tools.forcedName = stringAt(*fn, "name");
    }
    return tools;
}

// A refusal arrives in message.refusal with finish_reason "stop"; a named tool_choice also
// reports "stop" rather than "tool_calls", as the live API does.
std::string finishReason(const Reply& reply, const ToolRequest& tools)
{
    if (reply.stop == StopReason::Refusal)
        return "stop";
    if (reply.stop == StopReason::ToolUse && tools.named)
        return "stop";
    return std::string(openAiFinishReason(reply.stop));
}

Json usageJson(const providers::Usage& usage)
{
    return Json{{"prompt_tokens", usage.inputTokens},
                {"completion_tokens", usage.outputTokens},
                {"total_tokens", usage.inputTokens + usage.outputTokens},
                {"prompt_tokens_details", {{"cached_tokens", usage.cachedTokens}}}};
}

Json envelope(const std::string& id, const Json& request, std::int64_t created, bool chunk)
{
    return Json{{"id", id},
                {"object", chunk ? "chat.completion.chunk" : "chat.completion"},
                {"created", created},
                {"model", stringAt(request, "model")},
                {"system_fingerprint", "fp_conform"}};
}

Json messageJson(const Reply& reply)
{
    const bool refusal = reply.stop == StopReason::Refusal;
    Json message{{"role", "assistant"},
                 {"content", reply.text && !refusal ? Json(*reply.text) : Json()},
                 {"refusal", reply.text && refusal ? Json(*reply.text) : Json()}};
    if (reply.isToolCall())
        message["tool_calls"] = Json::array({{{"id", randomId("call_")}, {"type", "function"},
                                              {"function", {{"name", reply.toolName}, {"arguments", reply.argumentsText()}}}}});
    return message;
}

class ChunkWriter
{
public:
    ChunkWriter(const Json& request, std::vector<QByteArray>& out)
        : m_base(envelope(randomId("chatcmpl-", 29), request, QDateTime::currentSecsSinceEpoch(), true)), m_out(out)
    {
        const auto options = request.find("stream_options");
        if (options != request.end() && options->is_object()) {
            const auto include = options->find("include_usage");
            m_usage = include != options->end() && *include == true;
        }
    }

    void delta(Json delta, Json finish = nullptr)
    {
        Json chunk = m_base;
        chunk["choices"] = Json::array({{{"index", 0}, {"delta", std::move(delta)}, {"logprobs", nullptr},
                                         {"finish_reason", std::move(finish)}}});
        if (m_usage)
            chunk["usage"] = nullptr;
        write(chunk);
    }

    void finish(const Reply& reply, const std::string& reason)
    {
        delta(Json::object(), reason);
        if (m_usage) {
            Json chunk = m_base;
            chunk["choices"] = Json::array();
            chunk["usage"] = usageJson(reply.usage);
            write(chunk);
        }
        m_out.push_back("data: [DONE]\n\n");
    }

private:
    void write(const Json& chunk) { m_out.push_back("data: " + toBytes(chunk) + "\n\n"); }

    Json m_base;
    std::vector<QByteArray>& m_out;
    bool m_usage = false;
};

ResponsePlan streamed(const Json& request, const Reply& reply, const ToolRequest& tools)
{
    ResponsePlan plan;
    plan.streamed = true;
    plan.contentType = "text/event-stream; charset=utf-8";
    ChunkWriter writer(request, plan.pieces);
    writer.delta({{"role", "assistant"}, {"content", ""}, {"refusal", nullptr}});
    const char* field = reply.stop == StopReason::Refusal ? "refusal" : "content";
    if (reply.text)
        for (const std::string& piece : splitForStream(*reply.text))
            writer.delta({{field, piece}});
    if (reply.isToolCall()) {
        writer.delta({{"tool_calls", Json::array({{{"index", 0}, {"id", randomId("call_")}, {"type", "function"},
                                                   {"function", {{"name", reply.toolName}, {"arguments", ""}}}}})}});
        for (const std::string& piece : splitForStream(reply.argumentsText()))
            writer.delta({{"tool_calls", Json::array({{{"index", 0}, {"function", {{"arguments", piece}}}}})}});
    }
    writer.finish(reply, finishReason(reply, tools));
    return plan;
}

} // namespace

Json openAiErrorBody(int status, const std::string& message)
{
    std::string type = status >= 500 ? "server_error" : "invalid_request_error";
    Json code = nullptr;
    if (status == 429) {
        type = "requests";
        code = "rate_limit_exceeded";
    } else if (status == 401) {
        code = "invalid_api_key";
    } else if (status == 404) {
        code = "model_not_found";
    }
    return Json{{"error", {{"message", message}, {"type", type}, {"param", nullptr}, {"code", code}}}};
}

ResponsePlan renderOpenAi(const RenderInput& input, bool stream)
{
    const ToolRequest tools = openAiTools(input.request);
    const Reply reply = shapeReply(input.turn, tools, true, input.requestBytes);
    if (stream)
        return streamed(input.request, reply, tools);
    Json body = envelope(randomId("chatcmpl-", 29), input.request, QDateTime::currentSecsSinceEpoch(), false);
    body["choices"] = Json::array({{{"index", 0}, {"message", messageJson(reply)}, {"logprobs", nullptr},
                                    {"finish_reason", finishReason(reply, tools)}}});
    body["usage"] = usageJson(reply.usage);
    ResponsePlan plan;
    plan.pieces.push_back(toBytes(body));
    return plan;
}

} // namespace conform::server
