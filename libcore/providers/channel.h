#pragma once
// One try of one HTTP exchange, as a QObject that reports what arrives: the status and
// headers, then body bytes as they come, then the end. The Transport (transport.h) owns the
// timeouts and retries and works the same over any Channel: the network
// (network_channel.h) or a scenario answered in-process (scenario_channel.h).
#include "providers/http.h"

#include <QByteArray>
#include <QObject>

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
    // The exchange stopped at a redirect that redirect.h refuses (out of https, not http or
    // https, more than kMaxRedirects): final, as the same redirect would come again. `why`
    // names what was refused and where. Nothing is emitted afterwards.
    void redirectRefused(const QString& why);
};

} // namespace conform::providers
