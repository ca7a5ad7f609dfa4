#include "workbench/activity.h"

namespace conform::gui {

QString ActivityWords::name(Activity activity)
{
    switch (activity) {
    case Activity::Design: return tr("Design");
    case Activity::Run: return tr("Run");
    case Activity::Captures: return tr("Captures");
    case Activity::Triage: return tr("Triage");
    case Activity::Dashboard: return tr("Dashboard");
    case Activity::Batch: return tr("Runs ×N");
    case Activity::Suites: return tr("Suites");
    case Activity::Compare: return tr("Compare");
    }
    return {};
}

QString ActivityWords::purpose(Activity activity)
{
    switch (activity) {
    case Activity::Design: return tr("The schema, with an instance, a model's reply or a .jsonl file checked against it as you type");
    case Activity::Run: return tr("Ask a model (or a demo scenario) for JSON and follow every attempt");
    case Activity::Captures: return tr("Every run the workbench remembers: open one, replay it, re-validate history");
    case Activity::Triage: return tr("Failures grouped by cause: review them with your team and turn one into a regression suite");
    case Activity::Dashboard: return tr("Success rates over the captures the Captures filters select");
    case Activity::Batch: return tr("The run repeated over several targets, with a live tally");
    case Activity::Suites: return tr("Run a suite file's cases x repeats x targets and watch the table fill in");
    case Activity::Compare: return tr("Is B better than A? Variants x targets x repeats, with intervals, significance and cost per valid result");
    }
    return {};
}

QString ActivityWords::shortcut(Activity activity)
{
    switch (activity) {
    // Captures, Dashboard and Runs ×N keep the keys they had as docks.
    case Activity::Captures: return tr("Ctrl+Shift+1");
    case Activity::Dashboard: return tr("Ctrl+Shift+2");
    case Activity::Batch: return tr("Ctrl+Shift+3");
    case Activity::Suites: return tr("Ctrl+Shift+4");
    case Activity::Design: return tr("Ctrl+Shift+5");
    case Activity::Run: return tr("Ctrl+Shift+6");
    case Activity::Compare: return tr("Ctrl+Shift+7");
    case Activity::Triage: return tr("Ctrl+Shift+8");
    }
    return {};
}

QString ActivityWords::key(Activity activity)
{
    switch (activity) {
    case Activity::Design: return QStringLiteral("design");
    case Activity::Run: return QStringLiteral("run");
    case Activity::Captures: return QStringLiteral("captures");
    case Activity::Triage: return QStringLiteral("triage");
    case Activity::Dashboard: return QStringLiteral("dashboard");
    case Activity::Batch: return QStringLiteral("batch");
    case Activity::Suites: return QStringLiteral("suites");
    case Activity::Compare: return QStringLiteral("compare");
    }
    return {};
}

} // namespace conform::gui
