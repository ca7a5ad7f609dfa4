// Repeated keys on a simdjson tape: a cheap test per object, exact comparison only where it
// fails, and the warnings, which only a text that has a repeat pays for.
#include "schema/repeated_keys.h"

#include "base/message_text.h"

#include <algorithm>
#include <cstring>

namespace conform::schema::detail {
namespace {

constexpr std::size_t kMaxWarnings = 100;

// The member keys of the object at `object`, in order.
void keysOf(TapeValue object, std::vector<std::string_view>& keys)
{
    keys.clear();
    for (TapeValue key = object.at(object.index + 1); key.type() != '}'; key.index = key.at(key.index + 1).after())
        keys.push_back(key.string());
}

// A key with a word made of its length and its first and last 8 bytes: equal keys have equal
// words, different keys of one object seldom do.
struct Signed
{
    std::uint64_t word;
    std::string_view key;
    bool operator<(const Signed& other) const { return word < other.word; }
};

std::uint64_t signatureOf(std::string_view key)
{
    std::uint64_t head = 0, tail = 0;
    std::memcpy(&head, key.data(), std::min<std::size_t>(key.size(), 8));
    if (key.size() > 8)
        std::memcpy(&tail, key.data() + key.size() - 8, 8);
    return (head ^ (tail << 1 | tail >> 63)) * 0x9E3779B97F4A7C15ull + key.size();
}

// Keys by their words in a small open-addressing table: one probe per key, nearly always.
// An object's entries carry its number, so the table is never cleared.
struct KeyTable
{
    static constexpr std::size_t kSlots = 64;
    static constexpr std::size_t kMostKeys = 40; // more: sort instead
    std::uint32_t owner[kSlots] = {};
    Signed entries[kSlots];
    std::uint32_t object = 0;

    bool repeats(TapeValue first)
    {
        ++object;
        for (TapeValue key = first; key.type() != '}'; key.index = key.at(key.index + 1).after()) {
            const std::string_view name = key.string();
            const std::uint64_t word = signatureOf(name);
            std::size_t slot = word >> 58;
            for (; owner[slot] == object; slot = (slot + 1) % kSlots)
                if (entries[slot].word == word && entries[slot].key == name)
                    return true;
            owner[slot] = object;
            entries[slot] = {word, name};
        }
        return false;
    }
};

// Large objects: sorted words, equal keys then stand in one run of equal words.
bool repeatsSorted(TapeValue object)
{
    thread_local std::vector<Signed> signedKeys;
    signedKeys.clear();
    for (TapeValue key = object.at(object.index + 1); key.type() != '}'; key.index = key.at(key.index + 1).after()) {
        const std::string_view name = key.string();
        signedKeys.push_back({signatureOf(name), name});
    }
    std::sort(signedKeys.begin(), signedKeys.end());
    for (std::size_t i = 1; i < signedKeys.size(); ++i)
        for (std::size_t j = i; j > 0 && signedKeys[j - 1].word == signedKeys[i].word; --j)
            if (signedKeys[j - 1].key == signedKeys[i].key)
                return true;
    return false;
}

// True when no two keys share a length and a first byte: most objects, cleared with a bit
// per key. Otherwise the keys are compared in earnest.
bool surelyDistinct(TapeValue first)
{
    std::uint64_t seen = 0;
    for (TapeValue key = first; key.type() != '}'; key.index = key.at(key.index + 1).after()) {
        const std::string_view name = key.string();
        const std::uint64_t bit = 1ull << ((name.size() * 7 + (name.empty() ? 0 : std::uint8_t(name[0]))) & 63);
        if (seen & bit)
            return false;
        seen |= bit;
    }
    return true;
}

bool repeats(TapeValue object, KeyTable& table)
{
    const std::size_t members = TapeAdapter::size(object);
    if (members < 2)
        return false;
    if (members <= 8 && surelyDistinct(object.at(object.index + 1)))
        return false;
    return members <= KeyTable::kMostKeys ? table.repeats(object.at(object.index + 1)) : repeatsSorted(object);
}

// Depth-first, in document order; `path` is where `v` is.
void collect(TapeValue v, Path& path, std::vector<Warning>& out)
{
    if (out.size() >= kMaxWarnings)
        return;
    if (v.type() == '[') {
        std::size_t i = 0;
        for (TapeValue item = v.at(v.index + 1); item.type() != ']'; item.index = item.after()) {
            path.emplace_back(i++);
            collect(item, path, out);
            path.pop_back();
        }
        return;
    }
    if (v.type() != '{')
        return;
    std::vector<std::string_view> keys; // filled when the object repeats a key
    if (KeyTable table; repeats(v, table)) {
        keysOf(v, keys);
        for (std::size_t i = 0; i < keys.size() && out.size() < kMaxWarnings; ++i) {
            if (std::find(keys.begin(), keys.begin() + std::ptrdiff_t(i), keys[i]) != keys.begin() + std::ptrdiff_t(i))
                continue; // counted at its first appearance
            const auto times = std::count(keys.begin() + std::ptrdiff_t(i), keys.end(), keys[i]);
            if (times > 1)
                out.push_back({path, "key \"" + escapeForMessage(std::string(keys[i])) + "\" appears " + std::to_string(times)
                                         + " times; the last value is used, as JSON.parse does"});
        }
    }
    std::size_t i = 0;
    for (TapeValue key = v.at(v.index + 1); key.type() != '}'; key.index = key.at(key.index + 1).after(), ++i) {
        if (!keys.empty() && std::find(keys.begin() + std::ptrdiff_t(i) + 1, keys.end(), keys[i]) != keys.end())
            continue; // a value JSON.parse drops: what it holds is never judged
        path.emplace_back(std::string(key.string()));
        collect(key.at(key.index + 1), path, out);
        path.pop_back();
    }
}

} // namespace

namespace {

// One visit of every value: an object's keys are checked as its members are passed, and
// only containers are entered (a scalar costs its type and its width).
bool anyRepeat(TapeValue v, KeyTable& table)
{
    if (v.type() == '[') {
        for (TapeValue item = v.at(v.index + 1); item.type() != ']'; item.index = item.after())
            if ((item.type() == '{' || item.type() == '[') && anyRepeat(item, table))
                return true;
        return false;
    }
    if (repeats(v, table))
        return true;
    for (TapeValue key = v.at(v.index + 1); key.type() != '}'; key.index = key.at(key.index + 1).after()) {
        const TapeValue value = key.at(key.index + 1);
        if ((value.type() == '{' || value.type() == '[') && anyRepeat(value, table))
            return true;
    }
    return false;
}

} // namespace

bool hasRepeatedKey(TapeValue root)
{
    if (root.type() != '{' && root.type() != '[')
        return false;
    KeyTable table;
    return anyRepeat(root, table);
}

std::vector<Warning> repeatedKeyWarnings(TapeValue root)
{
    std::vector<Warning> out;
    if (!hasRepeatedKey(root))
        return out;
    Path path;
    collect(root, path, out);
    return out;
}

} // namespace conform::schema::detail
