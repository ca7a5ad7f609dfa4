#include "providers/http_route.h"

#include <QNetworkProxyFactory>
#include <QNetworkProxyQuery>

#include <algorithm>
#include <array>

namespace conform::providers {

namespace {

bool named(std::string_view name, std::string_view lowerName)
{
    return name.size() == lowerName.size() && std::equal(name.begin(), name.end(), lowerName.begin(), [](char a, char b) {
               return (a >= 'A' && a <= 'Z' ? char(a - 'A' + 'a') : a) == b;
           });
}

// The headers this file writes itself, whatever the request says.
bool ours(std::string_view name)
{
    static constexpr std::array<std::string_view, 5> kOurs = {"host", "content-length", "connection", "accept-encoding",
                                                              "transfer-encoding"};
    return std::any_of(kOurs.begin(), kOurs.end(), [name](std::string_view o) { return named(name, o); });
}

bool hasHeader(const std::vector<Header>& headers, std::string_view lowerName)
{
    return std::any_of(headers.begin(), headers.end(), [lowerName](const Header& h) { return named(h.first, lowerName); });
}

QByteArray basic(const QString& user, const QString& password)
{
    return "Basic " + (user + QLatin1Char(':') + password).toUtf8().toBase64();
}

QByteArray hostHeader(const QUrl& url, bool tls)
{
    QByteArray host = url.host(QUrl::FullyEncoded).toUtf8();
    if (host.contains(':'))
        host = '[' + host + ']'; // an IPv6 address
    if (url.port() != -1 && url.port() != (tls ? 443 : 80))
        host += ':' + QByteArray::number(url.port());
    return host;
}

QByteArray requestTarget(const QUrl& url, const Route& route)
{
    if (route.absoluteForm)
        return url.toEncoded(QUrl::RemoveUserInfo | QUrl::RemoveFragment);
    QByteArray target = url.path(QUrl::FullyEncoded).toUtf8();
    if (target.isEmpty())
        target = "/";
    if (url.hasQuery())
        target += '?' + url.query(QUrl::FullyEncoded).toUtf8();
    return target;
}

// A line break inside a name or value would start a header of its own: it becomes a space.
void addLine(QByteArray& head, std::string_view name, std::string_view value)
{
    const qsizetype start = head.size();
    head.append(name.data(), qsizetype(name.size())).append(": ").append(value.data(), qsizetype(value.size()));
    std::replace_if(head.begin() + start, head.end(), [](char c) { return c == '\r' || c == '\n'; }, ' ');
    head.append("\r\n");
}

} // namespace

Route routeFor(const QUrl& url)
{
    Route route;
    route.tls = url.scheme() == QLatin1String("https");
    route.host = url.host();
    route.port = static_cast<quint16>(url.port(route.tls ? 443 : 80));
    // Qt's own reading of the environment; the first answer is the one to use.
    const QList<QNetworkProxy> proxies = QNetworkProxyFactory::proxyForQuery(QNetworkProxyQuery(url));
    const QNetworkProxy proxy = proxies.value(0, QNetworkProxy(QNetworkProxy::NoProxy));
    if (proxy.type() == QNetworkProxy::Socks5Proxy) {
        route.socketProxy = proxy;
    } else if (proxy.type() == QNetworkProxy::HttpProxy || proxy.type() == QNetworkProxy::HttpCachingProxy) {
        if (route.tls) {
            route.socketProxy = QNetworkProxy(QNetworkProxy::HttpProxy, proxy.hostName(), proxy.port(), proxy.user(), proxy.password());
        } else {
            route.host = proxy.hostName();
            route.port = proxy.port();
            route.absoluteForm = true;
            if (!proxy.user().isEmpty())
                route.proxyAuthorization = basic(proxy.user(), proxy.password());
        }
    }
    return route;
}

QByteArray requestBytes(const HttpRequest& request, const QUrl& url, const Route& route)
{
    QByteArray head = QByteArray::fromStdString(request.method) + ' ' + requestTarget(url, route) + " HTTP/1.1\r\n";
    addLine(head, "Host", hostHeader(url, route.tls).toStdString());
    for (const std::vector<Header>* headers : {&request.headers, &request.credentials})
        for (const auto& [name, value] : *headers)
            if (!ours(name))
                addLine(head, name, value);
    if (!url.userName().isEmpty() && !hasHeader(request.headers, "authorization") && !hasHeader(request.credentials, "authorization"))
        addLine(head, "Authorization", basic(url.userName(), url.password()).toStdString());
    if (!route.proxyAuthorization.isEmpty())
        addLine(head, "Proxy-Authorization", route.proxyAuthorization.toStdString());
    if (!request.body.empty() || request.method == "POST" || request.method == "PUT" || request.method == "PATCH")
        addLine(head, "Content-Length", std::to_string(request.body.size()));
    if (!hasHeader(request.headers, "user-agent"))
        addLine(head, "User-Agent", "conform/" CONFORM_VERSION);
    addLine(head, "Accept-Encoding", "identity");
    addLine(head, "Connection", "close");
    head += "\r\n";
    return head + QByteArray::fromStdString(request.body);
}

} // namespace conform::providers
