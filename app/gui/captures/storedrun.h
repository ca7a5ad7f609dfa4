#pragma once
// A stored capture read back for display. Pure
// functions over the capture's JSON (as `captures show --json` prints it), so the captures
// browser shows a stored run with the Run tab's own models, and tests need no widgets.
#include "base/json.h"
#include "base/span.h"
#include "engine/run_record.h"
#include "store/capture.h"

#include <QString>

#include <vector>

namespace conform::gui {

// One attempt of a run document ("attempts"[i]) as the engine recorded it. Fields a document
// lacks keep their defaults, so an imported or older capture still shows.
engine::AttemptRecord attemptFromJson(const Json& attempt);
std::vector<engine::AttemptRecord> attemptsOfRun(const Json& run);
// The run document as the record the engine made: its outcome, flags, value, attempts and the
// attempt kept as best (presenter mode narrates a stored capture from it).
engine::RunRecord recordOfRun(const Json& run);

// "/facts/0/claim: Expected string, received number" for one Zod-style issue ("/" at the root).
QString issueSummary(const Json& issue);

// Where an attempt's fixes and issues sit in its raw reply (byte spans). An issue recorded
// without its span (an imported or hand-written capture) is found by its path in the reply:
// the value there, or, for a member that is missing, the bracket opening the object that
// lacks it (the nearest part of the path the reply has). Issues in text order, each once, at
// most `limit`.
std::vector<Span> fixSpans(const engine::AttemptRecord& attempt);
std::vector<Span> issueSpans(const engine::AttemptRecord& attempt, std::size_t limit = 200);
// The same for one of its issues (presenter mode marks the one a step names).
std::vector<Span> issueSpans(const engine::AttemptRecord& attempt, const Json& issue);

// The spec a capture ran with, and the command line that runs it again: store/capture_spec.h.

} // namespace conform::gui
