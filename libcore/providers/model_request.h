#pragma once
// What a request puts before the model, read back from its wire body in any of the three
// protocols: the model, the mode and the messages, each message a role and its text. The
// proxy reads the mode of a call it forwards this way, and a suite's cassettes (cassette.h)
// compare a replayed run's requests with the recorded ones by it.
//
//   ModelRequest sent = modelRequestOf(ProviderKind::OpenAI, body);
//   sent.messages[0];        // {"system", "You read orders."}: the schema instruction left out
//
// Read the same way on both sides, so what a protocol does not distinguish reads alike:
// Anthropic's json-object and text modes send the same request (both read as text), and the
// schema instruction json-object and text modes append to the system prompt ("Respond with
// only a JSON value that matches this JSON Schema...", jsonInstruction()) is left out, so a
// schema edited since a call was recorded does not change its messages: the schema is judged
// apart, as it stands.
#include "base/json.h"
#include "base/result.h"
#include "providers/provider.h"

#include <optional>
#include <string>
#include <vector>

namespace conform::providers {

struct SentMessage
{
    std::string role;    // "system", "user", "assistant" or "tool" (a tool result)
    std::string content; // its text; an assistant's tool call: the call's arguments as sent
    friend bool operator==(const SentMessage&, const SentMessage&) = default;
};

struct ModelRequest
{
    std::string model;
    Mode mode = Mode::Text;
    std::vector<SentMessage> messages;

    // {"model", "mode", "messages": [{"role", "content"}]}
    Json toJson() const;
    // Errors name the JSON pointer under `where`.
    static Result<ModelRequest> fromJson(const Json& json, const std::string& where);
};

// A message's content as text: a string, or its text blocks joined (any protocol's name for
// them: text, input_text, output_text).
std::string messageText(const Json& content);

// The request a wire body makes (OpenAI chat completions or responses, Anthropic messages,
// Ollama chat); `kind` Scenario reads as Anthropic, as the Scenario provider speaks it.
ModelRequest modelRequestOf(ProviderKind kind, const Json& body);

// The mode a wire body asks for: OpenAI response_format json_schema / json_object, a forced
// tool; Anthropic output_config json_schema, a forced tool; Ollama a format schema / "json".
Mode modeOfRequest(ProviderKind kind, const Json& body);

// Where two requests first differ, in words ("the model differs: gpt-4.1 where the recording
// has gpt-4o-mini", "the user prompt differs from the recording at character 41"); nullopt
// when they are the same. Characters are counted from 1, in code points.
std::optional<std::string> firstDifference(const ModelRequest& sent, const ModelRequest& recorded);

} // namespace conform::providers
