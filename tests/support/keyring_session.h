#pragma once
// A throwaway system keychain for tests: a private D-Bus session bus and gnome-keyring's
// Secret Service on it, with an unlocked keyring in a temporary folder; both processes are
// stopped on destruction. The test process's DBUS_SESSION_BUS_ADDRESS points at the bus
// from start() on, so qtkeychain talks to this keyring and never to the user's.
//
//   KeyringSession keyring;
//   REQUIRE_DEPENDENCY(keyring.start(), keyring.error());  // dbus-daemon and gnome-keyring
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <optional>

class KeyringSession
{
public:
    KeyringSession() = default;
    ~KeyringSession();
    KeyringSession(const KeyringSession&) = delete;
    KeyringSession& operator=(const KeyringSession&) = delete;

    bool start();
    QString error() const { return m_error; }

private:
    bool fail(const QString& why);

    QTemporaryDir m_home;
    QProcess m_bus;
    QProcess m_keyring;
    std::optional<QByteArray> m_previousAddress; // the caller's bus, restored on destruction
    bool m_pointed = false;
    QString m_error;
};
