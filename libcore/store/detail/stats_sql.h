#pragma once
// Internal to the store: how `stats` groups a million captures fast. Sorting rows by text
// keys is what costs a database most in a GROUP BY, so the group (its --by values), the time
// bucket and the latency bin are packed into one integer: the distinct values of each --by
// field are read first (cheap, often from an index) and numbered, a CASE expression maps
// each row's text to its number, and the database groups by the single integer. The key's
// low bits also carry the row's outcome, its first three flags and tokens_unknown, and its first-try facts, so
// the database sums five columns instead of fourteen (a fifth less time per million rows).
#include "base/result.h"

#include <QString>
#include <QVariantList>

#include <cstdint>
#include <string>
#include <vector>

namespace conform::store::detail {

inline constexpr int kFactBits = 9;     // outcome (3), truncated/refused/transport_error/tokens_unknown (4), parsed and valid first (2)
inline constexpr int kBinBits = 14;     // latency bins stay below 2^14 (latencies up to 2^40 ms)
inline constexpr int kBucketBits = 21;  // hours since 1970 stay below 2^21 until the year 2209
inline constexpr std::int64_t kMaxGroups = std::int64_t(1) << (63 - kFactBits - kBinBits - kBucketBits);

struct PackedGrouping
{
    std::vector<std::string> expressions;           // per --by field, its column over `captures c`
    std::vector<std::vector<std::string>> values;   // per field, its distinct values, numbered in order

    // The integer expression numbering a row's group (the values are written in as literals).
    QString groupSql() const;
    bool groupable() const; // false when a value holds NUL, which no SQL literal can

    std::int64_t groupCount() const;
    // The --by values of a group number.
    std::vector<std::string> decode(std::int64_t group) const;
};

// The expression of the whole key: group, then bucket (when `bucketMs` > 0), bin, facts.
QString packedKeySql(const PackedGrouping& grouping, std::int64_t bucketMs);
struct UnpackedKey
{
    std::int64_t group = 0, bucket = 0;
    int bin = 0;
    int outcome = 0, flags = 0; // flags: FlagBit values, kKeyFlags only
    bool parsedFirst = false, validFirst = false;
};
UnpackedKey unpackKey(std::int64_t key);
// The flags a key carries: what the figures count (the others are filters only).
inline constexpr int kKeyFlags = 1 | 2 | 4 | 32; // Truncated, Refused, TransportError, TokensUnknown

} // namespace conform::store::detail
