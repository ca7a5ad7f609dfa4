#pragma once
// OpenAI's Responses API (POST /v1/responses), beside Chat Completions (openai.h): the same
// keys, base URL and error bodies, another request and reply.
//
//   strict      text: {format: {type: "json_schema", name, schema, strict: true}}
//   tool        tools: [{type: "function", name, parameters, strict}], tool_choice naming it;
//               strict is true when the schema fits the strict subset and false otherwise
//               (the API makes function tools strict unless told, and a schema outside the
//               subset would be a 400 rather than a weaker mode)
//   json-object text: {format: {type: "json_object"}} + the schema in the instructions
//   text        the prompt alone, the schema in the instructions
//
// The system prompt goes in `instructions`; the conversation in `input` as items: user and
// assistant messages, a `function_call` item for a tool call the model made and a
// `function_call_output` item for the repair turn that answers it. Every request carries the
// whole conversation with `store: false`; previous_response_id is never used (a repair turn
// then does not depend on state kept on a server that serve, the proxy and a cassette cannot
// reproduce, and a capture's request is the whole call). max_tokens is max_output_tokens.
//
// A reply is `output` items: `message` items' `output_text` parts are the text, `refusal`
// parts the refusal, the first `function_call` item the tool call (its call_id is the id the
// repair turn answers). The stop reason is the response's status ("completed") or
// incomplete_details.reason ("max_output_tokens": truncated; "content_filter": refused).
// Usage: input_tokens, output_tokens, input_tokens_details.cached_tokens,
// output_tokens_details.reasoning_tokens. A stream is typed SSE events
// (response.output_text.delta, response.function_call_arguments.delta, ...) that end with
// response.completed, response.incomplete or response.failed; there is no [DONE].
#include "providers/provider.h"

namespace conform::providers {

class OpenAiResponsesAdapter final : public Adapter
{
public:
    ProviderKind kind() const override { return ProviderKind::OpenAIResponses; }
    bool supports(Mode) const override { return true; }
    const Profile& profile() const override { return openAiResponsesStrictProfile(); }
    HttpRequest buildRequest(const Conversation& conversation, const Json& schema, Mode mode,
                             const RequestOptions& options, const Endpoint& endpoint) const override;
    Reply parseResponse(const HttpResponse& response) const override;
    std::unique_ptr<StreamDecoder> streamDecoder() const override;
};

// The conversation as Responses input items (no system message: that is `instructions`).
Json responsesInputItems(const Conversation& conversation);

// Reads a response object (a reply's body, or the `response` of a stream's final event) into
// `reply`: text, refusal, first function call, stop reason, usage, and a failed response's
// error. Tolerant: a missing or mistyped field reads as empty.
void readResponseObject(const Json& response, Reply& reply);

} // namespace conform::providers
