// OpenAI's Responses API: POST /v1/responses, a response object or typed SSE events
// (response.created ... response.completed), as the official client reads them: every event
// has its `type` in the `event:` line and the data, and a `sequence_number`; the deltas sit at
// the output_index / content_index the item and part events opened.
#include "server/reply.h"
#include "server/wire.h"

#include <QDateTime>

namespace conform::server {

namespace {

using providers::StopReason;

ToolRequest responsesTools(const Json& request)
{
    ToolRequest tools;
    if (const auto it = request.find("tools"); it != request.end() && it->is_array() && !it->empty()) {
        tools.anyTools = true;
        for (const Json& tool : *it)
            tools.offered.push_back(stringAt(tool, "name")); // Responses function tools are flat
    }
    const auto choice = request.find("tool_choice");
    if (!tools.anyTools || choice == request.end())
        return tools;
    if (choice->is_string()) {
        tools.forced = choice->get<std::string>() == "required";
    } else if (choice->is_object() && stringAt(*choice, "type") == "function") {
        tools.forced = tools.named = true;
        tools.forcedName = stringAt(*choice, "name");
    }
    return tools;
}

bool cut(const Reply& reply)
{
    return reply.stop == StopReason::MaxTokens || reply.stop == StopReason::ContextWindow;
}

Json usageJson(const providers::Usage& usage)
{
    return Json{{"input_tokens", usage.inputTokens},
                {"input_tokens_details", {{"cached_tokens", usage.cachedTokens}}},
                {"output_tokens", usage.outputTokens},
                {"output_tokens_details", {{"reasoning_tokens", usage.reasoningTokens}}},
                {"total_tokens", usage.inputTokens + usage.outputTokens}};
}

// The ids of one response's items, made once so the stream and its final object agree.
struct Ids
{
    std::string response = randomId("resp_", 48);
    std::string message = randomId("msg_", 48);
    std::string call = randomId("fc_", 48);
    std::string callId = randomId("call_");
};

Json textPart(const Reply& reply, const std::string& text)
{
    if (reply.stop == StopReason::Refusal)
        return Json{{"type", "refusal"}, {"refusal", text}};
    return Json{{"type", "output_text"}, {"text", text}, {"annotations", Json::array()}, {"logprobs", Json::array()}};
}

Json messageItem(const Reply& reply, const Ids& ids, bool done)
{
    Json content = Json::array();
    if (done)
        content.push_back(textPart(reply, *reply.text));
    return Json{{"id", ids.message}, {"type", "message"},
                {"status", !done ? "in_progress" : cut(reply) ? "incomplete" : "completed"},
                {"content", std::move(content)}, {"role", "assistant"}};
}

Json callItem(const Reply& reply, const Ids& ids, bool done)
{
    return Json{{"id", ids.call}, {"type", "function_call"}, {"status", done ? "completed" : "in_progress"},
                {"arguments", done ? reply.argumentsText() : std::string()}, {"call_id", ids.callId}, {"name", reply.toolName}};
}

Json outputOf(const Reply& reply, const Ids& ids)
{
    Json output = Json::array();
    if (reply.text)
        output.push_back(messageItem(reply, ids, true));
    if (reply.isToolCall())
        output.push_back(callItem(reply, ids, true));
    return output;
}

// The response object; `final` false gives the in-progress snapshot of response.created.
Json responseJson(const Json& request, const Reply& reply, const Ids& ids, bool final)
{
    const auto field = [&](const char* key, Json fallback) {
        const auto it = request.find(key);
        return it == request.end() || it->is_null() ? fallback : *it;
    };
    Json body{{"id", ids.response}, {"object", "response"}, {"created_at", QDateTime::currentSecsSinceEpoch()},
              {"status", !final ? "in_progress" : cut(reply) ? "incomplete" : "completed"}, {"background", false},
              {"error", nullptr},
              {"incomplete_details", final && cut(reply) ? Json{{"reason", "max_output_tokens"}} : Json()},
              {"instructions", field("instructions", nullptr)}, {"max_output_tokens", field("max_output_tokens", nullptr)},
              {"model", stringAt(request, "model")}, {"output", final ? outputOf(reply, ids) : Json::array()},
              {"parallel_tool_calls", true}, {"previous_response_id", field("previous_response_id", nullptr)},
              {"reasoning", {{"effort", nullptr}, {"summary", nullptr}}}, {"store", field("store", true)},
              {"temperature", field("temperature", 1.0)},
              {"text", field("text", Json{{"format", {{"type", "text"}}}})},
              {"tool_choice", field("tool_choice", "auto")}, {"tools", field("tools", Json::array())},
              {"top_p", 1.0}, {"truncation", "disabled"}, {"usage", final ? usageJson(reply.usage) : Json()},
              {"user", nullptr}, {"metadata", Json::object()}};
    return body;
}

class EventWriter
{
public:
    explicit EventWriter(std::vector<QByteArray>& out) : m_out(out) {}

