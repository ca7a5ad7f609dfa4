#include "json/text.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace conform::json::text {

Mark markAt(std::string_view text, std::size_t at, bool* incomplete)
{
    if (incomplete)
        *incomplete = false;
    if (static_cast<unsigned char>(text[at]) != 0xE2)
        return Mark::None;
    if (at + 3 > text.size()) {
        // Only a prefix is here; say so when it could still become a mark.
        const bool prefix = at + 1 >= text.size() || static_cast<unsigned char>(text[at + 1]) == 0x80;
        if (incomplete)
            *incomplete = prefix;
        return Mark::None;
    }
    if (static_cast<unsigned char>(text[at + 1]) != 0x80)
        return Mark::None;
    switch (static_cast<unsigned char>(text[at + 2])) {
    case 0x9C: return Mark::LeftDouble;
    case 0x9D: return Mark::RightDouble;
    case 0x98: return Mark::LeftSingle;
    case 0x99: return Mark::RightSingle;
    case 0xA6: return Mark::Ellipsis;
    default: return Mark::None;
    }
}

int unicodeSpaceAt(std::string_view text, std::size_t at)
{
    if (!mayBeUnicodeSpace(text[at]))
        return 0;
    static constexpr std::string_view spaces[] = {
        "\xC2\xA0",     "\xC2\x85",     "\xE1\x9A\x80", "\xE1\xA0\x8E", "\xE2\x80\x80", "\xE2\x80\x81",
        "\xE2\x80\x82", "\xE2\x80\x83", "\xE2\x80\x84", "\xE2\x80\x85", "\xE2\x80\x86", "\xE2\x80\x87",
        "\xE2\x80\x88", "\xE2\x80\x89", "\xE2\x80\x8A", "\xE2\x80\x8B", "\xE2\x80\xA8", "\xE2\x80\xA9",
        "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80"};
    const std::string_view rest = text.substr(at, 3);
    bool prefix = false;
    for (std::string_view space : spaces) {
        if (rest.starts_with(space))
            return static_cast<int>(space.size());
        prefix = prefix || (rest.size() < space.size() && space.starts_with(rest));
    }
    return prefix ? -1 : 0; // a prefix that could still become a space
}

int utf8SequenceAt(std::string_view text, std::size_t at)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    int length = 0;
    std::uint32_t min = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        min = 0x80;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        min = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    std::uint32_t cp = lead & (0x7F >> length);
    for (int i = 1; i < length; ++i) {
        if (at + i >= text.size())
            return -1;
        if ((byte(at + i) & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (byte(at + i) & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return length;
}

void appendUtf8(std::string& out, std::uint32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

std::string sanitizeUtf8(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        if (static_cast<unsigned char>(s[i]) < 0x80) {
            out += s[i++];
            continue;
        }
        const int n = utf8SequenceAt(s, i);
        if (n > 0) {
            out.append(s, i, static_cast<std::size_t>(n));
            i += static_cast<std::size_t>(n);
        } else {
            out += kReplacement;
            ++i;
        }
    }
    return out;
}

std::size_t jsonNumberLength(std::string_view s)
{
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        return i > from;
    };
    if (i < s.size() && s[i] == '-')
        ++i;
    if (i < s.size() && s[i] == '0')
        ++i;
    else if (!digits())
        return 0;
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits())
            return 0;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            ++i;
        if (!digits())
            return 0;
    }
    return i;
}

std::size_t findStringSpecial(std::string_view text, std::size_t from, char a, char b, bool high)
{
    const char* const data = text.data();
    const std::size_t size = text.size();
    std::size_t i = from;
#if defined(__SSE2__)
    const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), backslash = _mm_set1_epi8('\\');
    // Signed, a byte >= 0x80 is below 0x20 too; unsigned compares flip the sign bit first.
    const __m128i flip = _mm_set1_epi8(high ? 0 : char(0x80));
    const __m128i below = _mm_set1_epi8(high ? char(0x20) : char(0x20 ^ 0x80));
    for (; i + 16 <= size; i += 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
        const __m128i quotes = _mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vb));
        const __m128i hit = _mm_or_si128(_mm_or_si128(quotes, _mm_cmpeq_epi8(x, backslash)),
                                         _mm_cmplt_epi8(_mm_xor_si128(x, flip), below));
        if (const int mask = _mm_movemask_epi8(hit); mask != 0)
            return i + std::size_t(__builtin_ctz(unsigned(mask)));
    }
#endif
    for (; i < size; ++i) {
        const auto u = static_cast<unsigned char>(data[i]);
        if (data[i] == a || data[i] == b || data[i] == '\\' || u < 0x20 || (high && u >= 0x80))
            return i;
    }
    return size;
}

OpenerCount countOpeners(std::string_view text)
{
    OpenerCount count;
    std::size_t i = 0;
#if defined(__SSE2__)
    // Counted in byte lanes (a match is -1, subtracted), summed every 255 steps before a lane
    // could wrap; backslashes are or-ed together and looked at once.
    const __m128i brace = _mm_set1_epi8('{'), bracket = _mm_set1_epi8('['), slash = _mm_set1_epi8('\\');
    const __m128i zero = _mm_setzero_si128();
    __m128i slashes = zero;
    while (i + 16 <= text.size()) {
        __m128i lanes = zero;
        for (int step = 0; step < 255 && i + 16 <= text.size(); ++step, i += 16) {
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
            lanes = _mm_sub_epi8(lanes, _mm_or_si128(_mm_cmpeq_epi8(x, brace), _mm_cmpeq_epi8(x, bracket)));
            slashes = _mm_or_si128(slashes, _mm_cmpeq_epi8(x, slash));
        }
        const __m128i sums = _mm_sad_epu8(lanes, zero);
        count.openers += std::size_t(_mm_cvtsi128_si32(sums)) + std::size_t(_mm_extract_epi16(sums, 4));
    }
    count.backslash = _mm_movemask_epi8(slashes) != 0;
#endif
    for (; i < text.size(); ++i) {
        count.openers += text[i] == '{' || text[i] == '[' ? 1 : 0;
        count.backslash = count.backslash || text[i] == '\\';
    }
    return count;
}

} // namespace conform::json::text
