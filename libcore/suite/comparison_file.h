#pragma once
// A comparison file: "is B better than A?" run rather than read from the store. It is a suite
// file (suite.h) with variants: each variant is what differs (a schema, prompt texts,
// variables, a policy), and every variant runs every case on every target, `repeat` times,
// through the same SuiteRunner as a suite, each run captured with the label "variant".
//
//   {"name": "drift", "repeat": 100, "baseline": "v1",
//    "policy": {"max_repairs": 2},
//    "targets": [{"provider": "openai", "model": "gpt-4o-mini"}, {"provider": "anthropic", "model": "claude-haiku-4-5"}],
//    "cases": [{"name": "coffee", "vars": {"answer": "..."}}],            // optional
//    "variants": [{"name": "v1", "schema": "drift.schema.json", "user": "prompt-v1.md"},
//                 {"name": "v2", "schema": "drift.schema.json", "user": "prompt-v2.md",
//                  "policy": {"max_repairs": 1}, "scenario": "drift-prompt-v2"}]}
//
// A variant's schema, system, user and vars replace (vars: extend) those of each case; without
// "cases" the variants are the one case ("default"), so each needs a schema and a user prompt.
// A variant's "policy" is read over the file's. Offline, a variant's "scenario" replaces a
// scenario target's: it plays what the model does with that variant's prompt. The suite's
// cases are then variants x cases, named "VARIANT/CASE". A file with one variant compares
// its targets instead (strict vs tool vs text on one model is a comparison too).
//
// Errors are as loadSuite's: "FILE: POINTER: what", every problem of the file.
#include "suite/suite.h"

#include <QDir>

#include <string>
#include <vector>

namespace conform::suite {

struct ComparisonPlan
{
    Suite suite;                        // cases: variants x the file's cases
    std::vector<std::string> variants;  // in file order
    std::string baseline;               // the file's "baseline" ("" : the default)
};

Result<ComparisonPlan> loadComparison(const QString& path, const schema::SchemaFileOptions& reading = {true},
                                      std::vector<Error>* problems = nullptr);
// The same from a document made in memory (compare's flags): paths in it are relative to
// `base`, and `file` names it in errors.
Result<ComparisonPlan> loadComparison(const Json& document, const QDir& base, const std::string& file,
                                      const schema::SchemaFileOptions& reading = {true}, std::vector<Error>* problems = nullptr);



} // namespace conform::suite
