#pragma once
// What one run is asked to do (DESIGN.md, "One run, as data"): a schema, a prompt, the
// targets to try in order and the policy. Plain data; the Engine (engine.h) carries it out.
#include "base/json.h"
#include "providers/provider.h"
#include "providers/scenario.h"
#include "schema/schema.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace conform::engine {

struct Prompt
{
    std::string system;
    std::string user;
    std::map<std::string, std::string> variables; // {{name}} in system and user -> value
    // The conversation as it is sent, after the system prompt, when it is more than one user
    // message or must not be read as a template: a regression suite's case made from a
    // captured call (the proxy's, an imported one's) that had no variables. When set, `user`
    // is only what the run is filed under (its last user message) and nothing is rendered.
    std::vector<providers::Message> messages;
};

// "auto" or a mode (providers/mode.h, where the names are): the engine's own words for it.
using providers::ModeChoice;
using providers::modeChoiceName;
using providers::parseModeChoice;

struct Target
{
    providers::ProviderKind provider = providers::ProviderKind::Anthropic;
    std::string model;
    std::string baseUrl;   // empty: from the environment, else the provider's public URL
    ModeChoice mode = ModeChoice::Auto;
    // Scenario provider only: the scenario that answers (in-process, no HTTP).
    std::shared_ptr<const providers::Scenario> scenario;

    std::string label() const; // "openai/gpt-4o-mini"
};

// What to do with a reply cut at max_tokens / length (DESIGN.md, "One run, as data"). Such a
// reply is never the answer as it stands and never gets a repair turn.
//   Continue: where the protocol allows a prefill (Anthropic text and JSON modes), ask for the
//             rest and join the parts; elsewhere re-ask with max_tokens doubled.
//   Raise:    always re-ask with max_tokens doubled, up to the ceiling.
//   Fail:     stop the run at once.
enum class TruncationPolicy { Continue, Raise, Fail };
std::optional<TruncationPolicy> parseTruncationPolicy(std::string_view name); // "continue", "raise", "fail"
std::string_view truncationPolicyName(TruncationPolicy policy);

struct Policy
{
    int maxTransportRetries = 2;   // per exchange, on 408/409/429/5xx/529/timeouts
    int maxRepairs = 2;            // per mode: repair turns after an invalid answer
    // Model calls a run may make in all: repairs, continuations, re-asks and mode fallback
    // (transport retries are counted apart, under maxTransportRetries).
    int maxCalls = 4;
    TruncationPolicy onTruncation = TruncationPolicy::Continue;
    int maxTokensCeiling = 0;      // 0: four times maxTokens
    bool coerce = false;           // enum case, boolean words, numeric strings, wrap in array
    bool strictRepairs = false;    // refuse extraction fixes that change values
    int timeoutMs = 120000;        // per try
    int stallTimeoutMs = 30000;    // between two arrivals of bytes
    // A reply body larger than this is refused as a transport error (providers/transport.h).
    std::uint64_t maxReplyBytes = providers::kDefaultMaxReplyBytes;
    std::optional<double> temperature;
    int maxTokens = 1024;
    bool stream = false;
    std::string repairTemplate;    // empty: defaultRepairTemplate()
    std::size_t originalLimit = 2000; // {{original}} is cut to this many characters

    int ceiling() const { return maxTokensCeiling > 0 ? maxTokensCeiling : 4 * maxTokens; }
};

struct RunSpec
{
    Json schema;
    // The schema already compiled (with the caller's registry for $refs to other files);
    // unset: the engine compiles `schema` itself.
    std::shared_ptr<const schema::Validator> validator;
    Prompt prompt;
    std::vector<Target> targets; // tried in order: the next one after a transport failure
    Policy policy;
};

} // namespace conform::engine
