#include "store/metrics.h"

#include "stats/stats.h"
#include "store/capture.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace conform::store {

namespace {

constexpr int kExactBelow = 512;   // 2^9
constexpr int kSubBins = 256;      // 2^8 per doubling above that

Json targetsJson(const Tally& t, const Targets& targets)
{
    const Targets::Met met = targets.metBy(t);
    return Json{{"final_success_rate", Json{{"min", targets.minFinalSuccessRate}, {"met", met.finalSuccess}}},
                {"mean_repairs", Json{{"max", targets.maxMeanRepairs}, {"met", met.meanRepairs}}},
                {"fallback_rate", Json{{"max", targets.maxFallbackRate}, {"met", met.fallback}}}};
}

Json keyJson(const std::vector<std::string>& by, const std::vector<std::string>& key)
{
    Json out = Json::object();
    for (std::size_t i = 0; i < by.size() && i < key.size(); ++i)
        out[by[i]] = key[i];
    return out;
}

Json bucketList(const std::vector<StatsBucket>& buckets)
{
    Json out = Json::array();
    for (const StatsBucket& bucket : buckets) {
        Json entry{{"start", isoTime(bucket.startMs)}};
        entry.update(bucket.tally.toJson());
        out.push_back(std::move(entry));
    }
    return out;
}

std::vector<StatsBucket> bucketsOf(const std::map<std::int64_t, Tally>& buckets)
{
    std::vector<StatsBucket> out;
    out.reserve(buckets.size());
    for (const auto& [start, tally] : buckets)
        out.push_back({start, tally});
    return out;
}

} // namespace

int latencyBin(std::int64_t ms)
{
    if (ms < kExactBelow)
        return static_cast<int>(std::max<std::int64_t>(ms, 0));
    const auto value = static_cast<std::uint64_t>(ms);
    const int exponent = std::bit_width(value) - 1;             // >= 9
    const int shift = exponent - 8;                              // keep 8 bits below the top one
    const int mantissa = static_cast<int>((value >> shift) & (kSubBins - 1));
    return kExactBelow + (exponent - 9) * kSubBins + mantissa;
}

std::int64_t latencyOfBin(int bin)
{
    if (bin < kExactBelow)
        return bin;
    const int exponent = (bin - kExactBelow) / kSubBins + 9;
    const int mantissa = (bin - kExactBelow) % kSubBins;
    return (std::int64_t(kSubBins + mantissa)) << (exponent - 8);
}

CostCell::Kind CostCell::kindOf(const Tally& t)
{
    return t.tokensUnknown > 0 ? Kind::TokensUnknown : t.unchecked > 0 ? Kind::Unchecked : Kind::Checked;
}

void CostCell::add(const Tally& t)
{
    count += t.count;
    successes += t.valid + t.repaired;
    tokensIn += t.tokensIn;
    tokensOut += t.tokensOut;
    tokensCached += t.tokensCached;
    firstTokensIn += t.firstTokensIn;
    firstTokensOut += t.firstTokensOut;
    firstTokensCached += t.firstTokensCached;
}

void Tally::merge(const Tally& o)
{
    for (auto counter : kCounters)
        this->*counter += o.*counter;
    for (const auto& [bin, n] : o.latencyBins)
        latencyBins[bin] += n;
}

std::int64_t Tally::latencyPercentile(double p) const
{
    std::int64_t total = 0;
    for (const auto& [bin, n] : latencyBins)
        total += n;
    if (total == 0)
        return 0;
    return latencyAtRank(std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(p * double(total)))));
}

std::int64_t Tally::latencyAtRank(std::int64_t rank) const
{
    if (latencyBins.empty())
        return 0;
    std::int64_t seen = 0;
    for (const auto& [bin, n] : latencyBins) {
        seen += n;
        if (seen >= rank)
            return latencyOfBin(bin);
    }
    return latencyOfBin(latencyBins.rbegin()->first);
}

Targets::Met Targets::metBy(const Tally& t) const
{
    const bool judged = t.checked() > 0; // a target is never met by replies nothing judged
    return {judged && t.finalSuccessRate() >= minFinalSuccessRate, judged && t.meanRepairs() <= maxMeanRepairs,
            judged && t.checkedRate(t.fallback) <= maxFallbackRate};
}

