#include "contexthelp.h"

namespace conform::gui {

ManualPlace manualPlaceFor(Activity activity)
{
    switch (activity) {
    case Activity::Design:
        return {QStringLiteral("designing-a-schema.md"), {}};
    case Activity::Run:
        return {QStringLiteral("running-and-repairing.md"), {}};
    case Activity::Batch:
        return {QStringLiteral("running-and-repairing.md"), QStringLiteral("runs-n-one-prompt-over-several-targets")};
    case Activity::Captures:
        return {QStringLiteral("captures-and-qa.md"), {}};
    case Activity::Triage:
        return {QStringLiteral("captures-and-qa.md"), QStringLiteral("qa-from-failure-to-fix")};
    case Activity::Dashboard:
        return {QStringLiteral("dashboards-and-compare.md"), {}};
    case Activity::Compare:
        return {QStringLiteral("dashboards-and-compare.md"), QStringLiteral("compare-is-b-better-than-a")};
    case Activity::Suites:
        return {QStringLiteral("suites-in-ci.md"), {}};
    }
    return {QStringLiteral("index.md"), {}};
}

} // namespace conform::gui
