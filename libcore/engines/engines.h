#pragma once
// What eight structured-output engines do with each keyword of a JSON Schema, from their own
// documentation and trackers, and the schema each of them accepts.
//
//   for (Engine e : allEngines()) {
//       EngineReport r = lintForEngine(schema, e);     // r.findings: what e rejects, drops or
//       if (r.rejects() || r.drops()) ...              //   limits, each with its pointer,
//   }                                                  //   keyword, verdict and source
//   Exported x = exportForEngine(schema, Engine::Anthropic);
//   send(x.schema);                                    // x.moved: what only Conform checks now
//
// The rules are data: one JSON file per engine in libcore/engines/rules/, compiled in (see
// libcore/README.md). A rule names a keyword, where it applies, a verdict, the source and
// the date it was read; a change of a provider's rules is a change of that file. Pure
// functions; nothing throws; a hostile schema is walked to kMaxDepth and no further.
#include "base/json.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::engines {

enum class Engine { OpenAI, OpenAIResponses, Anthropic, Gemini, Ollama, LlamaCpp, VllmXgrammar, VllmGuidance };

// In the order of the matrix: openai, openai-responses, anthropic, gemini, ollama,
// llama-cpp, vllm-xgrammar, vllm-guidance.
std::vector<Engine> allEngines();
std::string_view engineName(Engine engine);
std::optional<Engine> parseEngine(std::string_view name);
// "openai, openai-responses, ..., vllm-guidance", for usage errors.
std::string engineNames();

enum class Verdict {
    Enforced, // the engine constrains the reply by it
    Rejected, // the request fails
    Dropped,  // accepted and not enforced: only Conform checks it
    Limited   // a size budget of the engine is exceeded
};
std::string_view verdictName(Verdict verdict);

struct Finding
{
    std::string pointer;    // JSON pointer of the subschema, "" for the root
    std::string keyword;    // "allOf", "pattern"; for budgets "nesting", "names and values"
    Verdict verdict = Verdict::Rejected;
    std::string problem;    // "allOf is not supported"
    std::string suggestion; // a rewrite the engine accepts
    std::string source;     // "OpenAI platform docs, Structured Outputs ... — URL (read 2026-11-28)"
    std::string says;       // the provider's own words, where known
    std::string disputed;   // where the sources disagree, what the other says
};

struct EngineReport
{
    Engine engine = Engine::OpenAI;
    std::vector<Finding> findings; // in document order; enforced keywords are not listed
    bool rejects() const;
    bool drops() const;
    bool limits() const;
};

// Every keyword of every subschema judged by the engine's rules; a keyword the rules do not
// name takes the file's "unlisted" verdict, annotations (title, description...) none.
EngineReport lintForEngine(const Json& schema, Engine engine);

// A constraint the exported schema no longer makes the engine enforce: moved into the
// description, or loosened (oneOf to anyOf).
struct Moved
{
    std::string pointer; // where it was
    std::string keyword;
    Json value;
    std::string words() const; // "/properties/a: moved minLength 3 into the description"
};

struct Exported
{
    Json schema;                      // the strictest schema the engine accepts (best effort)
    std::vector<Moved> moved;         // what only Conform checks now
    std::vector<std::string> changes; // every edit, "/pointer: what" (closing objects too)
    EngineReport remaining;           // lintForEngine(schema): no rejected or dropped finding
                                      // when the export succeeded
    bool ok() const { return !remaining.rejects() && !remaining.drops(); }
};

// What cannot be enforced goes into "description" (as the official SDKs do: "minLength: 3"),
// objects are closed and optional properties made required and nullable where the engine
// insists, oneOf becomes anyOf, mergeable allOf branches are merged, $refs are inlined where
// the engine drops them. What cannot be fixed (a root that is no object) stays a finding.
Exported exportForEngine(const Json& schema, Engine engine);

// The rule file behind an engine, as compiled in ({"engine", "title", "read", "sources", ...}).
const Json& ruleFile(Engine engine);

} // namespace conform::engines
