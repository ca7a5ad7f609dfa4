#pragma once
// The wire protocols the replay server speaks. Each renderer takes the parsed request
// and the scenario turn chosen for it and returns a ResponsePlan in that protocol's shape:
// JSON or streamed (Anthropic SSE events, OpenAI chunks + [DONE], Ollama NDJSON), text or
// tool call, or the protocol's own error body for a fault. Facts: shared/reference/provider-wire.md.
#include "base/json.h"
#include "providers/scenario.h"
#include "server/http_response.h"

#include <string>

namespace conform::server {

// OpenAiResponses is OpenAI's Responses API (/v1/responses): OpenAI's headers and error
// bodies, its own request and reply.
enum class Protocol { Anthropic, OpenAi, Ollama, OpenAiResponses };
// "anthropic", "openai", "ollama", "openai-responses"
std::string_view protocolName(Protocol protocol);

struct RenderInput
{
    const Json& request;           // the request body, an object
    const providers::Turn& turn;
    qsizetype requestBytes = 0;    // for usage estimates when the turn gives none
};

// Checks the fields the real API rejects a request without. Returns "" when acceptable,
// else the message for a 400 in the protocol's own error shape.
std::string checkRequest(Protocol protocol, const Json& request);

// Renders a reply turn (not a fault) in the protocol, streamed when the request asks.
ResponsePlan renderReply(Protocol protocol, const RenderInput& input);

// An error response: `body` verbatim when given (a JSON string is sent as raw text), else
// the protocol's error body for `status` with `message`.
ResponsePlan renderError(Protocol protocol, int status, const std::string& message, const Json* body = nullptr);

// Whether the request asked for a streamed response (Ollama streams unless "stream": false).
bool wantsStream(Protocol protocol, const Json& request);

// Per-protocol renderers, for the dispatcher above and for tests.
ResponsePlan renderAnthropic(const RenderInput& input, bool stream);
ResponsePlan renderOpenAi(const RenderInput& input, bool stream);
ResponsePlan renderOllama(const RenderInput& input, bool stream);
ResponsePlan renderOpenAiResponses(const RenderInput& input, bool stream);
Json anthropicErrorBody(int status, const std::string& message, const std::string& requestId);
Json openAiErrorBody(int status, const std::string& message);

} // namespace conform::server
