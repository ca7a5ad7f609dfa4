#pragma once
// Metrics over captures, as pure arithmetic on what the store's SQL sums up.
//
// The store groups captures into cells (group key x time bucket x latency bin) and sums
// counters in SQL; here cells merge into the overall figures, the groups and the buckets,
// and rates and percentiles are derived. Doing the division and the percentiles in C++ over
// integer sums keeps SQLite and PostgreSQL in exact agreement.
//
// Latency percentiles come from a histogram: exact to the millisecond below 512 ms, then 256
// bins per doubling (within 0.4%), which is what lets a million captures be summarised by
// the database without sorting them.
#include "base/json.h"
#include "stats/cost.h"
#include "stats/pass_k.h"
#include "stats/prices.h"
#include "stats/stats.h"

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <string>
#include <vector>

namespace conform::store {

int latencyBin(std::int64_t ms);
std::int64_t latencyOfBin(int bin); // the smallest latency in the bin

struct Tally;

// The seed's targets, returned with every result so dashboards can draw them.
struct Targets
{
    double minFinalSuccessRate = 0.99;
    double maxMeanRepairs = 1.2;
    double maxFallbackRate = 0.01;

    // Which targets `tally` meets; none by replies nothing judged.
    struct Met
    {
        bool finalSuccess = false, meanRepairs = false, fallback = false;
    };
    Met metBy(const Tally& tally) const;
};

// The rates a 95% interval is given for (Tally::interval).
enum class Rate { FinalSuccess, FirstTryValid, Repaired, Fallback, Failed, Truncated };

// The sums of some captures. Outcome rates (first try, final success, repaired, fallback,
// failed, mean repairs) are over the checked captures: those judged against no schema
// (`unchecked`) are neither successes nor failures, so they are left out and counted apart.
// The rates of what happened on the wire (parse, truncated, refused, transport errors) are
// over every capture.
struct Tally
{
    std::int64_t count = 0, parsed = 0, firstTryValid = 0;
    std::int64_t valid = 0, repaired = 0, fallback = 0, failed = 0, unchecked = 0;
    std::int64_t truncated = 0, refused = 0, transportError = 0;
    std::int64_t tokensUnknown = 0; // runs an upstream reported an impossible token count for
    std::int64_t repairs = 0, tokensIn = 0, tokensOut = 0, tokensCached = 0;
    std::int64_t firstTokensIn = 0, firstTokensOut = 0, firstTokensCached = 0; // the first attempts' alone
    std::map<int, std::int64_t> latencyBins; // bin -> captures

    // Every counter above, in the order the store's SQL sums them.
    static constexpr std::int64_t Tally::*kCounters[] = {
        &Tally::count, &Tally::parsed, &Tally::firstTryValid, &Tally::valid, &Tally::repaired, &Tally::fallback, &Tally::failed, &Tally::unchecked,
        &Tally::truncated, &Tally::refused, &Tally::transportError, &Tally::tokensUnknown, &Tally::repairs, &Tally::tokensIn, &Tally::tokensOut, &Tally::tokensCached,
        &Tally::firstTokensIn, &Tally::firstTokensOut, &Tally::firstTokensCached};

    void merge(const Tally& other);
    std::int64_t checked() const { return count - unchecked; }
    double rate(std::int64_t part) const { return count ? double(part) / double(count) : 0.0; }       // over every capture
    double checkedRate(std::int64_t part) const { return checked() ? double(part) / double(checked()) : 0.0; }
    double finalSuccessRate() const { return checkedRate(valid + repaired); }
    double meanRepairs() const { return checked() ? double(repairs) / double(checked()) : 0.0; }
    std::int64_t latencyPercentile(double p) const; // nearest rank; 0 when empty
    std::int64_t latencyAtRank(std::int64_t rank) const; // 1-based; 0 when empty
    // Wilson's 95% interval of a rate (over the checked captures; Truncated over every one).
    stats::Interval interval(Rate rate) const;
    // The 95% interval of the latency percentile `p`: the latencies at the ranks a binomial
    // places around n·p.
    std::pair<std::int64_t, std::int64_t> latencyInterval(double p) const;

