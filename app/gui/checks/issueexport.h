#pragma once
// "Export…" beside a verdict: every issue of the shown check, the listed ones and those past
// kShownIssues, as one JSON document in the shape `conform-cli validate --json` prints
// ({"valid", "issues": [...], "coercions": [...]}). Written on a worker thread with QSaveFile:
// 200,000 issues take a moment, and a failed write leaves no half file.
#include "checks/locatedissue.h"

#include <QString>

namespace conform::gui {

class StatusLine;

struct IssueSet
{
    bool valid = false;
    LocatedIssues shown;
    std::vector<schema::Issue> unshown;
    std::vector<schema::Coercion> coercions;
};

// The document, as conform-cli would print it for the same check.
std::string issueDocument(const IssueSet& issues);

// Asks for a file name and writes the document there in the background; `status` (whose
// window parents the dialog) then says where it went, or why it could not be written.
void exportIssues(StatusLine* status, IssueSet issues);

} // namespace conform::gui
