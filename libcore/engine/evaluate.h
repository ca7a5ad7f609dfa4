#pragma once
// From a raw reply to a verdict: json::extract (the schema's verdict decides between
// candidates) -> coercions -> validation. Pure over its inputs; used by the Engine and by
// anything that re-checks stored replies.
#include "base/json.h"
#include "engine/run_record.h"
#include "engine/run_spec.h"
#include "schema/schema.h"

#include <optional>
#include <string>
#include <vector>

namespace conform::engine {

// Fills record.parsed, value, fixes, coercions, issues, valid and extractionFailure from
// `raw`. When `nullableOptionals` (the strict transform made optional fields nullable),
// nulls it introduced are dropped before validating against `schema`, the user's own.
void evaluate(AttemptRecord& record, const std::string& raw, const schema::Validator& validator, const Json& schema,
              bool nullableOptionals, const Policy& policy);

// The attempt to keep from a failed run: parsed, complete rather than cut, fewest issues,
// latest on a tie.
std::optional<std::size_t> bestAttempt(const std::vector<AttemptRecord>& attempts);

// Top-level properties of the attempt's value that no issue points into.
std::vector<std::string> validFields(const AttemptRecord& attempt);

} // namespace conform::engine
