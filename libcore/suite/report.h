#pragma once
// The suite's report: for each case x target and overall, how many runs succeeded (valid or
// repaired with every assertion holding), pass^k (all k repeats of a cell succeeded) and
// pass@k (at least one did), the first problem with its capture id, and the store's own
// metrics over the same captures (store/metrics.h: parse, first-try, repair, fallback rates,
// mean repairs, latency percentiles, tokens), so a report and `captures stats --label
// suite_run=ID` agree. Then the thresholds, each with its value and whether it is met.
//
//   auto report = suiteReport(suite, results, store);   // Result<SuiteReport>
//   if (report) gui->show(report->overall.succeeded, report->passed);   // typed fields
//   std::cout << dump(report->toJson());                                // the CLI's --json
//
// Without a store the report is built from the runs alone, with no "metrics" sections.
// toJson() is the one place the report's JSON is written (conform-cli suite --json, JUnit).
#include "base/json.h"
#include "base/result.h"
#include "store/metrics.h"
#include "suite/runner.h"
#include "suite/suite.h"

#include <optional>
#include <string>
#include <vector>

namespace conform::store { class Store; }

namespace conform::suite {

// The runs of one cell, or of the whole suite, summed up.
struct RunTotals
{
    std::int64_t runs = 0, succeeded = 0, repairs = 0, transportFailures = 0, latencyMsTotal = 0;

    double successRate() const { return runs ? double(succeeded) / double(runs) : 0.0; }
    double meanRepairs() const { return runs ? double(repairs) / double(runs) : 0.0; }
};

// The first run of a cell that did not succeed.
struct FirstFailure
{
    std::string message;
    std::string captureId;
    int repeat = 0;
};

struct CellReport
{
    std::string caseName;
    std::string target;
    RunTotals totals;
    store::PassTally passK;
    bool passed = false;
    std::optional<FirstFailure> firstFailure;
    std::vector<std::string> captureIds;
    std::optional<Json> metrics; // the store's (store/metrics.h), when a store was given
};

// One threshold of the suite's, against the overall figures.
struct ThresholdCheck
{
    std::string name;  // "min_success" or "max_mean_repairs"
    std::string bound; // "min" or "max"
    double limit = 0;
    double value = 0;
    bool met = false;
};

struct SuiteReport
{
    std::string suite;
    std::string file;
    std::string runId;
    std::string stoppedBy; // "" when the suite ran to the end
    std::size_t runsPlanned = 0, runsDone = 0;
    RunTotals overall;
    store::PassTally overallPassK;
    std::optional<Json> overallMetrics;
    std::vector<CellReport> cells;         // case by case, target by target
    std::vector<ThresholdCheck> thresholds; // only those the suite sets
    bool passed = false;
    std::vector<std::string> unreachableTargets;
    bool replayed = false; // answered from cassettes: the recorded replies re-judged, not regenerated

    // The report as conform-cli suite --json prints it (the shape below).
    Json toJson() const;
};

// {"suite","file","run_id","stopped_by","runs_planned","runs_done",
//  "overall": {"runs","succeeded","success_rate","mean_repairs","transport_failures","latency_ms_total",
//              "pass_k": {"cases","mean_repeats","pass_all_rate","pass_any_rate"},"metrics"},
//  "cells": [{"case","target","runs","succeeded","success_rate","mean_repairs","transport_failures",
//             "latency_ms_total","pass_k",
//             "passed","first_failure": {"message","capture_id","repeat"}?,"capture_ids","metrics"}],
//  "thresholds": {"min_success": {"min","value","met"}, "max_mean_repairs": {"max","value","met"}},
//  "passed", "unreachable_targets": [...], "replayed"}
// A case that names its target has cells on that target only.
// A cell "passed" when it meets the thresholds (without --min-success: when every run
// succeeded); the report "passed" when the overall figures meet every threshold given.
Result<SuiteReport> suiteReport(const Suite& suite, const SuiteResults& results, store::Store* store);

// Targets none of whose runs reached the provider: the CLI's exit code 3.
std::vector<std::string> unreachableTargets(const Suite& suite, const SuiteResults& results);

} // namespace conform::suite
