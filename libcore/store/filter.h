#pragma once
// Which captures a list, an export, the metrics or a replay look at. Every field narrows;
// an empty Filter means all captures. Turned into SQL with bound values only: nothing a
// user typed is ever pasted into the statement.
#include "base/json.h"
#include "base/result.h"

#include <QString>
#include <QVariantList>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace conform::store {

struct Filter
{
    std::string schemaHash;   // a prefix of the 16-digit hash is enough
    std::string schemaTitle;  // the schema's "title", exactly: every version of one schema
    std::string schemaId;     // the schema's "$id", exactly: likewise, for schemas that have one
    std::string promptHash;   // likewise
    std::string provider, model, mode;
    std::string source;       // "run", "suite", "proxy", "otlp", "import"
    std::optional<int> outcome;  // OutcomeCode
    int flags = 0;               // every bit set here must be set on the capture
    std::vector<std::pair<std::string, std::string>> labels; // each key=value must hold
    std::optional<std::int64_t> sinceMs, untilMs; // [since, until)
    std::string replyContains;   // text in the raw reply the run ended on
    std::string cluster;         // the failure cluster (clusters.h), exactly
    std::optional<std::int64_t> afterSeq;  // keyset paging: rows after (or before) this one
    bool descending = false;

    // Parses the CLI's filter flags: "outcome" "failed", "flag" "truncated", "label" "k=v",
    // "since" ISO 8601, ... An Error says which value is wrong and why.
    Status set(const std::string& name, const std::string& value);
};

// The WHERE clause (with a leading " WHERE", or empty) over `captures c` and its values.
struct SqlCondition
{
    QString sql;
    QVariantList values;
};
SqlCondition whereClause(const Filter& filter);

// How the captures of "this schema" are found, every version of it: by its "$id" where it has
// one, else by its "title", else by its hash (that exact text alone). What `captures replay`
// and the workbench's re-validation scope to. Returns which rule applied: "$id", "title" or
// "hash".
std::string scopeToSchema(Filter& filter, const Json& schema);

} // namespace conform::store
