#include "keys/secret_backend.h"

#include <QMetaObject>

namespace conform::keys {

namespace {

// Runs `job` on the next event-loop turn, unless `context` is gone by then.
void later(QObject* context, std::function<void()> job)
{
    QMetaObject::invokeMethod(context, std::move(job), Qt::QueuedConnection);
}

} // namespace

void MemorySecretBackend::read(const std::string& account, QObject* context, ReadDone done)
{
    Result<std::optional<std::string>> result = std::optional<std::string>();
    if (!m_unavailable.empty())
        result = Error{m_unavailable, account};
    else if (auto it = m_entries.find(account); it != m_entries.end())
        result = std::optional<std::string>(it->second);
    later(context, [done = std::move(done), result = std::move(result)] { done(result); });
}

void MemorySecretBackend::write(const std::string& account, const std::string& secret, QObject* context, WriteDone done)
{
    Status status = Done{};
    if (!m_unavailable.empty())
        status = Error{m_unavailable, account};
    else
        m_entries[account] = secret;
    later(context, [done = std::move(done), status] { done(status); });
}

void MemorySecretBackend::remove(const std::string& account, QObject* context, WriteDone done)
{
    Status status = Done{};
    if (!m_unavailable.empty())
        status = Error{m_unavailable, account};
    else
        m_entries.erase(account);
    later(context, [done = std::move(done), status] { done(status); });
}

} // namespace conform::keys
