#pragma once
// The visible steps of a run as short codes: what a demo's audience is shown, and what a
// scenario's `expect.steps` promises (DESIGN.md, "Scenario files"). One vocabulary for the
// tests that hold a run to its scenario (from the record) and the workbench, whose every
// widget showing such a fact carries its code (so a test reads the codes off the screen).
//
//   mode:<name>          the mode the run starts in (a fallback's mode is the protocol's next:
//                        "fallback" says the mode changed)
//   repair               a repair turn: the model was told the issues and asked again
//   reask:max_tokens     the cut reply was not taken; asked again with a larger max_tokens
//   continue             the cut reply was continued (a prefilled assistant turn)
//   fallback             the next mode in the fallback chain
//   retry:<why>          a transport retry: the HTTP status (429, 529, 500...), "cut" (the
//                        body broke off after a 2xx), "stall" (no bytes for the stall
//                        timeout), "timeout", "error" (no connection)
//   candidate:<kind>     the value was read from a part of the reply: fenced, xml,
//                        function_calls, embedded, double_encoded (never for the whole reply)
//   fix:<kind>           a repair of the JSON text (trailing_comma, missing_bracket...), once
//                        per kind and attempt
//   coerce:<kind>        a coercion of the value (enum_case, string_to_number...), once per
//                        kind and attempt
//   cut:max_tokens       the reply stopped at max_tokens (and nothing read from it is shown:
//                        a cut reply is never the answer)
//   refused              the model refused
//   invalid              the attempt was judged against the schema and failed it
//   stall                live only: the stream went quiet and the screen said so, with when
//                        the client gives up. No record holds it (runSteps leaves it out).
//
// An attempt's codes come in that order: how it was asked (kind; mode for the first), its
// transport, then what was read from it.
#include "engine/run_record.h"

#include <string>
#include <string_view>
#include <vector>

namespace conform::engine::steps {

inline constexpr std::string_view kStall = "stall";
inline constexpr std::string_view kCutAtMaxTokens = "cut:max_tokens";
inline constexpr std::string_view kRefused = "refused";
inline constexpr std::string_view kInvalid = "invalid";

// Whether `attempt` was judged against a schema and failed it (a cut reply is judged by
// nothing: it is never the answer).
bool judgedInvalid(const AttemptRecord& attempt);

// The code of one fact; empty where nothing is shown for it (the whole reply as candidate,
// an initial attempt).
std::string ofKind(AttemptKind kind);
std::string ofMode(providers::Mode mode);
std::string ofRetry(const providers::RetryRecord& retry);
std::string ofCandidate(const AttemptRecord::Candidate& candidate);
std::string ofFix(std::string_view kind);
std::string ofCoercion(std::string_view kind);

// `attempt`'s codes in order; `previous` is the attempt before it (null for the first).
std::vector<std::string> attemptSteps(const AttemptRecord& attempt, const AttemptRecord* previous);
// Every attempt's codes in order: the run as its record tells it (live-only codes left out).
std::vector<std::string> runSteps(const RunRecord& record);
// `codes` without the live-only ones, for comparing a scenario's promise with a record.
std::vector<std::string> recordable(std::vector<std::string> codes);

} // namespace conform::engine::steps
