#pragma once
// The run's pure decisions, apart from the Engine so they are tested without a network:
// what to do with a truncated reply, with an invalid one, and with a refused mode, under
// the call budget. The Engine asks these and carries the answer out; nothing here has state.
//
//   TruncationDecision t = decideTruncation(policy, canPrefill(kind, mode, reply), ...);
//   Move m = afterInvalid(repairsDone, policy.maxRepairs, callsMade, policy.maxCalls, moreModes);
//
// Every call a run makes (first answer, repair, continuation, re-ask, fallback, and a call
// the provider refused) spends one unit of the budget; transport retries inside a call do not.
#include "engine/run_spec.h"
#include "providers/provider.h"

#include <string>
#include <string_view>

namespace conform::engine {

// Why a run ended, as the record says it ("ended_by").
enum class EndReason {
    Valid,            // an answer validated
    MaxCalls,         // the call budget (--max-calls) ran out
    MaxRepairs,       // every mode used its repairs (--max-repairs) and no mode was left
    MaxTokensCeiling, // still truncated with max_tokens at the ceiling (--max-tokens-ceiling)
    TruncationFail,   // truncated under --on-truncation fail
    Refused,          // the model refused
    Transport,        // no target answered (transport errors after their retries)
    NoMode,           // no mode of any target could carry the schema
    Cancelled,
    Error,            // the spec could not run (RunRecord::error says why)
};
std::string_view endReasonName(EndReason reason); // "valid", "max_calls", "max_repairs", ...

// Whether a cut reply can be continued by prefilling it as the assistant turn: Anthropic's
// protocol (and the Scenario provider, which speaks it) in text and JSON-object modes, for a
// text reply. Strict output and tool calls cannot be prefilled; OpenAI and Ollama have no
// prefill.
bool canPrefill(providers::ProviderKind kind, providers::Mode mode, bool replyIsToolCall);

enum class TruncationAction { Continue, ReaskLarger, Stop };
struct TruncationDecision
{
    TruncationAction action = TruncationAction::Stop;
    int maxTokens = 0;              // for the next call
    EndReason endReason = EndReason::TruncationFail; // when Stop
};

// `maxTokens` is what the cut call asked for; `parts` how many cut parts are already joined
// (1 for the first cut). A continuation asks for maxTokens more, so parts x maxTokens may not
// pass the ceiling either: the joined answer is held to the same limit as a re-asked one.
TruncationDecision decideTruncation(TruncationPolicy policy, bool prefill, int maxTokens, int ceiling, int parts);

enum class MoveKind { Repair, NextMode, Stop };
struct Move
{
    MoveKind kind = MoveKind::Stop;
    EndReason endReason = EndReason::MaxRepairs; // when Stop
};

// After a complete answer that did not validate: a repair turn while repairs and budget
// last, else the next mode while the budget lasts, else stop and say which limit ended it.
Move afterInvalid(int repairsDone, int maxRepairs, int callsMade, int maxCalls, bool moreModes);

// After a 400 that refuses the mode or its schema: the next mode at once (no repair turn,
// which would be refused the same way), budget permitting.
Move afterModeRefused(int callsMade, int maxCalls, bool moreModes);

// Whether one more call fits the budget.
inline bool budgetLeft(int callsMade, int maxCalls) { return callsMade < maxCalls; }

} // namespace conform::engine
