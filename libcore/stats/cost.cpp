#include "stats/cost.h"

namespace conform::stats {

Json Cost::toJson() const
{
    const auto orNull = [](const std::optional<double>& v) { return v ? Json(*v) : Json(); };
    return Json{{"total_usd", totalUsd},
                {"per_valid_result_usd", orNull(perValidResultUsd)},
                {"first_attempt_usd", firstAttemptUsd},
                {"repair_overhead_share", orNull(repairOverheadShare)},
                {"priced_runs", pricedRuns},
                {"unpriced_runs", unpricedRuns},
                {"unpriced", unpriced},
                {"unchecked_runs", uncheckedRuns},
                {"tokens_unknown_runs", tokensUnknownRuns},
                {"prices_taken", pricesTaken}};
}

} // namespace conform::stats
