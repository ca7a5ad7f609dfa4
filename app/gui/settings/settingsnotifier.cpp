#include "settings/settingsnotifier.h"

namespace conform::gui {

SettingsNotifier* SettingsNotifier::instance()
{
    static SettingsNotifier notifier;
    return &notifier;
}

} // namespace conform::gui
