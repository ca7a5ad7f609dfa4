#pragma once
// What a provider's strict or tool mode will not take in a schema, for `conform-cli schema
// lint --provider`: the findings of its engine's rules (engines/engines.h), each with its JSON
// pointer, keyword, verdict (rejected, dropped, limited), a suggested rewrite and the source.
//
//   for (const Finding& f : lintForProvider(schema, ProviderKind::OpenAI))
//       print(f.pointer, f.problem, f.suggestion);   // "/properties/kind", "oneOf is not
//                                                    // supported", "use anyOf ..."
#include "base/json.h"
#include "engines/engines.h"
#include "providers/provider.h"

#include <optional>
#include <vector>

namespace conform::exporting {

using Finding = engines::Finding;

// OpenAI: strict json_schema and strict function tools; the Responses API's text.format;
// Anthropic: strict structured output (output_config) and strict tools; Ollama: `format`.
// The Scenario provider has no engine and accepts anything.
std::optional<engines::Engine> engineOfProvider(providers::ProviderKind provider);
std::vector<Finding> lintForProvider(const Json& schema, providers::ProviderKind provider);

} // namespace conform::exporting
