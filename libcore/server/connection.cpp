#include "server/connection.h"

#include "server/memory.h"

#include <QTcpSocket>
#include <QTimer>

#include <utility>

namespace conform::server {

namespace {
constexpr qsizetype kLargeRequest = 256 * 1024;
}

Connection::Connection(QTcpSocket* socket, RequestHandler& dispatcher, const HttpLimits& limits, int paceMs,
                       ConnectionRoster& roster, LogSink log, QObject* parent)
    : QObject(parent), m_socket(socket), m_dispatcher(dispatcher), m_limits(limits), m_paceMs(paceMs),
      m_guard(new ConnectionGuard(roster, this)), m_log(std::move(log))
{
    m_socket->setParent(this);
    connect(m_guard, &ConnectionGuard::expired, this, &Connection::expire);
    connect(m_socket, &QTcpSocket::readyRead, this, &Connection::readAvailable);
    connect(m_socket, &QTcpSocket::disconnected, this, [this] {
        m_guard->leave();
        emit closed();
        deleteLater();
    });
    readAvailable(); // bytes may have arrived before the connection was wired up
}

void Connection::expire(ConnectionGuard::Why why)
{
    switch (why) {
    case ConnectionGuard::Why::Evicted:
        m_socket->abort(); // at once: the newcomer needs the descriptor
        return;
    case ConnectionGuard::Why::Idle:
        if (m_busy)
            m_guard->activity(); // the scenario's own delay or stall, not an idle peer
        else
            m_socket->disconnectFromHost();
        return;
    case ConnectionGuard::Why::HeaderTimeout:
        if (m_busy)
            return;
        m_buffer.clear();
        ParseOutcome late;
        late.state = ParseOutcome::State::Error;
        late.errorStatus = 408;
        late.errorMessage = "the request head did not arrive within " + std::to_string(m_guard->headerTimeoutMs()) + " ms";
        start(m_dispatcher.reject(late), false);
        return;
    }
}

void Connection::readAvailable()
{
    m_buffer += m_socket->readAll();
    m_guard->activity();
    // While a response is in flight, pipelined requests queue up; not beyond what one
    // request may be (a chunked body's framing may double it), so a peer that never reads
    // cannot make us buffer without end.
    if (m_buffer.size() > m_limits.maxHeaderBytes + 2 * m_limits.maxBodyBytes + 8192) {
        m_socket->abort();
        return;
    }
    if (!m_busy)
        processBuffer();
}

void Connection::processBuffer()
{
    if (m_buffer.isEmpty() || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    ParseOutcome outcome = parseRequest(m_buffer, m_limits, &m_chunks);
    if (outcome.headerComplete || outcome.state != ParseOutcome::State::NeedMore)
        m_guard->headerReceived();
    else
        m_guard->requestStarted();
    if (outcome.state == ParseOutcome::State::NeedMore) {
        if (outcome.headerComplete && outcome.request.expectsContinue() && !m_continueSent) {
            m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
            m_continueSent = true;
        }
        return;
    }
    m_continueSent = false;
    m_chunks = {};
    if (outcome.state == ParseOutcome::State::Error) {
        m_buffer.clear();
        start(m_dispatcher.reject(outcome), false);
        return;
    }
    m_buffer.remove(0, outcome.consumed);
    if (outcome.consumed > kLargeRequest) {
        // Neither the buffer nor the allocator keep a large body's memory after it is answered.
        m_buffer = QByteArray(m_buffer.constData(), m_buffer.size());
        m_trimAfter = true;
    }
    start(m_dispatcher.handle(outcome.request), outcome.request.keepAlive());
}

void Connection::start(Dispatch dispatch, bool keepAlive)
{
    m_busy = true;
    m_guard->setBusy(true);
    m_plan = std::move(dispatch.plan);
    m_keepAlive = keepAlive && !m_plan.close;
    m_budget = m_plan.dropAfterBytes ? *m_plan.dropAfterBytes : -1;
    if (m_log)
        m_log(dispatch.log);
    if (m_plan.delayMs > 0)
        QTimer::singleShot(m_plan.delayMs, this, &Connection::writeHead);
    else
        writeHead();
}

void Connection::writeHead()
{
    if (m_socket->state() != QAbstractSocket::ConnectedState)
        return; // the client left during the delay; the socket's disconnect deletes us
    m_socket->write(serializeHead(m_plan, m_keepAlive));
    writePiece(0);
}

void Connection::writePiece(std::size_t index)
{
    // Write pieces back to back until one needs a pause: the stall after the first piece,
    // or the pacing between streamed pieces.
    if (m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    for (; index < m_plan.pieces.size(); ++index) {
        if (!writeBody(m_plan.pieces[index]))
            return cut();
        const bool last = index + 1 == m_plan.pieces.size();
        const int pause = index == 0 && m_plan.stallMs > 0 ? m_plan.stallMs : (m_plan.streamed && !last ? m_paceMs : 0);
        if (pause > 0 && !last) {
            QTimer::singleShot(pause, this, [this, index] { writePiece(index + 1); });
            return;
        }
        if (pause > 0 && last) {
            QTimer::singleShot(pause, this, &Connection::finishResponse);
            return;
        }
    }
    if (m_budget == 0 && m_plan.dropAfterBytes)
        return cut(); // the budget ended exactly at the end of the body: still a cut
    finishResponse();
}

bool Connection::writeBody(const QByteArray& piece)
{
    if (m_budget < 0 || piece.size() <= m_budget) {
        m_socket->write(m_plan.streamed ? chunk(piece) : piece);
        if (m_budget >= 0)
            m_budget -= piece.size();
        return true;
    }
    // The cut falls inside this piece: announce it whole, deliver part of it.
    const QByteArray part = piece.left(m_budget);
    if (m_plan.streamed)
        m_socket->write(QByteArray::number(piece.size(), 16) + "\r\n" + part);
    else
        m_socket->write(part);
    m_budget = 0;
    return false;
}

void Connection::finishResponse()
{
    if (m_plan.streamed)
        m_socket->write(kLastChunk);
    // Qt writes when the socket is next writable, but closes it the moment it reads the end
    // of the client's input: a client that half-closed after its request (shutdown(SHUT_WR))
    // would get nothing. Hand the bytes to the kernel now.
    m_socket->flush();
    m_busy = false;
    m_guard->setBusy(false);
    m_plan = {};
    if (std::exchange(m_trimAfter, false))
        giveMemoryBack();
    m_guard->activity();
    if (!m_keepAlive) {
        m_socket->disconnectFromHost();
        return;
    }
    // The next pipelined request, if any, once this call has unwound.
    QTimer::singleShot(0, this, &Connection::processBuffer);
}

void Connection::cut()
{
    // Flush what the scenario allows through, then drop the connection without a proper end
    // (no terminal chunk, short Content-Length): what a client sees when a network dies.
    m_socket->flush();
    if (m_socket->bytesToWrite() == 0) {
        m_socket->abort();
        return;
    }
    connect(m_socket, &QTcpSocket::bytesWritten, this, [this] {
        if (m_socket->bytesToWrite() == 0)
            m_socket->abort();
    });
}

} // namespace conform::server
