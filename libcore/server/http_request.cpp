#include "server/http_request.h"

#include <QByteArrayView>
#include <QList>

namespace conform::server {

QByteArray HttpRequest::header(const QByteArray& name) const
{
    for (const auto& [key, value] : headers)
        if (key == name)
            return value;
    return {};
}

bool HttpRequest::hasHeader(const QByteArray& name) const
{
    for (const auto& entry : headers)
        if (entry.first == name)
            return true;
    return false;
}

bool HttpRequest::keepAlive() const
{
    const QByteArray connection = header("connection").toLower();
    if (minorVersion == 0)
        return connection.contains("keep-alive");
    return !connection.contains("close");
}

bool HttpRequest::expectsContinue() const
{
    return header("expect").toLower() == "100-continue";
}

namespace {

ParseOutcome error(int status, std::string message)
{
    ParseOutcome outcome;
    outcome.state = ParseOutcome::State::Error;
    outcome.errorStatus = status;
    outcome.errorMessage = std::move(message);
    return outcome;
}

// The end of the head: the offset just past the first empty line, or -1. Bare LF line ends
// are accepted as RFC 9112 allows a lenient server to.
qsizetype headEnd(const QByteArray& buffer, qsizetype limit)
{
    const qsizetype scan = std::min(buffer.size(), limit + 4);
    for (qsizetype i = buffer.indexOf('\n'); i >= 0 && i < scan; i = buffer.indexOf('\n', i + 1)) {
        if (i + 1 < buffer.size() && buffer[i + 1] == '\n')
            return i + 2;
        if (i + 2 < buffer.size() && buffer[i + 1] == '\r' && buffer[i + 2] == '\n')
            return i + 3;
    }
    return -1;
}

bool isToken(QByteArrayView text)
{
    if (text.isEmpty())
        return false;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 32 || u >= 127 || QByteArrayView("()<>@,;:\\\"/[]?={}").contains(c))
            return false;
    }
    return true;
}

bool parseRequestLine(const QByteArray& line, HttpRequest& request)
{
    const QList<QByteArray> parts = line.split(' ');
    if (parts.size() != 3 || !isToken(parts[0]) || parts[1].isEmpty() || parts[1][0] != '/')
        return false;
    request.method = parts[0];
    request.target = parts[1];
    const qsizetype query = request.target.indexOf('?');
    request.path = query < 0 ? request.target : request.target.left(query);
    if (parts[2] == "HTTP/1.1")
        request.minorVersion = 1;
    else if (parts[2] == "HTTP/1.0")
        request.minorVersion = 0;
    else
        request.minorVersion = -1;
    return true;
}

// Content-Length: digits only, at most 18 of them, every copy equal (RFC 9112 6.3).
ParseOutcome readContentLength(const HttpRequest& request, qsizetype& length, const HttpLimits& limits)
{
    length = 0;
    bool seen = false;
    for (const auto& [name, value] : request.headers) {
        if (name != "content-length")
            continue;
        const QByteArray digits = value.trimmed();
        bool ok = !digits.isEmpty() && digits.size() <= 18;
        for (char c : digits)
            ok = ok && c >= '0' && c <= '9';
        if (!ok)
            return error(400, "invalid Content-Length");
        const qsizetype n = digits.toLongLong();
        if (seen && n != length)
            return error(400, "conflicting Content-Length headers");
        seen = true;
        length = n;
    }
    if (length > limits.maxBodyBytes)
        return error(413, "request body larger than " + std::to_string(limits.maxBodyBytes) + " bytes");
    return {};
}

ParseOutcome parseHead(const QByteArray& head, const HttpLimits& limits, HttpRequest& request)
{
    QList<QByteArray> lines = head.split('\n');
    for (QByteArray& line : lines)
        if (line.endsWith('\r'))
            line.chop(1);
    if (!parseRequestLine(lines.value(0), request))
        return error(400, "malformed request line");
    if (request.minorVersion < 0)
        return error(505, "only HTTP/1.0 and HTTP/1.1 are supported");
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        const qsizetype colon = lines[i].indexOf(':');
        if (colon <= 0 || !isToken(QByteArrayView(lines[i]).first(colon)))
            return error(400, "malformed header line " + std::to_string(i + 1));
        if (static_cast<int>(request.headers.size()) >= limits.maxHeaderCount)
            return error(431, "more than " + std::to_string(limits.maxHeaderCount) + " headers");
        request.headers.emplace_back(lines[i].left(colon).toLower(), lines[i].mid(colon + 1).trimmed());
    }
    if (request.hasHeader("transfer-encoding"))
        return error(411, "chunked request bodies are not supported; send Content-Length");
    return {};
}

} // namespace

ParseOutcome parseRequest(const QByteArray& buffer, const HttpLimits& limits)
{
    // Clients may send blank lines between pipelined requests (RFC 9112 2.2); skip them.
    qsizetype start = 0;
    while (start < buffer.size() && (buffer[start] == '\r' || buffer[start] == '\n'))
        ++start;
    const QByteArray rest = start ? buffer.mid(start) : buffer;
    const qsizetype end = headEnd(rest, limits.maxHeaderBytes);
    if (end < 0) {
        if (rest.size() > limits.maxHeaderBytes)
            return error(431, "request head larger than " + std::to_string(limits.maxHeaderBytes) + " bytes");
        return {};
    }
    if (end > limits.maxHeaderBytes + 4)
        return error(431, "request head larger than " + std::to_string(limits.maxHeaderBytes) + " bytes");
    ParseOutcome outcome;
    qsizetype length = 0;
    ParseOutcome failed = parseHead(rest.left(end), limits, outcome.request);
    if (failed.state != ParseOutcome::State::Error)
        failed = readContentLength(outcome.request, length, limits);
    if (failed.state == ParseOutcome::State::Error) {
        failed.request = std::move(outcome.request); // the path picks the error body's shape
        return failed;
    }
    outcome.headerComplete = true;
    outcome.headBytes = start + end;
    outcome.contentLength = length;
    if (rest.size() - end < length)
        return outcome; // NeedMore, but the head is known (for 100-continue)
    outcome.request.body = rest.mid(end, length);
    outcome.consumed = start + end + length;
    outcome.state = ParseOutcome::State::Complete;
    return outcome;
}

} // namespace conform::server
