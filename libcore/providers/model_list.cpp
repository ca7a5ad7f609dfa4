#include "providers/model_list.h"

#include "providers/ollama.h"
#include "providers/wire_util.h"

namespace conform::providers {

using namespace detail;

bool hasModelList(ProviderKind kind)
{
    return kind != ProviderKind::Scenario;
}

HttpRequest modelListRequest(ProviderKind kind, const Endpoint& endpoint)
{
    if (kind == ProviderKind::Ollama)
        return ollamaTagsRequest(endpoint);
    HttpRequest request;
    request.method = "GET";
    request.url = joinUrl(endpoint.baseUrl, "/v1/models");
    if (kind == ProviderKind::Anthropic) {
        request.headers = {{"anthropic-version", "2023-06-01"}};
        if (!endpoint.apiKey.empty())
            request.credentials = {{"x-api-key", endpoint.apiKey}};
    } else if (!endpoint.apiKey.empty()) {
        request.credentials = {{"authorization", "Bearer " + endpoint.apiKey}};
    }
    return request;
}

Result<std::vector<std::string>> parseModelList(ProviderKind kind, const HttpResponse& response)
{
    if (kind == ProviderKind::Ollama) {
        auto tags = parseOllamaTags(response);
        if (!tags)
            return tags.error();
        std::vector<std::string> names;
        for (const OllamaModel& model : tags.value())
            names.push_back(model.name);
        return names;
    }
    // Anthropic and OpenAI both answer {"data": [{"id": ...}, ...]}.
    const Json body = parseBody(response.body);
    if (response.status != 200 || !member(body, "data").is_array()) {
        const ProviderError error = errorFrom(response.status, body, response.body);
        return Error{"no model list: " + error.message, "HTTP " + std::to_string(response.status)};
    }
    std::vector<std::string> ids;
    for (const Json& model : member(body, "data"))
        if (const std::string id = str(model, "id"); !id.empty())
            ids.push_back(id);
    return ids;
}

} // namespace conform::providers
