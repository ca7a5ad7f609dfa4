#include "proxy/pipe.h"

#include "proxy/proxy.h"
#include "server/http_response.h"

#include <QTcpSocket>
#include <QTimer>
#if QT_CONFIG(ssl)
#include <QSslSocket>
#endif

#include <sys/socket.h>

#include <algorithm>

namespace conform::proxy {

namespace {

// The proxy forwards a body's bytes as they arrive, so it frames requests by Content-Length
// only and never inflates them: the upstream gets what the application sent, whatever its
// size (only the capture's first maxCapturedBodyBytes are kept).
const server::HttpLimits kForwardedAsSent{64 * 1024, 100, qsizetype(1) << 50, false};

// The proxy's own answer to a request it cannot frame (the upstream never sees it).
QByteArray errorResponse(int status, const std::string& message)
{
    const QByteArray body = QByteArray::fromStdString(R"({"error":{"type":"proxy_error","message":)" + conform::dump(Json(message)) + "}}");
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + server::reasonPhrase(status) + "\r\nContent-Type: application/json\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

// Closes with a reset (RST), not an orderly close: the application's HTTP client then
// reports a failed connection, as it would have when the upstream failed it directly.
void resetConnection(QTcpSocket* socket)
{
    if (const qintptr fd = socket->socketDescriptor(); fd >= 0) {
        const linger immediate{1, 0};
        ::setsockopt(static_cast<int>(fd), SOL_SOCKET, SO_LINGER, &immediate, sizeof immediate);
    }
    socket->abort();
}

} // namespace

Pipe::Pipe(QTcpSocket* client, MonitoringProxy& proxy, server::ConnectionRoster& roster)
    : QObject(&proxy), m_proxy(proxy), m_client(client), m_guard(new server::ConnectionGuard(roster, this))
{
    client->setParent(this);
    client->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    client->setReadBufferSize(kReadBuffer); // beyond it the kernel holds the peer back
    connect(m_guard, &server::ConnectionGuard::expired, this, &Pipe::expire);
    connect(client, &QTcpSocket::readyRead, this, &Pipe::clientReadable);
    connect(client, &QTcpSocket::disconnected, this, &Pipe::clientGone);
    // The application reads slowly: the upstream is read again once it caught up.
    connect(client, &QTcpSocket::bytesWritten, this, [this] {
        if (m_upstream && m_client->bytesToWrite() < kMaxQueued)
            pumpUpstream(false);
    });
}

Pipe::~Pipe() = default;

void Pipe::expire(server::ConnectionGuard::Why why)
{
    if (why == server::ConnectionGuard::Why::HeaderTimeout && m_pending.empty() && !m_closing) {
        const std::string message = "the request head did not arrive within " + std::to_string(m_guard->headerTimeoutMs()) + " ms";
        m_client->write(errorResponse(408, message));
        m_client->disconnectFromHost();
        m_closing = true;
        m_guard->leave();
        return;
    }
    shutDown(); // idle (nothing moved either way), or evicted to make room for a newcomer
}

void Pipe::updateBusy()
{
    m_guard->setBusy(!m_pending.empty() || m_bodyLeft > 0);
}

void Pipe::clientReadable()
{
    m_guard->activity();
    // The upstream takes the body slower than the application sends it: leave the bytes in
    // the socket (and the kernel's window) until it caught up.
    if (m_upstream && m_upstream->bytesToWrite() >= kMaxQueued)
        return;
    m_inbound += m_client->readAll();
    while (!m_closing && !m_inbound.isEmpty()) {
        if (m_bodyLeft > 0) {
            forwardBody();
            continue;
        }
        server::ParseOutcome parsed = server::parseRequest(m_inbound, kForwardedAsSent);
        if (parsed.state == server::ParseOutcome::State::NeedMore && !parsed.headerComplete) {
            m_guard->requestStarted();
            return;
        }
        m_guard->headerReceived();
        if (parsed.state == server::ParseOutcome::State::Error) {
            m_client->write(errorResponse(parsed.errorStatus, parsed.errorMessage));
            m_client->disconnectFromHost();
            m_closing = true;
            return;
        }
        // The upstream would have said it; the body is read (and forwarded) once it is asked for.
        if (parsed.state == server::ParseOutcome::State::NeedMore && parsed.request.expectsContinue() && !m_continueSent) {
            m_client->write("HTTP/1.1 100 Continue\r\n\r\n");
            m_continueSent = true;
        }
        const QByteArray head = m_inbound.left(parsed.headBytes);
        m_inbound.remove(0, parsed.headBytes);
        parsed.request.body.clear(); // kept as it streams, up to the capture's cap
        forwardHead(std::move(parsed.request), head, parsed.contentLength);
    }
    if (m_inbound.isEmpty())
        m_inbound = QByteArray(); // gives back the capacity a large body left behind
}

QByteArray Pipe::rewritten(const server::HttpRequest& request, const QByteArray& head) const
{
    const QUrl& upstream = m_proxy.options().upstream;
    const bool defaultPort = upstream.port() < 0;
    const QByteArray host = upstream.host(QUrl::FullyEncoded).toUtf8() + (defaultPort ? QByteArray() : ':' + QByteArray::number(upstream.port()));
    const qsizetype headEnd = head.indexOf("\r\n\r\n");
    QList<QByteArray> lines = head.left(headEnd).split('\n');
    lines[0] = request.method + ' ' + upstreamTarget(upstream, request.target) + " HTTP/1." + QByteArray::number(request.minorVersion) + '\r';
    bool hasHost = false;
    for (qsizetype i = 1; i < lines.size(); ++i)
        if (lines[i].size() > 5 && lines[i].left(5).toLower() == "host:") {
            lines[i] = "Host: " + host + '\r';
            hasHost = true;
        }
    if (!hasHost) // HTTP/1.0 clients may leave it out; the upstream (a virtual host) needs it
        lines.insert(1, "Host: " + host + '\r');
    return lines.join('\n') + head.mid(headEnd);
}

void Pipe::forwardHead(server::HttpRequest request, const QByteArray& head, qsizetype bodyBytes)
{
    Pending pending{Exchange{}, std::nullopt, providers::ResponseReader(request.method == "HEAD", m_proxy.options().maxJudgedReplyBytes), {},
                    ++m_serials};
    if (request.method == "POST")
        pending.provider = providerOfPath(request.path);
    pending.exchange.upstream = m_proxy.options().upstream.toString().toStdString();
    pending.exchange.requestBodyBytes = bodyBytes;
    const QByteArray outgoing = rewritten(request, head);
    pending.exchange.request = std::move(request);
    pending.clock.start();
    m_pending.push_back(std::move(pending));
    m_bodyLeft = bodyBytes;
    m_streaming = m_serials;
    if (bodyBytes == 0)
        m_continueSent = false;
    updateBusy();
    connectUpstream();
    m_upstream->write(outgoing); // buffered by Qt while the connection is still being made
}

void Pipe::forwardBody()
{
    const qsizetype take = qsizetype(std::min<qint64>(m_bodyLeft, m_inbound.size()));
    const QByteArrayView piece(m_inbound.constData(), take);
    m_upstream->write(piece.data(), piece.size());
    // The capture keeps the first bytes of the body (the request may have been answered and
    // closed already, when the upstream did not wait for the body).
    if (!m_pending.empty() && m_pending.back().serial == m_streaming) {
        Pending& streaming = m_pending.back();
        QByteArray& kept = streaming.exchange.request.body;
        const qsizetype room = std::max<qsizetype>(0, m_proxy.options().maxCapturedBodyBytes - kept.size());
        if (room > 0)
            kept.append(piece.first(std::min(room, take)));
        streaming.clock.start(); // latency runs from the request's last byte
    }
    m_inbound.remove(0, take);
    m_bodyLeft -= take;
    if (m_bodyLeft == 0) {
        m_continueSent = false;
        updateBusy();
    }
}

void Pipe::connectUpstream()
{
    if (m_upstream)
        return;
    const QUrl& upstream = m_proxy.options().upstream;
    const bool tls = upstream.scheme() == QLatin1String("https");
#if QT_CONFIG(ssl)
    auto* socket = tls ? new QSslSocket(this) : new QTcpSocket(this);
#else
    auto* socket = new QTcpSocket(this);
#endif
    m_upstream = socket;
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    socket->setReadBufferSize(kReadBuffer);
    // A request body waits for the upstream to take what is queued; then the application is read again.
    connect(socket, &QTcpSocket::bytesWritten, this, [this] {
        if (!m_closing && m_upstream->bytesToWrite() < kMaxQueued && m_client->bytesAvailable() > 0)
            clientReadable();
    });
    connect(socket, &QTcpSocket::readyRead, this, &Pipe::upstreamReadable);
    connect(socket, &QTcpSocket::disconnected, this, [this] { upstreamGone(QStringLiteral("the upstream closed the connection")); });
    connect(socket, &QTcpSocket::errorOccurred, this, [this, socket](QAbstractSocket::SocketError error) {
        if (error != QAbstractSocket::RemoteHostClosedError)
            upstreamGone(QStringLiteral("upstream connection error: ") + socket->errorString());
    });
    const quint16 port = static_cast<quint16>(upstream.port(tls ? 443 : 80));
#if QT_CONFIG(ssl)
    if (tls) {
        static_cast<QSslSocket*>(socket)->connectToHostEncrypted(upstream.host(), port);
        return;
    }
#endif
    socket->connectToHost(upstream.host(), port);
}

void Pipe::upstreamReadable()
{
    pumpUpstream(false);
}

void Pipe::pumpUpstream(bool all)
{
    m_guard->activity();
    // The application reads slowly: leave the upstream's bytes in its socket until it caught
    // up (`all`: the upstream is gone, everything it sent goes on).
    while (m_upstream && m_upstream->bytesAvailable() > 0 && (all || m_client->bytesToWrite() < kMaxQueued)) {
        const QByteArray data = m_upstream->read(kReadBuffer);
        m_client->write(data); // untouched, at once
        qsizetype offset = 0;
        while (offset < data.size() && !m_pending.empty()) {
            Pending& front = m_pending.front();
            const qsizetype used = front.reader.feed(data.constData() + offset, data.size() - offset);
            offset += used;
            if (front.reader.complete() || front.reader.failed())
                closeFront(front.reader.failed() ? QString::fromStdString("unreadable response: " + front.reader.error()) : QString());
            else if (used == 0)
                break;
        }
    }
}

void Pipe::closeFront(const QString& transportError)
{
    Pending pending = std::move(m_pending.front());
    m_pending.pop_front();
    Exchange& e = pending.exchange;
    e.status = pending.reader.headComplete() ? pending.reader.status() : 0;
    e.responseHeaders = pending.reader.headers();
    e.responseBody = pending.reader.body();
    e.responseBodyBytes = pending.reader.bodyBytes();
    e.responseOverLimit = pending.reader.bodyOverLimit();
    e.complete = pending.reader.complete();
    e.transportError = transportError.toStdString();
    e.latencyMs = pending.clock.elapsed();
    if (pending.provider)
        m_proxy.finishExchange(std::move(e), *pending.provider);
    updateBusy();
}

void Pipe::upstreamGone(const QString& why)
{
    if (m_closing)
        return;
    pumpUpstream(true); // what it sent before it went is the application's
    m_closing = true;
    bool cut = false;
    if (!m_pending.empty()) {
        m_pending.front().reader.closed();
        cut = !m_pending.front().reader.complete();
        closeFront(cut ? why : QString());
    }
    cut = cut || !m_pending.empty();
    while (!m_pending.empty())
        closeFront(why);
    // Cut mid-response (or before it): the application sees its connection fail, as it would
    // have; after a whole response, an orderly close.
    if (cut) {
        m_client->flush(); // the bytes that did come first
        resetConnection(m_client);
    } else
        m_client->disconnectFromHost();
    deleteLater();
}

void Pipe::clientGone()
{
    m_guard->leave();
    while (!m_pending.empty())
        closeFront(QStringLiteral("the application closed the connection"));
    m_closing = true;
    if (m_upstream)
        m_upstream->abort();
    deleteLater();
}

void Pipe::shutDown()
{
    m_guard->leave();
    m_closing = true;
    if (m_upstream)
        m_upstream->abort();
    m_client->abort();
    deleteLater();
}

} // namespace conform::proxy
