#pragma once
// Where a widget keeps the step code (engine/steps.h) of the fact it shows: item views in
// kStepRole ("fix:trailing_comma" on a fix's row, "retry:529" on a transport event), labels in
// the kStepProperty property ("candidate:fenced" on the line that says a fence was taken).
// Nothing draws them; tests read a run's steps off the screen through them, whatever the
// language.
#include <Qt>

namespace conform::gui {

inline constexpr int kStepRole = Qt::UserRole + 64;
inline constexpr char kStepProperty[] = "conformStep";

} // namespace conform::gui
