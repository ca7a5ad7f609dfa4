#pragma once
// OpenAI chat completions (POST /v1/chat/completions) and every server that speaks it:
// strict = response_format json_schema strict, tool = a forced function tool, json-object =
// response_format json_object (+ the schema in the system prompt), text = the prompt alone.
// Streams are SSE `data:` lines ending in [DONE].
#include "providers/provider.h"

namespace conform::providers {

class OpenAiAdapter final : public Adapter
{
public:
    ProviderKind kind() const override { return ProviderKind::OpenAI; }
    bool supports(Mode) const override { return true; }
    const Profile& profile() const override { return openAiStrictProfile(); }
    HttpRequest buildRequest(const Conversation& conversation, const Json& schema, Mode mode,
                             const RequestOptions& options, const Endpoint& endpoint) const override;
    Reply parseResponse(const HttpResponse& response) const override;
    std::unique_ptr<StreamDecoder> streamDecoder() const override;
};

// The messages array, system message first.
Json openAiMessages(const Conversation& conversation, const std::string& system);

// json_schema.name allows a-zA-Z0-9_- and 64 characters; anything else is replaced.
std::string openAiSchemaName(std::string_view wanted);

} // namespace conform::providers
