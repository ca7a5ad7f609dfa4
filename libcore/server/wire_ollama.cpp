// Ollama: POST /api/chat, NDJSON lines unless "stream": false.
#include "server/reply.h"
#include "server/wire.h"

#include <QDateTime>

namespace conform::server {

namespace {

ToolRequest ollamaTools(const Json& request)
{
    // Ollama has no tool_choice: a tool call happens only when the turn holds one.
    ToolRequest tools;
    if (const auto it = request.find("tools"); it != request.end() && it->is_array() && !it->empty()) {
        tools.anyTools = true;
        for (const Json& tool : *it)
            tools.offered.push_back(tool.is_object() ? stringAt(tool.value("function", Json()), "name") : std::string());
    }
    return tools;
}

std::string createdAt()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
}

Json messageJson(std::string content, const Reply* withTools)
{
    Json message{{"role", "assistant"}, {"content", std::move(content)}};
    if (withTools && withTools->isToolCall()) {
        // Ollama carries arguments as an object; text that is not JSON stays a string.
        Json arguments = withTools->toolInput ? *withTools->toolInput : Json(withTools->argumentsText());
        message["tool_calls"] = Json::array({{{"function", {{"name", withTools->toolName}, {"arguments", arguments}}}}});
    }
    return message;
}

// The closing fields of the last object: why it stopped and what it cost (nanoseconds).
void addTotals(Json& object, const Reply& reply)
{
    object["done_reason"] = ollamaDoneReason(reply.stop);
    object["total_duration"] = 180'000'000 + reply.usage.outputTokens * 20'000'000;
    object["load_duration"] = 2'500'000;
    object["prompt_eval_count"] = reply.usage.inputTokens;
    object["prompt_eval_duration"] = 40'000'000;
    object["eval_count"] = reply.usage.outputTokens;
    object["eval_duration"] = reply.usage.outputTokens * 20'000'000;
}

Json line(const std::string& model, Json message, bool done)
{
    return Json{{"model", model}, {"created_at", createdAt()}, {"message", std::move(message)}, {"done", done}};
}

ResponsePlan streamed(const std::string& model, const Reply& reply)
{
    ResponsePlan plan;
    plan.streamed = true;
    plan.contentType = "application/x-ndjson";
    if (reply.text)
        for (const std::string& piece : splitForStream(*reply.text))
            plan.pieces.push_back(toBytes(line(model, messageJson(piece, nullptr), false)) + '\n');
    if (reply.isToolCall())
        plan.pieces.push_back(toBytes(line(model, messageJson("", &reply), false)) + '\n');
    Json last = line(model, messageJson("", nullptr), true);
    addTotals(last, reply);
    plan.pieces.push_back(toBytes(last) + '\n');
    return plan;
}

} // namespace

ResponsePlan renderOllama(const RenderInput& input, bool stream)
{
    const Reply reply = shapeReply(input.turn, ollamaTools(input.request), false, input.requestBytes);
    const std::string model = stringAt(input.request, "model");
    if (stream)
        return streamed(model, reply);
    Json body = line(model, messageJson(reply.text.value_or(""), &reply), true);
    addTotals(body, reply);
    ResponsePlan plan;
    plan.pieces.push_back(toBytes(body));
    return plan;
}

} // namespace conform::server
