#pragma once
// Where a provider lives and which key it takes, from the target and the environment users
// expect: ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL, OPENAI_API_KEY / OPENAI_BASE_URL,
// OLLAMA_HOST. The key only ever goes into Endpoint::apiKey -> HttpRequest::credentials.
#include "providers/provider.h"

#include <functional>
#include <optional>
#include <string>

namespace conform::providers {

// Reads one environment variable; unset or empty reads as nullopt. Injectable for tests.
using Environment = std::function<std::optional<std::string>(const char* name)>;
Environment processEnvironment();

// The target's base URL wins over the environment's, which wins over the public default
// (https://api.anthropic.com, https://api.openai.com/v1, http://localhost:11434). An
// OLLAMA_HOST without a scheme ("0.0.0.0:11434") gets "http://".
Endpoint resolveEndpoint(ProviderKind kind, const std::string& targetBaseUrl, const Environment& environment);

// The environment variable holding the provider's key ("" for none).
std::string apiKeyVariable(ProviderKind kind);

} // namespace conform::providers
