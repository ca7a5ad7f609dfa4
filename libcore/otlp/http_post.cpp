#include "otlp/http_post.h"

#include "providers/http.h"
#include "providers/redirect.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

namespace conform::otlp {

QUrl tracesUrl(const QString& endpoint)
{
    QUrl url(endpoint);
    QString path = url.path();
    if (!path.endsWith(QLatin1String("/v1/traces"))) {
        while (path.endsWith(QLatin1Char('/')))
            path.chop(1);
        url.setPath(path + QStringLiteral("/v1/traces"));
    }
    return url;
}

Status addHeader(const std::string& entry, Headers& headers)
{
    std::size_t split = entry.find('=');
    if (split == std::string::npos)
        split = entry.find(':');
    if (split == std::string::npos || split == 0)
        return Error{"a header must be NAME=VALUE (its value is never shown)", "--header"};
    std::string name = entry.substr(0, split);
    while (!name.empty() && name.back() == ' ')
        name.pop_back();
    std::string value = entry.substr(split + 1);
    while (!value.empty() && value.front() == ' ')
        value.erase(0, 1);
    headers.emplace_back(QByteArray::fromStdString(name), QByteArray::fromStdString(value));
    return Done{};
}

Status addHeaderList(const std::string& list, Headers& headers)
{
    std::size_t start = 0;
    while (start < list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string entry = list.substr(start, comma - start);
        const std::size_t eq = entry.find('=');
        if (eq == std::string::npos || eq == 0)
            return Error{"an entry is not KEY=VALUE", "OTEL_EXPORTER_OTLP_HEADERS"};
        headers.emplace_back(QByteArray::fromStdString(entry.substr(0, eq)).trimmed(),
                             QByteArray::fromPercentEncoding(QByteArray::fromStdString(entry.substr(eq + 1)).trimmed()));
        start = comma + 1;
    }
    return Done{};
}

Status postJson(const QUrl& url, const Headers& headers, const QByteArray& body, int timeoutMs)
{
    const std::string shown = providers::redactUrl(url.toString().toStdString());
    QNetworkAccessManager nam;
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    for (const auto& [name, value] : headers)
        request.setRawHeader(name, value);
    providers::verifyRedirects(request); // the headers may hold a token: same-origin hops only
    QNetworkReply* reply = nam.post(request, body);
    providers::guardRedirects(reply);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    bool timedOut = false;
    QTimer::singleShot(timeoutMs, &loop, [&] { timedOut = true; loop.quit(); });
    loop.exec();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError error = reply->error();
    const std::string refused = providers::refusedRedirect(reply);
    const QString why = refused.empty() ? reply->errorString() : QString::fromStdString(refused);
    reply->abort();
    reply->deleteLater();
    if (timedOut)
        return Error{"no answer within " + std::to_string(timeoutMs) + " ms", shown};
    if (status == 0)
        return Error{providers::scrubUrlSecrets(why.toStdString(), url.toString().toStdString()), shown};
    if (status >= 300 || (error != QNetworkReply::NoError && status == 0))
        return Error{"the endpoint answered HTTP " + std::to_string(status), shown};
    return Done{};
}

} // namespace conform::otlp
