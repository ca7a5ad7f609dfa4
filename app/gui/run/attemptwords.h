#pragma once
// How an attempt came to be asked, in the user's language: "cut at max_tokens 1024 → asked
// again with 2048", "repair 1: told the issues and asked again". The attempts table (its Mode
// column and tooltip) and the attempt's Sent tab say it through here, for the Run tab and the
// captures browser alike.
#include "engine/run_record.h"

#include <QString>
#include <QStringList>

namespace conform::gui {

// Why `attempt` was asked; `previous` is the attempt before it (null for the first). Empty
// for a first attempt.
QString askedWhy(const engine::AttemptRecord& attempt, const engine::AttemptRecord* previous);
// The Mode column: "strict", "strict (repair 1)", "strict (asked again, 2048 tokens)",
// "text (continued)", "tool (fallback)".
QString modeText(const engine::AttemptRecord& attempt);
// The step codes of how it was asked (engine/steps.h): its kind, and the first attempt's mode.
QStringList askedSteps(const engine::AttemptRecord& attempt, const engine::AttemptRecord* previous);
// The line that says a reply stopped at max_tokens and was not taken as the answer; empty
// when it did not.
QString cutLine(const engine::AttemptRecord& attempt);

} // namespace conform::gui
