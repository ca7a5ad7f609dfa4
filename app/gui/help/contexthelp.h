#pragma once
// Context help: the manual page (and heading) that tells how the activity in front works,
// so F1 opens where the reader is.
#include "workbench/activity.h"

#include <QString>

namespace conform::gui {

struct ManualPlace
{
    QString page;   // "captures-and-qa.md"
    QString anchor; // a heading's anchor on it, "" for the top
};

ManualPlace manualPlaceFor(Activity activity);

} // namespace conform::gui
