#include "schema/schema_folder.h"

#include "schema/schema.h"
#include "schema/uri.h"

#include "json/parse.h"

#include <fstream>

namespace conform::schema::detail {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kFileScheme = "file://";
constexpr std::size_t kMaxSegmentsTried = 4;

// `path` (lexically normal) is `root` or below it.
bool inside(const fs::path& path, const fs::path& root)
{
    const std::string p = path.generic_string(), r = root.generic_string();
    if (p.size() < r.size() || p.compare(0, r.size(), r) != 0)
        return false;
    return p.size() == r.size() || r.back() == '/' || p[r.size()] == '/';
}

std::string folderOf(std::string_view uri)
{
    uri = uri::withoutFragment(uri);
    const auto slash = uri.rfind('/');
    return slash == uri.npos ? std::string() : std::string(uri.substr(0, slash + 1));
}

std::string megabytes(std::size_t bytes)
{
    return std::to_string(bytes >> 20) + " MB";
}

// The path segments of a URI ("https://x/a/b.json?q" -> a, b.json), dot segments dropped.
std::vector<std::string> pathSegments(std::string_view uri)
{
    uri = uri.substr(0, std::min(uri.find('?'), uri.size()));
    if (const auto scheme = uri.find("://"); scheme != uri.npos) {
        const auto path = uri.find('/', scheme + 3);
        uri = path == uri.npos ? std::string_view() : uri.substr(path);
    } else if (const auto colon = uri.find(':'); colon != uri.npos) {
        uri = uri.substr(colon + 1);
    }
    std::vector<std::string> segments;
    std::size_t at = 0;
    while (at <= uri.size()) {
        const auto end = std::min(uri.find('/', at), uri.size());
        const std::string segment = uri::percentDecode(uri.substr(at, end - at));
        if (!segment.empty() && segment != "." && segment != ".." && segment.find(':') == segment.npos)
            segments.push_back(segment);
        at = end + 1;
    }
    return segments;
}

} // namespace

SchemaFolder::SchemaFolder(const std::string& directory)
{
    std::error_code ec;
    m_root = fs::absolute(directory, ec).lexically_normal();
    if (m_root.has_filename() == false && m_root.has_parent_path() && m_root != m_root.root_path())
        m_root = m_root.parent_path(); // "/ws/" -> "/ws"
    m_realRoot = fs::weakly_canonical(m_root, ec);
    if (ec)
        m_realRoot = m_root;
}

void SchemaFolder::noteIdentity(const std::string& uri, const std::string& id)
{
    if (uri.rfind(kFileScheme, 0) != 0 || id.rfind(kFileScheme, 0) == 0)
        return;
    const std::string idFolder = folderOf(id), fileFolder = folderOf(uri);
    if (!idFolder.empty() && !fileFolder.empty())
        m_idFolders.emplace_back(idFolder, fileFolder);
}

Result<FolderFile> SchemaFolder::read(const std::string& uri)
{
    if (uri.rfind(kFileScheme, 0) == 0)
        return readPath(fs::path(uri::percentDecode(std::string_view(uri).substr(kFileScheme.size()))).lexically_normal());
    return readById(uri);
}

Result<FolderFile> SchemaFolder::readById(const std::string& uri)
{
    std::vector<std::pair<fs::path, bool>> candidates; // path, whether it may lack an $id
    for (const auto& [idFolder, fileFolder] : m_idFolders)
        if (uri.size() > idFolder.size() && uri.compare(0, idFolder.size(), idFolder) == 0)
            candidates.emplace_back(
                fs::path(uri::percentDecode(fileFolder.substr(kFileScheme.size()) + uri.substr(idFolder.size())))
                    .lexically_normal(),
                true);
    const std::vector<std::string> segments = pathSegments(uri);
    for (std::size_t n = std::min(segments.size(), kMaxSegmentsTried); n > 0; --n) {
        fs::path relative;
        for (std::size_t i = segments.size() - n; i < segments.size(); ++i)
            relative /= segments[i];
        candidates.emplace_back((m_root / relative).lexically_normal(), false);
        if (segments.back().find('.') == std::string::npos)
            candidates.emplace_back((m_root / relative).lexically_normal().concat(".json"), false);
    }

    std::string looked;
    for (const auto& [path, mayLackId] : candidates) {
        std::error_code ec;
        if (!inside(path, m_root) || !fs::exists(fs::symlink_status(path, ec)))
            continue;
        auto file = readPath(path);
        if (!file) {
            looked += (looked.empty() ? "" : "; ") + file.error().message;
            continue;
        }
        const std::string id = idOf(file->document);
        if (id.empty() ? mayLackId : std::string(uri::withoutFragment(uri::resolve(file->fileUri, id))) == uri)
            return file;
        looked += (looked.empty() ? "" : "; ") + path.generic_string() + " has another $id";
    }
    return Error{"cannot resolve \"" + uri + "\": no file under " + m_root.generic_string() + " has this $id"
                     + (looked.empty() ? std::string() : " (" + looked + ")"),
                 {}};
}

Result<FolderFile> SchemaFolder::readPath(const fs::path& path)
{
    const std::string name = path.generic_string();
    if (!inside(path, m_root))
        return Error{"cannot read " + name + ": outside the schema's folder " + m_root.generic_string()
                         + " (only files under it are read)",
                     {}};
    std::error_code ec;
    const fs::path real = fs::canonical(path, ec);
    if (ec)
        return Error{"cannot read " + name + ": " + ec.message(), {}};
    if (!inside(real, m_realRoot))
        return Error{"cannot read " + name + ": a symlink that leaves the schema's folder " + m_root.generic_string(), {}};
    if (!fs::is_regular_file(real, ec))
        return Error{"cannot read " + name + ": not a regular file", {}};
    const std::uintmax_t size = fs::file_size(real, ec);
    if (ec || size > kMaxSchemaFileBytes)
        return Error{"cannot read " + name + ": larger than " + megabytes(kMaxSchemaFileBytes)
                         + ", the limit for a schema file",
                     {}};
    std::ifstream in(real, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    if (!in && !in.eof())
        return Error{"cannot read " + name, {}};
    text.resize(static_cast<std::size_t>(in.gcount()));
    m_read.push_back(name);
    auto parsed = json::parseStrict(text);
    if (!parsed)
        return Error{name + ": " + parsed.error().toString(), {}};
    return FolderFile{std::string(kFileScheme) + name, std::move(parsed.value())};
}

} // namespace conform::schema::detail
