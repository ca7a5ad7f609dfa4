#include "providers/channel.h"

#include "providers/redirect.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

namespace conform::providers {

namespace {

QNetworkRequest networkRequest(const HttpRequest& request)
{
    QNetworkRequest out(QUrl(QString::fromStdString(request.url)));
    for (const auto& [name, value] : request.headers)
        out.setRawHeader(QByteArray::fromStdString(name), QByteArray::fromStdString(value));
    // Credentials join the outgoing request here and nowhere else.
    for (const auto& [name, value] : request.credentials)
        out.setRawHeader(QByteArray::fromStdString(name), QByteArray::fromStdString(value));
    out.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    // Redirects are followed here (onFinished), not by QNetworkAccessManager, which would copy
    // the credentials to whatever origin the server names (redirect.h).
    out.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    return out;
}

} // namespace

NetworkChannel::NetworkChannel(QNetworkAccessManager* manager, QObject* parent) : Channel(parent), m_manager(manager) {}

NetworkChannel::~NetworkChannel()
{
    abort();
}

void NetworkChannel::start(const HttpRequest& request)
{
    m_request = request;
    m_redirects = 0;
    send();
}

void NetworkChannel::send()
{
    const HttpRequest& request = m_request;
    m_redirecting = false;
    const QNetworkRequest wire = networkRequest(request);
    const QByteArray verb = QByteArray::fromStdString(request.method);
    m_reply = request.body.empty() && verb == "GET"
        ? m_manager->get(wire)
        : m_manager->sendCustomRequest(wire, verb, QByteArray::fromStdString(request.body));
    // Unbounded by default: Qt's network thread would read a 200 MB reply into the reply's
    // buffer faster than the transport can refuse it. Bounded, the socket mostly waits for
    // us; Qt 6.4 still reads a chunked reply ahead of it (README, "Numbers and body limits").
    m_reply->setReadBufferSize(64 * 1024);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &NetworkChannel::onMetaData);
    connect(m_reply, &QNetworkReply::readyRead, this, &NetworkChannel::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &NetworkChannel::onFinished);
}

void NetworkChannel::abort()
{
    if (!m_reply)
        return;
    QNetworkReply* reply = m_reply;
    m_reply = nullptr;
    reply->disconnect(this);
    reply->abort();
    reply->deleteLater();
}

void NetworkChannel::onMetaData()
{
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_started || m_redirecting || status == 0)
        return;
    if (isRedirect(status) && m_reply->hasRawHeader("location")) {
        m_redirecting = true; // its body is not the answer; onFinished() follows it
        return;
    }
    m_started = true;
    std::vector<Header> headers;
    for (const auto& [name, value] : m_reply->rawHeaderPairs())
        headers.emplace_back(name.toLower().toStdString(), value.toStdString());
    emit responseStarted(status, headers);
}

void NetworkChannel::onReadyRead()
{
    onMetaData();
    if (m_reply && m_redirecting)
        m_reply->readAll();
    else if (m_reply)
        emit bytesReceived(m_reply->readAll());
}

void NetworkChannel::onFinished()
{
    if (!m_reply)
        return;
    onReadyRead();
    QNetworkReply* reply = m_reply;
    m_reply = nullptr;
    if (m_redirecting)
        return follow(reply);
    // Errors 1-99 are the network layer's (refused, closed, timed out); higher codes only
    // mirror an HTTP status, which the status already says.
    const int code = static_cast<int>(reply->error());
    const bool broken = code > 0 && code < 100;
    const QString detail = broken ? reply->errorString() : QString();
    reply->deleteLater();
    emit ended(broken || !m_started, broken ? detail : (m_started ? QString() : QStringLiteral("no response")));
}

void NetworkChannel::follow(QNetworkReply* reply)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const std::string location = reply->rawHeader("location").toStdString();
    reply->deleteLater();
    if (++m_redirects > kMaxRedirects) {
        emit ended(true, QStringLiteral("more than %1 redirects").arg(kMaxRedirects));
        return;
    }
    auto next = redirectedRequest(m_request, status, location);
    if (!next) {
        emit ended(true, QString::fromStdString(next.error().toString()));
        return;
    }
    m_request = std::move(next).value();
    send();
}

} // namespace conform::providers
