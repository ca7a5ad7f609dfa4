#pragma once
// The server side of a test's HTTP exchange: a request's bytes gathered per connection until
// its head and its Content-Length body have come (no chunked requests: the clients under test
// send none).
//
//   connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
//       if (const auto request = m_requests.take(socket)) answer(socket, *request);
//   });
#include <QByteArray>
#include <QTcpSocket>

#include <map>
#include <optional>

class RequestGatherer
{
public:
    // Reads what `socket` has; the whole request once it is there (the connection is then
    // forgotten, so a next request on it starts afresh), else nullopt.
    std::optional<QByteArray> take(QTcpSocket* socket)
    {
        QByteArray& buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return std::nullopt;
        const QByteArray head = buffer.left(end).toLower();
        const qsizetype at = head.indexOf("\ncontent-length:");
        const qsizetype length = at < 0 ? 0 : head.mid(at + 16, head.indexOf('\n', at + 1) - at - 16).trimmed().toLongLong();
        if (buffer.size() < end + 4 + length)
            return std::nullopt;
        std::optional<QByteArray> whole = std::move(buffer);
        m_buffers.erase(socket);
        return whole;
    }

private:
    std::map<QTcpSocket*, QByteArray> m_buffers;
};
