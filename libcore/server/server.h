#pragma once
// conform::server — the replay server: scenarios (and, later, captures) served over the
// Anthropic, OpenAI and Ollama wire protocols, so real clients and SDKs can be pointed at
// recorded or scripted failure modes without a network or a key.
//
//   server::ReplayServer replay(std::move(scenarios));
//   if (auto listening = replay.listen(); !listening) fail(listening.error().toString());
//   sdk.baseURL = replay.url();                       // http://127.0.0.1:PORT
//   QObject::connect(&replay, &ReplayServer::requestHandled, log);
//
// HTTP/1.1 on QTcpServer in the owner's thread, fully event-driven: delays, stalls and
// streaming never block, and any number of connections proceed at once (up to a limit,
// within the open-file limit; server/connection_guard.h).
// Keep-alive and pipelining are supported; request bodies come with Content-Length or
// chunked, plain or gzip/deflate-compressed (server/http_request.h). Which
// scenario and turn answer a request: server/turn_book.h. What is logged: RequestLog, which
// never carries header values, so API keys sent by clients go nowhere.
//
// Failure: listen() returns an Error (port in use, no scenarios); bad requests get a 4xx in
// the protocol's error shape and never disturb other connections.
#include "base/result.h"
#include "providers/scenario.h"
#include "server/connection_guard.h"
#include "server/dispatcher.h"
#include "server/http_request.h"

#include <QHostAddress>
#include <QObject>
#include <QUrl>

#include <memory>
#include <vector>

class QTcpServer;

namespace conform::server {

struct ServerOptions
{
    HttpLimits limits;
    int paceMs = 0;             // pause between streamed pieces (0: as fast as the socket takes)
    // Idle and header timeouts; at the connection limit the longest idle connection makes
    // room for a new one, and only when every connection is busy is a newcomer refused (503).
    ConnectionLimits connections;
};

class ReplayServer : public QObject
{
    Q_OBJECT

public:
    explicit ReplayServer(std::vector<providers::Scenario> scenarios, ServerOptions options = {},
                          QObject* parent = nullptr);
    ~ReplayServer() override;

    // Starts listening; port 0 picks a free port (see port()).
    Status listen(const QHostAddress& address = QHostAddress::LocalHost, quint16 port = 0);
    void close();
    bool isListening() const;
    quint16 port() const;
    QUrl url() const; // "http://127.0.0.1:PORT"

    int connectionCount() const { return m_roster->count(); }
    int connectionCapacity() const { return m_roster->capacity(); }
    // Every session starts again at turn 1.
    void resetSessions() { m_dispatcher.book().reset(); }
    const std::vector<providers::Scenario>& scenarios() const { return m_dispatcher.book().scenarios(); }

signals:
    // Once per answered request, after its response was planned.
    void requestHandled(const conform::server::RequestLog& log);

private:
    void accept();

    ServerOptions m_options;
    Dispatcher m_dispatcher;
    QTcpServer* m_tcp = nullptr;
    ConnectionRoster* m_roster;
};

} // namespace conform::server
