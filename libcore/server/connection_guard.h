#pragma once
// Keeps a server answering however many connections its peers open and leave idle: every
// connection has an idle timeout and a header timeout, and the server a limit on open
// connections, within the process's open-file limit, where a new connection over the limit
// closes the connection idle the longest instead of being refused. One piece shared by the
// replay server (server.h), the monitoring proxy (proxy/proxy.h) and any later server.
//
//   ConnectionRoster roster(limits, /*descriptorsPerConnection=*/1);
//   roster.watch(&tcpServer);                          // accept errors make room, not a halt
//   // on newConnection:
//   if (!roster.makeRoom()) refuse(socket);            // every connection is busy
//   auto* guard = new ConnectionGuard(roster, connection);
//   connect(guard, &ConnectionGuard::expired, connection, close);
//   guard->activity();      // bytes moved
//   guard->requestStarted(); guard->headerReceived(); guard->setBusy(true/false);
//
// Why: with only an idle timeout, 1,030 idle connections held for 100 s locked every new
// client out (the old limit refused them, and at the open-file limit accept() fails and
// QTcpServer stops accepting for good).
#include <QObject>

#include <list>
#include <string>

class QTcpServer;
class QTcpSocket;
class QTimer;

namespace conform::server {

struct ConnectionLimits
{
    int maxConnections = 10'000; // further bounded by the open-file limit (connectionCapacity)
    int idleTimeoutMs = 120'000; // no byte either way for this long: the connection is closed
    int headerTimeoutMs = 30'000; // a request head must arrive whole within this (slow loris)
};

// Raises the process's soft RLIMIT_NOFILE to its hard limit (done once; servers need the
// descriptors, and the soft default of 1,024 is a leftover of select()). Returns the soft
// limit now in force.
long raiseOpenFileLimit();

// How many connections fit: `wanted`, but no more than the descriptors left after a reserve
// (for the store, logs, the listening socket) allow at `perConnection` descriptors each;
// at least 1.
int connectionCapacity(int wanted, long openFileLimit, int perConnection);

// Answers 503 with {"error": {"type": "overloaded_error", "message": ...}} and closes: the
// newcomer's answer when every connection is busy (makeRoom() false). The socket deletes itself.
void refuseOverloaded(QTcpSocket* socket, const std::string& message);

class ConnectionGuard;

// The connections of one server, least recently active first.
class ConnectionRoster : public QObject
{
    Q_OBJECT

public:
    // Raises the open-file limit (raiseOpenFileLimit) and sizes the roster to it; large
    // blocks are made returnable (server/memory.h).
    ConnectionRoster(ConnectionLimits limits, int descriptorsPerConnection, QObject* parent = nullptr);
    ~ConnectionRoster() override;

    const ConnectionLimits& limits() const { return m_limits; }
    int capacity() const { return m_capacity; }
    int count() const { return static_cast<int>(m_order.size()); }

    // Room for one more connection: true at once below capacity; at capacity the connection
    // idle the longest is closed (its guard expires with Evicted) and true; false when every
    // connection is busy, and the newcomer should be refused.
    bool makeRoom();

    // Accept errors on `server` (out of descriptors: QTcpServer then stops accepting) close
    // the longest idle connection and resume accepting.
    void watch(QTcpServer* server);

private:
    friend class ConnectionGuard;
    bool evictOldestIdle();
    void touch(ConnectionGuard* guard);
    void remove(ConnectionGuard* guard);

    ConnectionLimits m_limits;
    int m_capacity;
    std::list<ConnectionGuard*> m_order;
};

// One connection's clocks and place in the roster. A child of the connection it guards.
class ConnectionGuard : public QObject
{
    Q_OBJECT

public:
    enum class Why { Idle, HeaderTimeout, Evicted };
    Q_ENUM(Why)

    ConnectionGuard(ConnectionRoster& roster, QObject* parent);
    ~ConnectionGuard() override;

    void activity();        // bytes moved: restarts the idle clock; now the most recently active
    void requestStarted();  // a request's first bytes are in: the header clock starts (once)
    void headerReceived();  // its head is complete: the header clock stops
    void setBusy(bool busy); // a request is being answered: never evicted meanwhile
    bool busy() const { return m_busy; }
    int headerTimeoutMs() const;
    // The connection is closing: it no longer counts against the limit.
    void leave();

signals:
    // The owner closes the connection (Evicted: at once, with abort(), so the descriptor is
    // free before the newcomer is accepted). Idle fires busy or not; the owner decides.
    void expired(conform::server::ConnectionGuard::Why why);

private:
    friend class ConnectionRoster;

    ConnectionRoster* m_roster;
    std::list<ConnectionGuard*>::iterator m_place;
    QTimer* m_idle;
    QTimer* m_header;
    bool m_busy = false;
};

} // namespace conform::server
