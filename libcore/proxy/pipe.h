#pragma once
// One application connection of the proxy and the upstream connection paired with it.
// A request's head is forwarded once it is whole and its body streamed after it as it
// arrives (pipelined requests in order); the upstream's bytes are written back as they
// arrive and read on the side to close each exchange, which goes to
// MonitoringProxy::finishExchange. Memory stays bounded whatever the sizes: each direction
// reads only while the other side has less than kMaxQueued bytes waiting, and a capture
// keeps only the first ProxyOptions::maxCapturedBodyBytes of a request body. Internal to the
// proxy module; it deletes itself when either side is done.
#include "proxy/exchange.h"
#include "providers/response_reader.h"
#include "server/connection_guard.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>

#include <deque>
#include <optional>

class QTcpSocket;
class QTimer;

namespace conform::proxy {

class MonitoringProxy;

class Pipe : public QObject
{
    Q_OBJECT
public:
    Pipe(QTcpSocket* client, MonitoringProxy& proxy, server::ConnectionRoster& roster);
    ~Pipe() override;

    // Bytes one side may have waiting to be written before the other side is no longer read.
    static constexpr qint64 kMaxQueued = 1024 * 1024;
    static constexpr qint64 kReadBuffer = 256 * 1024; // each socket's read buffer

private:
    struct Pending
    {
        Exchange exchange;
        std::optional<providers::ProviderKind> provider; // nullopt: forwarded, not captured
        providers::ResponseReader reader;
        QElapsedTimer clock;
        std::uint64_t serial = 0;
    };

    void clientReadable();
    void upstreamReadable();
    void pumpUpstream(bool all);
    void upstreamGone(const QString& why);
    void clientGone();
    void expire(server::ConnectionGuard::Why why);
    void forwardHead(server::HttpRequest request, const QByteArray& head, qsizetype bodyBytes);
    void forwardBody();
    QByteArray rewritten(const server::HttpRequest& request, const QByteArray& head) const;
    void connectUpstream();
    void closeFront(const QString& transportError);
    void updateBusy();
    void shutDown();

    MonitoringProxy& m_proxy;
    QTcpSocket* m_client;
    QTcpSocket* m_upstream = nullptr;
    server::ConnectionGuard* m_guard;
    QByteArray m_inbound;
    std::deque<Pending> m_pending;
    qint64 m_bodyLeft = 0;          // bytes of the current request's body still to come
    std::uint64_t m_streaming = 0;  // the serial of the request whose body is streaming
    std::uint64_t m_serials = 0;
    bool m_closing = false;
    bool m_continueSent = false; // "100 Continue" already sent for the request being read
};

} // namespace conform::proxy
