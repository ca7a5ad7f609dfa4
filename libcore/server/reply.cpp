#include "server/reply.h"

#include "json/parse.h"

#include <QRandomGenerator>

#include <algorithm>

namespace conform::server {

std::string Reply::argumentsText() const
{
    if (rawArguments)
        return *rawArguments;
    return toolInput ? toBytes(*toolInput).toStdString() : std::string("{}");
}

namespace {

std::string pickToolName(const providers::Turn& turn, const ToolRequest& tools)
{
    // A model calls a tool it was offered: the turn's name only when it is one of them (or
    // when the request offered none, i.e. the name is all we have).
    if (!tools.forcedName.empty())
        return tools.forcedName;
    const auto& offered = tools.offered;
    if (!turn.toolName.empty() && (offered.empty() || std::find(offered.begin(), offered.end(), turn.toolName) != offered.end()))
        return turn.toolName;
    if (!offered.empty() && !offered.front().empty())
        return offered.front();
    return turn.toolName.empty() ? "respond" : turn.toolName;
}

std::int64_t estimateTokens(std::size_t bytes)
{
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(bytes / 4));
}

void shapeToolInput(const providers::Turn& turn, const ToolRequest& tools, Reply& reply)
{
    if (tools.anyTools) {
        reply.toolInput = turn.toolInput;
        return;
    }
    const std::string written = toBytes(*turn.toolInput).toStdString();
    reply.text = reply.text ? *reply.text + "\n" + written : written;
}

void shapeForcedText(const ToolRequest& tools, bool rawArgumentsAllowed, Reply& reply)
{
    auto parsed = json::parseStrict(*reply.text);
    if (parsed && parsed.value().is_object()) {
        reply.toolInput = std::move(parsed).value();
        reply.text.reset();
    } else if (rawArgumentsAllowed) {
        reply.rawArguments = std::move(reply.text);
        reply.text.reset();
    }
}

} // namespace

Reply shapeReply(const providers::Turn& turn, const ToolRequest& tools, bool rawArgumentsAllowed, qsizetype requestBytes)
{
    Reply reply;
    reply.text = turn.text;
    reply.toolName = pickToolName(turn, tools);
    if (turn.toolInput)
        shapeToolInput(turn, tools, reply);
    else if (tools.forced && reply.text)
        shapeForcedText(tools, rawArgumentsAllowed, reply);
    if (turn.stopReason)
        reply.stop = *turn.stopReason;
    else
        reply.stop = reply.isToolCall() ? providers::StopReason::ToolUse : providers::StopReason::End;
    if (turn.usage) {
        reply.usage = *turn.usage;
    } else {
        const std::size_t written = reply.text.value_or("").size() + (reply.isToolCall() ? reply.argumentsText().size() : 0);
        reply.usage = {estimateTokens(static_cast<std::size_t>(requestBytes)), estimateTokens(written), 0, 0};
    }
    return reply;
}

std::vector<std::string> splitForStream(std::string_view text, std::size_t size)
{
    std::vector<std::string> pieces;
    size = std::max<std::size_t>(size, 4);
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = std::min(text.size(), at + size);
        // Back off while `end` points at a UTF-8 continuation byte (10xxxxxx).
        while (end < text.size() && end > at + 1 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
            --end;
        pieces.emplace_back(text.substr(at, end - at));
        at = end;
    }
    return pieces;
}

std::string randomId(std::string_view prefix, int length)
{
    static constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::string id(prefix);
    for (int i = 0; i < length; ++i)
        id += alphabet[QRandomGenerator::global()->bounded(static_cast<int>(alphabet.size()))];
    return id;
}

QByteArray toBytes(const Json& value)
{
    return QByteArray::fromStdString(value.dump(-1, ' ', false, Json::error_handler_t::replace));
}

std::string stringAt(const Json& object, std::string_view key)
{
    if (!object.is_object())
        return {};
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace conform::server