    void write(const char* type, Json data)
    {
        Json event{{"type", type}, {"sequence_number", m_sequence++}};
        for (auto it = data.begin(); it != data.end(); ++it)
            event[it.key()] = std::move(it.value());
        m_out.push_back(QByteArray("event: ") + type + "\ndata: " + toBytes(event) + "\n\n");
    }

private:
    std::vector<QByteArray>& m_out;
    int m_sequence = 0;
};

void streamMessage(EventWriter& w, const Reply& reply, const Ids& ids, int index)
{
    const bool refusal = reply.stop == StopReason::Refusal;
    const Json at{{"item_id", ids.message}, {"output_index", index}, {"content_index", 0}};
    const auto with = [&](Json extra) {
        Json data = at;
        for (auto it = extra.begin(); it != extra.end(); ++it)
            data[it.key()] = std::move(it.value());
        return data;
    };
    w.write("response.output_item.added", {{"output_index", index}, {"item", messageItem(reply, ids, false)}});
    w.write("response.content_part.added", with({{"part", textPart(reply, "")}}));
    for (const std::string& piece : splitForStream(*reply.text))
        w.write(refusal ? "response.refusal.delta" : "response.output_text.delta",
                refusal ? with({{"delta", piece}}) : with({{"delta", piece}, {"logprobs", Json::array()}}));
    w.write(refusal ? "response.refusal.done" : "response.output_text.done",
            refusal ? with({{"refusal", *reply.text}}) : with({{"text", *reply.text}, {"logprobs", Json::array()}}));
    w.write("response.content_part.done", with({{"part", textPart(reply, *reply.text)}}));
    w.write("response.output_item.done", {{"output_index", index}, {"item", messageItem(reply, ids, true)}});
}

void streamCall(EventWriter& w, const Reply& reply, const Ids& ids, int index)
{
    w.write("response.output_item.added", {{"output_index", index}, {"item", callItem(reply, ids, false)}});
    for (const std::string& piece : splitForStream(reply.argumentsText()))
        w.write("response.function_call_arguments.delta", {{"item_id", ids.call}, {"output_index", index}, {"delta", piece}});
    w.write("response.function_call_arguments.done",
            {{"item_id", ids.call}, {"output_index", index}, {"arguments", reply.argumentsText()}});
    w.write("response.output_item.done", {{"output_index", index}, {"item", callItem(reply, ids, true)}});
}

ResponsePlan streamed(const Json& request, const Reply& reply)
{
    ResponsePlan plan;
    plan.streamed = true;
    plan.contentType = "text/event-stream; charset=utf-8";
    EventWriter w(plan.pieces);
    const Ids ids;
    w.write("response.created", {{"response", responseJson(request, reply, ids, false)}});
    w.write("response.in_progress", {{"response", responseJson(request, reply, ids, false)}});
    int index = 0;
    if (reply.text)
        streamMessage(w, reply, ids, index++);
    if (reply.isToolCall())
        streamCall(w, reply, ids, index);
    w.write(cut(reply) ? "response.incomplete" : "response.completed", {{"response", responseJson(request, reply, ids, true)}});
    return plan;
}

} // namespace

ResponsePlan renderOpenAiResponses(const RenderInput& input, bool stream)
{
    const Reply reply = shapeReply(input.turn, responsesTools(input.request), true, input.requestBytes);
    if (stream)
        return streamed(input.request, reply);
    ResponsePlan plan;
    plan.pieces.push_back(toBytes(responseJson(input.request, reply, Ids{}, true)));
    return plan;
}

} // namespace conform::server
