#pragma once
// The settings' hook into the window: "Settings…" in `menu`, the workspace's KeyRing (system
// keychain through qtkeychain) loaded at once, runs reading keys through it, the saved theme
// applied, the status bar's live-store label opening Settings ▸ Store when the store cannot be
// used; the message style it sets is written to the schema document, the owner of the
// validation settings. The window's own code only calls this.
class QMenu;

namespace conform::keys { class KeyRing; }

namespace conform::gui {

class MainWindow;

keys::KeyRing* installSettings(MainWindow* window, QMenu* menu);

} // namespace conform::gui
