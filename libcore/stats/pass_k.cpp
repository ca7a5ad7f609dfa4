#include "stats/pass_k.h"

namespace conform::stats {

void PassTally::merge(const PassTally& o)
{
    cases += o.cases; runs += o.runs; allPassed += o.allPassed; anyPassed += o.anyPassed;
}

Json PassTally::toJson() const
{
    const auto ratio = [this](std::int64_t n) { return cases ? double(n) / double(cases) : 0.0; };
    return Json{{"cases", cases}, {"mean_repeats", ratio(runs)}, {"pass_all_rate", passAllRate()}, {"pass_any_rate", passAnyRate()}};
}

} // namespace conform::stats
