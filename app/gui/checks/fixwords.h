#pragma once
// What a repair or a coercion did, in words a demo audience reads: "removed trailing comma",
// "single quotes → double quotes", "\"Amber\" → \"amber\" at /overall_rating". The kinds are
// libcore's (json/fix_kind.h, schema::Coercion); an unknown kind reads as its name.
#include "base/json.h"
#include "engine/run_record.h"
#include "json/fix_kind.h"

#include <QString>

#include <string>

namespace conform::gui {

// What a fix of `kind` does, in the user's language: "removed trailing comma".
QString fixWords(json::FixKind kind);
// The change a fix of `kind` (its wire name) made, from `before` to `after`.
QString describeFix(const std::string& kind, const std::string& before, const std::string& after);

// A text as a JSON string literal, so white space and deletions stay visible: "\n", "".
QString quotedText(const std::string& text);

// One coercion ({"path","kind","before","after"} as the engine records it).
QString describeCoercion(const Json& coercion);
// What a coercion of `kind` did, in words: "matched the enum's letter case".
QString coercionWords(const std::string& kind);
// A coercion's place in the value: "/overall_rating"; "/" for the whole value.
QString coercionPath(const Json& coercion);
// Its change, before → after, as JSON: "\"Amber\" → \"amber\"".
QString coercionChange(const Json& coercion);

// Where an attempt's value was read in its `raw` reply, as a presenter says it: "took the
// ```json fence at line 3; the text around it dropped", "unwrapped the <function_calls> call
// at line 1". Empty for a reply that is the JSON itself.
QString describeCandidate(const engine::AttemptRecord::Candidate& candidate, const std::string& raw);

} // namespace conform::gui
