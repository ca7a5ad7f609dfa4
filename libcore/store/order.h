#pragma once
// How a list of captures is ordered, and where its next page starts. Pages are keyset-paged
// on (sort key, created_at, seq): the next page starts after the last row's values, so the
// millionth row is as quick to reach as the first, and every sort key has an index that
// reads in that order (migration 3). Ties fall newest first when descending.
//
//   store::Order order{store::SortKey::Latency, /*descending=*/true};
//   auto page = store->page(filter, order, std::nullopt, 200);  // page->next: where to go on
#include "store/capture.h"

#include <QVariant>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace conform::store {

enum class SortKey { Time, Outcome, Provider, Model, Mode, Attempts, Repairs, Latency, Tokens };

struct Order
{
    // QA's default: failed first (outcome codes rise from valid to failed), newest first.
    SortKey key = SortKey::Outcome;
    bool descending = true;
};

// The sort values of the last row read; the next page starts after it.
struct Cursor
{
    QVariant key;            // the sort key's value (unused for SortKey::Time)
    std::int64_t createdAtMs = 0;
    std::int64_t seq = 0;
};

struct CapturePage
{
    std::vector<CaptureSummary> rows;
    std::optional<Cursor> next; // set when the page was full: more may follow
};

// "latency" for SortKey::Latency and back (settings and tests name keys this way).
std::string_view sortKeyName(SortKey key);
std::optional<SortKey> sortKeyNamed(std::string_view name);

} // namespace conform::store
