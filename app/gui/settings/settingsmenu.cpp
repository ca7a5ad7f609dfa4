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
#include <QStatusBar>
#include <QTabWidget>

#include <memory>
#include <utility>

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
    // Without a keychain daemon, keys still come from the environment: say so once, quietly
    // (each keyed provider's read fails the same way).
    auto told = std::make_shared<bool>(false);
    QObject::connect(ring, &keys::KeyRing::failed, window, [window, told](const QString& message) {
        if (std::exchange(*told, true))
            return;
        window->statusBar()->showMessage(
            QCoreApplication::translate("conform::gui::SettingsDialog", "%1 (API keys come from the environment)").arg(message), 8000);
    });
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
