#pragma once
// One application connection of the proxy and the upstream connection paired with it.
// Requests are forwarded as they complete (pipelined ones in order), the upstream's bytes
// are written back as they arrive and read on the side to close each exchange, which goes
// to MonitoringProxy::finishExchange. Internal to the proxy module; it deletes itself when
// either side is done.
#include "proxy/exchange.h"
#include "proxy/response_reader.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>

#include <deque>
#include <optional>

class QTcpSocket;
class QTimer;

namespace conform::proxy {

class MonitoringProxy;

class Pipe : public QObject
{
    Q_OBJECT
public:
    Pipe(QTcpSocket* client, MonitoringProxy& proxy);
    ~Pipe() override;

private:
    struct Pending
    {
        Exchange exchange;
        std::optional<providers::ProviderKind> provider; // nullopt: forwarded, not captured
        ResponseReader reader;
        QElapsedTimer clock;
    };

    void clientReadable();
    void upstreamReadable();
    void upstreamGone(const QString& why);
    void clientGone();
    void forward(server::HttpRequest request, QByteArray bytes);
    QByteArray rewritten(const server::HttpRequest& request, const QByteArray& bytes) const;
    void connectUpstream();
    void closeFront(const QString& transportError);
    void shutDown();

    MonitoringProxy& m_proxy;
    QTcpSocket* m_client;
    QTcpSocket* m_upstream = nullptr;
    QTimer* m_idle;
    QByteArray m_inbound;
    std::deque<Pending> m_pending;
    bool m_closing = false;
    bool m_continueSent = false; // "100 Continue" already sent for the request being read
};

} // namespace conform::proxy