    // {"count","checked","unchecked","parse_rate","first_try_valid_rate","final_success_rate","repaired_rate",
    //  "fallback_rate","failed_rate","truncated_rate","refused_rate","transport_error_rate",
    //  "mean_repairs","latency_ms":{"p50","p95","p99"},"tokens":{"input","output","cached",
    //  "first_attempt":{"input","output","cached"}},
    //  "repair_overhead":{"token_share"}: the share of input + output tokens spent after the
    //  first attempt (null without tokens),
    //  "counts":{"parsed","first_try_valid","valid","repaired","fallback","failed","unchecked","truncated",
    //            "refused","transport_error","repairs"},
    //  "intervals":{"final_success_rate":[low,high],"first_try_valid_rate","repaired_rate",
    //               "fallback_rate","failed_rate","truncated_rate","latency_ms_p50","latency_ms_p95"}}
    // The intervals are 95%: Wilson's for rates, order statistics for latency percentiles.
    Json toJson() const;
    Json countsJson() const;
    // The share of input + output tokens spent after the first attempt; none without tokens.
    std::optional<double> repairOverheadTokenShare() const;
    Json intervalsJson() const;
};

// pass^k and cost are the stats module's (the comparison reads them too).
using stats::Cost;
using stats::PassTally;

// One row of the store's grouped SQL: a group key (one value per --by field), the time
// bucket's start, and the sums of the captures in it.
struct Cell
{
    std::vector<std::string> key;
    std::optional<std::int64_t> bucketMs;
    Tally tally;
};
struct PassCell
{
    std::vector<std::string> key;
    PassTally tally;
};

// Tokens and successes of one group's captures on one provider and model, of one kind: what
// pricing needs.
struct CostCell
{
    // Checked runs are priced and feed the cost per valid result; unchecked ones are priced
    // (they were paid for) but judged nothing; runs with an unknown token count are counted
    // and left out.
    enum class Kind { Checked, Unchecked, TokensUnknown };
    static Kind kindOf(const Tally& cellTally); // a cell's captures share their outcome and flags

    std::vector<std::string> key; // the group's --by values
    std::string provider, model;
    Kind kind = Kind::Checked;
    std::int64_t count = 0, successes = 0, tokensIn = 0, tokensOut = 0, tokensCached = 0;
    std::int64_t firstTokensIn = 0, firstTokensOut = 0, firstTokensCached = 0;

    void add(const Tally& tally); // its count, successes and tokens
};
// What the priced runs of `cells` cost at `prices`.
Cost costOf(const std::vector<const CostCell*>& cells, const stats::PriceTable& prices);

// One time bucket's figures.
struct StatsBucket
{
    std::int64_t startMs = 0;
    Tally tally;
};

// One group's figures: its value of each `by` field, in order.
struct StatsGroup
{
    std::vector<std::string> key;
    Tally tally;
    std::optional<PassTally> passK; // when labelled cases exist in the group
    std::optional<Cost> cost;       // when priced
    std::vector<StatsBucket> buckets;
};

// What Store::statsReport() answers: the overall figures, the targets, pass^k and cost, each
// group's (when grouped `by` fields) and each bucket's (when bucketed). The dashboard reads it
// as it is; toJson() is the one place its JSON is written, the document `captures stats
// --json` prints: the overall figures (Tally::toJson), "targets" ({"final_success_rate":
// {"min","met"}, "mean_repairs": {"max","met"}, "fallback_rate": {"max","met"}}), "cost",
// "pass_k", "groups" (each {"key": {field: value}, figures, "pass_k", "cost", "buckets"})
// and "buckets" (each {"start": ISO time, figures}).
struct StatsReport
{
    std::vector<std::string> by;
    bool bucketed = false;
    Tally overall;
    Targets targets;
    std::optional<PassTally> passK;
    std::optional<Cost> cost;
    std::vector<StatsGroup> groups; // by key; empty unless `by` names fields
    std::vector<StatsBucket> buckets; // by start

    Json toJson() const;
};

StatsReport statsReport(const std::vector<std::string>& by, bool bucketed, const std::vector<Cell>& cells,
                        const std::vector<PassCell>& passCells, const Targets& targets = {},
                        const std::vector<CostCell>* costCells = nullptr, const stats::PriceTable* prices = nullptr);

} // namespace conform::store
