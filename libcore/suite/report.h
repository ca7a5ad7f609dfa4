#pragma once
// The suite's report: for each case x target and overall, how many runs succeeded (valid or
// repaired with every assertion holding), pass^k (all k repeats of a cell succeeded) and
// pass@k (at least one did), the first problem with its capture id, and the store's own
// metrics over the same captures (store/metrics.h: parse, first-try, repair, fallback rates,
// mean repairs, latency percentiles, tokens), so a report and `captures stats --label
// suite_run=ID` agree. Then the thresholds, each with its value and whether it is met.
//
//   auto report = suiteReport(suite, results, store);   // Result<Json>
//   int code = report ? exitCodeOf(*report) : ...;
//
// Without a store the report is built from the runs alone, with no "metrics" sections.
#include "base/json.h"
#include "base/result.h"
#include "suite/runner.h"
#include "suite/suite.h"

namespace conform::store { class Store; }

namespace conform::suite {

// {"suite","file","run_id","stopped_by","runs_planned","runs_done",
//  "overall": {"runs","succeeded","success_rate","mean_repairs","transport_failures","latency_ms_total",
//              "pass_k": {"cases","mean_repeats","pass_all_rate","pass_any_rate"},"metrics"},
//  "cells": [{"case","target","runs","succeeded","success_rate","mean_repairs","transport_failures",
//             "latency_ms_total","pass_k",
//             "passed","first_failure": {"message","capture_id","repeat"}?,"capture_ids","metrics"}],
//  "thresholds": {"min_success": {"min","value","met"}, "max_mean_repairs": {"max","value","met"}},
//  "passed", "unreachable_targets": [...]}
// A cell "passed" when it meets the thresholds (without --min-success: when every run
// succeeded); the report "passed" when the overall figures meet every threshold given.
Result<Json> suiteReport(const Suite& suite, const SuiteResults& results, store::Store* store);

// Targets none of whose runs reached the provider: the CLI's exit code 3.
std::vector<std::string> unreachableTargets(const Suite& suite, const SuiteResults& results);

} // namespace conform::suite
