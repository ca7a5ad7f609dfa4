#include "settings/settingsmenu.h"

#include "workbench/mainwindow.h"
#include "workbench/workspace.h"
#include "document/schemadocument.h"
#include "settings/settingsdialog.h"
#include "settings/storepage.h"
#include "workbench/captureviews.h"
#include "workbench/livestorelabel.h"

#include "keys/key_ring.h"

#include <QCoreApplication>
#include <QMenu>
#include <QTabWidget>


namespace conform::gui {

namespace {

// The dialog, on Settings ▸ Store when `storePage`. OK hands the message style to the schema
// document, the owner of the validation settings (the toolbar shows them); the other settings
// announce themselves (AppSettings::save()).
void openSettings(MainWindow* window, keys::KeyRing* ring, bool storePage)
{
    SchemaDocument* document = window->document();
    SettingsDialog dialog(ring, document->settings().style, window);
    if (storePage)
        dialog.tabs()->setCurrentWidget(dialog.storePage());
    if (dialog.exec() != QDialog::Accepted)
        return;
    ValidationSettings options = document->settings();
    options.style = dialog.style();
    document->setSettings(options);
}

} // namespace

keys::KeyRing* installSettings(MainWindow* window, QMenu* menu)
{
    keys::KeyRing* ring = window->workspace()->keyRing();
    // Without a keychain daemon, keys still come from the environment: Settings ▸ Keys says so
    // (KeyRing::unavailable()). The status bar is the first thing an audience sees; it stays
    // clear of it.
    ring->load();
    applyTheme(AppSettings::load().theme);
    auto* action = menu->addAction(QCoreApplication::translate("conform::gui::SettingsDialog", "Se&ttings…"), window,
                                   [window, ring] { openSettings(window, ring, false); });
    QObject::connect(window->captureViews()->liveStore(), &LiveStoreLabel::settingsRequested, window,
                     [window, ring] { openSettings(window, ring, true); });
    action->setMenuRole(QAction::PreferencesRole);
    action->setShortcut(QKeySequence::Preferences);
    return ring;
}

} // namespace conform::gui
