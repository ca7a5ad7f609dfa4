#pragma once
// The files of a schema's folder, read one at a time as $refs name them (Registry's rules in
// schema.h): never a scan, never outside the folder's real path, never a file over
// Registry::kMaxSchemaFileBytes. Internal to conform_schema; Registry locks around it.
#include "base/json.h"
#include "base/result.h"

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace conform::schema::detail {

// Files a folder registry reads, and schema files, are at most this large (16 MiB).
inline constexpr std::size_t kMaxSchemaFileBytes = std::size_t(16) << 20;

// Why the last Registry::find on this thread found nothing in a schema folder ("" when it
// was not a folder's failure), and forgets it. Registry's interface gives a pointer or null;
// the compile asks right after, on the same thread, so that its error says why.
std::string takeRegistryFailure();

struct FolderFile
{
    std::string fileUri; // "file:///abs/path.json"
    Json document;
};

class SchemaFolder
{
public:
    SchemaFolder() = default;
    explicit SchemaFolder(const std::string& directory);

    bool empty() const { return m_root.empty(); }

    // `uri` (a document's URI) is known by `id` too: files beside it are known by the same
    // relative references from `id` ("file:///ws/a.json" as "https://x/s/a.json" makes
    // "https://x/s/defs/b.json" the file /ws/defs/b.json).
    void noteIdentity(const std::string& uri, const std::string& id);

    // The file `uri` names, by the rules in schema.h, or why there is none.
    Result<FolderFile> read(const std::string& uri);

    const std::vector<std::string>& filesRead() const { return m_read; }

private:
    Result<FolderFile> readPath(const std::filesystem::path& path);
    Result<FolderFile> readById(const std::string& uri);

    std::filesystem::path m_root;     // absolute, as given
    std::filesystem::path m_realRoot; // every symlink resolved
    std::vector<std::pair<std::string, std::string>> m_idFolders; // "$id folder/" -> "file:///folder/"
    std::vector<std::string> m_read;
};

} // namespace conform::schema::detail
