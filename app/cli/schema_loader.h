#pragma once
// Reading a schema file for a command: schema/schema_file.h, under the names the commands use.
#include "schema/schema_file.h"

namespace conform::cli {

using LoadedSchema = schema::SchemaFile;

// Compiles with the *.json files of the schema's folder (and below) as the $ref registry.
inline LoadedSchema loadSchema(const QString& path, bool assertFormats = true)
{
    return schema::loadSchemaFile(path, assertFormats);
}

} // namespace conform::cli
