#pragma once
// The instance pane's work, as one pure function the worker thread runs: compile the schema,
// parse the instance strictly, validate, and locate every issue in both texts.
#include "locatedissue.h"
#include "validationsettings.h"

#include <optional>
#include <string>

namespace conform::gui {

struct InstanceCheck
{
    enum class State { Valid, Invalid, SchemaError, InstanceError, Empty };
    State state = State::Empty;
    std::string error;                   // SchemaError / InstanceError: what and where
    std::optional<Span> schemaErrorSpan; // SchemaError: the culprit in the schema text
    std::optional<Span> instanceErrorSpan; // InstanceError: the parse error's place
    LocatedIssues issues;                // Invalid: every issue, document order
    std::vector<schema::Coercion> coercions;
};

InstanceCheck checkInstance(const std::string& schemaText, const std::string& instanceText,
                            const ValidationSettings& settings);

} // namespace conform::gui
