#pragma once
// Hexadecimal digits, as JSON's \uXXXX escapes, ECMA regexes and URI %XX triplets spell them.
#include <cstddef>
#include <string_view>

namespace conform {

// 0-15 for a hex digit, -1 for anything else.
constexpr int hexDigitValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The value of the four hex digits at text[at, at + 4), or -1 when they are not all there.
constexpr int readHex4(std::string_view text, std::size_t at)
{
    if (at > text.size() || text.size() - at < 4)
        return -1;
    int value = 0;
    for (std::size_t i = at; i < at + 4; ++i) {
        const int digit = hexDigitValue(text[i]);
        if (digit < 0)
            return -1;
        value = value * 16 + digit;
    }
    return value;
}

} // namespace conform
