#pragma once
// Ollama (POST /api/chat): strict = `format` set to the schema, json-object = format "json",
// text = the schema in the system prompt; no tool mode. Streams are NDJSON lines.
#include "base/result.h"
#include "providers/provider.h"

#include <cstdint>
#include <string>
#include <vector>

namespace conform::providers {

class OllamaAdapter final : public Adapter
{
public:
    ProviderKind kind() const override { return ProviderKind::Ollama; }
    bool supports(Mode mode) const override { return mode != Mode::Tool; }
    const Profile& profile() const override { return ollamaFormatProfile(); }
    HttpRequest buildRequest(const Conversation& conversation, const Json& schema, Mode mode,
                             const RequestOptions& options, const Endpoint& endpoint) const override;
    Reply parseResponse(const HttpResponse& response) const override;
    std::unique_ptr<StreamDecoder> streamDecoder() const override;
};

// GET /api/tags: the models the server has.
struct OllamaModel
{
    std::string name;          // "llama3.1:8b"
    std::string family;        // details.family
    std::string parameterSize; // details.parameter_size, e.g. "8.0B"
    std::int64_t size = 0;     // bytes on disk
};

HttpRequest ollamaTagsRequest(const Endpoint& endpoint);
// The models listed, or an Error saying what the server answered instead.
Result<std::vector<OllamaModel>> parseOllamaTags(const HttpResponse& response);

} // namespace conform::providers
