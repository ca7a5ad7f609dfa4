#pragma once
// Reading a JSON document of unknown shape (a request, a span, a batch line) without
// exceptions or insertions: a missing member is null, a non-string is "".
//
//   const std::string model = stringOf(member(member(body, "response"), "model"));
#include "base/json.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace conform {

// `object[key]` for reading: null when `object` is not an object or has no such key.
inline const Json& member(const Json& object, const char* key)
{
    static const Json none;
    if (!object.is_object())
        return none;
    const auto it = object.find(key);
    return it == object.end() ? none : *it;
}

// The string `value` holds, or "" when it holds anything else.
inline std::string stringOf(const Json& value)
{
    return value.is_string() ? value.get<std::string>() : std::string();
}

// A token count as an upstream or a record reports it: a whole number from 0 to 2^53 (the
// integers a double, so JSON.parse, holds exactly), given as a number or, as OpenTelemetry's
// JSON encoding gives 64-bit integers, as a string of digits. 0 when absent or null; -1
// (unknown) for anything else: 2^64-1, 1e22, -5, 2.5 are never wrapped or cut into a count.
inline constexpr std::int64_t kUnknownTokens = -1;
inline std::int64_t tokenCount(const Json& value)
{
    constexpr std::uint64_t kMax = std::uint64_t(1) << 53;
    if (value.is_null())
        return 0;
    if (value.is_number_unsigned())
        return value.get<std::uint64_t>() <= kMax ? static_cast<std::int64_t>(value.get<std::uint64_t>()) : kUnknownTokens;
    if (value.is_number_integer()) {
        const std::int64_t n = value.get<std::int64_t>();
        return n >= 0 && std::uint64_t(n) <= kMax ? n : kUnknownTokens;
    }
    if (value.is_number_float()) {
        const double d = value.get<double>();
        return d >= 0 && d <= double(kMax) && d == double(static_cast<std::int64_t>(d)) ? static_cast<std::int64_t>(d) : kUnknownTokens;
    }
    if (value.is_string()) {
        const std::string& text = value.get_ref<const std::string&>();
        if (text.empty() || text.size() > 16 || text.find_first_not_of("0123456789") != std::string::npos)
            return kUnknownTokens;
        const auto n = std::strtoull(text.c_str(), nullptr, 10);
        return n <= kMax ? static_cast<std::int64_t>(n) : kUnknownTokens;
    }
    return kUnknownTokens;
}

} // namespace conform
