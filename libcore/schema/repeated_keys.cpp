#include "schema/repeated_keys.h"

#include "base/message_text.h"

#include <algorithm>

namespace conform::schema::detail {
namespace {

constexpr std::size_t kPairwiseUpTo = 8; // past this, sorting beats comparing every pair
constexpr std::size_t kMaxWarnings = 100;

// The member keys of the object at `object`, in order.
void keysOf(TapeValue object, std::vector<std::string_view>& keys)
{
    keys.clear();
    for (TapeValue key = object.at(object.index + 1); key.type() != '}'; key.index = key.at(key.index + 1).after())
        keys.push_back(key.string());
}

bool repeats(TapeValue object)
{
    const std::size_t members = TapeAdapter::size(object);
    if (members < 2)
        return false;
    if (members <= kPairwiseUpTo) {
        std::string_view keys[kPairwiseUpTo];
        std::size_t n = 0;
        for (TapeValue key = object.at(object.index + 1); key.type() != '}'; key.index = key.at(key.index + 1).after()) {
            const std::string_view name = key.string();
            for (std::size_t i = 0; i < n; ++i)
                if (keys[i] == name)
                    return true;
            keys[n++] = name;
        }
        return false;
    }
    thread_local std::vector<std::string_view> keys;
    keysOf(object, keys);
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
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
    if (repeats(v)) {
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

bool hasRepeatedKey(TapeValue root)
{
    // Every object of the value lies between its first word and the word after it; numbers
    // take two words, everything else one.
    const std::size_t end = root.after();
    for (std::size_t i = root.index; i < end;) {
        const TapeValue v = root.at(i);
        const char type = v.type();
        if (type == '{' && repeats(v))
            return true;
        i += (type == 'l' || type == 'u' || type == 'd') ? 2 : 1;
    }
    return false;
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
