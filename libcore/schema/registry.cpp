#include "schema/compiler.h"
#include "schema/metaschemas.h"
#include "schema/uri.h"

#include "json/parse.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace conform::schema {

struct Registry::Data
{
    std::map<std::string, std::shared_ptr<const Json>> documents; // URI without fragment
};

namespace {
std::string key(const std::string& uri)
{
    return std::string(uri::withoutFragment(uri));
}
} // namespace

Registry::Registry() : d(std::make_unique<Data>())
{
    for (const auto& embedded : detail::embeddedMetaschemas()) {
        auto parsed = json::parseStrict(embedded.text);
        if (parsed)
            add(std::string(embedded.uri), std::move(parsed.value()));
    }
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
    if (const std::string id = idOf(*shared); !id.empty())
        d->documents[key(uri::resolve(uri, id))] = shared;
    d->documents[key(uri)] = shared;
}

const Json* Registry::find(const std::string& uri) const
{
    auto it = d->documents.find(key(uri));
    return it == d->documents.end() ? nullptr : it->second.get();
}

namespace {
// A workspace is a project folder, not a home directory: bounded so a careless call stays cheap.
constexpr int kMaxWorkspaceDepth = 4;
constexpr std::size_t kMaxWorkspaceFiles = 2000;

bool skippedFolder(const std::filesystem::path& path)
{
    const std::string name = path.filename().string();
    return (!name.empty() && name.front() == '.') || name == "node_modules";
}
} // namespace

Registry Registry::forWorkspace(const std::string& directory, std::vector<Error>* problems)
{
    Registry registry;
    std::error_code ec;
    std::size_t files = 0;
    namespace fs = std::filesystem;
    for (auto it = fs::recursive_directory_iterator(directory, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_directory() && (it.depth() >= kMaxWorkspaceDepth || skippedFolder(it->path()))) {
            it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file() || it->path().extension() != ".json")
            continue;
        if (++files > kMaxWorkspaceFiles) {
            if (problems)
                problems->push_back({"more than " + std::to_string(kMaxWorkspaceFiles) + " JSON files; the rest are ignored",
                                     directory});
            break;
        }
        std::ifstream in(it->path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        auto parsed = json::parseStrict(text.str());
        if (!parsed) {
            if (problems)
                problems->push_back({parsed.error().message, it->path().string() + ":" + parsed.error().where});
            continue;
        }
        const auto absolute = fs::absolute(it->path()).lexically_normal();
        registry.add("file://" + absolute.string(), std::move(parsed.value()));
    }
    if (ec && problems)
        problems->push_back({ec.message(), directory});
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
