// JsonWriter: compact JSON text into one buffer, escaped and formatted as nlohmann's dump.
#include "json/json_writer.h"

#include "json/text.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace conform::json {
namespace {

// What a byte below 0x80 needs: 0 nothing, else the letter after the backslash ('u' for \u00XX).
constexpr std::array<char, 128> kEscape = [] {
    std::array<char, 128> table{};
    for (int c = 0; c < 0x20; ++c)
        table[c] = 'u';
    table['\b'] = 'b';
    table['\t'] = 't';
    table['\n'] = 'n';
    table['\f'] = 'f';
    table['\r'] = 'r';
    table['"'] = '"';
    table['\\'] = '\\';
    return table;
}();

void appendEscape(std::string& out, unsigned char c)
{
    static constexpr char kHex[] = "0123456789abcdef"; // nlohmann prints \u001f in lower case
    const char letter = kEscape[c];
    out += '\\';
    out += letter;
    if (letter == 'u') {
        out += "00";
        out += kHex[c >> 4];
        out += kHex[c & 0xF];
    }
}

// Whether the eight bytes at `p` are plain ASCII that needs no escape (no control character,
// quote or backslash): most of a string, passed over a word at a time.
bool plainWord(const char* p)
{
    constexpr std::uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    std::uint64_t x = 0;
    std::memcpy(&x, p, sizeof x);
    const auto hasByteBelow = [&](std::uint64_t v, std::uint64_t n) { return (v - ones * n) & ~v & high; };
    const std::uint64_t quote = x ^ (ones * '"'), backslash = x ^ (ones * '\\');
    return ((x & high) | hasByteBelow(x, 0x20) | hasByteBelow(quote, 1) | hasByteBelow(backslash, 1)) == 0;
}

// What appendPlainQuoted() takes in one piece.
constexpr std::size_t kShortString = 120;

// Plain ASCII throughout, with no byte to escape.
bool needsNoEscape(std::string_view s)
{
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8)
        if (!plainWord(s.data() + i))
            return false;
    for (; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80 || kEscape[c])
            return false;
    }
    return true;
}

// Escapes valid UTF-8; returns false (having appended part of it) at the first invalid byte.
bool appendEscapedUtf8(std::string& out, std::string_view s)
{
    std::size_t run = 0; // start of the bytes not yet copied
    for (std::size_t i = 0; i < s.size();) {
        if (i + 8 <= s.size() && plainWord(s.data() + i)) {
            i += 8;
            continue;
        }
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            if (kEscape[c]) {
                out.append(s.data() + run, i - run);
                appendEscape(out, c);
                run = i + 1;
            }
            ++i;
            continue;
        }
        const int n = text::utf8SequenceAt(s, i);
        if (n <= 0)
            return false;
        i += static_cast<std::size_t>(n);
    }
    out.append(s.data() + run, s.size() - run);
    return true;
}

template <typename Integer>
void appendInteger(std::string& out, Integer n)
{
    char digits[24];
    const char* end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out.append(digits, std::size_t(end - digits));
}

} // namespace

void appendQuoted(std::string& out, char lead, std::string_view s, char trail)
{
    if (s.size() <= kShortString && needsNoEscape(s)) {
        appendPlainQuoted(out, lead, s, trail);
        return;
    }
    if (lead)
        out += lead;
    appendQuoted(out, s);
    if (trail)
        out += trail;
}

void appendQuoted(std::string& out, std::string_view s)
{
    const std::size_t start = out.size();
    out += '"';
    if (appendEscapedUtf8(out, s)) {
        out += '"';
        return;
    }
    // Invalid UTF-8 is rare (raw bytes in a fix log); nlohmann's own rules for where each
    // U+FFFD goes are the reference, so it writes the whole string.
    out.resize(start);
    out += conform::dump(Json(std::string(s)));
}

void JsonWriter::boolean(bool b)
{
    separate();
    m_out += b ? "true" : "false";
}

void JsonWriter::null()
{
    separate();
    m_out += "null";
}

void JsonWriter::integer(std::int64_t n)
{
    separate();
    appendInteger(m_out, n);
}

void JsonWriter::unsignedInteger(std::uint64_t n)
{
    separate();
    appendInteger(m_out, n);
}

void JsonWriter::number(double d)
{
    separate();
    if (!std::isfinite(d)) {
        m_out += "null";
        return;
    }
    char digits[64];
    const char* end = nlohmann::detail::to_chars(digits, digits + sizeof digits, d);
    m_out.append(digits, std::size_t(end - digits));
}

void JsonWriter::value(const Json& v)
{
    switch (v.type()) {
    case Json::value_t::object:
        beginObject();
        for (const auto& [name, item] : v.items()) {
            key(name);
            value(item);
        }
        endObject();
        return;
    case Json::value_t::array:
        beginArray();
        for (const auto& item : v)
            value(item);
        endArray();
        return;
    case Json::value_t::string: string(v.get_ref<const std::string&>()); return;
    case Json::value_t::boolean: boolean(v.get<bool>()); return;
    case Json::value_t::number_integer: integer(v.get<std::int64_t>()); return;
    case Json::value_t::number_unsigned: unsignedInteger(v.get<std::uint64_t>()); return;
    case Json::value_t::number_float: number(v.get<double>()); return;
    case Json::value_t::null: null(); return;
    default: // binary and discarded never come from JSON text
        separate();
        m_out += conform::dump(v);
        return;
    }
}

} // namespace conform::json
