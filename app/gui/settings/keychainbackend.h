#pragma once
// The system keychain (Secret Service / KWallet on Linux, Keychain on macOS, Credential Store
// on Windows) as a keys::SecretBackend, through qtkeychain. Entries live under the service
// "Conform", one per account ("anthropic-api-key"). qtkeychain's insecure fallback (a plain
// file) stays off: without a keychain daemon every call fails and says so.
#include "keys/secret_backend.h"

#include <QString>

namespace conform::gui {

class KeychainBackend : public keys::SecretBackend
{
public:
    explicit KeychainBackend(QString service = QStringLiteral("Conform")) : m_service(std::move(service)) {}

    void read(const std::string& account, QObject* context, keys::ReadDone done) override;
    void write(const std::string& account, const std::string& secret, QObject* context, keys::WriteDone done) override;
    void remove(const std::string& account, QObject* context, keys::WriteDone done) override;
    std::string name() const override { return "system keychain"; }

private:
    QString m_service;
};

} // namespace conform::gui
