#include "export/provider_lint.h"

#include "providers/profile.h"

#include <array>
#include <string_view>

namespace conform::exporting {

namespace {

struct Advice
{
    std::string_view contains; // a phrase of the profile's reason
    std::string_view suggestion;
};

// Most specific first: the first phrase a reason contains gives the advice.
constexpr std::array<Advice, 21> kAdvice{{
    {"oneOf is not supported", "use anyOf with the same branches (make the branches exclusive, e.g. by a const \"kind\" each)"},
    {"allOf is not supported", "merge the allOf branches into one object schema"},
    {"not is not supported", "drop \"not\" and check it after the answer (Conform validates the full schema)"},
    {"if is not supported", "replace if/then/else by anyOf of the cases, each with its own const discriminator"},
    {"then is not supported", "replace if/then/else by anyOf of the cases, each with its own const discriminator"},
    {"else is not supported", "replace if/then/else by anyOf of the cases, each with its own const discriminator"},
    {"dependentRequired is not supported", "make the dependent properties required (nullable where they may be missing)"},
    {"dependentSchemas is not supported", "move the dependent properties into the object, nullable where they may be missing"},
    {"patternProperties is not supported", "list the properties, or use an array of {\"key\", \"value\"} objects"},
    {"additionalProperties must be false", "add \"additionalProperties\": false to this object"},
    {"every property must be listed in required", "list every property in \"required\" and make the optional ones nullable (\"type\": [T, \"null\"])"},
    {"minItems must be 0 or 1", "use \"minItems\": 1 and state the real minimum in the description (Conform still checks it)"},
    {"format \"", "drop \"format\" or use one of date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid"},
    {"nested deeper than 10", "flatten the structure: move deep objects to the top level and refer to them by id"},
    {"more than 1,000 enum values", "use a string with a pattern, or split the enum by a leading category"},
    {"more than 5,000 properties", "split the schema into several calls"},
    {"the root must be of type \"object\"", "wrap the value: {\"type\": \"object\", \"properties\": {\"value\": ...}, \"required\": [\"value\"], \"additionalProperties\": false}"},
    {"the root must name a type", "give the root a \"type\" (usually \"object\")"},
    {"the schema must be a JSON object", "write the schema as a JSON object"},
    {"nested deeper than", "flatten the structure"},
    {" is not supported", "move the constraint into the description, as the official SDK does (Conform still checks it)"},
}};

const providers::Profile* profileOf(providers::ProviderKind provider)
{
    switch (provider) {
    case providers::ProviderKind::OpenAI: return &providers::openAiStrictProfile();
    case providers::ProviderKind::Anthropic: return &providers::anthropicStrictProfile();
    case providers::ProviderKind::Ollama: return &providers::ollamaFormatProfile();
    case providers::ProviderKind::OpenAIResponses: return &providers::openAiResponsesStrictProfile();
    case providers::ProviderKind::Scenario: return nullptr;
    }
    return nullptr;
}

} // namespace

std::vector<Finding> lintForProvider(const Json& schema, providers::ProviderKind provider)
{
    std::vector<Finding> findings;
    const providers::Profile* profile = profileOf(provider);
    if (!profile)
        return findings;
    for (const std::string& reason : profile->accepts(schema).reasons) {
        // Reasons read "/pointer: problem", or "(root): problem".
        const std::size_t colon = reason.find(": ");
        Finding finding;
        finding.pointer = colon == std::string::npos || reason.starts_with("(root)") ? std::string() : reason.substr(0, colon);
        finding.problem = colon == std::string::npos ? reason : reason.substr(colon + 2);
        for (const Advice& advice : kAdvice)
            if (finding.problem.find(advice.contains) != std::string::npos) {
                finding.suggestion = advice.suggestion;
                break;
            }
        findings.push_back(std::move(finding));
    }
    return findings;
}

} // namespace conform::exporting
