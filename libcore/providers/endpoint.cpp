#include "providers/endpoint.h"

#include "base/secrets.h"

#include <QByteArray>
#include <QtGlobal>

namespace conform::providers {

namespace {

std::string withScheme(std::string url)
{
    if (url.find("://") == std::string::npos)
        url = "http://" + url;
    return url;
}

std::optional<std::string> variable(const Environment& environment, const char* name)
{
    return environment ? environment(name) : std::nullopt;
}

} // namespace

Environment processEnvironment()
{
    return [](const char* name) -> std::optional<std::string> {
        const QByteArray value = qgetenv(name);
        if (value.isEmpty())
            return std::nullopt;
        return value.toStdString();
    };
}

std::string apiKeyVariable(ProviderKind kind)
{
    switch (keyProvider(kind)) {
    case ProviderKind::Anthropic:
        return "ANTHROPIC_API_KEY";
    case ProviderKind::OpenAI:
        return "OPENAI_API_KEY";
    default:
        return {};
    }
}

Endpoint resolveEndpoint(ProviderKind kind, const std::string& targetBaseUrl, const Environment& environment)
{
    Endpoint endpoint;
    const std::string keyName = apiKeyVariable(kind);
    if (!keyName.empty())
        endpoint.apiKey = variable(environment, keyName.c_str()).value_or(std::string());
    secrets::remember(endpoint.apiKey); // an injected environment's, too: masked wherever text leaves
    switch (keyProvider(kind)) { // the Responses API lives beside Chat Completions
    case ProviderKind::Anthropic:
        endpoint.baseUrl = variable(environment, "ANTHROPIC_BASE_URL").value_or("https://api.anthropic.com");
        break;
    case ProviderKind::OpenAI:
        endpoint.baseUrl = variable(environment, "OPENAI_BASE_URL").value_or("https://api.openai.com/v1");
        break;
    case ProviderKind::Ollama:
        endpoint.baseUrl = withScheme(variable(environment, "OLLAMA_HOST").value_or("http://localhost:11434"));
        break;
    case ProviderKind::Scenario:
    case ProviderKind::OpenAIResponses:
        break;
    }
    if (!targetBaseUrl.empty())
        endpoint.baseUrl = withScheme(targetBaseUrl);
    return endpoint;
}

} // namespace conform::providers