stats::Interval Tally::interval(Rate rate) const
{
    switch (rate) {
    case Rate::FinalSuccess: return stats::wilson(valid + repaired, checked());
    case Rate::FirstTryValid: return stats::wilson(firstTryValid, checked());
    case Rate::Repaired: return stats::wilson(repaired, checked());
    case Rate::Fallback: return stats::wilson(fallback, checked());
    case Rate::Failed: return stats::wilson(failed, checked());
    case Rate::Truncated: return stats::wilson(truncated, count);
    }
    return {};
}

std::pair<std::int64_t, std::int64_t> Tally::latencyInterval(double p) const
{
    std::int64_t total = 0;
    for (const auto& [bin, n] : latencyBins)
        total += n;
    const double centre = double(total) * p, spread = stats::twoSidedZ(0.95) * std::sqrt(double(total) * p * (1 - p));
    const auto clamp = [total](std::int64_t rank) { return std::clamp<std::int64_t>(rank, 1, std::max<std::int64_t>(total, 1)); };
    return {latencyAtRank(clamp(std::int64_t(std::floor(centre - spread)))), latencyAtRank(clamp(std::int64_t(std::ceil(centre + spread)) + 1))};
}

Json Tally::intervalsJson() const
{
    const auto rateJson = [this](Rate rate) {
        const stats::Interval i = interval(rate);
        return Json::array({i.low, i.high});
    };
    const auto latencyJson = [this](double p) {
        const auto [low, high] = latencyInterval(p);
        return Json::array({low, high});
    };
    return Json{{"final_success_rate", rateJson(Rate::FinalSuccess)},
                {"first_try_valid_rate", rateJson(Rate::FirstTryValid)},
                {"repaired_rate", rateJson(Rate::Repaired)},
                {"fallback_rate", rateJson(Rate::Fallback)},
                {"failed_rate", rateJson(Rate::Failed)},
                {"truncated_rate", rateJson(Rate::Truncated)},
                {"latency_ms_p50", latencyJson(0.50)},
                {"latency_ms_p95", latencyJson(0.95)}};
}

std::optional<double> Tally::repairOverheadTokenShare() const
{
    const std::int64_t total = tokensIn + tokensOut;
    return total > 0 ? std::optional<double>(double(total - firstTokensIn - firstTokensOut) / double(total)) : std::nullopt;
}

Json Tally::countsJson() const
{
    return Json{{"parsed", parsed},       {"first_try_valid", firstTryValid}, {"valid", valid},
                {"repaired", repaired},   {"fallback", fallback},           {"failed", failed}, {"unchecked", unchecked},
                {"truncated", truncated}, {"refused", refused},             {"transport_error", transportError},
                {"repairs", repairs}};
}

Json Tally::toJson() const
{
    const std::optional<double> share = repairOverheadTokenShare();
    return Json{{"count", count},
                {"checked", checked()},
                {"unchecked", unchecked},
                {"parse_rate", rate(parsed)},
                {"first_try_valid_rate", checkedRate(firstTryValid)},
                {"final_success_rate", finalSuccessRate()},
                {"repaired_rate", checkedRate(repaired)},
                {"fallback_rate", checkedRate(fallback)},
                {"failed_rate", checkedRate(failed)},
                {"truncated_rate", rate(truncated)},
                {"refused_rate", rate(refused)},
                {"transport_error_rate", rate(transportError)},
                {"mean_repairs", meanRepairs()},
                {"latency_ms", Json{{"p50", latencyPercentile(0.50)}, {"p95", latencyPercentile(0.95)}, {"p99", latencyPercentile(0.99)}}},
                {"tokens", Json{{"input", tokensIn}, {"output", tokensOut}, {"cached", tokensCached}, {"unknown_runs", tokensUnknown},
                                {"first_attempt", Json{{"input", firstTokensIn}, {"output", firstTokensOut}, {"cached", firstTokensCached}}}}},
                {"repair_overhead", Json{{"token_share", share ? Json(*share) : Json()}}},
                {"counts", countsJson()},
                {"intervals", intervalsJson()}};
}

