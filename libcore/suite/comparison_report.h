#pragma once
// What a comparison run found: its variants against the baseline (stats/comparison.h), with
// each variant's figures read back from the store over the captures of this run.
//
//   ComparisonPlan plan = loadComparison(file).value();
//   SuiteRunner runner(plan.suite, &writer);  ... finished(results)
//   auto reports = compareResults(plan, results, store, prices);   // one per target, or one across targets
//
// With two or more variants, each target is its own comparison (variants x that target's
// runs, every case pooled); with one variant, the targets are the variants. Final success is
// the suite's success: valid or repaired with every assertion holding, counted from the
// runs; everything else (first try, repairs, latency, cost, repair overhead, pass^k over the
// repeats of each case) is the store's own figures over the same captures.
#include "base/result.h"
#include "stats/comparison.h"
#include "stats/prices.h"
#include "suite/comparison_file.h"
#include "suite/runner.h"

#include <string>
#include <vector>

namespace conform::store { class Store; }

namespace conform::suite {

struct TargetComparison
{
    std::string target;              // the target's name; "" when the targets are the variants
    stats::ComparisonReport report;
};

Result<std::vector<TargetComparison>> compareResults(const ComparisonPlan& plan, const SuiteResults& results, store::Store& store,
                                                     const stats::PriceTable& prices, const std::string& baseline);

// {"comparison", "run_id", "comparisons": [{"target", ...stats::reportJson}], "regression"}
Json comparisonsJson(const ComparisonPlan& plan, const SuiteResults& results, const std::vector<TargetComparison>& comparisons);

} // namespace conform::suite
