// Host names for the "hostname" and "idn-hostname" formats (RFC 1123; IDNA2008, RFC 5890-5893),
// with the UTF-8 decoding and Punycode they need. Unicode properties come from small built-in
// range tables that approximate what IDNA2008 asks; tests/formats/known_failures.txt lists
// where they fall short. Hand-written forward scans, no allocation.
#include "schema/formats_idn.h"

#include <array>
#include <cstdint>
#include <initializer_list>

namespace conform::schema::detail {
namespace {

using Text = std::string_view;

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isAlnum(char c) { return isDigit(c) || isAlpha(c); }

} // namespace

// ---- Unicode: UTF-8, Punycode, the properties IDNA2008 asks about -------------------------

// Decodes one code point at s[i], advancing i; false on malformed, overlong or surrogate.
bool nextCodePoint(Text s, std::size_t& i, char32_t& cp)
{
    const auto b0 = static_cast<unsigned char>(s[i]);
    const int extra = b0 < 0x80 ? 0 : (b0 >> 5) == 6 ? 1 : (b0 >> 4) == 14 ? 2 : (b0 >> 3) == 30 ? 3 : -1;
    if (extra < 0 || i + extra >= s.size())
        return false;
    cp = extra == 0 ? b0 : b0 & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xC0) != 0x80)
            return false;
        cp = (cp << 6) | (b & 0x3F);
    }
    static constexpr char32_t minimum[] = {0, 0x80, 0x800, 0x10000};
    if (cp < minimum[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return false;
    i += extra + 1;
    return true;
}

struct Range { char32_t first, last; };

namespace {


bool inRanges(char32_t cp, std::initializer_list<Range> ranges)
{
    for (const Range& r : ranges)
        if (cp >= r.first && cp <= r.last)
            return true;
    return false;
}

// General categories Mn/Mc/Me, approximately. The Indic blocks share the ISCII layout, so
// one pattern of offsets covers them all.
bool isMark(char32_t cp)
{
    if (cp >= 0x0900 && cp <= 0x0DFF) {
        const char32_t o = cp & 0x7F;
        return o <= 0x03 || o == 0x3C || (o >= 0x3E && o <= 0x4D) || (o >= 0x51 && o <= 0x57)
            || o == 0x62 || o == 0x63;
    }
    return inRanges(cp, {{0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x05BF, 0x05BF},
        {0x05C1, 0x05C2}, {0x05C4, 0x05C5}, {0x05C7, 0x05C7}, {0x0610, 0x061A}, {0x064B, 0x065F},
        {0x0670, 0x0670}, {0x06D6, 0x06DC}, {0x06DF, 0x06E4}, {0x06E7, 0x06E8}, {0x06EA, 0x06ED},
        {0x0711, 0x0711}, {0x0730, 0x074A}, {0x07A6, 0x07B0}, {0x07EB, 0x07F3}, {0x0816, 0x082D},
        {0x08D3, 0x08FF}, {0x0E31, 0x0E31}, {0x0E34, 0x0E3A}, {0x0E47, 0x0E4E}, {0x0EB1, 0x0EB1},
        {0x0EB4, 0x0EBC}, {0x0EC8, 0x0ECD}, {0x0F18, 0x0F19}, {0x0F35, 0x0F35}, {0x0F37, 0x0F37},
        {0x0F39, 0x0F39}, {0x0F3E, 0x0F3F}, {0x0F71, 0x0F84}, {0x0F86, 0x0F87}, {0x0F8D, 0x0FBC},
        {0x102B, 0x103E}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x20D0, 0x20FF}, {0x302A, 0x302F},
        {0x3099, 0x309A}, {0xFE20, 0xFE2F}});
}

bool isVirama(char32_t cp)
{
    if (cp >= 0x0900 && cp <= 0x0D7F && (cp & 0x7F) == 0x4D)
        return true;
    return inRanges(cp, {{0x0D3B, 0x0D3C}, {0x0DCA, 0x0DCA}, {0x0E3A, 0x0E3A}, {0x0EBA, 0x0EBA},
        {0x0F84, 0x0F84}, {0x1039, 0x103A}, {0x1714, 0x1714}, {0x1734, 0x1734}, {0x17D2, 0x17D2},
        {0x1A60, 0x1A60}, {0x1B44, 0x1B44}, {0x1BAA, 0x1BAB}, {0x1BF2, 0x1BF3}, {0x2D7F, 0x2D7F},
        {0xA806, 0xA806}, {0xA8C4, 0xA8C4}, {0xA953, 0xA953}, {0xA9C0, 0xA9C0}, {0xAAF6, 0xAAF6}});
}

// Code points IDNA2008 disallows (or that are not NFKC-stable), approximately: controls,
// Latin-1 symbols, capitals of the common scripts, punctuation and symbol blocks,
// compatibility forms, private use, and RFC 5892's DISALLOWED exceptions.
bool isDisallowed(char32_t cp)
{
    if (cp < 0x80)
        return !isAlnum(static_cast<char>(cp)) && cp != '-';
    return inRanges(cp, {{0x0080, 0x00B6}, {0x00B8, 0x00BF}, {0x00C0, 0x00D6}, {0x00D7, 0x00DE},
        {0x00F7, 0x00F7}, {0x037E, 0x037E}, {0x0387, 0x0387}, {0x0391, 0x03A9}, {0x0410, 0x042F},
        {0x055A, 0x055F}, {0x0589, 0x058A}, {0x05BE, 0x05BE}, {0x05C0, 0x05C0}, {0x05C3, 0x05C3},
        {0x05C6, 0x05C6}, {0x0600, 0x060F}, {0x061B, 0x061F}, {0x0640, 0x0640}, {0x066A, 0x066A},
        {0x066D, 0x066D}, {0x06D4, 0x06D4}, {0x06DD, 0x06DE}, {0x06E9, 0x06E9}, {0x07FA, 0x07FA},
        {0x0964, 0x0965}, {0x0970, 0x0970}, {0x0E3F, 0x0E3F}, {0x0E4F, 0x0E4F}, {0x0E5A, 0x0E5B},
        {0x0F00, 0x0F0A}, {0x0F0C, 0x0F17}, {0x2000, 0x200B}, {0x200E, 0x2BFF}, {0x3000, 0x3004},
        {0x3008, 0x3029}, {0x302E, 0x3040}, {0x309B, 0x309C}, {0x30A0, 0x30A0}, {0xD800, 0xF8FF},
        {0xFB00, 0xFB1C}, {0xFE00, 0xFE1F}, {0xFE30, 0xFE6F}, {0xFF00, 0xFFFF}});
}

enum class Bidi { L, R, AL, AN, EN, ES, ON, BN, NSM };

// Bidi_Class, approximately: enough for RFC 5893 on letters, digits, marks and hyphen.
Bidi bidiClass(char32_t cp)
{
    if (cp >= '0' && cp <= '9')
        return Bidi::EN;
    if (cp == '-')
        return Bidi::ES;
    if (cp < 0x80)
        return Bidi::L;
    if (isMark(cp))
        return Bidi::NSM;
    if (cp == 0x200C || cp == 0x200D)
        return Bidi::BN;
    if (cp == 0x00B7 || cp == 0x0375 || cp == 0x30FB)
        return Bidi::ON;
    if (inRanges(cp, {{0x0660, 0x0669}, {0x066B, 0x066C}}))
        return Bidi::AN;
    if (inRanges(cp, {{0x06F0, 0x06F9}}))
        return Bidi::EN;
    if (inRanges(cp, {{0x0590, 0x05FF}, {0x07C0, 0x085F}, {0xFB1D, 0xFB4F}, {0x10800, 0x10FFF},
            {0x1E800, 0x1EFFF}}))
        return Bidi::R;
    if (inRanges(cp, {{0x0600, 0x07BF}, {0x0860, 0x08FF}, {0xFB50, 0xFDFF}, {0xFE70, 0xFEFF}}))
        return Bidi::AL;
    return Bidi::L;
}

// Arabic-script joining: dual-joining letters, and the right-joining ones among them.
bool isRightJoining(char32_t cp)
{
    return inRanges(cp, {{0x0622, 0x0625}, {0x0627, 0x0627}, {0x0629, 0x0629}, {0x062F, 0x0632},
        {0x0648, 0x0648}, {0x0671, 0x0673}, {0x0675, 0x0677}, {0x0688, 0x0699}, {0x06C0, 0x06C0},
        {0x06C3, 0x06CB}, {0x06CD, 0x06CD}, {0x06CF, 0x06CF}, {0x06D2, 0x06D3}});
}
bool isDualJoining(char32_t cp)
{
    return inRanges(cp, {{0x0620, 0x064A}, {0x066E, 0x06D3}, {0x06FA, 0x06FF}, {0x0710, 0x074F},
               {0x07CA, 0x07EA}})
        && !isRightJoining(cp);
}

// A label as code points. 64 is enough: a longer label cannot be a valid DNS label.
struct Label
{
    std::array<char32_t, 64> cp{};
    std::size_t n = 0;
    std::size_t aceLength = 0; // its length on the wire, as an A-label when not ASCII
    bool push(char32_t c) { return n < cp.size() ? (cp[n++] = c, true) : false; }
};

// ---- Punycode (RFC 3492) --------------------------------------------------------------------

constexpr std::uint32_t kBase = 36, kTMin = 1, kTMax = 26, kSkew = 38, kDamp = 700;

std::uint32_t adaptBias(std::uint32_t delta, std::uint32_t points, bool first)
{
    delta = first ? delta / kDamp : delta / 2;
    delta += delta / points;
    std::uint32_t k = 0;
    for (; delta > ((kBase - kTMin) * kTMax) / 2; k += kBase)
        delta /= kBase - kTMin;
    return k + (kBase - kTMin + 1) * delta / (delta + kSkew);
}

std::uint32_t threshold(std::uint32_t k, std::uint32_t bias)
{
    return k <= bias ? kTMin : k >= bias + kTMax ? kTMax : k - bias;
}

int punyDigit(char c)
{
    if (isDigit(c))
        return c - '0' + 26;
    if (isAlpha(c))
        return (c | 0x20) - 'a';
    return -1;
}

// Decodes the part after "xn--" into `out`; false on any malformed or overflowing input.
bool punycodeDecode(Text in, Label& out)
{
    const std::size_t dash = in.rfind('-');
    const std::size_t basic = dash == Text::npos ? 0 : dash;
    for (std::size_t k = 0; k < basic; ++k)
        if (!out.push(static_cast<unsigned char>(in[k])))
            return false;
    std::uint32_t n = 128, i = 0, bias = 72;
    for (std::size_t pos = basic > 0 ? basic + 1 : 0; pos < in.size();) {
        const std::uint32_t oldI = i;
        std::uint32_t w = 1;
        for (std::uint32_t k = kBase;; k += kBase) {
            const int digit = pos < in.size() ? punyDigit(in[pos++]) : -1;
            if (digit < 0 || std::uint32_t(digit) > (UINT32_MAX - i) / w)
                return false;
            i += digit * w;
            const std::uint32_t t = threshold(k, bias);
            if (std::uint32_t(digit) < t)
                break;
            if (w > UINT32_MAX / (kBase - t))
                return false;
            w *= kBase - t;
        }
        const auto points = static_cast<std::uint32_t>(out.n + 1);
        bias = adaptBias(i - oldI, points, oldI == 0);
        n += i / points;
        i %= points;
        if (n > 0x10FFFF || out.n == out.cp.size())
            return false;
        for (std::size_t k = out.n; k > i; --k)
            out.cp[k] = out.cp[k - 1];
        out.cp[i++] = n;
        ++out.n;
    }
    return true;
}

// Encodes `label` (RFC 3492), writing at most `room` characters through `emit`; returns the
// encoded length, or SIZE_MAX if it would not fit.
template <typename Emit>
std::size_t punycodeEncode(const Label& label, std::size_t room, Emit emit)
{
    std::size_t written = 0;
    auto put = [&](char c) { return written < room ? (emit(c), ++written, true) : false; };
    std::uint32_t basic = 0;
    for (std::size_t k = 0; k < label.n; ++k)
        if (label.cp[k] < 0x80 && (++basic, !put(static_cast<char>(label.cp[k]))))
            return SIZE_MAX;
    if (basic > 0 && !put('-'))
        return SIZE_MAX;
    std::uint32_t n = 128, delta = 0, bias = 72, handled = basic;
    while (handled < label.n) {
        char32_t m = 0x10FFFF;
        for (std::size_t k = 0; k < label.n; ++k)
            if (label.cp[k] >= n && label.cp[k] < m)
                m = label.cp[k];
        delta += (m - n) * (handled + 1);
        n = m;
        for (std::size_t k = 0; k < label.n; ++k) {
            if (label.cp[k] < n)
                ++delta;
            if (label.cp[k] != n)
                continue;
            std::uint32_t q = delta;
            for (std::uint32_t j = kBase;; j += kBase) {
                const std::uint32_t t = threshold(j, bias);
                if (q < t)
                    break;
                const std::uint32_t d = t + (q - t) % (kBase - t);
                if (!put(static_cast<char>(d < 26 ? 'a' + d : '0' + d - 26)))
                    return SIZE_MAX;
                q = (q - t) / (kBase - t);
            }
            if (!put(static_cast<char>(q < 26 ? 'a' + q : '0' + q - 26)))
                return SIZE_MAX;
            bias = adaptBias(delta, handled + 1, handled == basic);
            delta = 0;
            ++handled;
        }
        ++delta;
        ++n;
    }
    return written;
}

// ---- Host names (RFC 1123, IDNA2008: RFC 5890-5893) -----------------------------------------

bool isLabelSeparator(char32_t cp, bool idn)
{
    return cp == '.' || (idn && (cp == 0x3002 || cp == 0xFF0E || cp == 0xFF61));
}

// An "xn--" label: decodes, holds something non-ASCII and re-encodes to itself.
bool readAceLabel(Text ace, Label& out)
{
    if (!punycodeDecode(ace, out))
        return false;
    bool nonAscii = false;
    for (std::size_t k = 0; k < out.n; ++k)
        nonAscii = nonAscii || out.cp[k] >= 0x80;
    std::size_t at = 0;
    bool same = true;
    const std::size_t length = punycodeEncode(out, 59, [&](char c) {
        same = same && at < ace.size() && (ace[at] | 0x20) == (c | 0x20);
        ++at;
    });
    return nonAscii && same && length == ace.size();
}

// Reads one label at s[i..] up to a separator (left unconsumed) into `out`.
bool readLabel(Text s, std::size_t& i, bool idn, Label& out)
{
    const std::size_t first = i;
    bool ascii = true;
    while (i < s.size()) {
        std::size_t next = i;
        char32_t cp = 0;
        if (!nextCodePoint(s, next, cp) || (!idn && cp >= 0x80))
            return false;
        if (isLabelSeparator(cp, idn))
            break;
        if (!out.push(cp))
            return false;
        ascii = ascii && cp < 0x80;
        i = next;
    }
    const Text raw = s.substr(first, i - first);
    if (ascii && raw.size() >= 4 && (raw[0] | 0x20) == 'x' && (raw[1] | 0x20) == 'n' && raw[2] == '-'
        && raw[3] == '-') {
        out = Label{};
        out.aceLength = raw.size();
        return readAceLabel(raw.substr(4), out);
    }
    const std::size_t encoded = ascii ? raw.size() : punycodeEncode(out, 59, [](char) {});
    out.aceLength = ascii ? encoded : 4 + encoded;
    return out.n > 0 && encoded != SIZE_MAX && out.aceLength <= 63;
}

// RFC 5892 appendix A: the CONTEXTJ and CONTEXTO rules at position k.
bool zeroWidthNonJoinerOk(const Label& l, std::size_t k)
{
    if (k > 0 && isVirama(l.cp[k - 1]))
        return true;
    std::size_t before = k, after = k + 1;
    while (before > 0 && isMark(l.cp[before - 1]))
        --before;
    while (after < l.n && isMark(l.cp[after]))
        ++after;
    return before > 0 && isDualJoining(l.cp[before - 1]) && after < l.n
        && (isDualJoining(l.cp[after]) || isRightJoining(l.cp[after]));
}

bool contextOk(const Label& l, std::size_t k)
{
    const char32_t c = l.cp[k];
    const char32_t prev = k > 0 ? l.cp[k - 1] : 0, next = k + 1 < l.n ? l.cp[k + 1] : 0;
    switch (c) {
    case 0x200C: return zeroWidthNonJoinerOk(l, k);
    case 0x200D: return isVirama(prev);
    case 0x00B7: return prev == 'l' && next == 'l';
    case 0x0375: return inRanges(next, {{0x0370, 0x03FF}, {0x1F00, 0x1FFF}});
    case 0x05F3:
    case 0x05F4: return inRanges(prev, {{0x0590, 0x05FF}});
    case 0x30FB:
        for (std::size_t j = 0; j < l.n; ++j)
            if (l.cp[j] != 0x30FB && inRanges(l.cp[j], {{0x3040, 0x30FF}, {0x3400, 0x4DBF},
                                                            {0x4E00, 0x9FFF}, {0x20000, 0x2FFFF}}))
                return true;
        return false;
    default: return true;
    }
}

// RFC 5891 section 4.2 and RFC 5892: what every label must be, ASCII or not.
bool isValidLabel(const Label& l)
{
    if (l.n == 0 || l.cp[0] == '-' || l.cp[l.n - 1] == '-' || isMark(l.cp[0]))
        return false;
    if (l.n >= 4 && l.cp[2] == '-' && l.cp[3] == '-')
        return false;
    bool arabicIndic = false, extendedArabicIndic = false;
    for (std::size_t k = 0; k < l.n; ++k) {
        if (isDisallowed(l.cp[k]) || !contextOk(l, k))
            return false;
        arabicIndic = arabicIndic || inRanges(l.cp[k], {{0x0660, 0x0669}});
        extendedArabicIndic = extendedArabicIndic || inRanges(l.cp[k], {{0x06F0, 0x06F9}});
    }
    return !(arabicIndic && extendedArabicIndic);
}

bool isRtl(const Label& l)
{
    for (std::size_t k = 0; k < l.n; ++k) {
        const Bidi b = bidiClass(l.cp[k]);
        if (b == Bidi::R || b == Bidi::AL || b == Bidi::AN)
            return true;
    }
    return false;
}

// RFC 5893 section 2, for each label of a domain that has a right-to-left label.
bool bidiRuleOk(const Label& l)
{
    const Bidi first = bidiClass(l.cp[0]);
    if (first != Bidi::L && first != Bidi::R && first != Bidi::AL)
        return false;
    const bool rtl = first != Bidi::L;
    bool en = false, an = false;
    std::size_t end = l.n;
    while (end > 1 && bidiClass(l.cp[end - 1]) == Bidi::NSM)
        --end;
    for (std::size_t k = 0; k < l.n; ++k) {
        const Bidi b = bidiClass(l.cp[k]);
        en = en || b == Bidi::EN;
        an = an || b == Bidi::AN;
        if (!rtl && (b == Bidi::R || b == Bidi::AL || b == Bidi::AN))
            return false;
    }
    const Bidi last = bidiClass(l.cp[end - 1]);
    if (rtl)
        return !(en && an) && (last == Bidi::R || last == Bidi::AL || last == Bidi::EN || last == Bidi::AN);
    return last == Bidi::L || last == Bidi::EN;
}

} // namespace

bool isHostname(Text s, bool idn)
{
    if (s.empty())
        return false;
    std::size_t total = 0, i = 0;
    bool bidiDomain = false;
    for (bool more = true; more;) {
        Label label;
        if (!readLabel(s, i, idn, label) || !isValidLabel(label))
            return false;
        bidiDomain = bidiDomain || isRtl(label);
        total += label.aceLength + 1;
        more = i < s.size();
        if (more && !nextCodePoint(s, i, label.cp[0])) // step over the separator
            return false;
        if (more && i == s.size())
            return false; // a trailing separator
    }
    if (total - 1 > 253)
        return false;
    for (i = 0; bidiDomain && i < s.size();) {
        Label label;
        char32_t separator = 0;
        if (!readLabel(s, i, idn, label) || !bidiRuleOk(label))
            return false;
        if (i < s.size())
            nextCodePoint(s, i, separator);
    }
    return true;
}

} // namespace conform::schema::detail
