#pragma once
// The schema editor's text, compiled: runs on a worker thread (pure function of its inputs),
// shared by the instance check and the reply check.
#include "json/extract.h"
#include "checks/locatedissue.h"
#include "document/validationsettings.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace conform::gui {

struct SchemaAnalysis
{
    std::optional<schema::Validator> validator; // set when the schema compiled
    json::SourceMap sourceMap;                  // schema pointer -> span of the schema text
    std::string id;                             // the schema's "$id", when it has one
    std::string error;                          // when !validator: what and where
    std::optional<Span> errorSpan;              // the culprit in the schema text, when known
    std::shared_ptr<const schema::Registry> registry; // kept alive for the validator's $refs

    bool ok() const { return validator.has_value(); }
};

// Where a schema lives, for $ref to other files: the registry of its folder, which reads only
// the files $refs name (as conform-cli builds it), and its own file URI. Both may be empty (an
// unsaved schema).
struct SchemaLocation
{
    std::shared_ptr<const schema::Registry> registry;
    std::string baseUri;
};

// Parses strictly (a schema with a syntax error is an error with its line and column) and
// compiles with the settings' options. Never throws.
SchemaAnalysis analyseSchema(std::string_view schemaText, const ValidationSettings& settings,
                             const SchemaLocation& location = {});

// Pairs each issue with its schema keyword span; `valueSpans` gives the instance spans (the
// source map of the text the instance came from).
LocatedIssues locateIssues(std::vector<schema::Issue> issues, const json::SourceMap& valueSpans,
                           const SchemaAnalysis& schema, std::string_view schemaText);

} // namespace conform::gui
