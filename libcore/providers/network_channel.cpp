#include "providers/network_channel.h"

#include "providers/http_route.h"
#include "providers/redirect.h"
#include "providers/response_reader.h"

#include <QTcpSocket>
#include <QUrl>

#include <utility>
#if QT_CONFIG(ssl)
#include <QSslSocket>
#endif

namespace conform::providers {

namespace {

std::string shown(const QUrl& url)
{
    return redactUrl(url.toString(QUrl::FullyEncoded).toStdString());
}

// Why `url` cannot be asked at all; "" when it can.
QString unusable(const QUrl& url)
{
    const bool web = url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https");
    if (!url.isValid() || !web || url.host().isEmpty())
        return QString::fromStdString("not an http or https URL: '" + shown(url) + "'");
#if !QT_CONFIG(ssl)
    if (url.scheme() == QLatin1String("https"))
        return QStringLiteral("https is not available: Qt was built without TLS");
#endif
    return {};
}

} // namespace

NetworkChannel::NetworkChannel(QObject* parent) : Channel(parent) {}

NetworkChannel::~NetworkChannel()
{
    abort();
}

void NetworkChannel::start(const HttpRequest& request)
{
    abort();
    m_request = request;
    m_redirects = 0;
    m_active = true;
    // A socket may report a refused connection from inside connectToHost(): the first hop
    // starts on the next turn of the event loop, so no signal comes from inside start().
    QMetaObject::invokeMethod(
        this, [this, start = ++m_starts] { if (start == m_starts) send(); }, Qt::QueuedConnection);
}

void NetworkChannel::abort()
{
    m_active = false;
    dropSocket();
}

void NetworkChannel::send()
{
    if (!m_active)
        return;
    const QUrl url(QString::fromStdString(m_request.url));
    if (const QString why = unusable(url); !why.isEmpty())
        return end(true, why);
    const Route route = routeFor(url);
#if QT_CONFIG(ssl)
    QTcpSocket* socket = route.tls ? new QSslSocket(this) : new QTcpSocket(this);
#else
    QTcpSocket* socket = new QTcpSocket(this);
#endif
    m_socket = socket;
    socket->setProxy(route.socketProxy);
    socket->setReadBufferSize(kReadBuffer); // beyond it the kernel holds the server back
    m_reader = std::make_unique<ResponseReader>(m_request.method == "HEAD");
    m_reader->setBodySink([this](std::string_view piece) { m_piece.append(piece.data(), qsizetype(piece.size())); });
    connect(socket, &QTcpSocket::readyRead, this, &NetworkChannel::onReadable);
    connect(socket, &QTcpSocket::disconnected, this, &NetworkChannel::onClosed);
    connect(socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
        // A close is read to its end first (onClosed): a reply may be framed by it.
        if (error != QAbstractSocket::RemoteHostClosedError && m_socket)
            end(true, m_socket->errorString());
    });
#if QT_CONFIG(ssl)
    if (route.tls)
        static_cast<QSslSocket*>(socket)->connectToHostEncrypted(route.host, route.port);
    else
#endif
        socket->connectToHost(route.host, route.port);
    // Qt holds the bytes until the connection (and the TLS handshake) is made.
    if (m_socket)
        m_socket->write(requestBytes(m_request, url, route));
}

void NetworkChannel::onReadable()
{
    // One read buffer at a time, each handed on before the next: the transport may end the
    // exchange after any of them.
    while (m_socket && m_socket->bytesAvailable() > 0) {
        const QByteArray data = m_socket->read(kReadBuffer);
        m_bytesRead += static_cast<std::uint64_t>(data.size());
        if (!take(data))
            return;
    }
}

// Frames `data` and reports what it held; false once this hop is over (ended, redirected,
// refused or aborted by a receiver).
bool NetworkChannel::take(const QByteArray& data)
{
    const bool hadHead = m_reader->headComplete();
    m_reader->feed(data.constData(), data.size()); // what follows the reply is ignored: Connection: close
    if (!hadHead && m_reader->headComplete() && !onHead())
        return false;
    if (!m_piece.isEmpty()) {
        const QPointer<NetworkChannel> alive(this);
        emit bytesReceived(std::exchange(m_piece, {}));
        if (!alive || !m_socket)
            return false;
    }
    if (m_reader->failed())
        end(true, QString::fromStdString("unreadable response: " + m_reader->error()));
    else if (m_reader->complete())
        end(false, {});
    else
        return true;
    return false;
}

// The head of a reply arrived: a redirect is followed, anything else reported. False when
// the hop is over.
bool NetworkChannel::onHead()
{
    const int status = m_reader->status();
    std::string location, encoding;
    for (const auto& [name, value] : m_reader->headers()) {
        if (name == "location")
            location = value;
        else if (name == "content-encoding")
            encoding = value;
    }
    if (isRedirect(status) && !location.empty()) {
        follow(status, location);
        return false;
    }
    if (status < 400 && !encoding.empty() && QByteArray::fromStdString(encoding).compare("identity", Qt::CaseInsensitive) != 0) {
        end(true, QString::fromStdString("the reply came with Content-Encoding " + encoding + ", though only identity was asked for"));
        return false;
    }
    const QPointer<NetworkChannel> alive(this);
    emit responseStarted(status, m_reader->headers());
    return alive && m_socket;
}

void NetworkChannel::follow(int status, const std::string& location)
{
    dropSocket();
    auto next = redirectedRequest(m_request, status, location);
    if (!next)
        return refuse(next.error().message);
    if (++m_redirects > kMaxRedirects) {
        const QUrl from(QString::fromStdString(m_request.url));
        return refuse("redirect from " + shown(from) + " to " + shown(QUrl(QString::fromStdString(next->url)))
                      + " refused: more than " + std::to_string(kMaxRedirects) + " redirects in a row");
    }
    m_request = std::move(next).value();
    send();
}

void NetworkChannel::onClosed()
{
    if (!m_socket)
        return;
    onReadable(); // what came before the close
    if (!m_socket)
        return;
    m_reader->closed(); // complete if read until the close, else cut
    end(m_reader->failed(), QString::fromStdString(m_reader->error()));
}

void NetworkChannel::end(bool connectionError, const QString& detail)
{
    m_active = false;
    dropSocket();
    emit ended(connectionError, detail);
}

void NetworkChannel::refuse(const std::string& why)
{
    m_active = false;
    dropSocket();
    emit redirectRefused(QString::fromStdString(why));
}

void NetworkChannel::dropSocket()
{
    if (!m_socket)
        return;
    QTcpSocket* socket = m_socket;
    m_socket = nullptr;
    socket->disconnect(this);
    socket->abort();
    socket->deleteLater();
    m_piece.clear();
}

} // namespace conform::providers
