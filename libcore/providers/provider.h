#pragma once
// conform::providers — one interface over Anthropic, OpenAI (and compatible servers), Ollama
// and scenario files.
//
//   const Adapter& a = adapterFor(ProviderKind::OpenAI);
//   HttpRequest req = a.buildRequest(conversation, schema, Mode::Strict, options, endpoint);
//   ... the transport sends it (transport.h) ...
//   Reply r = a.parseResponse(response);        // text or tool input, stop reason, usage,
//                                               // refusal, or an error: never throws
//   auto d = a.streamDecoder();                  // or feed a streamed body chunk by chunk
//   for (auto& e : d->feed(bytes)) show(e);      // any chunk boundaries; d->reply() at the end
//
// Adapters are stateless and pure: conversation + schema + mode + options -> request;
// status + headers + body -> Reply. Nothing here touches the network (see transport.h) or
// reads the environment (see endpoint.h).
#include "base/json.h"
#include "providers/conversation.h"
#include "providers/http.h"
#include "providers/mode.h"
#include "providers/profile.h"
#include "providers/scenario.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::providers {

// OpenAIResponses is OpenAI's Responses API (POST /v1/responses): the same provider, keys and
// base URL as OpenAI, another wire. It is a kind of its own rather than a flag on a target so
// that a capture, a suite target and Compare tell the two APIs apart by the provider alone
// ("openai-responses/gpt-4o-mini" beside "openai/gpt-4o-mini"); the command line spells it
// `--provider openai --api responses`.
enum class ProviderKind { Anthropic, OpenAI, Ollama, Scenario, OpenAIResponses };
// "anthropic", "openai", "ollama", "scenario", "openai-responses"
std::string_view providerName(ProviderKind kind);
std::optional<ProviderKind> parseProviderKind(std::string_view name);
// The provider whose keys, environment and prices a kind uses: OpenAI for OpenAIResponses,
// else the kind itself.
ProviderKind keyProvider(ProviderKind kind);

struct Endpoint
{
    std::string baseUrl; // "https://api.anthropic.com", "http://127.0.0.1:8080/v1", ...
    std::string apiKey;  // empty: no credential header
};

struct RequestOptions
{
    std::string model;
    std::optional<double> temperature;
    int maxTokens = 1024;
    bool stream = false;
    std::string toolName = "respond";   // the tool that carries the answer in tool mode
    std::string schemaName = "response"; // OpenAI json_schema.name
};

// An error the provider reported (HTTP status >= 400, or an error event mid-stream).
struct ProviderError
{
    int status = 0;       // HTTP status (0 for a mid-stream error event)
    std::string type;     // "overloaded_error", "invalid_request_error", ...
    std::string message;

    // A 400 that complains about the schema or the structured-output feature: the mode is
    // refused, and the engine falls back to a weaker one.
    bool refusesMode() const;
};

// What came back, in no particular protocol.
struct Reply
{
    std::string text;                   // assistant text (concatenated text blocks)
    std::optional<ToolCall> toolCall;   // the first tool call, arguments as JSON text
    std::string stopReason;             // the protocol's own word ("end_turn", "length", ...)
    std::optional<StopReason> stop;     // normalised
    std::string refusal;                // OpenAI message.refusal, a Responses refusal content part
    Usage usage;
    std::optional<ProviderError> error;

    bool truncated() const { return stop == StopReason::MaxTokens || stop == StopReason::ContextWindow; }
    bool refused() const { return stop == StopReason::Refusal || !refusal.empty(); }
    // The text the answer is in: the tool call's arguments when there is one, else the text.
    const std::string& raw() const { return toolCall ? toolCall->arguments : text; }
};

// One thing a stream decoder saw.
struct StreamEvent
{
    enum class Kind { TextDelta, ToolInputDelta, Stop, Usage, Error };
    Kind kind = Kind::TextDelta;
    std::string text; // the delta (TextDelta, ToolInputDelta), the stop reason, the error message
};

// Decodes a streamed body fed in chunks with arbitrary boundaries (a chunk may end inside a
// line, a UTF-8 sequence or an event). reply() accumulates everything seen so far.
class StreamDecoder
{
public:
    virtual ~StreamDecoder() = default;
    virtual std::vector<StreamEvent> feed(std::string_view bytes) = 0;
    // The body ended: flushes a last unterminated line.
    virtual std::vector<StreamEvent> finish() = 0;
    // True once the protocol's end marker arrived (message_stop, [DONE], done:true); a body
    // that ends before that was cut.
    virtual bool complete() const = 0;
    const Reply& reply() const { return m_reply; }

protected:
    Reply m_reply;
};

class Adapter
{
public:
    virtual ~Adapter() = default;
    virtual ProviderKind kind() const = 0;
    // Whether the protocol has this mode at all, and whether this schema can use it.
    virtual bool supports(Mode mode) const = 0;
    virtual Verdict accepts(Mode mode, const Json& schema) const;
    // The provider's strict-mode profile (what its native structured output accepts).
    virtual const Profile& profile() const = 0;
    virtual HttpRequest buildRequest(const Conversation& conversation, const Json& schema, Mode mode,
                                     const RequestOptions& options, const Endpoint& endpoint) const = 0;
    virtual Reply parseResponse(const HttpResponse& response) const = 0;
    virtual std::unique_ptr<StreamDecoder> streamDecoder() const = 0;
};

// The adapter of an HTTP provider (Anthropic, OpenAI, Ollama). The Scenario provider speaks
// no wire protocol: see scenario_source.h.
const Adapter& adapterFor(ProviderKind kind);

// The instruction put in the system prompt in json-object and text modes, and in Anthropic's
// json-object mode: "Respond with only a JSON value that matches this JSON Schema: ...".
std::string jsonInstruction(const Json& schema);
// How that instruction starts (the schema follows it): model_request.h leaves it out.
inline constexpr std::string_view kJsonInstructionLead =
    "Respond with only a JSON value that matches this JSON Schema, with no prose and no code fences:\n";

} // namespace conform::providers
