#pragma once
// One try of one HTTP exchange, as a QObject that reports what arrives: the status and
// headers, then body bytes as they come, then the end. The Transport (transport.h) owns the
// timeouts and retries and works the same over any Channel: the network (NetworkChannel) or
// a scenario answered in-process (scenario_channel.h).
#include "providers/http.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>

class QNetworkAccessManager;
class QNetworkReply;

namespace conform::providers {

class Channel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    // Starts the exchange; signals follow asynchronously, never from inside start().
    virtual void start(const HttpRequest& request) = 0;
    // Stops it; no signal is emitted afterwards.
    virtual void abort() = 0;

signals:
    void responseStarted(int status, const std::vector<conform::providers::Header>& headers);
    void bytesReceived(const QByteArray& bytes);
    // The exchange ended. `connectionError` when it did not end cleanly (refused, reset, cut
    // mid-body); `detail` says how.
    void ended(bool connectionError, const QString& detail);
};

// The real thing, over a QNetworkAccessManager the caller owns (it must outlive the channel).
// It follows redirects itself, as redirect.h says: credentials only to their own origin.
class NetworkChannel final : public Channel
{
    Q_OBJECT
public:
    NetworkChannel(QNetworkAccessManager* manager, QObject* parent = nullptr);
    ~NetworkChannel() override;
    void start(const HttpRequest& request) override;
    void abort() override;

private:
    void send();
    void follow(QNetworkReply* reply);
    void onMetaData();
    void onReadyRead();
    void onFinished();

    QNetworkAccessManager* m_manager;
    QPointer<QNetworkReply> m_reply;
    HttpRequest m_request; // the one being sent: the last redirect's
    int m_redirects = 0;
    bool m_redirecting = false; // the reply is a redirect to follow, not the answer
    bool m_started = false;
};

} // namespace conform::providers
