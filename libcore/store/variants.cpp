#include "store/variants.h"

namespace conform::store {

stats::Variant variantOf(std::string name, const StatsGroup& group)
{
    const Tally& t = group.tally;
    stats::Variant v;
    v.name = std::move(name);
    v.unchecked = t.unchecked;
    v.runs = t.checked();
    v.finalSuccess = {t.valid + t.repaired, v.runs};
    v.firstTry = {t.firstTryValid, v.runs};
    v.repaired = {t.repaired, v.runs};
    v.fallback = {t.fallback, v.runs};
    v.truncated = {t.truncated, v.runs};
    v.meanRepairs = t.meanRepairs();
    v.latencyP50 = t.latencyPercentile(0.50);
    v.latencyP95 = t.latencyPercentile(0.95);
    v.latencyP50Interval = t.latencyInterval(0.50);
    v.latencyP95Interval = t.latencyInterval(0.95);
    v.cost = group.cost;
    v.overheadTokenShare = t.repairOverheadTokenShare();
    v.passK = group.passK;
    return v;
}

Result<std::vector<stats::Variant>> variantsOf(const StatsReport& report, const std::string& field)
{
    if (report.by.size() != 1 || report.by.front() != field)
        return Error{"the figures must be grouped by " + field + " alone: compare needs one group per variant", field};
    std::vector<stats::Variant> variants;
    variants.reserve(report.groups.size());
    for (const StatsGroup& group : report.groups)
        variants.push_back(variantOf(group.key.empty() ? std::string() : group.key.front(), group));
    return variants;
}

} // namespace conform::store
