#pragma once
// A comparison made in memory, written as a comparison file (schemas/compare.schema.json):
// the one writer of the format that loadComparison (comparison_file.h) reads. The workbench's
// Compare plan saves through it; what it writes loads back to the same variants, targets,
// repeats, policy and baseline.
//
//   Result<Json> document = comparisonDocument(draft, QFileInfo(path).dir());
//   writeFile(path, dump(document.value(), 2));          // or the Error, naming the variant
//
// Each variant is written whole from its one case: the schema inline, the prompts as text,
// the variables, the policy when it is its own, the scenario that plays it (a file relative
// to `base`, or a built-in scenario's name); the case's name, when all share one, as the one
// entry of "cases". A variant of several cases, or with assertions (a file's "cases" with
// "assert"), cannot be written back: an Error names it. Targets are written as the
// reader takes them (a scenario target by its scenario). The policy keys are the file's own
// (max_repairs, max_calls, max_transport_retries, max_tokens, temperature, timeout_s,
// on_truncation, coerce, strict_repairs, stream).
#include "base/json.h"
#include "base/result.h"
#include "suite/comparison_file.h"

#include <QDir>

#include <string>
#include <vector>

namespace conform::suite {

struct ComparisonDraft
{
    std::string name = "compare";
    std::vector<VariantCases> variants;
    std::vector<SuiteTarget> targets;
    int repeat = 1;
    int concurrency = 4;
    engine::Policy policy;
    std::string baseline; // "": the default (the one with the most runs)
};

Result<Json> comparisonDocument(const ComparisonDraft& draft, const QDir& base);

// The policy as a suite or comparison file writes it (the keys readPolicy takes).
Json filePolicyJson(const engine::Policy& policy);

} // namespace conform::suite
