#pragma once
// Where one HTTP/1.1 request goes and the bytes that ask for it, for the provider channel
// (network_channel.h), which writes them on a socket of its own.
//
//   const Route route = routeFor(url);                 // direct, or through a proxy
//   socket->setProxy(route.socketProxy);
//   socket->connectToHost(route.host, route.port);     // connectToHostEncrypted for https
//   socket->write(requestBytes(request, url, route));
//
// Proxies are the ones Qt reads from the environment (http_proxy, https_proxy, all_proxy,
// no_proxy), the same QNetworkAccessManager used before the channel had sockets of its own:
// http goes to an HTTP proxy in absolute form ("POST http://host/path"), https through a
// CONNECT tunnel the socket opens, SOCKS5 carries either.
#include "providers/http.h"

#include <QByteArray>
#include <QNetworkProxy>
#include <QString>
#include <QUrl>

namespace conform::providers {

struct Route
{
    QString host;                 // where the socket connects: the URL's host, or an HTTP proxy's
    quint16 port = 0;
    bool tls = false;             // https: the socket is a QSslSocket, verified for the URL's host
    QNetworkProxy socketProxy{QNetworkProxy::NoProxy}; // a CONNECT tunnel or SOCKS5, else none
    bool absoluteForm = false;    // the request line names the whole URL (http via an HTTP proxy)
    QByteArray proxyAuthorization; // "Basic ..." for that HTTP proxy, when it names a user
};

Route routeFor(const QUrl& url);

// The request head and body. Host, Content-Length (for a body, or any POST, PUT or PATCH),
// "Accept-Encoding: identity" (replies arrive as sent, so a limit counts what the model
// wrote) and "Connection: close" (one exchange per connection) are ours, and the request's
// own headers of those names are left out; a User-Agent is added when it has none. The
// credentials follow the headers. A URL's "user:password@" becomes Basic authorization
// unless a header or credential already names authorization; it never appears in the
// request line or Host.
QByteArray requestBytes(const HttpRequest& request, const QUrl& url, const Route& route);

} // namespace conform::providers
