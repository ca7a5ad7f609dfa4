#pragma once
// conform::keys — the providers' API keys, from the environment or the system keychain.
//
//   KeyRing ring(std::make_unique<KeychainBackend>());   // or MemorySecretBackend in tests
//   ring.load();                                       // asks the keychain; emits changed()
//   ring.source(ProviderKind::Anthropic);              // KeySource::Environment / Keychain / None
//   engine.setEnvironment(ring.environment());         // runs see keychain keys too
//   ring.store(ProviderKind::OpenAI, key);             // into the keychain, never a file
//
// Rules: the environment wins (ANTHROPIC_API_KEY, OPENAI_API_KEY), as for conform-cli; a
// keychain key is used only when the variable is unset. Keys live in the keychain and in this
// object's memory, nowhere else: no QSettings, no file, no log, no signal argument. Errors
// (no keychain daemon, a refused write) come as failed(message), one line naming the provider.
#include "keys/secret_backend.h"
#include "providers/endpoint.h"
#include "providers/provider.h"

#include <QObject>
#include <QString>

#include <map>
#include <memory>

namespace conform::keys {

enum class KeySource { None, Environment, Keychain };

class KeyRing : public QObject
{
    Q_OBJECT

public:
    explicit KeyRing(std::unique_ptr<SecretBackend> backend,
                     providers::Environment environment = providers::processEnvironment(), QObject* parent = nullptr);
    ~KeyRing() override;

    // The providers that take a key (Anthropic, OpenAI).
    static std::vector<providers::ProviderKind> keyedProviders();

    // Reads each keyed provider's keychain entry; changed() once all have answered.
    void load();
    bool isLoaded() const { return m_pending == 0 && m_loaded; }

    KeySource source(providers::ProviderKind kind) const;
    // Whether the keychain holds a key for `kind` (also when the environment's wins).
    bool inKeychain(providers::ProviderKind kind) const;
    // The environment variable a provider's key is read from ("ANTHROPIC_API_KEY").
    static std::string variable(providers::ProviderKind kind) { return providers::apiKeyVariable(kind); }
    std::string backendName() const { return m_backend->name(); }

    // Keeps `key` in the keychain; changed() when stored, failed() when not.
    void store(providers::ProviderKind kind, const std::string& key);
    void forget(providers::ProviderKind kind);

    // The process environment with each unset *_API_KEY filled from the keychain.
    providers::Environment environment() const;

    // Why the keychain could not be read at load(), in one line ("reading the system
    // keychain failed: Cannot autolaunch D-Bus …"); empty when it answered. Keys then come from
    // the environment alone: a fact for Settings ▸ Keys, not an error to greet a user with.
    QString unavailable() const { return m_unavailable; }

signals:
    void changed();
    void failed(const QString& message);

private:
    void finishRead(providers::ProviderKind kind, const Result<std::optional<std::string>>& result);
    void report(providers::ProviderKind kind, const char* doing, const Error& error);

    std::unique_ptr<SecretBackend> m_backend;
    providers::Environment m_environment;
    // Shared with the environments handed out, so a key stored later reaches them too.
    std::shared_ptr<std::map<std::string, std::string>> m_keychainKeys;
    int m_pending = 0;
    bool m_loaded = false;
    QString m_unavailable;
};

// The keychain entry a provider's key is kept under ("anthropic-api-key").
std::string keychainAccount(providers::ProviderKind kind);

} // namespace conform::keys
