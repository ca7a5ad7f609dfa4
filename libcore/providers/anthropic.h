#pragma once
// Anthropic Messages API (POST /v1/messages): strict = output_config json_schema, tool =
// a forced tool, json-object and text = the schema in the system prompt. Streams are SSE.
#include "providers/provider.h"

namespace conform::providers {

class AnthropicAdapter final : public Adapter
{
public:
    ProviderKind kind() const override { return ProviderKind::Anthropic; }
    bool supports(Mode) const override { return true; }
    const Profile& profile() const override { return anthropicStrictProfile(); }
    HttpRequest buildRequest(const Conversation& conversation, const Json& schema, Mode mode,
                             const RequestOptions& options, const Endpoint& endpoint) const override;
    Reply parseResponse(const HttpResponse& response) const override;
    std::unique_ptr<StreamDecoder> streamDecoder() const override;
};

// The messages array for a conversation (exposed for tests and for the Scenario provider).
Json anthropicMessages(const Conversation& conversation);

// The prefill of a Messages request body: the text of its last message when that message is
// the assistant's (the model writes on from there), else "".
std::string anthropicPrefill(const Json& requestBody);

} // namespace conform::providers
