#pragma once
// HTTP/1.1 request framing for the replay server: bytes in, one request (or a verdict) out.
// Pure and incremental: call parseRequest() on everything buffered so far; it says whether
// a whole request is there, how many bytes it used, or which 4xx/5xx the bytes deserve.
// Bodies come with Content-Length or, where `HttpLimits::decodeBodies` (the server; the
// proxy streams bodies through as sent and keeps refusing chunked ones with 411), as
// `Transfer-Encoding: chunked`, and `Content-Encoding: gzip` or `deflate` is inflated: the
// request's body is always the decoded bytes, and maxBodyBytes holds for them (413 over it,
// 400 for a malformed chunk or stream, 415 for another encoding). Limits keep a hostile
// peer from making the server buffer or inflate without end.
#include <QByteArray>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace conform::server {

struct HttpLimits
{
    qsizetype maxHeaderBytes = 64 * 1024;      // request line + headers
    int maxHeaderCount = 100;
    qsizetype maxBodyBytes = 32 * 1024 * 1024; // larger than any real prompt we replay
    bool decodeBodies = true;  // chunked and compressed bodies; false: 411 for chunked ones
};

// Where reading a chunked body stopped, so that the next call on the grown buffer resumes
// there rather than reading every chunk again (many small chunks would cost quadratic time).
// Kept by the caller for one request and reset once the request is complete or refused.
struct ChunkedProgress
{
    qsizetype offset = 0; // in the buffer: the next chunk's size line (0: not started)
    QByteArray body;      // the chunks' data so far
    bool done = false;    // the last chunk was read; `offset` is at the trailers
};

struct HttpRequest
{
    QByteArray method;  // "POST"
    QByteArray target;  // "/v1/messages?beta=true" as sent
    QByteArray path;    // "/v1/messages": the target without its query
    int minorVersion = 1; // HTTP/1.<minor>
    std::vector<std::pair<QByteArray, QByteArray>> headers; // names lower-cased, in order
    QByteArray body;

    // The first header called `name` (lower-case), or an empty array.
    QByteArray header(const QByteArray& name) const;
    bool hasHeader(const QByteArray& name) const;
    // HTTP/1.1 keeps the connection unless "Connection: close"; 1.0 only with "keep-alive".
    bool keepAlive() const;
    bool expectsContinue() const; // "Expect: 100-continue"
};

struct ParseOutcome
{
    enum class State { NeedMore, Complete, Error };
    State state = State::NeedMore;
    qsizetype consumed = 0;  // with Complete: bytes of the buffer this request used
    HttpRequest request;     // with Complete (and with Error, whatever was read)
    int errorStatus = 0;     // with Error: 400, 411, 413, 431, 501, 505
    std::string errorMessage;
    bool headerComplete = false; // the head is in; with NeedMore, the body is still arriving
    qsizetype headBytes = 0;     // with headerComplete: bytes of the buffer before the body
    qsizetype contentLength = 0; // with headerComplete: the body's length (-1: chunked)
};

ParseOutcome parseRequest(const QByteArray& buffer, const HttpLimits& limits = {}, ChunkedProgress* progress = nullptr);

} // namespace conform::server
