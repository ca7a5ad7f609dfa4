#pragma once
// The workbench's activities, one at a time with the whole window (Qt Creator's modes):
//   Design     the schema, and beside it the Start page, Instance, Lines, Reply, Text, Export
//   Run        the prompt, its target and policy, the run's attempts and its value
//   Captures   the store's captures, one opened, replayed, re-validated
//   Triage     failures grouped by cause, reviewed, turned into regression suites
//   Dashboard  success rates over the Captures filters
//   Runs ×N    the run repeated over several targets
//   Suites     a suite file's cases × repeats × targets
//   Compare    variants × targets × repeats: is B better than A, and what does a valid result cost
// Each keeps its own layout while another is shown; a shortcut brings one to the front and
// never hides it.
#include <QCoreApplication>
#include <QString>

#include <array>

namespace conform::gui {

enum class Activity { Design, Run, Captures, Triage, Dashboard, Batch, Suites, Compare };

inline constexpr std::array kActivities = {Activity::Design,    Activity::Run,   Activity::Captures, Activity::Triage,
                                           Activity::Dashboard, Activity::Batch, Activity::Suites,   Activity::Compare};

struct ActivityWords
{
    Q_DECLARE_TR_FUNCTIONS(ActivityWords)
public:
    // The name on the activity bar and in the View menu.
    static QString name(Activity activity);
    // What the activity is for, as a tooltip.
    static QString purpose(Activity activity);
    // Its shortcut (Ctrl+Shift+1 … 8), as the View menu shows it.
    static QString shortcut(Activity activity);
    // A name for settings keys, never translated ("design", "captures").
    static QString key(Activity activity);
};

} // namespace conform::gui
