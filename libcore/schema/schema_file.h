#pragma once
// Reading a schema file: parse, compile with the file's folder as the $ref registry (which reads
// only the files the schema's $refs name, inside that folder; see Registry in schema.h), and say
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
// and column for bad JSON. `maxBytes` (0: none) bounds what is read, a longer file is an Error.
Result<Json> readJsonFile(const QString& path, const std::string& displayName = {}, std::size_t maxBytes = 0);

// How a schema is read, as a command line or a workspace says.
struct SchemaFileOptions
{
    bool assertFormats = false;               // "format" asserted (true) or an annotation
    Draft defaultDraft = Draft::Draft2020_12; // for a schema whose "$schema" does not say
};

// `displayName` names the file in errors (default: the path as given). A schema file, like
// every file its $refs name, is at most 16 MB.
SchemaFile loadSchemaFile(const QString& path, const SchemaFileOptions& options, const std::string& displayName = {});
inline SchemaFile loadSchemaFile(const QString& path, bool assertFormats = false, const std::string& displayName = {})
{
    return loadSchemaFile(path, SchemaFileOptions{assertFormats}, displayName);
}

// The registry for a schema stored at `path`: its folder, read as $refs ask (see Registry).
Registry registryForSchemaFile(const QString& path);
// The file URI of `path`, for CompileOptions::baseUri.
std::string schemaFileUri(const QString& path);

} // namespace conform::schema
