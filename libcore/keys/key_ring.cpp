#include "keys/key_ring.h"

#include "base/secrets.h"

namespace conform::keys {

using providers::ProviderKind;

std::string keychainAccount(ProviderKind kind)
{
    return std::string(providers::providerName(kind)) + "-api-key";
}

KeyRing::KeyRing(std::unique_ptr<SecretBackend> backend, providers::Environment environment, QObject* parent)
    : QObject(parent), m_backend(std::move(backend)), m_environment(std::move(environment)),
      m_keychainKeys(std::make_shared<std::map<std::string, std::string>>())
{
}

KeyRing::~KeyRing() = default;

std::vector<ProviderKind> KeyRing::keyedProviders()
{
    return {ProviderKind::Anthropic, ProviderKind::OpenAI};
}

void KeyRing::load()
{
    const auto kinds = keyedProviders();
    m_pending += int(kinds.size());
    for (ProviderKind kind : kinds)
        m_backend->read(keychainAccount(kind), this,
                        [this, kind](const Result<std::optional<std::string>>& result) { finishRead(kind, result); });
}

void KeyRing::finishRead(ProviderKind kind, const Result<std::optional<std::string>>& result)
{
    if (!result) {
        if (m_unavailable.isEmpty()) // every keyed provider's read fails alike: said once
            m_unavailable = QStringLiteral("reading the %1 failed: %2")
                                .arg(QString::fromStdString(m_backend->name()), QString::fromStdString(result.error().message));
    } else if (result.value()) {
        secrets::remember(*result.value()); // masked wherever text leaves the process
        (*m_keychainKeys)[variable(kind)] = *result.value();
    } else {
        m_keychainKeys->erase(variable(kind));
    }
    if (--m_pending == 0) {
        m_loaded = true;
        emit changed();
    }
}

KeySource KeyRing::source(ProviderKind kind) const
{
    const std::string name = variable(kind);
    if (name.empty())
        return KeySource::None;
    if (m_environment(name.c_str()))
        return KeySource::Environment;
    return inKeychain(kind) ? KeySource::Keychain : KeySource::None;
}

bool KeyRing::inKeychain(ProviderKind kind) const
{
    return m_keychainKeys->count(variable(kind)) > 0;
}

void KeyRing::store(ProviderKind kind, const std::string& key)
{
    m_backend->write(keychainAccount(kind), key, this, [this, kind, key](const Status& status) {
        if (!status)
            return report(kind, "storing", status.error());
        secrets::remember(key);
        (*m_keychainKeys)[variable(kind)] = key;
        emit changed();
    });
}

void KeyRing::forget(ProviderKind kind)
{
    m_backend->remove(keychainAccount(kind), this, [this, kind](const Status& status) {
        if (!status)
            return report(kind, "removing", status.error());
        m_keychainKeys->erase(variable(kind));
        emit changed();
    });
}

providers::Environment KeyRing::environment() const
{
    return [environment = m_environment, keys = m_keychainKeys](const char* name) -> std::optional<std::string> {
        if (auto value = environment(name))
            return value;
        if (auto it = keys->find(name); it != keys->end())
            return it->second;
        return std::nullopt;
    };
}

// The backend's message names the account, never the key.
void KeyRing::report(ProviderKind kind, const char* doing, const Error& error)
{
    emit failed(QStringLiteral("%1 key: %2 the %3 failed: %4")
                    .arg(QString::fromStdString(std::string(providers::providerName(kind))), QLatin1String(doing),
                         QString::fromStdString(m_backend->name()), QString::fromStdString(error.message)));
}

} // namespace conform::keys
