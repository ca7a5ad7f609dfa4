#pragma once
// Says which setting changed, as KeePassXC's Config::changed(key) does: AppSettings::save()
// (what the settings dialog's OK calls) announces each key whose value it changed, and the
// owners of what a setting governs follow it (the Workspace reopens the store when
// "store/location" changes). One notifier for the process, beside the one QSettings file.
//
//   connect(SettingsNotifier::instance(), &SettingsNotifier::changed, this, [this](const QString& key) {
//       if (key == settingkeys::storeLocation.name()) reopenStore();
//   });
//
// A key written by other means (a view keeping its own splitter) is not announced: only the
// settings a user chooses in the dialog are, as those are what other views depend on.
#include <QObject>
#include <QString>

namespace conform::gui {

class SettingsNotifier : public QObject
{
    Q_OBJECT
public:
    static SettingsNotifier* instance();

    // Emits changed(key); for AppSettings::save() and for tests that edit settings directly.
    void announce(const QString& key) { emit changed(key); }

signals:
    // The value under `key` (settingkeys.h) is now different; read it anew.
    void changed(const QString& key);

private:
    SettingsNotifier() = default;
};

} // namespace conform::gui
