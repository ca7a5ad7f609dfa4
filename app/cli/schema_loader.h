#pragma once
// Reading a schema file for a command: parse, compile, and say what and where when it fails.
#include "schema/schema.h"

#include <QString>

#include <string>

namespace conform::cli {

struct LoadedSchema
{
    bool ok = false;
    std::string error; // "FILE: line L, column C: ..." or "FILE: /pointer: ..."
    Json document;
    schema::Registry registry; // the schema's folder, so $ref to sibling files resolves
    std::optional<schema::Validator> validator;
};

// Compiles with the *.json files of the schema's folder (and below) as the $ref registry.
LoadedSchema loadSchema(const QString& path, bool assertFormats = true);

} // namespace conform::cli
