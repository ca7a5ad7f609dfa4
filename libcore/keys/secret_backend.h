#pragma once
// Where secrets are kept: an interface with an in-memory implementation. The workbench's
// backend is the system keychain (app/gui/settings/keychainbackend.h, through qtkeychain); tests and
// machines without a keychain use MemorySecretBackend.
//
//   backend.write("anthropic", key, this, [](Status s) { if (!s) show(s.error()); });
//   backend.read("anthropic", this, [](Result<std::optional<std::string>> r) { ... });
//
// Rules: calls are asynchronous (a keychain asks a daemon); each callback runs exactly once,
// on the calling thread, and never after `context` is destroyed. A missing entry reads as
// nullopt, not as an error; an error is one line saying what failed and why.
#include "base/result.h"

#include <QObject>

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace conform::keys {

using ReadDone = std::function<void(Result<std::optional<std::string>>)>;
using WriteDone = std::function<void(Status)>;

class SecretBackend
{
public:
    virtual ~SecretBackend() = default;
    virtual void read(const std::string& account, QObject* context, ReadDone done) = 0;
    virtual void write(const std::string& account, const std::string& secret, QObject* context, WriteDone done) = 0;
    virtual void remove(const std::string& account, QObject* context, WriteDone done) = 0;
    // For messages: "system keychain", "in-memory keychain".
    virtual std::string name() const = 0;
};

// Secrets in this process's memory only. Answers on the next event-loop turn, as a daemon
// would. setUnavailable() makes every call fail with `reason` (a keychain with no daemon).
class MemorySecretBackend : public SecretBackend
{
public:
    void read(const std::string& account, QObject* context, ReadDone done) override;
    void write(const std::string& account, const std::string& secret, QObject* context, WriteDone done) override;
    void remove(const std::string& account, QObject* context, WriteDone done) override;
    std::string name() const override { return "in-memory keychain"; }

    void setUnavailable(std::string reason) { m_unavailable = std::move(reason); }
    const std::map<std::string, std::string>& entries() const { return m_entries; }

private:
    std::map<std::string, std::string> m_entries;
    std::string m_unavailable;
};

} // namespace conform::keys
