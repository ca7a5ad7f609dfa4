#pragma once
// The instance pane's work, as one pure function the worker thread runs: parse the instance
// strictly, validate it against the document's compiled schema, and locate the issues in
// both texts. Only the first kShownIssues are located (a 16 MB file can have 200,000 issues;
// nobody reads past the first screens, and the rest are kept for export).
#include "checks/locatedissue.h"
#include "document/schemadocument.h"

#include <optional>
#include <string>

namespace conform::gui {

struct InstanceCheck
{
    enum class State { Valid, Invalid, SchemaError, InstanceError, Empty, Cancelled };
    State state = State::Empty;
    std::string error;                   // SchemaError / InstanceError: what and where
    std::optional<Span> schemaErrorSpan; // SchemaError: the culprit in the schema text
    std::optional<Span> instanceErrorSpan; // InstanceError: the parse error's place
    LocatedIssues issues;                // Invalid: the first kShownIssues, document order
    std::vector<schema::Issue> unshown;  // Invalid: the rest, not located
    std::vector<schema::Coercion> coercions;
    // The instance's source map, kept alive past the check so that freeing it happens after
    // the verdict is on screen (see discard.h), not before.
    std::shared_ptr<void> scratch;

    std::size_t issueCount() const { return issues.size() + unshown.size(); }
};

// Stops early, with State::Cancelled, when `cancel` is raised.
InstanceCheck checkInstance(const CompiledSchema& schema, const std::string& instanceText,
                            const CancelFlag& cancel);

} // namespace conform::gui
