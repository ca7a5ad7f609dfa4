#include "providers/model_request.h"

#include "base/json_access.h"
#include "base/path.h"

#include <algorithm>
#include <array>

namespace conform::providers {

namespace {

// A content block's text: text blocks by any protocol's name for them.
std::string blockText(const Json& block)
{
    const std::string type = stringOf(member(block, "type"));
    if (type.empty() || type == "text" || type == "input_text" || type == "output_text")
        return stringOf(member(block, "text"));
    return {};
}


// The system prompt as the author wrote it: without the schema instruction json-object and
// text modes append (see the header).
std::string withoutInstruction(std::string system)
{
    const std::size_t at = system.rfind(kJsonInstructionLead);
    if (at == std::string::npos)
        return system;
    system.resize(at);
    if (system.ends_with("\n\n"))
        system.resize(system.size() - 2);
    return system;
}

void addSystem(std::vector<SentMessage>& out, const std::string& text)
{
    std::string system = withoutInstruction(text);
    if (!system.empty())
        out.push_back({"system", std::move(system)});
}

// OpenAI chat completions and Ollama chat: role and content, tool calls by their arguments.
void readChatMessages(const Json& messages, std::vector<SentMessage>& out)
{
    if (!messages.is_array())
        return;
    for (const Json& message : messages) {
        std::string role = stringOf(member(message, "role"));
        if (role == "developer")
            role = "system";
        if (role == "system") {
            addSystem(out, messageText(member(message, "content")));
            continue;
        }
        std::string content = messageText(member(message, "content"));
        const Json& calls = member(message, "tool_calls");
        if (content.empty() && calls.is_array() && !calls.empty()) {
            const Json& arguments = member(member(calls[0], "function"), "arguments");
            content = arguments.is_string() ? arguments.get<std::string>() : dump(arguments); // Ollama: an object
        }
        out.push_back({role, std::move(content)});
    }
}

// Anthropic: the system apart, messages of blocks; a tool call by its input, a tool result as
// a message of its own.
void readAnthropicMessages(const Json& body, std::vector<SentMessage>& out)
{
    addSystem(out, messageText(member(body, "system")));
    const Json& messages = member(body, "messages");
    if (!messages.is_array())
        return;
    for (const Json& message : messages) {
        const std::string role = stringOf(member(message, "role"));
        const Json& content = member(message, "content");
        if (!content.is_array()) {
            out.push_back({role, messageText(content)});
            continue;
        }
        std::string text;
        for (const Json& block : content) {
            const std::string type = stringOf(member(block, "type"));
            if (type == "tool_use")
                out.push_back({role, dump(member(block, "input"))});
            else if (type == "tool_result")
                out.push_back({"tool", messageText(member(block, "content"))});
            else
                text += blockText(block);
        }
        if (!text.empty())
            out.push_back({role, std::move(text)});
    }
}

// OpenAI's Responses API: instructions, then the input (a string or items).
void readResponsesInput(const Json& body, std::vector<SentMessage>& out)
{
    addSystem(out, stringOf(member(body, "instructions")));
    const Json& input = member(body, "input");
    if (input.is_string()) {
        out.push_back({"user", input.get<std::string>()});
        return;
    }
    if (!input.is_array())
        return;
    for (const Json& item : input) {
        const std::string type = stringOf(member(item, "type"));
        if (type == "function_call")
            out.push_back({"assistant", stringOf(member(item, "arguments"))});
        else if (type == "function_call_output")
            out.push_back({"tool", messageText(member(item, "output"))});
        else if (std::string role = stringOf(member(item, "role")); role == "system" || role == "developer")
            addSystem(out, messageText(member(item, "content")));
        else
            out.push_back({role, messageText(member(item, "content"))});
    }
}

// The 1-based code point where `a` and `b` first differ.
std::size_t firstDifferentCharacter(const std::string& a, const std::string& b)
{
    const std::size_t bytes = static_cast<std::size_t>(std::mismatch(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(std::min(a.size(), b.size())), b.begin()).first - a.begin());
    std::size_t characters = 0;
    for (std::size_t i = 0; i < bytes; ++i)
        characters += (static_cast<unsigned char>(a[i]) & 0xC0) != 0x80 ? 1 : 0;
    // A difference inside a multi-byte character is at that character.
    if (bytes < a.size() && (static_cast<unsigned char>(a[bytes]) & 0xC0) == 0x80)
        --characters;
    return characters + 1;
}

// "the system prompt", "the user prompt", else "message 4 (assistant)".
std::string messageName(const std::vector<SentMessage>& messages, std::size_t index)
{
    const std::string& role = messages[index].role;
    const auto firstOf = [&](const char* wanted) {
        for (std::size_t i = 0; i < messages.size(); ++i)
            if (messages[i].role == wanted)
                return i;
        return messages.size();
    };
    if (role == "system" && firstOf("system") == index)
        return "the system prompt";
    if (role == "user" && firstOf("user") == index)
        return "the user prompt";
    return "message " + std::to_string(index + 1) + " (" + role + ")";
}

} // namespace

std::string messageText(const Json& content)
{
    if (content.is_string())
        return content.get<std::string>();
    std::string text;
    if (content.is_array())
        for (const Json& block : content)
            text += block.is_string() ? block.get<std::string>() : blockText(block);
    return text;
}

Json ModelRequest::toJson() const
{
    Json list = Json::array();
    for (const SentMessage& m : messages)
        list.push_back(Json{{"role", m.role}, {"content", m.content}});
    return Json{{"model", model}, {"mode", std::string(modeName(mode))}, {"messages", std::move(list)}};
}

Result<ModelRequest> ModelRequest::fromJson(const Json& json, const std::string& where)
{
    if (!json.is_object())
        return Error{"must be an object with model, mode and messages", where};
    for (const auto& [key, value] : json.items())
        if (key != "model" && key != "mode" && key != "messages")
            return Error{"unknown field", appendPointer(where, key)};
    ModelRequest request;
    if (!member(json, "model").is_string())
        return Error{"must be a string", where + "/model"};
    request.model = member(json, "model").get<std::string>();
    const auto mode = member(json, "mode").is_string() ? parseMode(member(json, "mode").get<std::string>()) : std::nullopt;
    if (!mode)
        return Error{"must be strict, tool, json-object or text", where + "/mode"};
    request.mode = *mode;
    const Json& messages = member(json, "messages");
    if (!messages.is_array())
        return Error{"must be an array of messages", where + "/messages"};
    static constexpr std::array<std::string_view, 4> roles{"system", "user", "assistant", "tool"};
    for (std::size_t i = 0; i < messages.size(); ++i) {
        const std::string at = where + "/messages/" + std::to_string(i);
        const Json& m = messages[i];
        if (!m.is_object() || m.size() != 2 || !member(m, "role").is_string() || !member(m, "content").is_string())
            return Error{"must be {\"role\", \"content\"}, both strings", at};
        const std::string role = member(m, "role").get<std::string>();
        if (std::find(roles.begin(), roles.end(), role) == roles.end())
            return Error{"must be system, user, assistant or tool", at + "/role"};
        request.messages.push_back({role, member(m, "content").get<std::string>()});
    }
    return request;
}

Mode modeOfRequest(ProviderKind kind, const Json& body)
{
    if (kind == ProviderKind::OpenAIResponses) {
        const std::string format = stringOf(member(member(member(body, "text"), "format"), "type"));
        if (format == "json_schema")
            return Mode::Strict;
        if (format == "json_object")
            return Mode::JsonObject;
        return member(body, "tools").is_array() && member(body, "tool_choice").is_object() ? Mode::Tool : Mode::Text;
    }
    if (kind == ProviderKind::OpenAI) {
        const std::string format = stringOf(member(member(body, "response_format"), "type"));
        if (format == "json_schema")
            return Mode::Strict;
        if (format == "json_object")
            return Mode::JsonObject;
        return member(body, "tools").is_array() && member(body, "tool_choice").is_object() ? Mode::Tool : Mode::Text;
    }
    if (kind == ProviderKind::Anthropic || kind == ProviderKind::Scenario) {
        if (stringOf(member(member(member(body, "output_config"), "format"), "type")) == "json_schema")
            return Mode::Strict;
        return stringOf(member(member(body, "tool_choice"), "type")) == "tool" ? Mode::Tool : Mode::Text;
    }
    const Json& format = member(body, "format");
    return format.is_object() ? Mode::Strict : format.is_string() ? Mode::JsonObject : Mode::Text;
}

ModelRequest modelRequestOf(ProviderKind kind, const Json& body)
{
    ModelRequest request;
    request.model = stringOf(member(body, "model"));
    request.mode = modeOfRequest(kind, body);
    if (kind == ProviderKind::Anthropic || kind == ProviderKind::Scenario)
        readAnthropicMessages(body, request.messages);
    else if (member(body, "messages").is_array() || kind == ProviderKind::Ollama)
        readChatMessages(member(body, "messages"), request.messages);
    else
        readResponsesInput(body, request.messages);
    return request;
}

std::optional<std::string> firstDifference(const ModelRequest& sent, const ModelRequest& recorded)
{
    if (sent.model != recorded.model)
        return "the model differs: " + sent.model + " where the recording has " + recorded.model;
    if (sent.mode != recorded.mode)
        return "the mode differs: " + std::string(modeName(sent.mode)) + " where the recording has " + std::string(modeName(recorded.mode));
    const std::size_t common = std::min(sent.messages.size(), recorded.messages.size());
    for (std::size_t i = 0; i < common; ++i) {
        const SentMessage& a = sent.messages[i];
        const SentMessage& b = recorded.messages[i];
        if (a.role != b.role)
            return "message " + std::to_string(i + 1) + " is the " + a.role + "'s where the recording has the " + b.role + "'s";
        if (a.content != b.content)
            return messageName(sent.messages, i) + " differs from the recording at character "
                + std::to_string(firstDifferentCharacter(a.content, b.content));
    }
    if (sent.messages.size() != recorded.messages.size())
        return "the request has " + std::to_string(sent.messages.size()) + " message(s) where the recording has "
            + std::to_string(recorded.messages.size());
    return std::nullopt;
}

} // namespace conform::providers
