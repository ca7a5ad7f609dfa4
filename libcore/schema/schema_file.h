#pragma once
// Reading a schema file: parse, compile with the file's folder as the $ref registry, and say
// what and where when it fails. Shared by every command and by suites, which name schemas
// by path.
//
//   SchemaFile s = loadSchemaFile("schemas/goal-generator/schema.json");
//   if (!s.ok) fail(s.error);            // "FILE: line L, column C: ..." or "FILE: /pointer: ..."
//   s.validator->validate(value);
#include "base/result.h"
#include "schema/schema.h"

#include <QString>

#include <optional>
#include <string>

namespace conform::schema {

struct SchemaFile
{
    bool ok = false;
    std::string error;
    Json document;
    Registry registry; // the schema's folder (and below), so $ref to sibling files resolves
    std::optional<Validator> validator;
};

// Reads and parses any JSON file (suites, schema maps, schemas). The Error's `where` is the
// file (`displayName`, default: the path as given), its message what failed, with the line
// and column for bad JSON.
Result<Json> readJsonFile(const QString& path, const std::string& displayName = {});

// `displayName` names the file in errors (default: the path as given).
SchemaFile loadSchemaFile(const QString& path, bool assertFormats = false, const std::string& displayName = {});

} // namespace conform::schema
