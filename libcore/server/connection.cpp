#include "server/connection.h"

#include <QTcpSocket>
#include <QTimer>

namespace conform::server {

Connection::Connection(QTcpSocket* socket, Dispatcher& dispatcher, const HttpLimits& limits, int paceMs,
                       int idleTimeoutMs, LogSink log, QObject* parent)
    : QObject(parent), m_socket(socket), m_dispatcher(dispatcher), m_limits(limits), m_paceMs(paceMs),
      m_idle(new QTimer(this)), m_log(std::move(log))
{
    m_socket->setParent(this);
    m_idle->setSingleShot(true);
    m_idle->setInterval(idleTimeoutMs);
    connect(m_idle, &QTimer::timeout, this, [this] {
        if (!m_busy)
            m_socket->disconnectFromHost();
    });
    connect(m_socket, &QTcpSocket::readyRead, this, &Connection::readAvailable);
    connect(m_socket, &QTcpSocket::disconnected, this, [this] {
        emit closed();
        deleteLater();
    });
    m_idle->start();
    readAvailable(); // bytes may have arrived before the connection was wired up
}

void Connection::readAvailable()
{
    m_buffer += m_socket->readAll();
    m_idle->start();
    // While a response is in flight, pipelined requests queue up; not beyond what one
    // request may be, so a peer that never reads cannot make us buffer without end.
    if (m_buffer.size() > m_limits.maxHeaderBytes + m_limits.maxBodyBytes + 4096) {
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
    const ParseOutcome outcome = parseRequest(m_buffer, m_limits);
    if (outcome.state == ParseOutcome::State::NeedMore) {
        if (outcome.headerComplete && outcome.request.expectsContinue() && !m_continueSent) {
            m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
            m_continueSent = true;
        }
        return;
    }
    m_continueSent = false;
    if (outcome.state == ParseOutcome::State::Error) {
        m_buffer.clear();
        start(m_dispatcher.reject(outcome), false);
        return;
    }
    m_buffer.remove(0, outcome.consumed);
    start(m_dispatcher.handle(outcome.request), outcome.request.keepAlive());
}

void Connection::start(Dispatch dispatch, bool keepAlive)
{
    m_busy = true;
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
    m_busy = false;
    m_plan = {};
    m_idle->start();
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
