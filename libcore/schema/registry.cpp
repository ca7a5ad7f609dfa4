#include "schema/compiler.h"
#include "schema/metaschemas.h"
#include "schema/uri.h"

#include "schema/schema_folder.h"

#include "json/parse.h"

#include <map>
#include <mutex>
#include <utility>

namespace conform::schema {

struct Registry::Data
{
    mutable std::mutex mutex;
    std::map<std::string, std::shared_ptr<const Json>> documents; // URI without fragment
    // The metaschemas, read when first asked for: most runs never ask, and reading them all
    // was a quarter of a short `conform-cli validate`. Their "$id" is their URI.
    std::map<std::string, std::string_view, std::less<>> unread;
    std::vector<std::shared_ptr<const Json>> kept; // every document ever added: pointers stay valid
    detail::SchemaFolder folder;                    // empty: a registry of added documents only
    std::vector<Error>* problems = nullptr;         // the folder's read failures, when asked for
};

namespace {
std::string key(const std::string& uri)
{
    return std::string(uri::withoutFragment(uri));
}

thread_local std::string t_lastFailure;
} // namespace

namespace detail {
std::string takeRegistryFailure()
{
    return std::exchange(t_lastFailure, std::string());
}
} // namespace detail

Registry::Registry() : d(std::make_unique<Data>())
{
    for (const auto& embedded : detail::embeddedMetaschemas())
        d->unread.emplace(std::string(embedded.uri), embedded.text);
}

Registry::~Registry() = default;
Registry::Registry(Registry&&) noexcept = default;
Registry& Registry::operator=(Registry&&) noexcept = default;

std::string idOf(const Json& schema)
{
    if (!schema.is_object())
        return {};
    const auto id = schema.find("$id");
    return id != schema.end() && id->is_string() ? id->get<std::string>() : std::string();
}

void Registry::add(const std::string& uri, Json document)
{
    auto shared = std::make_shared<const Json>(std::move(document));
    const std::lock_guard lock(d->mutex);
    d->kept.push_back(shared);
    if (const std::string id = idOf(*shared); !id.empty())
        d->documents[key(uri::resolve(uri, id))] = shared;
    d->documents[key(uri)] = shared;
}

const Json* Registry::find(const std::string& uri) const
{
    const std::string wanted = key(uri);
    const std::lock_guard lock(d->mutex);
    if (auto it = d->documents.find(wanted); it != d->documents.end())
        return it->second.get();
    if (auto it = d->unread.find(wanted); it != d->unread.end()) {
        auto parsed = json::parseStrict(it->second);
        d->unread.erase(it);
        if (!parsed)
            return nullptr;
        auto shared = std::make_shared<const Json>(std::move(parsed.value()));
        d->kept.push_back(shared);
        d->documents.emplace(wanted, shared);
        return shared.get();
    }
    if (d->folder.empty())
        return nullptr;
    auto read = d->folder.read(wanted);
    if (!read) {
        t_lastFailure = read.error().message;
        if (d->problems)
            d->problems->push_back(read.error());
        return nullptr;
    }
    // Known by the URI asked for, its file's URI and its own $id; a URI already taken keeps its
    // document (a compile may point into it).
    auto shared = std::make_shared<const Json>(std::move(read->document));
    d->kept.push_back(shared);
    d->documents.emplace(wanted, shared);
    d->documents.emplace(read->fileUri, shared);
    if (const std::string id = idOf(*shared); !id.empty()) {
        const std::string resolved = key(uri::resolve(read->fileUri, id));
        d->documents.emplace(resolved, shared);
        d->folder.noteIdentity(read->fileUri, resolved);
    }
    return shared.get();
}

Registry Registry::forWorkspace(const std::string& directory, std::vector<Error>* problems)
{
    Registry registry;
    registry.d->folder = detail::SchemaFolder(directory);
    registry.d->problems = problems;
    return registry;
}

namespace detail {
const Registry& builtinRegistry()
{
    static const Registry registry;
    return registry;
}
} // namespace detail

} // namespace conform::schema
