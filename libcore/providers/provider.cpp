#include "providers/provider.h"

#include "base/names.h"

#include "providers/anthropic.h"
#include "providers/ollama.h"
#include "providers/openai.h"
#include "providers/openai_responses.h"
#include "providers/schema_walk.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace conform::providers {

namespace {

constexpr std::array<std::string_view, 5> kProviderNames{"anthropic", "openai", "ollama", "scenario", "openai-responses"};

// Words a 400 uses when the structured-output request itself is what it rejects.
constexpr std::array<std::string_view, 10> kModeWords{
    "schema", "response_format", "output_config", "output_format", "json_object", "tool", "format", "structured",
    "strict", "text.format"};

} // namespace

std::string_view providerName(ProviderKind kind)
{
    return kProviderNames[static_cast<std::size_t>(kind)];
}

std::optional<ProviderKind> parseProviderKind(std::string_view name)
{
    return enumOfName<ProviderKind>(kProviderNames, name);
}

ProviderKind keyProvider(ProviderKind kind)
{
    return kind == ProviderKind::OpenAIResponses ? ProviderKind::OpenAI : kind;
}

bool ProviderError::refusesMode() const
{
    if (status != 400)
        return false;
    std::string text = type + ' ' + message;
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return std::any_of(kModeWords.begin(), kModeWords.end(), [&](std::string_view w) { return text.find(w) != std::string::npos; });
}

Verdict Adapter::accepts(Mode mode, const Json& schema) const
{
    if (!supports(mode))
        return Verdict{false, {std::string(providerName(kind())) + " has no " + std::string(modeName(mode)) + " mode"}};
    switch (mode) {
    case Mode::Strict:
        return profile().accepts(schema);
    case Mode::Tool:
        if (!schema.is_object() || !detail::hasType(schema, "object"))
            return Verdict{false, {"/: a tool's input must be of type \"object\""}};
        return {};
    case Mode::JsonObject:
        if (schema.is_object() && schema.contains("type") && !detail::hasType(schema, "object"))
            return Verdict{false, {"/: JSON-object mode can only produce an object"}};
        return {};
    case Mode::Text:
        return {};
    }
    return {};
}

const Adapter& adapterFor(ProviderKind kind)
{
    static const AnthropicAdapter anthropic;
    static const OpenAiAdapter openai;
    static const OllamaAdapter ollama;
    static const OpenAiResponsesAdapter responses;
    switch (kind) {
    case ProviderKind::OpenAI:
        return openai;
    case ProviderKind::OpenAIResponses:
        return responses;
    case ProviderKind::Ollama:
        return ollama;
    default:
        return anthropic; // the Scenario provider answers in-process, in Anthropic's shape
    }
}

std::string jsonInstruction(const Json& schema)
{
    return std::string(kJsonInstructionLead) + conform::dump(schema, 2);
}

} // namespace conform::providers
