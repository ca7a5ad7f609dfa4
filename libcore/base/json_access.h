#pragma once
// Reading a JSON document of unknown shape (a request, a span, a batch line) without
// exceptions or insertions: a missing member is null, a non-string is "".
//
//   const std::string model = stringOf(member(member(body, "response"), "model"));
#include "base/json.h"

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

} // namespace conform
