#include "server/http_request.h"

#include "server/body_decoding.h"

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
    if (request.hasHeader("transfer-encoding")) {
        if (!limits.decodeBodies)
            return error(411, "chunked request bodies are not supported; send Content-Length");
        // Only "chunked" alone: a chain (gzip, chunked) is rare, and Content-Encoding says it.
        if (request.header("transfer-encoding").trimmed().toLower() != "chunked")
            return error(501, "only the chunked transfer encoding is supported");
        if (request.hasHeader("content-length")) // RFC 9112 6.3: a smuggling attempt, refused
            return error(400, "both Transfer-Encoding and Content-Length");
    }
    return {};
}

qsizetype hexValue(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Reads the chunks of a body that starts at `bodyStart`, from where `progress` stopped.
// Complete: `consumed` is the offset just past the trailers. The decoded size is checked
// against the limit as each chunk size is read, before its data arrives; the framing may
// add at most as much again, so a peer sending one-byte chunks is refused too.
ParseOutcome readChunks(const QByteArray& buffer, qsizetype bodyStart, const HttpLimits& limits, ChunkedProgress& progress)
{
    constexpr qsizetype kMaxSizeLine = 4096; // size, extensions and the line end
    if (progress.offset < bodyStart)
        progress = {bodyStart, {}, false};
    qsizetype at = progress.offset;
    while (!progress.done) {
        const qsizetype lineEnd = buffer.indexOf('\n', at);
        if (lineEnd < 0) {
            if (buffer.size() - at > kMaxSizeLine)
                return error(400, "malformed chunk size line");
            progress.offset = at;
            return {};
        }
        if (lineEnd - at > kMaxSizeLine)
            return error(400, "malformed chunk size line");
        qsizetype size = 0, digits = 0;
        qsizetype i = at;
        for (; i < lineEnd && hexValue(buffer[i]) >= 0; ++i, ++digits) {
            if (digits >= 15)
                return error(413, "request body larger than " + std::to_string(limits.maxBodyBytes) + " bytes");
            size = size * 16 + hexValue(buffer[i]);
        }
        while (i < lineEnd && (buffer[i] == ' ' || buffer[i] == '\t'))
            ++i;
        if (digits == 0 || (i < lineEnd && buffer[i] != ';' && buffer[i] != '\r'))
            return error(400, "malformed chunk size");
        if (progress.body.size() + size > limits.maxBodyBytes)
            return error(413, "request body larger than " + std::to_string(limits.maxBodyBytes) + " bytes");
        if (size == 0) {
            progress.done = true;
            at = lineEnd + 1;
            break;
        }
        const qsizetype data = lineEnd + 1;
        if (buffer.size() < data + size + 1) {
            progress.offset = at;
            return {};
        }
        qsizetype after = data + size;
        if (buffer[after] == '\r') {
            if (buffer.size() < after + 2) {
                progress.offset = at;
                return {};
            }
            ++after;
        }
        if (buffer[after] != '\n')
            return error(400, "a chunk's data is not followed by a line end");
        progress.body.append(buffer.constData() + data, size);
        at = after + 1;
        progress.offset = at;
        if (at - bodyStart > 2 * limits.maxBodyBytes + 4096)
            return error(413, "request body (with its chunk framing) larger than " + std::to_string(2 * limits.maxBodyBytes) + " bytes");
    }
    progress.offset = at;
    // Trailers: header lines, ignored, up to an empty line; bounded as a head is.
    for (;;) {
        const qsizetype lineEnd = buffer.indexOf('\n', at);
        if (lineEnd < 0) {
            if (buffer.size() - progress.offset > limits.maxHeaderBytes)
                return error(431, "chunked trailers larger than " + std::to_string(limits.maxHeaderBytes) + " bytes");
            return {};
        }
        const bool empty = lineEnd == at || (lineEnd == at + 1 && buffer[at] == '\r');
        at = lineEnd + 1;
        if (at - progress.offset > limits.maxHeaderBytes + 4)
            return error(431, "chunked trailers larger than " + std::to_string(limits.maxHeaderBytes) + " bytes");
        if (empty)
            break;
    }
    ParseOutcome complete;
    complete.state = ParseOutcome::State::Complete;
    complete.consumed = at;
    return complete;
}

// Inflates a compressed body in place; an Error outcome when it cannot be.
ParseOutcome decodeContent(HttpRequest& request, const HttpLimits& limits)
{
    const QByteArray encoding = request.header("content-encoding").trimmed().toLower();
    if (encoding.isEmpty() || encoding == "identity")
        return {};
    if (encoding != "gzip" && encoding != "x-gzip" && encoding != "deflate")
        return error(415, "unsupported Content-Encoding '" + encoding.left(40).toStdString() + "' (gzip and deflate are)");
    InflateResult inflated = inflateBody(request.body, limits.maxBodyBytes);
    if (inflated.status == InflateResult::Status::TooLarge)
        return error(413, "request body larger than " + std::to_string(limits.maxBodyBytes) + " bytes once inflated");
    if (inflated.status == InflateResult::Status::Malformed)
        return error(400, "the " + encoding.toStdString() + " body cannot be inflated: " + inflated.message);
    request.body = std::move(inflated.bytes);
    return {};
}

} // namespace

ParseOutcome parseRequest(const QByteArray& buffer, const HttpLimits& limits, ChunkedProgress* progress)
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
    if (outcome.request.hasHeader("transfer-encoding")) {
        outcome.contentLength = -1;
        ChunkedProgress local;
        ChunkedProgress& chunks = progress ? *progress : local;
        ParseOutcome read = readChunks(buffer, start + end, limits, chunks);
        if (read.state == ParseOutcome::State::Error) {
            read.request = std::move(outcome.request);
            return read;
        }
        if (read.state == ParseOutcome::State::NeedMore)
            return outcome; // NeedMore, but the head is known (for 100-continue)
        outcome.request.body = std::move(chunks.body);
        outcome.consumed = read.consumed;
        chunks = {};
    } else {
        if (rest.size() - end < length)
            return outcome; // NeedMore, but the head is known (for 100-continue)
        outcome.request.body = rest.mid(end, length);
        outcome.consumed = start + end + length;
    }
    if (limits.decodeBodies)
        if (ParseOutcome decoded = decodeContent(outcome.request, limits); decoded.state == ParseOutcome::State::Error) {
            decoded.request = std::move(outcome.request);
            return decoded;
        }
    outcome.state = ParseOutcome::State::Complete;
    return outcome;
}

} // namespace conform::server
