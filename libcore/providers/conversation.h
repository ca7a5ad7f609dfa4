#pragma once
// A conversation in no particular wire protocol: what the engine builds and each adapter
// renders its own way (Anthropic content blocks, OpenAI messages, Ollama messages).
#include "base/json.h"

#include <optional>
#include <string>
#include <vector>

namespace conform::providers {

// A tool call the model made: Anthropic tool_use block, OpenAI tool_calls[i].
struct ToolCall
{
    std::string id;
    std::string name;
    std::string arguments; // the input as JSON text, exactly as the model wrote it
};

// One message. Assistant messages hold text or a tool call; a ToolResult answers a tool
// call (Anthropic: user turn with a tool_result block; OpenAI: a role "tool" message).
struct Message
{
    enum class Role { User, Assistant, ToolResult };

    Role role = Role::User;
    std::string text;               // user / assistant text, or the tool result's content
    std::optional<ToolCall> toolCall; // assistant only
    std::string toolCallId;         // ToolResult only: the call it answers
    bool isError = false;           // ToolResult only: "your input was wrong"

    static Message user(std::string text) { return {Role::User, std::move(text), std::nullopt, {}, false}; }
    static Message assistant(std::string text) { return {Role::Assistant, std::move(text), std::nullopt, {}, false}; }
    static Message assistantCall(ToolCall call) { return {Role::Assistant, {}, std::move(call), {}, false}; }
    static Message toolError(std::string id, std::string content)
    {
        return {Role::ToolResult, std::move(content), std::nullopt, std::move(id), true};
    }
};

struct Conversation
{
    std::string system;
    std::vector<Message> messages;
};

} // namespace conform::providers
