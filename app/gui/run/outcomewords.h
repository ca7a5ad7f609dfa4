#pragma once
// How the workbench says a run's outcome and flags, in the user's language ("repariert",
// "abgeschnitten"). Captures, filters and the command line keep the wire names
// (engine::outcomeName, engine::kRunFlagNames); every screen that shows an outcome or a flag
// says it through here. Words are looked up by enum, so a new outcome or flag without words
// is a compiler warning and a failing test.
#include "engine/run_flag.h"
#include "engine/run_record.h"

#include <QCoreApplication>
#include <QString>

#include <string_view>
#include <vector>

namespace conform::gui {

struct OutcomeWords
{
    Q_DECLARE_TR_FUNCTIONS(OutcomeWords)
public:
    static QString outcome(engine::Outcome outcome);
    // A stored outcome code (store::OutcomeCode has the engine's order).
    static QString outcomeOfCode(int code);
    static QString flag(engine::RunFlag flag);
    // A flag by its wire name; an unknown one (a newer store's) as it is written.
    static QString flagNamed(std::string_view name);
    // "repaired · truncated, not enforced": the badge of a run or a capture.
    static QString badge(const QString& outcome, const std::vector<std::string>& flagNames);
};

} // namespace conform::gui
