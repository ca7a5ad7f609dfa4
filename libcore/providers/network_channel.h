#pragma once
// The provider channel over the network: each hop of an exchange is one HTTP/1.1 request on a
// socket of its own (QTcpSocket, or QSslSocket verified against the system's CAs for https),
// its reply read with ResponseReader (response_reader.h) and handed on de-chunked, piece by
// piece, as it arrives. Asynchronous: it never waits, all is signals.
//
//   auto* channel = new NetworkChannel(parent);       // or Transport t(networkChannels());
//   connect(channel, &Channel::bytesReceived, ...);
//   channel->start(request);
//
// Why not QNetworkAccessManager: Qt 6.4's HTTP stack reads a chunked body ahead of
// QNetworkReply's read buffer, so a reply the transport refuses at 32 MB had already filled
// hundreds of megabytes. Here nothing is read ahead of the transport but the socket's read
// buffer (kReadBuffer): each read is handed on before the next, and the transport aborts
// the channel the moment a body passes its limit (`--max-reply-bytes`), whatever its framing.
//
// Rules a caller can count on:
//   - redirects are followed here, as redirect.h says: credentials only to their own origin.
//     One it refuses (out of https, not http or https, more than kMaxRedirects in a row)
//     ends the exchange with redirectRefused(), which the transport does not retry;
//   - one connection per hop ("Connection: close"), HTTP/1.1, no pool;
//   - "Accept-Encoding: identity" (http_route.h): a reply (below 400) that comes compressed
//     all the same ends as a connection error naming its encoding;
//   - proxies as Qt reads them from the environment, as QNetworkAccessManager did (http_route.h);
//   - a reply that ends before its framing says (cut mid-chunk, short of its Content-Length)
//     ends as a connection error; one read until the close ends cleanly.
#include "providers/channel.h"

#include <QPointer>

#include <cstdint>
#include <memory>
#include <string>

class QTcpSocket;

namespace conform::providers {

class ResponseReader;

class NetworkChannel final : public Channel
{
    Q_OBJECT
public:
    // What may be read from the socket ahead of the transport.
    static constexpr qint64 kReadBuffer = 64 * 1024;

    explicit NetworkChannel(QObject* parent = nullptr);
    ~NetworkChannel() override;
    void start(const HttpRequest& request) override;
    void abort() override;

    // Bytes read from the sockets so far (heads, framing and bodies, every hop).
    std::uint64_t bytesRead() const { return m_bytesRead; }

private:
    void send();
    void onReadable();
    void onClosed();
    bool take(const QByteArray& data);
    bool onHead();
    void follow(int status, const std::string& location);
    void end(bool connectionError, const QString& detail);
    void refuse(const std::string& why);
    void dropSocket();

    HttpRequest m_request; // the one being sent: the last redirect's
    QPointer<QTcpSocket> m_socket;
    std::unique_ptr<ResponseReader> m_reader;
    QByteArray m_piece; // body bytes framed by the read in hand, not yet handed on
    std::uint64_t m_bytesRead = 0;
    int m_redirects = 0;
    unsigned m_starts = 0; // a start() whose first hop is still queued is superseded by the next
    bool m_active = false; // started, not yet ended or aborted
};

} // namespace conform::providers
