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

// Issues the panes locate and list; the rest are counted ("and 219,000 more") and exported.
inline constexpr std::size_t kShownIssues = 1000;

// Leaves the first kShownIssues in `issues` and returns the rest.
inline std::vector<schema::Issue> splitShown(std::vector<schema::Issue>& issues)
{
    if (issues.size() <= kShownIssues)
        return {};
    std::vector<schema::Issue> rest(std::make_move_iterator(issues.begin() + kShownIssues),
                                    std::make_move_iterator(issues.end()));
    issues.resize(kShownIssues);
    return rest;
}

} // namespace conform::gui
