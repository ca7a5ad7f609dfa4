#pragma once
// Which modes a run tries against one provider, strongest first, and the schema each sends.
#include "base/json.h"
#include "engine/run_spec.h"
#include "providers/provider.h"

#include <string>
#include <vector>

namespace conform::engine {

struct ChainStep
{
    providers::Mode mode = providers::Mode::Text;
    Json schema;              // what goes on the wire (the strict transform's output, or the user's)
    bool transformed = false; // the strict transform changed it: answers are mapped back
    std::vector<std::string> changes; // what the transform changed
    std::vector<std::string> conformOnly; // strict steps: the schema's constraints the provider
                                          // will not enforce (moved into descriptions, or dropped)
};

// Auto: every mode of strict -> tool -> json-object -> text that the adapter supports and
// accepts for this schema (strict after makeStrict when that makes it acceptable). A fixed
// mode: that mode alone (strict made compatible when possible; sent as asked otherwise, so
// the provider's own refusal is recorded). `skipped`, when given, receives why modes were
// left out ("strict: /properties/a: allOf is not supported").
std::vector<ChainStep> modeChain(const providers::Adapter& adapter, const Json& schema, ModeChoice choice,
                                 std::vector<std::string>* skipped = nullptr);

} // namespace conform::engine
