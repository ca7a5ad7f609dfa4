#pragma once
// The reply pane's work, as one pure function the worker thread runs: extract the best JSON
// value from a model's raw reply (the schema's verdict breaks ties between candidates), then
// validate it and locate each issue in the raw text through the extraction's source map.
#include "json/extract.h"
#include "json/parse.h"
#include "checks/locatedissue.h"
#include "document/schemadocument.h"

#include <QByteArray>

#include <string>

namespace conform::gui {

struct ReplyCheck
{
    bool empty = true;             // no reply text: nothing to show
    bool cancelled = false;        // stopped early: the rest means nothing
    json::Extraction extraction;   // value, fixes (offsets into the raw text), candidate kind
    bool noSchema = false;         // the schema editor is blank: nothing to validate against
    std::string schemaError;       // when the schema does not compile: no issues computed
    bool valid = false;            // the extracted value satisfies the schema
    LocatedIssues issues;          // the first kShownIssues; issue.span is in the raw text
    std::vector<schema::Issue> unshown; // the rest, not located
    std::string extractedText;     // the value, pretty-printed for the read-only editor
    QByteArray extractedUtf8;      // the same, as the editor takes it (made on the worker)
    std::vector<json::LineColumn> fixPlaces; // per fix: its line and column in the raw text
    std::vector<std::optional<Span>> extractedSpans; // per issue: its place in extractedText
};

// Stops early, with `cancelled`, when `cancel` is raised.
ReplyCheck checkReply(const CompiledSchema& schema, const std::string& rawText, const CancelFlag& cancel);

} // namespace conform::gui
