#pragma once
// One client connection of the replay server: reads requests (pipelined ones in order),
// asks the Dispatcher, and writes each ResponsePlan with its timing: delay, head, first
// piece, stall, the rest (paced), the terminal chunk; or a cut after drop_after bytes.
// Used by the servers on this framing (replay, OTLP receiver); it deletes itself when the
// socket closes.
#include "server/connection_guard.h"
#include "server/dispatcher.h"
#include "server/http_request.h"

#include <QByteArray>
#include <QObject>

#include <functional>

class QTcpSocket;
class QTimer;

namespace conform::server {

class Connection : public QObject
{
    Q_OBJECT

public:
    using LogSink = std::function<void(const RequestLog&)>;

    Connection(QTcpSocket* socket, RequestHandler& dispatcher, const HttpLimits& limits, int paceMs, ConnectionRoster& roster,
               LogSink log, QObject* parent);

signals:
    void closed();

private:
    void readAvailable();
    void processBuffer();
    void start(Dispatch dispatch, bool keepAlive);
    void writeHead();
    void writePiece(std::size_t index);
    bool writeBody(const QByteArray& piece); // false once the drop budget is spent
    void finishResponse();
    void cut();
    void expire(ConnectionGuard::Why why);

    QTcpSocket* m_socket;
    RequestHandler& m_dispatcher;
    HttpLimits m_limits;
    int m_paceMs;
    ConnectionGuard* m_guard;
    LogSink m_log;

    QByteArray m_buffer;
    ChunkedProgress m_chunks;    // how far a chunked body in the buffer has been read
    bool m_busy = false;         // a response is being written; later requests wait
    bool m_continueSent = false; // "100 Continue" already sent for the request in progress
    ResponsePlan m_plan;
    bool m_keepAlive = true;
    std::int64_t m_budget = -1;  // body bytes left before a drop; -1: no drop
    bool m_trimAfter = false;    // a large request: give memory back once it is answered
};

} // namespace conform::server
