#pragma once
// Provider profiles: which JSON Schemas a provider's native strict mode accepts, and a
// transform that makes a schema acceptable where that can be done without changing what it
// means for a well-behaved answer.
//
//   Verdict v = openAiStrictProfile().accepts(schema);    // {ok, reasons: ["/properties/a: allOf
//                                                          //   is not supported", ...]}
//   Transformed t = openAiStrictProfile().makeStrict(schema);
//   if (t.verdict.ok) send(t.schema);                     // t.changes says what was altered
//
// Pure functions over JSON; nothing throws. Reasons and changes start with the JSON pointer
// of the place they concern.
#include "base/json.h"
#include "engines/engines.h"

#include <string>
#include <vector>

namespace conform::providers {

struct Verdict
{
    bool ok = true;
    std::vector<std::string> reasons; // why not, one per problem ("/pointer: what")
};

struct Transformed
{
    Json schema;                      // the strict-compatible schema (best effort)
    std::vector<std::string> changes; // what was altered, "/pointer: what"
    Verdict verdict;                  // accepts(schema) of the result
    std::vector<std::string> conformOnly; // constraints the provider will not enforce on the
                                          // result: moved into descriptions, or dropped
};

class Profile
{
public:
    virtual ~Profile() = default;
    virtual std::string name() const = 0; // "openai-strict", "anthropic-strict", "ollama-format"
    virtual Verdict accepts(const Json& schema) const = 0;
    virtual Transformed makeStrict(const Json& schema) const = 0;
    // The engine whose rules (libcore/engines/rules/) this profile applies.
    virtual engines::Engine engine() const = 0;
    // What the provider accepts in `schema` and does not enforce: only Conform checks it.
    virtual std::vector<std::string> notEnforced(const Json& schema) const = 0;
};

// Each profile applies one engine's rules (engines/engines.h, libcore/engines/rules/*.json):
// accepts() refuses what the engine rejects or cannot fit in its budgets; makeStrict() is
// engines::exportForEngine: what the engine cannot enforce moves into descriptions, objects
// are closed, optional properties become required and nullable (removeNullOptionals undoes
// that on the answer).
//
// OpenAI structured outputs (strict json_schema and strict function tools): root object,
// every object closed (additionalProperties false) with every property required, no allOf /
// not / if-then-else / dependent*, no oneOf, at most 10 levels, 5,000 properties, 1,000 enum
// values (engines/rules/openai.json).
const Profile& openAiStrictProfile();

// The Responses API's strict mode (text.format json_schema strict, and function tools, which
// that API makes strict by default): OpenAI's structured-outputs subset above, as OpenAI's
// structured-outputs guide states it for both APIs; named "openai-responses-strict".
const Profile& openAiResponsesStrictProfile();

// Anthropic output_config json_schema: object/array/string/integer/number/boolean/null,
// anyOf/allOf, enum, const, local non-recursive $ref/$defs; closed objects; a fixed list of
// formats; minItems 0 or 1; patterns without lookaround (engines/rules/anthropic.json).
const Profile& anthropicStrictProfile();

// Ollama's `format`: a typed root; unanchored patterns refused; $ref, anyOf and const
// accepted but not enforced (engines/rules/ollama.json).
const Profile& ollamaFormatProfile();

// After a run with makeStrict's nullable optionals: drops null-valued properties that the
// ORIGINAL schema did not require and does not allow to be null, so the answer validates
// against the schema the user wrote.
Json removeNullOptionals(const Json& value, const Json& originalSchema);

} // namespace conform::providers
