#include "export/provider_lint.h"

namespace conform::exporting {

std::optional<engines::Engine> engineOfProvider(providers::ProviderKind provider)
{
    switch (provider) {
    case providers::ProviderKind::OpenAI: return engines::Engine::OpenAI;
    case providers::ProviderKind::OpenAIResponses: return engines::Engine::OpenAIResponses;
    case providers::ProviderKind::Anthropic: return engines::Engine::Anthropic;
    case providers::ProviderKind::Ollama: return engines::Engine::Ollama;
    case providers::ProviderKind::Scenario: return std::nullopt;
    }
    return std::nullopt;
}

std::vector<Finding> lintForProvider(const Json& schema, providers::ProviderKind provider)
{
    const auto engine = engineOfProvider(provider);
    return engine ? engines::lintForEngine(schema, *engine).findings : std::vector<Finding>{};
}

} // namespace conform::exporting
