#include "server/connection_guard.h"

#include "server/http_response.h"
#include "server/memory.h"
#include "server/reply.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <sys/resource.h>

namespace conform::server {

namespace {

// Descriptors kept for everything but connections: the listening socket, the store and its
// WAL, logs, the upstream's DNS lookups, Qt's own wake-up pipes.
constexpr long kReservedDescriptors = 64;

} // namespace

long raiseOpenFileLimit()
{
    static const long limit = [] {
        rlimit now{};
        if (::getrlimit(RLIMIT_NOFILE, &now) != 0)
            return 1024L;
        if (now.rlim_cur < now.rlim_max) {
            rlimit raised = now;
            raised.rlim_cur = now.rlim_max;
            if (::setrlimit(RLIMIT_NOFILE, &raised) == 0)
                now = raised;
        }
        return now.rlim_cur == RLIM_INFINITY ? 1L << 20 : static_cast<long>(std::min<rlim_t>(now.rlim_cur, 1L << 30));
    }();
    return limit;
}

int connectionCapacity(int wanted, long openFileLimit, int perConnection)
{
    const long fit = (openFileLimit - kReservedDescriptors) / std::max(1, perConnection);
    return static_cast<int>(std::max(1L, std::min<long>(wanted, fit)));
}

void refuseOverloaded(QTcpSocket* socket, const std::string& message)
{
    const QByteArray body = toBytes(Json{{"error", {{"type", "overloaded_error"}, {"message", message}}}});
    socket->write("HTTP/1.1 503 " + reasonPhrase(503) + "\r\ncontent-type: application/json\r\ncontent-length: "
                  + QByteArray::number(body.size()) + "\r\nconnection: close\r\n\r\n" + body);
    QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    socket->disconnectFromHost();
    if (socket->state() == QAbstractSocket::UnconnectedState)
        socket->deleteLater();
}

ConnectionRoster::ConnectionRoster(ConnectionLimits limits, int descriptorsPerConnection, QObject* parent)
    : QObject(parent), m_limits(limits),
      m_capacity(connectionCapacity(limits.maxConnections, raiseOpenFileLimit(), descriptorsPerConnection))
{
    keepLargeBlocksReturnable(); // a server's memory follows its requests, not its largest one
}

ConnectionRoster::~ConnectionRoster()
{
    for (ConnectionGuard* guard : m_order)
        guard->m_roster = nullptr;
}

bool ConnectionRoster::makeRoom()
{
    return count() < m_capacity || evictOldestIdle();
}

bool ConnectionRoster::evictOldestIdle()
{
    const auto idle = std::find_if(m_order.begin(), m_order.end(), [](const ConnectionGuard* g) { return !g->busy(); });
    if (idle == m_order.end())
        return false;
    ConnectionGuard* oldest = *idle;
    remove(oldest);
    emit oldest->expired(ConnectionGuard::Why::Evicted);
    return true;
}

void ConnectionRoster::watch(QTcpServer* server)
{
    connect(server, &QTcpServer::acceptError, this, [this, server] {
        // Out of descriptors after all (others use them too): QTcpServer has paused accepting.
        // Hold no more than now, free one, and try again shortly; the pause keeps a lasting
        // failure from spinning.
        m_capacity = std::max(1, count());
        evictOldestIdle();
        QTimer::singleShot(50, server, [server] { server->resumeAccepting(); });
    });
}

void ConnectionRoster::touch(ConnectionGuard* guard)
{
    m_order.splice(m_order.end(), m_order, guard->m_place);
}

void ConnectionRoster::remove(ConnectionGuard* guard)
{
    m_order.erase(guard->m_place);
    guard->m_roster = nullptr;
}

ConnectionGuard::ConnectionGuard(ConnectionRoster& roster, QObject* parent)
    : QObject(parent), m_roster(&roster), m_idle(new QTimer(this)), m_header(new QTimer(this))
{
    m_place = roster.m_order.insert(roster.m_order.end(), this);
    m_idle->setSingleShot(true);
    m_idle->setInterval(roster.limits().idleTimeoutMs);
    m_header->setSingleShot(true);
    m_header->setInterval(roster.limits().headerTimeoutMs);
    connect(m_idle, &QTimer::timeout, this, [this] { emit expired(Why::Idle); });
    connect(m_header, &QTimer::timeout, this, [this] { emit expired(Why::HeaderTimeout); });
    m_idle->start();
}

ConnectionGuard::~ConnectionGuard()
{
    leave();
}

void ConnectionGuard::activity()
{
    m_idle->start();
    if (m_roster)
        m_roster->touch(this);
}

void ConnectionGuard::requestStarted()
{
    if (!m_header->isActive())
        m_header->start();
}

void ConnectionGuard::headerReceived()
{
    m_header->stop();
}

void ConnectionGuard::setBusy(bool busy)
{
    m_busy = busy;
}

int ConnectionGuard::headerTimeoutMs() const
{
    return m_header->interval();
}

void ConnectionGuard::leave()
{
    m_idle->stop();
    m_header->stop();
    if (m_roster)
        m_roster->remove(this);
}

} // namespace conform::server
