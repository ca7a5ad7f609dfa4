#pragma once
// An issue together with where both editors should point: `issue.span` is the offending value
// in the text it came from (instance editor or raw reply), `schemaSpan` the failing keyword
// in the schema editor. Either may be missing when the text no longer has the place.
#include "schema/schema.h"

#include <optional>
#include <vector>

namespace conform::gui {

struct LocatedIssue
{
    schema::Issue issue;
    std::optional<Span> schemaSpan;
};

using LocatedIssues = std::vector<LocatedIssue>;

} // namespace conform::gui
