#pragma once
// Internal to the store: hourly rollups, so metrics over ten million captures read thousands
// of rows instead of millions.
//
// `capture_rollups` holds one row per hour and per everything `stats` groups or filters by
// (schema and prompt version, provider, model, mode, source, case key, outcome, flags and
// the first-try facts): the captures' count, their summed repairs and tokens, and their
// latency histogram at full resolution (metrics.h's bins, as text "bin:count bin:count").
// With the histogram kept whole, a rollup-served answer is the same as one summed from the
// captures themselves, percentiles included; only label and reply-text filters, and the
// partial hours at the ends of an unaligned time range, need the captures.
//
// The writer keeps them in the insert's own transaction (RollupBatch), one read and one
// write per distinct row a batch touches, never per capture. Rows are taken in key order and
// locked (FOR UPDATE on PostgreSQL), so two writers at once neither lose an update nor
// deadlock.
#include "base/result.h"
#include "store/filter.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>

namespace conform::store {
class Connection;
struct CaptureSummary;
}

namespace conform::store::detail {

inline constexpr std::int64_t kRollupMs = 3'600'000;

struct RollupKey
{
    std::int64_t hourMs = 0;
    std::string schemaHash, promptHash, provider, model, mode, source, caseKey;
    int outcome = 0, flags = 0, parseOkFirst = 0, firstTryValid = 0;

    auto tie() const
    {
        return std::tie(hourMs, schemaHash, promptHash, provider, model, mode, source, caseKey, outcome, flags, parseOkFirst, firstTryValid);
    }
    bool operator<(const RollupKey& other) const { return tie() < other.tie(); }
};

struct RollupSums
{
    std::int64_t n = 0, repairs = 0, tokensIn = 0, tokensOut = 0, tokensCached = 0;
    std::int64_t firstTokensIn = 0, firstTokensOut = 0, firstTokensCached = 0;
    std::map<int, std::int64_t> latencyBins;

    // Every sum above, in the order of the table's columns (n, repairs, tokens_in, ...).
    static constexpr std::int64_t RollupSums::*kSums[] = {&RollupSums::n, &RollupSums::repairs, &RollupSums::tokensIn,
                                                          &RollupSums::tokensOut, &RollupSums::tokensCached, &RollupSums::firstTokensIn,
                                                          &RollupSums::firstTokensOut, &RollupSums::firstTokensCached};

    void merge(const RollupSums& other);
};

// The histogram as the column holds it, bins ascending; and back (malformed pairs are
// skipped: a damaged row costs its percentiles, never the query).
std::string encodeLatency(const std::map<int, std::int64_t>& bins);
void decodeLatencyInto(std::string_view text, std::map<int, std::int64_t>& bins);

// The captures one insert transaction adds, summed per rollup row until flush().
class RollupBatch
{
public:
    void add(const CaptureSummary& capture, const std::string& caseKey, const std::string& source);
    void add(const RollupKey& key, const RollupSums& sums);
    // Merges every pending row into the table (inside the caller's transaction), then forgets them.
    Status flush(Connection& connection);
    void clear() { m_rows.clear(); }
    bool empty() const { return m_rows.empty(); }

private:
    std::map<RollupKey, RollupSums> m_rows;
};

// Rebuilds the rollups from the captures (the upgrade to store version 6).
Status backfillRollups(Connection& connection);

// Whether rollups can answer for `filter`: everything but labels, reply text, a cluster and
// keyset paging.
bool rollupsServe(const Filter& filter);

} // namespace conform::store::detail
