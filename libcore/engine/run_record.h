#pragma once
// A run as data: every attempt (request with keys redacted, raw reply, fixes, coercions,
// issues, stop reason, usage, latency, HTTP status, transport retries) and the outcome.
// toJson() is exactly what `conform-cli run --json` prints and what the store keeps.
#include "base/json.h"
#include "providers/provider.h"
#include "providers/transport.h"

#include <array>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace conform::engine {

// Unchecked: a complete reply that extraction read, judged against no schema (a proxied,
// collected or imported call with no schema to check it by). It is neither a success nor a
// failure: every rate leaves it out of its denominator and says how many it left out. A
// reply known bad without a schema (cut, refused, not JSON, no answer) is Failed.
enum class Outcome { Valid, Repaired, Fallback, Failed, Unchecked };
// The names in enum order: "valid", "repaired", "fallback", "failed", "unchecked".
inline constexpr std::array<std::string_view, 5> kOutcomeNames{"valid", "repaired", "fallback", "failed", "unchecked"};
std::string_view outcomeName(Outcome outcome);

// Why an attempt was made: the first call, a repair turn, the rest of a cut reply (prefilled),
// a cut reply asked again with more max_tokens, or the first call in a weaker mode or the
// next target.
enum class AttemptKind { Initial, Repair, Continuation, ReaskLarger, Fallback };
std::string_view attemptKindName(AttemptKind kind); // "initial", "repair", "continuation", ...

struct AttemptRecord
{
    std::string target;          // "openai/gpt-4o-mini"
    providers::Mode mode = providers::Mode::Text;
    AttemptKind kind = AttemptKind::Initial;
    int repair = 0;              // 0: the first answer in this mode; k: after the k-th repair turn
    Json request;                // HttpRequest::toJson(): credentials redacted
    std::size_t requestBytes = 0; // the body sent (keys travel in headers, never in it)
    int maxTokens = 0;           // the limit this call asked for
    std::string raw;             // the text or tool input the answer was read from; for a
                                 // continuation, the parts joined
    std::size_t joinedAt = 0;    // continuation: where this call's part starts in `raw`
    bool parsed = false;         // extraction found a JSON value
    Json value;                  // extracted (and coerced) value; null when !parsed
    Json fixes = Json::array();
    Json coercions = Json::array();
    Json issues = Json::array(); // Zod-style; empty when valid
    // Where in `raw` the value was read (when parsed): the candidate's kind as
    // json::Extraction::candidateKind names it ("whole", "fenced", "xml", "function_calls",
    // "embedded", "double_encoded") and its span. Not a fix (strict mode reads fixes): taking a
    // fence changes no byte of the JSON, yet it is what a fenced reply's story is about. In
    // the document as "candidate": {"kind", "offset", "length"}, absent when nothing was read.
    struct Candidate
    {
        std::string kind;
        std::size_t offset = 0, length = 0;
    };
    std::optional<Candidate> candidate;
    std::string extractionFailure;
    bool valid = false;
    bool checked = true;         // false: judged against no schema (valid stays false); in
                                 // the document as "checked": false, absent when true
    std::string stopReason;
    providers::Usage usage;
    long long latencyMs = 0;     // wall time of the call: every try and the backoff between
    int httpStatus = 0;
    std::vector<providers::RetryRecord> retries;
    std::string error;           // the provider or transport error, when there was no answer
    bool transportError = false; // the exchange failed after its retries (not a mode refusal)
    bool truncated = false;
    bool refused = false;
    bool notEnforced = false;    // strict mode, complete reply, and still invalid: the server
                                 // accepted the schema but did not enforce it

    Json toJson() const;
    // dump(toJson()) written straight to `out`, without building the tree (see RunRecord::toText).
    void appendText(std::string& out) const;
};

struct RunRecord
{
    Outcome outcome = Outcome::Failed;
    std::set<std::string> flags;     // "truncated" (the run ended on a cut reply), "refused",
                                     // "transport_error", "cancelled"
    std::string endedBy;             // decisions.h endReasonName(): which limit ended the run
    Json value;                      // the valid value, or the best attempt's value when failed
    std::vector<AttemptRecord> attempts;
    std::optional<std::size_t> best; // failed runs: the attempt kept (fewest issues)
    std::vector<std::string> validFields; // failed runs: top-level fields of `best` that validated
    std::string error;               // a run that could not start (bad schema, no target) says why
    std::vector<std::string> notes;  // modes skipped and why, schema transforms
    std::vector<std::string> conformOnly; // "conform_only": the schema's constraints a strict
                                     // step's provider did not enforce ("target: /pointer:
                                     // moved minLength 3 into the description"), which only
                                     // Conform's validation checked

    // True when the run failed because no provider answered (exit code 3 in the CLI).
    bool failedInTransport() const;
    // `flags` and tokens_unknown when an upstream reported a token count no count can be.
    std::set<std::string> flagsWritten() const;
    // The first attempt's reply was complete and valid (a cut reply never is).
    bool firstTryValid() const;
    Json metrics() const;
    // {"outcome","flags","ended_by","value","attempts":[...],"metrics":{...}} plus "best_attempt",
    // "valid_fields", "error", "notes", "conform_only" when they apply.
    Json toJson() const;
    // The same document as compact text, byte for byte dump(toJson()), written directly: an
    // import judges a call in a few microseconds, and building the tree (copying the request
    // and the value into it) then serialising it cost more than the judging.
    std::string toText() const;
};

} // namespace conform::engine
