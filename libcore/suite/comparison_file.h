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


// A variant as the workbench's Compare view holds it: its name and its cases (one, "default",
// for a variant made from a run's spec; a comparison file's cases otherwise).
struct VariantCases
{
    std::string name;
    std::vector<SuiteCase> cases; // names without the "VARIANT/" prefix
};

// One case from a run's spec: its schema (compiled here when the spec carries no validator),
// its prompt and variables, its policy. An Error when the schema does not compile.
Result<SuiteCase> caseOfSpec(const std::string& name, const engine::RunSpec& spec);

// The variants of a plan, its cases grouped by variant in the plan's order (names unprefixed).
std::vector<VariantCases> variantsOfPlan(const ComparisonPlan& plan);

// A comparison made in memory: every variant's cases on every target, `repeat` times, the
// variant's policy (else `policy`) for each. The checks of a comparison file hold: unique
// names, two variants or one variant and two targets, at most kMaxPlannedRuns runs, a
// baseline ("" : the default) that names a variant.
Result<ComparisonPlan> comparisonOf(const std::string& name, const std::vector<VariantCases>& variants, std::vector<SuiteTarget> targets,
                                    int repeat, const engine::Policy& policy, const std::string& baseline, int concurrency = 4);

} // namespace conform::suite
