#pragma once
// What the priced runs of some captures cost, every attempt's tokens included. The store works
// it out (store::costOf, from its token sums and a price table); the dashboard, Compare and
// the reports read it as it is.
#include "base/json.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace conform::stats {

// Runs of a model the table has no price for are counted apart, never guessed. Unchecked runs
// count in the total, not in the cost per valid result; runs with an unknown token count in
// neither.
struct Cost
{
    double totalUsd = 0.0;
    std::optional<double> perValidResultUsd; // none without a valid result
    double firstAttemptUsd = 0.0;
    // The share of totalUsd spent after the first attempt: repairs, continuations, re-asks,
    // fallbacks, billed transport retries; none when nothing was spent.
    std::optional<double> repairOverheadShare;
    std::int64_t pricedRuns = 0, unpricedRuns = 0, uncheckedRuns = 0, tokensUnknownRuns = 0;
    std::vector<std::string> unpriced; // "provider/model", sorted
    std::string pricesTaken;           // the price table's date

    // {"total_usd", "per_valid_result_usd" (or null), "first_attempt_usd",
    //  "repair_overhead_share" (or null), "priced_runs", "unpriced_runs", "unpriced",
    //  "unchecked_runs", "tokens_unknown_runs", "prices_taken"}
    Json toJson() const;
};

} // namespace conform::stats
