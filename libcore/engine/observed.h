#pragma once
// Runs Conform did not make: one reply the proxy forwarded, an OpenTelemetry span or a batch
// line recorded, judged as the engine judges its own attempts and recorded as a run of one
// attempt, so it gets the same outcome, flags and metrics as any other capture.
//
//   engine::AttemptRecord a = ...;                  // target, request, usage, stop reason, ...
//   engine::judgeObserved(a, raw, validator, schema); // validator null: no schema to judge by
//   engine::RunRecord run = engine::observedRun(std::move(a));
#include "engine/run_record.h"
#include "schema/schema.h"

#include <string>

namespace conform::engine {

// Extracts `raw` into the attempt and validates it against `validator` (for `schema`). With
// no validator the attempt is unchecked: its value is extracted, `checked` is false and
// `valid` stays false, since nothing said it was.
void judgeObserved(AttemptRecord& attempt, const std::string& raw, const schema::Validator* validator, const Json& schema);

// The run of one observed attempt. Failed when the reply is known bad without a schema (no
// answer, a transport error, cut, refused, no JSON value in it) or invalid; Unchecked when it
// is complete, read and judged by no schema; else Valid. A failed run keeps its attempt as
// the best one.
RunRecord observedRun(AttemptRecord attempt);

} // namespace conform::engine
