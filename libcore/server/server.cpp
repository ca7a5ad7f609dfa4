#include "server/server.h"

#include "server/connection.h"

#include <QTcpServer>
#include <QTcpSocket>

namespace conform::server {

ReplayServer::ReplayServer(std::vector<providers::Scenario> scenarios, ServerOptions options, QObject* parent)
    : QObject(parent), m_options(options), m_dispatcher(std::move(scenarios)), m_tcp(new QTcpServer(this))
{
    connect(m_tcp, &QTcpServer::newConnection, this, &ReplayServer::accept);
}

ReplayServer::~ReplayServer() = default;

Status ReplayServer::listen(const QHostAddress& address, quint16 port)
{
    if (m_dispatcher.book().scenarios().empty())
        return Error{"no scenario to serve", "replay server"};
    if (!m_tcp->listen(address, port))
        return Error{m_tcp->errorString().toStdString(), address.toString().toStdString() + ':' + std::to_string(port)};
    return Done{};
}

void ReplayServer::close()
{
    m_tcp->close();
}

bool ReplayServer::isListening() const
{
    return m_tcp->isListening();
}

quint16 ReplayServer::port() const
{
    return m_tcp->serverPort();
}

QUrl ReplayServer::url() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(m_tcp->serverAddress().toString());
    url.setPort(m_tcp->serverPort());
    return url;
}

void ReplayServer::accept()
{
    while (QTcpSocket* socket = m_tcp->nextPendingConnection()) {
        if (m_connections >= m_options.maxConnections) {
            socket->abort();
            socket->deleteLater();
            continue;
        }
        ++m_connections;
        auto* connection = new Connection(socket, m_dispatcher, m_options.limits, m_options.paceMs,
                                          m_options.idleTimeoutMs, [this](const RequestLog& log) { emit requestHandled(log); },
                                          this);
        connect(connection, &Connection::closed, this, [this] { --m_connections; });
    }
}

} // namespace conform::server
