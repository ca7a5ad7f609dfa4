#pragma once
// A run told as a story, one beat at a time: what the workbench's presenter mode captions, for
// a demo as it plays or for any stored capture. Every beat is made from the run record — its
// attempts, their transport events, where the value was read, the fixes, coercions, issues,
// truncation, refusal and fallback — never from a list written per demo, so a new scenario or
// a production capture narrates itself.
//
//   for (const Beat& beat : narrate(record)) show(words(beat), record.attempts[beat.attempt].raw, beat.span);
//   ClosingCard card = closingCard(record);   // calls, repairs, tokens, time, outcome, and
//                                             // what JSON.parse alone would have made of it
//
// The beats that are steps (steps.h) carry their step code, in the order runSteps() gives
// them, so narrate(record) tells exactly the steps a demo's scenario promises. The rest say
// what a step found (an issue, a valid value) or how the run ended. Words are the caller's:
// the workbench translates each kind.
#include "base/span.h"
#include "engine/run_record.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace conform::engine {

enum class BeatKind {
    Asked,          // the first call: its target and mode (detail: the mode's name)
    Repair,         // the model is told the issues and asked again
    Reask,          // a cut reply asked again with a larger max_tokens
    Continue,       // a cut reply continued (a prefilled assistant turn)
    Fallback,       // the next mode in the chain (detail: the mode)
    Retry,          // a transport retry (detail: steps::ofRetry's why: "429", "cut", "stall"...)
    NoAnswer,       // the exchange failed after its retries (detail: the error)
    Cut,            // the reply stopped at max_tokens: nothing read from it is used
    Candidate,      // the value was read from a part of the reply (detail: fenced, xml...; span)
    Fix,            // a repair of the JSON text (detail: its kind; span: what it changed)
    Coercion,       // a value changed to the schema's type (detail: kind; message: its path)
    Refused,        // the model refused
    NoJson,         // no JSON value in the reply (message: why)
    Issue,          // one issue (detail: its JSON Pointer, message: its words; span)
    MoreIssues,     // `count` more issues than were named one by one
    Valid,          // the value passes the schema
    Unchecked,      // a value, judged by no schema
    Ended,          // the run's outcome (detail: its name; count: calls made)
};

struct Beat
{
    BeatKind kind = BeatKind::Asked;
    std::size_t attempt = 0;   // the attempt on screen: its raw reply and issues
    std::string code;          // its step code (steps.h); empty for what a step found
    std::string detail;
    std::string message;
    std::optional<Span> span;  // in the attempt's raw reply
    int count = 0;
};

// At most this many issues of one attempt are told one by one; the rest are one MoreIssues.
inline constexpr int kIssuesTold = 3;

std::vector<Beat> narrate(const RunRecord& record);

// What a client parsing the first reply with JSON.parse alone would have got.
struct WithoutConform
{
    enum class Kind { NoReply, ParseFails, BreaksSchema, Same };
    Kind kind = Kind::NoReply;
    std::string where;  // ParseFails: "line 1, column 1"
    int issues = 0;     // BreaksSchema: the first attempt's issues
};

struct ClosingCard
{
    Outcome outcome = Outcome::Failed;
    int calls = 0;
    int repairs = 0;                 // repair turns
    std::int64_t inputTokens = 0, outputTokens = 0;
    long long latencyMs = 0;         // every call's wall time, summed
    WithoutConform withoutConform;
};

ClosingCard closingCard(const RunRecord& record);

} // namespace conform::engine
