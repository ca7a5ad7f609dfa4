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
    const bool judged = t.checked() > 0; // a target is never met by replies nothing judged
    return Json{{"final_success_rate", Json{{"min", targets.minFinalSuccessRate}, {"met", judged && t.finalSuccessRate() >= targets.minFinalSuccessRate}}},
                {"mean_repairs", Json{{"max", targets.maxMeanRepairs}, {"met", judged && t.meanRepairs() <= targets.maxMeanRepairs}}},
                {"fallback_rate", Json{{"max", targets.maxFallbackRate}, {"met", judged && t.checkedRate(t.fallback) <= targets.maxFallbackRate}}}};
}

Json keyJson(const std::vector<std::string>& by, const std::vector<std::string>& key)
{
    Json out = Json::object();
    for (std::size_t i = 0; i < by.size() && i < key.size(); ++i)
        out[by[i]] = key[i];
    return out;
}

Json bucketList(const std::map<std::int64_t, Tally>& buckets)
{
    Json out = Json::array();
    for (const auto& [start, tally] : buckets) {
        Json entry{{"start", isoTime(start)}};
        entry.update(tally.toJson());
        out.push_back(std::move(entry));
    }
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

Json Tally::intervalsJson() const
{
    const auto intervalOver = [](std::int64_t part, std::int64_t of) {
        const stats::Interval i = stats::wilson(part, of);
        return Json::array({i.low, i.high});
    };
    const auto interval = [&](std::int64_t part) { return intervalOver(part, checked()); };
    // A percentile's interval: the latencies at the ranks a binomial places around n·p.
    std::int64_t total = 0;
    for (const auto& [bin, n] : latencyBins)
        total += n;
    const auto latency = [&](double p) {
        const double centre = double(total) * p, spread = stats::twoSidedZ(0.95) * std::sqrt(double(total) * p * (1 - p));
        const auto clamp = [total](std::int64_t rank) { return std::clamp<std::int64_t>(rank, 1, std::max<std::int64_t>(total, 1)); };
        return Json::array({latencyAtRank(clamp(std::int64_t(std::floor(centre - spread)))),
                            latencyAtRank(clamp(std::int64_t(std::ceil(centre + spread)) + 1))});
    };
    return Json{{"final_success_rate", interval(valid + repaired)},
                {"first_try_valid_rate", interval(firstTryValid)},
                {"repaired_rate", interval(repaired)},
                {"fallback_rate", interval(fallback)},
                {"failed_rate", interval(failed)},
                {"truncated_rate", intervalOver(truncated, count)},
                {"latency_ms_p50", latency(0.50)},
                {"latency_ms_p95", latency(0.95)}};
}

Json Tally::repairOverheadTokenShare() const
{
    const std::int64_t total = tokensIn + tokensOut;
    return total > 0 ? Json(double(total - firstTokensIn - firstTokensOut) / double(total)) : Json();
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
                {"repair_overhead", Json{{"token_share", repairOverheadTokenShare()}}},
                {"counts", countsJson()},
                {"intervals", intervalsJson()}};
}

void PassTally::merge(const PassTally& o)
{
    cases += o.cases; runs += o.runs; allPassed += o.allPassed; anyPassed += o.anyPassed;
}

Json PassTally::toJson() const
{
    const auto ratio = [this](std::int64_t n) { return cases ? double(n) / double(cases) : 0.0; };
    return Json{{"cases", cases}, {"mean_repeats", ratio(runs)}, {"pass_all_rate", passAllRate()}, {"pass_any_rate", passAnyRate()}};
}

Json costJson(const std::vector<const CostCell*>& cells, const stats::PriceTable& prices)
{
    double total = 0.0, firstAttempts = 0.0, checkedTotal = 0.0;
    std::int64_t pricedRuns = 0, unpricedRuns = 0, successes = 0, uncheckedRuns = 0, tokensUnknownRuns = 0;
    std::vector<std::string> unpriced;
    for (const CostCell* cell : cells) {
        if (cell->kind == CostCell::Kind::TokensUnknown) {
            tokensUnknownRuns += cell->count;
            continue;
        }
        const auto price = prices.priceOf(cell->provider, cell->model);
        if (!price) {
            unpricedRuns += cell->count;
            const std::string name = cell->provider + "/" + cell->model;
            if (std::find(unpriced.begin(), unpriced.end(), name) == unpriced.end())
                unpriced.push_back(name);
            continue;
        }
        const double cost = stats::costOf(*price, cell->provider, {cell->tokensIn, cell->tokensOut, cell->tokensCached});
        total += cost;
        if (cell->kind == CostCell::Kind::Unchecked)
            uncheckedRuns += cell->count;
        else
            checkedTotal += cost;
        firstAttempts += stats::costOf(*price, cell->provider, {cell->firstTokensIn, cell->firstTokensOut, cell->firstTokensCached});
        pricedRuns += cell->count;
        successes += cell->successes;
    }
    std::sort(unpriced.begin(), unpriced.end());
    return Json{{"total_usd", total},
                {"per_valid_result_usd", successes > 0 ? Json(checkedTotal / double(successes)) : Json()},
                {"first_attempt_usd", firstAttempts},
                {"repair_overhead_share", total > 0 ? Json((total - firstAttempts) / total) : Json()},
                {"priced_runs", pricedRuns},
                {"unpriced_runs", unpricedRuns},
                {"unpriced", unpriced},
                {"unchecked_runs", uncheckedRuns},
                {"tokens_unknown_runs", tokensUnknownRuns},
                {"prices_taken", prices.taken()}};
}

Json statsDocument(const std::vector<std::string>& by, bool bucketed, const std::vector<Cell>& cells,
                   const std::vector<PassCell>& passCells, const Targets& targets,
                   const std::vector<CostCell>* costCells, const stats::PriceTable* prices)
{
    Tally overall;
    std::map<std::int64_t, Tally> buckets;
    std::map<std::vector<std::string>, std::pair<Tally, std::map<std::int64_t, Tally>>> groups;
    for (const Cell& cell : cells) {
        overall.merge(cell.tally);
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
    Json out = overall.toJson();
    out["targets"] = targetsJson(overall, targets);
    const bool priced = costCells && prices;
    std::map<std::vector<std::string>, std::vector<const CostCell*>> costsByGroup;
    if (priced) {
        std::vector<const CostCell*> all;
        for (const CostCell& cell : *costCells) {
            all.push_back(&cell);
            costsByGroup[cell.key].push_back(&cell);
        }
        out["cost"] = costJson(all, *prices);
    }
    if (passOverall.cases > 0)
        out["pass_k"] = passOverall.toJson();
    if (!by.empty()) {
        Json list = Json::array();
        for (const auto& [key, group] : groups) {
            Json entry{{"key", keyJson(by, key)}};
            entry.update(group.first.toJson());
            if (const auto pass = passGroups.find(key); pass != passGroups.end())
                entry["pass_k"] = pass->second.toJson();
            if (priced)
                entry["cost"] = costJson(costsByGroup[key], *prices);
            if (bucketed)
                entry["buckets"] = bucketList(group.second);
            list.push_back(std::move(entry));
        }
        out["groups"] = std::move(list);
    }
    if (bucketed)
        out["buckets"] = bucketList(buckets);
    return out;
}

} // namespace conform::store
