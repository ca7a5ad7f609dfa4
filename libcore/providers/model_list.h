#pragma once
// Which models a provider offers, for the settings dialog's model list: the request (GET
// /v1/models on Anthropic and OpenAI-compatible servers, GET /api/tags on Ollama) and the
// model ids in its reply, as pure functions; any transport sends the request.
//
//   HttpRequest request = modelListRequest(ProviderKind::OpenAI, endpoint);  // key in credentials
//   Result<std::vector<std::string>> ids = parseModelList(ProviderKind::OpenAI, response);
//
// The Scenario provider has no models endpoint: hasModelList() is false for it.
#include "base/result.h"
#include "providers/http.h"
#include "providers/provider.h"

#include <string>
#include <vector>

namespace conform::providers {

bool hasModelList(ProviderKind kind);
HttpRequest modelListRequest(ProviderKind kind, const Endpoint& endpoint);
// The ids in the order the server gave them. An error status or an unexpected body is an
// Error whose message carries the provider's own error message and whose `where` is "HTTP n".
Result<std::vector<std::string>> parseModelList(ProviderKind kind, const HttpResponse& response);

} // namespace conform::providers
