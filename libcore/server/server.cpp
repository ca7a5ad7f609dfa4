#include "server/server.h"

#include "server/connection.h"

#include <QTcpServer>
#include <QTcpSocket>

namespace conform::server {


ReplayServer::ReplayServer(std::vector<providers::Scenario> scenarios, ServerOptions options, QObject* parent)
    : QObject(parent), m_options(options), m_dispatcher(std::move(scenarios)), m_tcp(new QTcpServer(this)),
      m_roster(new ConnectionRoster(options.connections, 1, this))
{
    connect(m_tcp, &QTcpServer::newConnection, this, &ReplayServer::accept);
    m_roster->watch(m_tcp);
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
        if (!m_roster->makeRoom()) {
            refuseOverloaded(socket, "conform replay: every connection is busy");
            continue;
        }
        new Connection(socket, m_dispatcher, m_options.limits, m_options.paceMs, *m_roster,
                       [this](const RequestLog& log) { emit requestHandled(log); }, this);
    }
}

} // namespace conform::server
