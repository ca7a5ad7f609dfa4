#pragma once
// conform-cli schema diff OLD NEW: every change between two versions of a schema with the way
// it moves what is valid (schema/diff.h), and, with --store, how many stored replies of the old
// schema that were valid the new one fails, and where (store/replay.h).
#include "command.h"
#include "schema_loader.h"

#include <QString>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace conform::cli {

struct SchemaDiffRequest
{
    QString oldPath, newPath;
    bool json = false;
    std::string failOn = "narrower";  // narrower, wider or any
    std::optional<QString> store;     // judge the old schema's stored replies by the new one
    std::vector<std::pair<std::string, std::string>> filters; // since, until, source (Filter::set names)
};

// Exit 1 when a change matches --fail-on, 0 otherwise, 2 on usage or an unreadable schema.
int schemaDiff(const SchemaDiffRequest& request, const SchemaReading& reading, Io& io);

} // namespace conform::cli
