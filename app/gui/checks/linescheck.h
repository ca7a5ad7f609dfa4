#pragma once
// The Lines tab's work, as one pure function the worker thread runs: every line of a JSONL
// file checked against the document's compiled schema, as `conform-cli validate --jsonl`
// does (the verdict straight from the text; issues only for the lines that fail). Blank
// lines are skipped. Stops early, with `cancelled`, when `cancel` is raised.
#include "document/schemadocument.h"

#include <QString>

#include <string>
#include <vector>

namespace conform::gui {

struct LineVerdict
{
    enum class State { Valid, Invalid, NotJson };
    int line = 0;             // 1-based
    State state = State::Valid;
    std::size_t issues = 0;   // Invalid: how many
    QString first;            // Invalid: "/path: message" of the first; NotJson: the parse error
    std::size_t offset = 0;   // where the line starts in the file
    std::size_t length = 0;
};

struct LinesCheck
{
    bool cancelled = false;
    bool noSchema = false;   // the schema editor is blank: lines are only parsed
    std::string schemaError; // the schema does not compile: nothing checked
    std::vector<LineVerdict> lines;
    std::size_t valid = 0;
    std::size_t invalid = 0;
    std::size_t notJson = 0;
};

LinesCheck checkLines(const CompiledSchema& schema, const std::string& text, const CancelFlag& cancel);

} // namespace conform::gui
