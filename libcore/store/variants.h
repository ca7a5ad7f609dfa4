#pragma once
// The variants Compare weighs, read from the store's figures: one stats::Variant per group of a
// StatsReport grouped by one field (a prompt or schema version, a model, a mode, a target...).
//
//   auto figures = store.statsReport({filter, {"prompt"}});
//   auto variants = store::variantsOf(*figures, "prompt");
//   auto report = stats::compareVariants(std::move(*variants), "prompt");
#include "base/result.h"
#include "stats/comparison.h"
#include "store/metrics.h"

#include <string>
#include <vector>

namespace conform::store {

// One group's figures as a variant named `name`. Unchecked runs (judged by no schema) are
// neither successes nor failures: every rate is over the checked runs.
stats::Variant variantOf(std::string name, const StatsGroup& group);

// Every group of `report`, which must be grouped by `field` alone; an Error otherwise.
Result<std::vector<stats::Variant>> variantsOf(const StatsReport& report, const std::string& field);

} // namespace conform::store
