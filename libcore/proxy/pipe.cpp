#include "proxy/pipe.h"

#include "proxy/proxy.h"

#include <QTcpSocket>
#include <QTimer>
#if QT_CONFIG(ssl)
#include <QSslSocket>
#endif

#include <sys/socket.h>

namespace conform::proxy {

namespace {

// The proxy's own answer to a request it cannot frame (the upstream never sees it).
QByteArray errorResponse(int status, const std::string& message)
{
    const QByteArray body = QByteArray::fromStdString(R"({"error":{"type":"proxy_error","message":)" + conform::dump(Json(message)) + "}}");
    return "HTTP/1.1 " + QByteArray::number(status) + " Bad Request\r\nContent-Type: application/json\r\nContent-Length: "
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

Pipe::Pipe(QTcpSocket* client, MonitoringProxy& proxy) : QObject(&proxy), m_proxy(proxy), m_client(client), m_idle(new QTimer(this))
{
    client->setParent(this);
    client->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_idle->setSingleShot(true);
    m_idle->setInterval(proxy.options().idleTimeoutMs);
    connect(m_idle, &QTimer::timeout, this, &Pipe::shutDown);
    connect(client, &QTcpSocket::readyRead, this, &Pipe::clientReadable);
    connect(client, &QTcpSocket::disconnected, this, &Pipe::clientGone);
    m_idle->start();
}

Pipe::~Pipe() = default;

void Pipe::clientReadable()
{
    m_idle->start();
    m_inbound += m_client->readAll();
    while (!m_closing && !m_inbound.isEmpty()) {
        server::ParseOutcome parsed = server::parseRequest(m_inbound);
        if (parsed.state == server::ParseOutcome::State::NeedMore) {
            // The upstream would have said it; the body is needed here before anything is sent.
            if (parsed.headerComplete && parsed.request.expectsContinue() && !m_continueSent) {
                m_client->write("HTTP/1.1 100 Continue\r\n\r\n");
                m_continueSent = true;
            }
            return;
        }
        if (parsed.state == server::ParseOutcome::State::Error) {
            m_client->write(errorResponse(parsed.errorStatus, parsed.errorMessage));
            m_client->disconnectFromHost();
            m_closing = true;
            return;
        }
        m_continueSent = false;
        QByteArray bytes = m_inbound.left(parsed.consumed);
        m_inbound.remove(0, parsed.consumed);
        forward(std::move(parsed.request), std::move(bytes));
    }
}

QByteArray Pipe::rewritten(const server::HttpRequest& request, const QByteArray& bytes) const
{
    const QUrl& upstream = m_proxy.options().upstream;
    QByteArray prefix = upstream.path(QUrl::FullyEncoded).toUtf8();
    while (prefix.endsWith('/'))
        prefix.chop(1);
    const bool defaultPort = upstream.port() < 0;
    const QByteArray host = upstream.host(QUrl::FullyEncoded).toUtf8() + (defaultPort ? QByteArray() : ':' + QByteArray::number(upstream.port()));
    const qsizetype headEnd = bytes.indexOf("\r\n\r\n");
    QList<QByteArray> lines = bytes.left(headEnd).split('\n');
    lines[0] = request.method + ' ' + prefix + request.target + " HTTP/1." + QByteArray::number(request.minorVersion) + '\r';
    bool hasHost = false;
    for (qsizetype i = 1; i < lines.size(); ++i)
        if (lines[i].size() > 5 && lines[i].left(5).toLower() == "host:") {
            lines[i] = "Host: " + host + '\r';
            hasHost = true;
        }
    if (!hasHost) // HTTP/1.0 clients may leave it out; the upstream (a virtual host) needs it
        lines.insert(1, "Host: " + host + '\r');
    return lines.join('\n') + bytes.mid(headEnd);
}

void Pipe::forward(server::HttpRequest request, QByteArray bytes)
{
    Pending pending{Exchange{}, std::nullopt, ResponseReader(request.method == "HEAD"), {}};
    if (request.method == "POST")
        pending.provider = providerOfPath(request.path);
    pending.exchange.upstream = m_proxy.options().upstream.toString().toStdString();
    const QByteArray outgoing = rewritten(request, bytes);
    pending.exchange.request = std::move(request);
    pending.clock.start();
    m_pending.push_back(std::move(pending));
    connectUpstream();
    m_upstream->write(outgoing); // buffered by Qt while the connection is still being made
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
    m_idle->start();
    const QByteArray data = m_upstream->readAll();
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

void Pipe::closeFront(const QString& transportError)
{
    Pending pending = std::move(m_pending.front());
    m_pending.pop_front();
    Exchange& e = pending.exchange;
    e.status = pending.reader.headComplete() ? pending.reader.status() : 0;
    e.responseHeaders = pending.reader.headers();
    e.responseBody = pending.reader.body();
    e.complete = pending.reader.complete();
    e.transportError = transportError.toStdString();
    e.latencyMs = pending.clock.elapsed();
    if (pending.provider)
        m_proxy.finishExchange(std::move(e), *pending.provider);
}

void Pipe::upstreamGone(const QString& why)
{
    if (m_closing)
        return;
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
    while (!m_pending.empty())
        closeFront(QStringLiteral("the application closed the connection"));
    m_closing = true;
    if (m_upstream)
        m_upstream->abort();
    deleteLater();
}

void Pipe::shutDown()
{
    m_closing = true;
    if (m_upstream)
        m_upstream->abort();
    m_client->abort();
    deleteLater();
}

} // namespace conform::proxy
