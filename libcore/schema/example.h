#pragma once
// conform::schema example — a small instance that validates against a schema: what
// `conform-cli schema example` prints and what the repair prompt's {{example}} shows.
//
//   schema::Example e = schema::makeExample(schemaJson, &compiled);
//   if (!e.valid) for (auto& note : e.notes) warn(note.message); // placeholder used, and why
//   show(e.value);
//
// It honours type, enum, const, required, properties / patternProperties /
// additionalProperties, min/maxProperties, dependentRequired, items / prefixItems, min/maxItems,
// contains, uniqueItems, min/maxLength, numeric ranges (inclusive and exclusive) and
// multipleOf, the formats of formats.h, patterns a simple generator can satisfy (literals,
// classes, \d \w \s, ?, *, +, {n,m}, groups and alternation), allOf (merged), anyOf / oneOf /
// if-then-else (one branch) and local $ref / $anchor / $id. Candidates are built with
// different choices (branch, enum value, type, optional properties) and the first that the
// compiled validator accepts wins. When none does, the best candidate is returned with
// `valid` false and a note saying what could not be satisfied (a pattern beyond the simple
// generator gives a "<string matching ...>" placeholder); an unsatisfiable schema (false,
// an empty enum, a contradictory range) gets the same. Bounded in depth and work: any schema,
// however hostile, gives an answer quickly. Pure; nothing throws.
#include "base/json.h"
#include "schema/schema.h"

#include <string>
#include <vector>

namespace conform::schema {

struct Example
{
    Json value;                     // the instance (a placeholder where nothing fit)
    bool valid = false;             // the validator accepted it (false when none was given)
    std::vector<LintMessage> notes; // warnings: what could not be satisfied and where
};

// `validator` is `schema` compiled; without it the first candidate is returned unchecked.
Example makeExample(const Json& schema, const Validator* validator);

} // namespace conform::schema
