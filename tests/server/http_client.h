#pragma once
// Test helpers: synchronous-looking HTTP over QNetworkAccessManager and raw TCP, both
// spinning the event loop so that an in-process server in the same thread keeps serving.
#include <QByteArray>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <map>
#include <utility>
#include <vector>

namespace conform::test {

struct HttpResult
{
    int status = 0;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray body;
    std::map<QByteArray, QByteArray> headers; // lower-case names
    bool gotBody = false; // some body bytes arrived
    QByteArray firstRead;     // the body bytes the first read delivered
    bool timedOut = false;

    QByteArray header(const QByteArray& name) const
    {
        const auto it = headers.find(name);
        return it == headers.end() ? QByteArray() : it->second;
    }
};

inline HttpResult send(QNetworkAccessManager& nam, const QByteArray& verb, const QUrl& url, const QByteArray& body = {},
                       const std::map<QByteArray, QByteArray>& headers = {}, int timeoutMs = 10'000)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    for (const auto& [name, value] : headers)
        request.setRawHeader(name, value);
    QNetworkReply* reply = nam.sendCustomRequest(request, verb, body);
    HttpResult result;
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&] {
        const bool first = !std::exchange(result.gotBody, true);
        result.body += reply->readAll();
        if (first)
            result.firstRead = result.body;
    });
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, [&] {
        result.timedOut = true;
        loop.quit();
    });
    if (!reply->isFinished())
        loop.exec();
    result.body += reply->readAll();
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.error = reply->error();
    for (const auto& pair : reply->rawHeaderPairs())
        result.headers[pair.first.toLower()] = pair.second;
    reply->abort();
    reply->deleteLater();
    return result;
}

// Writes `bytes` to 127.0.0.1:port and collects what comes back until `done(received)` says
// so, the peer closes, or the timeout passes.
struct RawResult
{
    QByteArray received;
    bool closed = false;
    bool timedOut = false;
};

inline RawResult exchange(quint16 port, const QByteArray& bytes, const std::function<bool(const QByteArray&)>& done,
                          int timeoutMs = 5'000)
{
    QTcpSocket socket;
    RawResult result;
    QEventLoop loop;
    QObject::connect(&socket, &QTcpSocket::connected, &loop, [&] { socket.write(bytes); });
    QObject::connect(&socket, &QTcpSocket::readyRead, &loop, [&] {
        result.received += socket.readAll();
        if (done && done(result.received))
            loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::disconnected, &loop, [&] {
        result.closed = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, [&] {
        result.timedOut = true;
        loop.quit();
    });
    socket.connectToHost(QStringLiteral("127.0.0.1"), port);
    loop.exec();
    result.received += socket.readAll();
    return result;
}

// Server-sent events as (event, data) pairs; "data:" lines without "event:" get an empty event.
inline std::vector<std::pair<QByteArray, QByteArray>> parseSse(const QByteArray& body)
{
    std::vector<std::pair<QByteArray, QByteArray>> events;
    QByteArray event, data;
    for (const QByteArray& line : body.split('\n')) {
        if (line.isEmpty()) {
            if (!data.isEmpty() || !event.isEmpty())
                events.emplace_back(event, data);
            event.clear();
            data.clear();
        } else if (line.startsWith("event: ")) {
            event = line.mid(7);
        } else if (line.startsWith("data: ")) {
            data = line.mid(6);
        }
    }
    return events;
}

} // namespace conform::test