Cost costOf(const std::vector<const CostCell*>& cells, const stats::PriceTable& prices)
{
    Cost cost;
    cost.pricesTaken = prices.taken();
    double checkedTotal = 0.0;
    std::int64_t successes = 0;
    for (const CostCell* cell : cells) {
        if (cell->kind == CostCell::Kind::TokensUnknown) {
            cost.tokensUnknownRuns += cell->count;
            continue;
        }
        const auto price = prices.priceOf(cell->provider, cell->model);
        if (!price) {
            cost.unpricedRuns += cell->count;
            const std::string name = cell->provider + "/" + cell->model;
            if (std::find(cost.unpriced.begin(), cost.unpriced.end(), name) == cost.unpriced.end())
                cost.unpriced.push_back(name);
            continue;
        }
        const double usd = stats::costOf(*price, cell->provider, {cell->tokensIn, cell->tokensOut, cell->tokensCached});
        cost.totalUsd += usd;
        if (cell->kind == CostCell::Kind::Unchecked)
            cost.uncheckedRuns += cell->count;
        else
            checkedTotal += usd;
        cost.firstAttemptUsd += stats::costOf(*price, cell->provider, {cell->firstTokensIn, cell->firstTokensOut, cell->firstTokensCached});
        cost.pricedRuns += cell->count;
        successes += cell->successes;
    }
    std::sort(cost.unpriced.begin(), cost.unpriced.end());
    if (successes > 0)
        cost.perValidResultUsd = checkedTotal / double(successes);
    if (cost.totalUsd > 0)
        cost.repairOverheadShare = (cost.totalUsd - cost.firstAttemptUsd) / cost.totalUsd;
    return cost;
}

StatsReport statsReport(const std::vector<std::string>& by, bool bucketed, const std::vector<Cell>& cells,
                        const std::vector<PassCell>& passCells, const Targets& targets,
                        const std::vector<CostCell>* costCells, const stats::PriceTable* prices)
{
    StatsReport report;
    report.by = by;
    report.bucketed = bucketed;
    report.targets = targets;
    std::map<std::int64_t, Tally> buckets;
    std::map<std::vector<std::string>, std::pair<Tally, std::map<std::int64_t, Tally>>> groups;
    for (const Cell& cell : cells) {
        report.overall.merge(cell.tally);
        auto& group = groups[cell.key];
        group.first.merge(cell.tally);
        if (bucketed && cell.bucketMs) {
            buckets[*cell.bucketMs].merge(cell.tally);
            group.second[*cell.bucketMs].merge(cell.tally);
        }
    }
    PassTally passOverall;
    std::map<std::vector<std::string>, PassTally> passGroups;
    for (const PassCell& cell : passCells) {
        passOverall.merge(cell.tally);
        passGroups[cell.key].merge(cell.tally);
    }
    if (passOverall.cases > 0)
        report.passK = passOverall;
    const bool priced = costCells && prices;
    std::map<std::vector<std::string>, std::vector<const CostCell*>> costsByGroup;
    if (priced) {
        std::vector<const CostCell*> all;
        for (const CostCell& cell : *costCells) {
            all.push_back(&cell);
            costsByGroup[cell.key].push_back(&cell);
        }
        report.cost = costOf(all, *prices);
    }
    if (!by.empty()) {
        for (const auto& [key, group] : groups) {
            StatsGroup entry{key, group.first, {}, {}, bucketed ? bucketsOf(group.second) : std::vector<StatsBucket>{}};
            if (const auto pass = passGroups.find(key); pass != passGroups.end())
                entry.passK = pass->second;
            if (priced)
                entry.cost = costOf(costsByGroup[key], *prices);
            report.groups.push_back(std::move(entry));
        }
    }
    if (bucketed)
        report.buckets = bucketsOf(buckets);
    return report;
}

Json StatsReport::toJson() const
{
    Json out = overall.toJson();
    out["targets"] = targetsJson(overall, targets);
    if (cost)
        out["cost"] = cost->toJson();
    if (passK)
        out["pass_k"] = passK->toJson();
    if (!by.empty()) {
        Json list = Json::array();
        for (const StatsGroup& group : groups) {
            Json entry{{"key", keyJson(by, group.key)}};
            entry.update(group.tally.toJson());
            if (group.passK)
                entry["pass_k"] = group.passK->toJson();
            if (group.cost)
                entry["cost"] = group.cost->toJson();
            if (bucketed)
                entry["buckets"] = bucketList(group.buckets);
            list.push_back(std::move(entry));
        }
        out["groups"] = std::move(list);
    }
    if (bucketed)
        out["buckets"] = bucketList(buckets);
    return out;
}

} // namespace conform::store
