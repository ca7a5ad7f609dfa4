#include "server/http_response.h"

#include <QDateTime>
#include <QLocale>

namespace conform::server {

QByteArray ResponsePlan::body() const
{
    QByteArray all;
    for (const QByteArray& piece : pieces)
        all += piece;
    return all;
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 402: return "Payment Required";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    case 505: return "HTTP Version Not Supported";
    case 529: return "Site Overloaded";
    default: return "Unknown";
    }
}

namespace {

// RFC 9110 IMF-fixdate, always in English whatever the locale.
QByteArray httpDate()
{
    return QLocale::c().toString(QDateTime::currentDateTimeUtc(), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'")).toLatin1();
}

} // namespace

QByteArray serializeHead(const ResponsePlan& plan, bool keepAlive)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(plan.status) + ' ' + reasonPhrase(plan.status) + "\r\n";
    head += "date: " + httpDate() + "\r\nserver: conform-replay/" CONFORM_VERSION "\r\n";
    head += "content-type: " + plan.contentType + "\r\n";
    for (const auto& [name, value] : plan.headers)
        head += name + ": " + value + "\r\n";
    if (plan.streamed)
        head += "transfer-encoding: chunked\r\ncache-control: no-cache\r\n";
    else
        head += "content-length: " + QByteArray::number(plan.body().size()) + "\r\n";
    head += keepAlive ? "connection: keep-alive\r\n\r\n" : "connection: close\r\n\r\n";
    return head;
}

QByteArray chunk(const QByteArray& data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

} // namespace conform::server
