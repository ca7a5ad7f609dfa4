#pragma once
// What the replay server sends for one request, as data: status, headers and the body in
// pieces (one piece, or one per streamed event), plus the scenario's transport behaviour.
// The connection turns a plan into bytes on the wire; protocol renderers only build plans.
#include <QByteArray>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace conform::server {

struct ResponsePlan
{
    int status = 200;
    std::vector<std::pair<QByteArray, QByteArray>> headers; // without framing headers
    QByteArray contentType = "application/json";
    std::vector<QByteArray> pieces; // the body; streamed plans send each piece as it comes
    bool streamed = false;          // chunked transfer encoding, no Content-Length

    int delayMs = 0;                          // before anything is written
    int stallMs = 0;                          // after the head and the first piece
    std::optional<std::int64_t> dropAfterBytes; // body bytes to write before aborting
    bool close = false;                       // close the connection after this response

    void addHeader(QByteArray name, QByteArray value) { headers.emplace_back(std::move(name), std::move(value)); }
    QByteArray body() const; // all pieces joined
};

// "OK", "Too Many Requests", ...; "Unknown" for codes nobody named.
QByteArray reasonPhrase(int status);

// The status line and headers, Content-Length (whole body) or Transfer-Encoding: chunked
// (streamed), Connection, Date and Server included, ending with the empty line.
QByteArray serializeHead(const ResponsePlan& plan, bool keepAlive);

// One chunk of a chunked body ("1a\r\n...\r\n"); the empty chunk terminates the body.
QByteArray chunk(const QByteArray& data);
inline constexpr char kLastChunk[] = "0\r\n\r\n";

} // namespace conform::server
