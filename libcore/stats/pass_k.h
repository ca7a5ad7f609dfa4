#pragma once
// pass^k and pass@k over cases run k times: a case is the captures that share the labels
// suite, case and target.
#include "base/json.h"

#include <cstdint>

namespace conform::stats {

struct PassTally
{
    std::int64_t cases = 0, runs = 0, allPassed = 0, anyPassed = 0;
    void merge(const PassTally& other);
    // The share of cases all of whose repeats passed (pass^k), and of those one passed (pass@k).
    double passAllRate() const { return cases ? double(allPassed) / double(cases) : 0.0; }
    double passAnyRate() const { return cases ? double(anyPassed) / double(cases) : 0.0; }
    Json toJson() const; // {"cases","mean_repeats","pass_all_rate","pass_any_rate"}
};

} // namespace conform::stats
