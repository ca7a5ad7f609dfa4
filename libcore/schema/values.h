#pragma once
// JSON equality and hashing as JSON Schema defines them (1 == 1.0, objects unordered), over
// any adapter and against compiled constants. Instances reach here at most json::kMaxDepth
// deep (checked before evaluation), so the recursion is bounded.
#include "schema/adapters.h"

#include <algorithm>
#include <functional>
#include <vector>

namespace conform::schema::detail {

inline bool sameNumber(double a, double b) { return a == b; }

template <typename A>
bool equalValues(typename A::Value a, typename A::Value b)
{
    const Kind ka = A::kind(a), kb = A::kind(b);
    const bool na = ka == Kind::Integer || ka == Kind::Number, nb = kb == Kind::Integer || kb == Kind::Number;
    if (na || nb) {
        if (!(na && nb))
            return false;
        if (!A::isFloat(a) && !A::isFloat(b) && !A::isUnsigned(a) && !A::isUnsigned(b))
            return A::int64(a) == A::int64(b);
        return A::number(a) == A::number(b);
    }
    if (ka != kb)
        return false;
    switch (ka) {
    case Kind::Null: return true;
    case Kind::Boolean: return A::boolean(a) == A::boolean(b);
    case Kind::String: return A::string(a) == A::string(b);
    case Kind::Array: {
        if (A::size(a) != A::size(b))
            return false;
        std::vector<typename A::Value> rhs;
        A::forEachItem(b, [&](std::size_t, typename A::Value v) { rhs.push_back(v); return true; });
        return A::forEachItem(a, [&](std::size_t i, typename A::Value v) { return equalValues<A>(v, rhs[i]); });
    }
    case Kind::Object: {
        if (A::size(a) != A::size(b))
            return false;
        return A::forEachMember(a, [&](std::string_view key, typename A::Value v) {
            typename A::Value other{};
            return A::member(b, key, other) && equalValues<A>(v, other);
        });
    }
    default: return false;
    }
}

// `a` (an instance value) equals the schema constant `j`.
template <typename A>
bool equalsJson(typename A::Value a, const Json& j)
{
    const Kind ka = A::kind(a);
    if (ka == Kind::Integer || ka == Kind::Number) {
        if (!j.is_number())
            return false;
        if (!A::isFloat(a) && !A::isUnsigned(a) && j.is_number_integer() && !j.is_number_unsigned())
            return A::int64(a) == j.get<std::int64_t>();
        return A::number(a) == j.get<double>();
    }
    switch (ka) {
    case Kind::Null: return j.is_null();
    case Kind::Boolean: return j.is_boolean() && A::boolean(a) == j.get<bool>();
    case Kind::String: return j.is_string() && A::string(a) == j.get_ref<const std::string&>();
    case Kind::Array: {
        if (!j.is_array() || A::size(a) != j.size())
            return false;
        return A::forEachItem(a, [&](std::size_t i, typename A::Value v) { return equalsJson<A>(v, j[i]); });
    }
    case Kind::Object: {
        if (!j.is_object() || A::size(a) != j.size())
            return false;
        return A::forEachMember(a, [&](std::string_view key, typename A::Value v) {
            auto it = j.find(key);
            return it != j.end() && equalsJson<A>(v, *it);
        });
    }
    default: return false;
    }
}

// Equal values hash equally (numbers by value, objects whatever their member order).
template <typename A>
std::size_t hashValue(typename A::Value a)
{
    const Kind k = A::kind(a);
    switch (k) {
    case Kind::Null: return 0x9e3779b9;
    case Kind::Boolean: return A::boolean(a) ? 0x51 : 0x17;
    case Kind::Integer:
    case Kind::Number: {
        const double d = A::number(a);
        return std::hash<double>{}(d == 0 ? 0.0 : d);
    }
    case Kind::String: return std::hash<std::string_view>{}(A::string(a));
    case Kind::Array: {
        std::size_t h = 0xa5;
        A::forEachItem(a, [&](std::size_t, typename A::Value v) {
            h = h * 1000003u ^ hashValue<A>(v);
            return true;
        });
        return h;
    }
    case Kind::Object: {
        std::size_t h = 0x0b;
        A::forEachMember(a, [&](std::string_view key, typename A::Value v) {
            h += std::hash<std::string_view>{}(key) * 31u ^ hashValue<A>(v);
            return true;
        });
        return h;
    }
    }
    return 0;
}

// Indexes of the first pair of equal items, or {-1,-1}. O(n log n) via hashes, so a hostile
// 100,000-item array does not take 5e9 comparisons.
template <typename A>
std::pair<long, long> firstDuplicate(typename A::Value array)
{
    // Short arrays (the usual case): pairwise, without allocating.
    constexpr std::size_t kSmall = 16;
    if (A::size(array) <= kSmall) {
        typename A::Value items[kSmall]{};
        std::size_t count = 0;
        A::forEachItem(array, [&](std::size_t, typename A::Value v) { items[count++] = v; return true; });
        for (std::size_t j = 1; j < count; ++j)
            for (std::size_t i = 0; i < j; ++i)
                if (equalValues<A>(items[i], items[j]))
                    return {long(i), long(j)};
        return {-1, -1};
    }
    std::vector<std::pair<std::size_t, std::size_t>> hashed; // (hash, index)
    std::vector<typename A::Value> items;
    A::forEachItem(array, [&](std::size_t i, typename A::Value v) {
        hashed.emplace_back(hashValue<A>(v), i);
        items.push_back(v);
        return true;
    });
    std::sort(hashed.begin(), hashed.end());
    std::pair<long, long> best{-1, -1};
    for (std::size_t i = 0; i < hashed.size(); ++i)
        for (std::size_t j = i + 1; j < hashed.size() && hashed[j].first == hashed[i].first; ++j)
            if (equalValues<A>(items[hashed[i].second], items[hashed[j].second])) {
                std::pair<long, long> found{long(std::min(hashed[i].second, hashed[j].second)),
                                            long(std::max(hashed[i].second, hashed[j].second))};
                if (best.first < 0 || found.second < best.second)
                    best = found;
                break; // the pair with the nearest later twin is enough for this item
            }
    return best;
}

} // namespace conform::schema::detail
