#pragma once
// The proxy's schema map: a JSON object from names to schema files (paths relative to the
// map file), {"goals": "schemas/goal-generator/schema.json"}, each compiled once.
#include "base/json.h"
#include "base/result.h"
#include "schema/schema_file.h"

#include <QString>

#include <map>
#include <memory>
#include <string>

namespace conform::proxy {

struct MappedSchema
{
    Json document;
    std::shared_ptr<const schema::Validator> validator;
};

using SchemaMap = std::map<std::string, MappedSchema>;

// Errors name the map file and the JSON pointer of the bad entry, or the schema's own error.
// `reading`: the draft for schemas whose "$schema" does not say, and whether "format" asserts.
Result<SchemaMap> loadSchemaMap(const QString& path, const schema::SchemaFileOptions& reading = {true});

} // namespace conform::proxy
