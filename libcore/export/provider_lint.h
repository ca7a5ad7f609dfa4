#pragma once
// What a provider's strict or tool mode will not accept in a schema (providers/profile.h
// knows the rules), each finding with its JSON pointer and a suggested rewrite, for
// `conform-cli schema lint --provider`.
//
//   for (const Finding& f : lintForProvider(schema, ProviderKind::OpenAI))
//       print(f.pointer, f.problem, f.suggestion);   // "/properties/kind", "oneOf is not
//                                                    // supported", "use anyOf ..."
#include "base/json.h"
#include "providers/provider.h"

#include <string>
#include <vector>

namespace conform::exporting {

struct Finding
{
    std::string pointer;    // "" for the root
    std::string problem;    // "oneOf is not supported"
    std::string suggestion; // a rewrite that the provider accepts
};

// OpenAI: strict json_schema and strict function tools; Anthropic: strict structured output
// (output_config) and strict tools; Ollama: `format`. The Scenario provider accepts anything.
std::vector<Finding> lintForProvider(const Json& schema, providers::ProviderKind provider);

} // namespace conform::exporting
