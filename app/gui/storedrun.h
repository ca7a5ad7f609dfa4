#pragma once
// A stored capture read back for display, and the command line that reproduces it. Pure
// functions over the capture's JSON (as `captures show --json` prints it), so the captures
// browser shows a stored run with the Run tab's own models, and tests need no widgets.
#include "base/json.h"
#include "base/span.h"
#include "engine/run_record.h"
#include "engine/run_spec.h"
#include "store/capture.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace conform::gui {

// One attempt of a run document ("attempts"[i]) as the engine recorded it. Fields a document
// lacks keep their defaults, so an imported or older capture still shows.
engine::AttemptRecord attemptFromJson(const Json& attempt);
std::vector<engine::AttemptRecord> attemptsOfRun(const Json& run);

// "/facts/0/claim: Expected string, received number" for one Zod-style issue ("/" at the root).
QString issueSummary(const Json& issue);

// Where an attempt's fixes and issues sit in its raw reply (byte spans).
std::vector<Span> fixSpans(const engine::AttemptRecord& attempt);
std::vector<Span> issueSpans(const engine::AttemptRecord& attempt);

// The spec a capture was run with, to run it again: schema, prompt and variables, policy, and
// its targets (scenario targets come back without their scenario: the caller supplies one).
engine::RunSpec specOfCapture(const store::Capture& capture);

// The `conform-cli run` arguments that ask the same again: the capture's schema and prompt
// are written beside it (schemaFile, promptFile hold their paths), variables, target and
// policy as flags. Without a provider key or base URL credentials (a capture has none).
QStringList reproduceArguments(const Json& document, const QString& schemaFile, const QString& systemFile);
// The same as one shell line, each argument quoted where the shell would split it.
QString shellCommand(const QStringList& arguments);

} // namespace conform::gui
