#pragma once
// Reading a schema file for a command: schema/schema_file.h, under the names the commands use.
#include "schema/schema_file.h"

namespace conform::cli {

using LoadedSchema = schema::SchemaFile;

inline LoadedSchema loadSchema(const QString& path, bool assertFormats = false)
{
    return schema::loadSchemaFile(path, assertFormats);
}

} // namespace conform::cli
