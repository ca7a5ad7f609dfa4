#pragma once
// A suite against its baseline: did this run get significantly worse than the captures it is
// compared with, or is it one unlucky run? For CI, where a threshold fires on noise.
//
//   store::Filter baseline;  baseline.labels = {{"suite_run", "0193..."}};   // or a whole store
//   auto verdict = compareWithBaseline(suite, results, current, baselineStore, baseline);
//   bool failed = verdict && (*verdict)["regression"].get<bool>();
//
// Per case x target, this run's final success (valid or repaired, from its captures) is
// compared with the baseline's captures of the same suite, case and target name (Fisher's
// exact test up to 10,000 runs each, the z-test beyond, stats.h), Holm-corrected across the
// cells the baseline has runs for. A regression is a cell significantly worse (adjusted p
// below 0.05); a better or indistinguishable cell is not.
#include "base/json.h"
#include "base/result.h"
#include "store/filter.h"
#include "suite/runner.h"
#include "suite/suite.h"

namespace conform::store { class Store; }

namespace conform::suite {

// {"source", "regression", "cells": [{"case", "target", "runs", "successes", "baseline_runs",
//  "baseline_successes", "difference", "interval", "test", "p_value", "adjusted_p_value",
//  "verdict": "better|worse|cannot_tell_yet|no_baseline", "sentence"}]}
// `baseline` filters the baseline store's captures; the suite's name, each case and target
// are added to it. `source` names it in the report.
Result<Json> compareWithBaseline(const Suite& suite, const SuiteResults& results, store::Store& current, store::Store& baselineStore,
                                 const store::Filter& baseline, const std::string& source);

} // namespace conform::suite
