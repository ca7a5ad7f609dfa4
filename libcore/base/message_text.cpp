#include "base/message_text.h"

#include <cmath>
#include <iterator>

namespace conform {
namespace {

// The length of the valid UTF-8 sequence starting at s[at] (its lead byte >= 0x80), else 0:
// overlong forms, surrogates and code points past U+10FFFF are invalid.
std::size_t sequenceAt(std::string_view s, std::size_t at)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char lead = byte(at);
    const std::size_t length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
    if (length == 0 || at + length > s.size())
        return 0;
    std::uint32_t cp = lead & (0x7F >> length);
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (byte(at + i) & 0x3F);
    }
    const std::uint32_t least = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
    if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return length;
}

} // namespace

std::string escapeForMessage(std::string_view s)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto byte = static_cast<unsigned char>(s[i]);
        const std::size_t length = byte < 0x80 ? (byte >= 0x20 && byte != 0x7F) || byte == '\t' : sequenceAt(s, i);
        if (length > 0) {
            out.append(s, i, length);
            i += length;
            continue;
        }
        out += "\\x";
        out += kHex[byte >> 4];
        out += kHex[byte & 0xF];
        ++i;
    }
    return out;
}

std::string byteSize(std::uint64_t bytes)
{
    if (bytes < 1024)
        return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    static constexpr const char* kUnits[] = {"KB", "MB", "GB", "TB"};
    double value = static_cast<double>(bytes) / 1024;
    std::size_t unit = 0;
    while (value >= 1024 && unit + 1 < std::size(kUnits)) {
        value /= 1024;
        ++unit;
    }
    // One decimal below 10 ("1.2 KB"), none above ("32 MB", "200 MB"); a whole number keeps none.
    const long long tenths = std::llround(value * 10);
    std::string shown = tenths < 100 && tenths % 10 != 0 ? std::to_string(tenths / 10) + "." + std::to_string(tenths % 10)
                                                         : std::to_string(std::llround(value));
    return shown + " " + kUnits[unit];
}

} // namespace conform
