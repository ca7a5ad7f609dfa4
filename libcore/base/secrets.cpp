#include "base/secrets.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

extern char** environ;

namespace conform::secrets {

namespace {

using Values = std::vector<std::string>; // longest first, so a key inside a longer one is not cut

struct Registry
{
    std::mutex mutex;
    Values configured;
    std::deque<std::string> forwarded;
    std::shared_ptr<const Values> all = std::make_shared<Values>(); // what mask() reads
    std::atomic<bool> nonEmpty{false};
    bool environmentRead = false;
};

Registry& registry()
{
    static Registry r;
    return r;
}

bool endsWith(std::string_view text, std::string_view tail)
{
    return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}

// The value as it appears inside a JSON string, when that differs (a quote, a backslash).
std::string jsonForm(std::string_view value)
{
    const std::string quoted = dump(Json(std::string(value)));
    return quoted.substr(1, quoted.size() - 2);
}

// Called with the mutex held.
void publish(Registry& r)
{
    auto all = std::make_shared<Values>(r.configured);
    all->insert(all->end(), r.forwarded.begin(), r.forwarded.end());
    std::sort(all->begin(), all->end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    all->erase(std::unique(all->begin(), all->end()), all->end());
    r.nonEmpty = !all->empty();
    r.all = std::move(all);
}

void addForms(std::string_view value, const std::function<void(std::string)>& add)
{
    if (value.size() < kMinLength)
        return;
    add(std::string(value));
    if (std::string escaped = jsonForm(value); escaped != value)
        add(std::move(escaped));
}

// Called with the mutex held: the environment's *_API_KEY values, once.
void readEnvironment(Registry& r)
{
    if (r.environmentRead)
        return;
    r.environmentRead = true;
    for (char** entry = environ; entry && *entry; ++entry) {
        const std::string_view text(*entry);
        const std::size_t eq = text.find('=');
        if (eq != std::string_view::npos && endsWith(text.substr(0, eq), "_API_KEY"))
            addForms(text.substr(eq + 1), [&r](std::string v) {
                if (std::find(r.configured.begin(), r.configured.end(), v) == r.configured.end())
                    r.configured.push_back(std::move(v));
            });
    }
    publish(r);
}

std::shared_ptr<const Values> current()
{
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    readEnvironment(r);
    return r.all;
}

std::string replaceAll(std::string text, const std::string& from)
{
    // Resumes after the mark, so a value inside the mark cannot loop forever.
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + kMark.size()))
        text.replace(at, from.size(), kMark);
    return text;
}

std::string_view afterScheme(std::string_view value)
{
    const std::size_t space = value.find(' ');
    return space == std::string_view::npos ? std::string_view() : value.substr(space + 1);
}

} // namespace

void remember(std::string_view value)
{
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    readEnvironment(r);
    bool added = false;
    addForms(value, [&](std::string v) {
        if (std::find(r.configured.begin(), r.configured.end(), v) == r.configured.end()) {
            r.configured.push_back(std::move(v));
            added = true;
        }
    });
    if (added)
        publish(r);
}

bool isSecretHeader(std::string_view name)
{
    std::string n(name);
    for (char& c : n)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::string_view word : {"auth", "key", "token", "secret", "cookie", "pass", "signature", "credential"})
        if (n.find(word) != std::string::npos)
            return true;
    return false;
}

void rememberHeader(std::string_view name, std::string_view value)
{
    if (!isSecretHeader(name))
        return; // a request id or a trace parent would only push keys out of the window
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    readEnvironment(r);
    bool added = false;
    const auto add = [&](std::string v) {
        if (std::find(r.configured.begin(), r.configured.end(), v) != r.configured.end()
            || std::find(r.forwarded.begin(), r.forwarded.end(), v) != r.forwarded.end())
            return;
        r.forwarded.push_back(std::move(v));
        if (r.forwarded.size() > kMaxForwarded)
            r.forwarded.pop_front();
        added = true;
    };
    addForms(value, add);
    addForms(afterScheme(value), add);
    if (added)
        publish(r);
}

bool any()
{
    Registry& r = registry();
    if (!r.environmentRead) // set once, under the mutex; a stale false only costs the lock
        current();
    return r.nonEmpty.load(std::memory_order_relaxed);
}

std::string mask(std::string text)
{
    if (!any())
        return text;
    for (const std::string& value : *current())
        text = replaceAll(std::move(text), value);
    return text;
}

bool holdsAny(std::string_view text)
{
    if (!any())
        return false;
    for (const std::string& value : *current())
        if (text.find(value) != std::string_view::npos)
            return true;
    return false;
}

bool holdsAny(const Json& value)
{
    if (!any())
        return false;
    if (value.is_string())
        return holdsAny(std::string_view(value.get_ref<const std::string&>()));
    if (value.is_array())
        return std::any_of(value.begin(), value.end(), [](const Json& item) { return holdsAny(item); });
    if (value.is_object())
        for (auto it = value.begin(); it != value.end(); ++it)
            if (holdsAny(std::string_view(it.key())) || holdsAny(it.value()))
                return true;
    return false;
}

bool mask(Json& value)
{
    if (!any())
        return false;
    if (value.is_string()) {
        std::string& text = value.get_ref<std::string&>();
        if (!holdsAny(std::string_view(text)))
            return false;
        text = mask(std::move(text));
        return true;
    }
    if (value.is_array()) {
        bool changed = false;
        for (Json& item : value)
            changed = mask(item) || changed;
        return changed;
    }
    if (!value.is_object())
        return false;
    bool changed = false;
    bool keysHold = false;
    for (auto it = value.begin(); it != value.end(); ++it) {
        changed = mask(it.value()) || changed;
        keysHold = keysHold || holdsAny(std::string_view(it.key()));
    }
    if (keysHold) { // rare: rebuild the object with its keys masked, in order
        Json rebuilt = Json::object();
        for (auto it = value.begin(); it != value.end(); ++it)
            rebuilt[mask(it.key())] = std::move(it.value());
        value = std::move(rebuilt);
    }
    return changed || keysHold;
}

void forgetAllForTests()
{
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.configured.clear();
    r.forwarded.clear();
    r.environmentRead = false;
    r.all = std::make_shared<Values>();
    r.nonEmpty = false;
}

} // namespace conform::secrets
