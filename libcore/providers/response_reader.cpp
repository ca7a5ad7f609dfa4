#include "providers/response_reader.h"

#include <QByteArrayList>

#include <algorithm>
#include <cctype>
#include <cstring>

namespace conform::providers {

namespace {

constexpr qsizetype kMaxHead = 256 * 1024;
constexpr qsizetype kMaxChunkLine = 4096;

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string trimmed(const QByteArray& bytes)
{
    return bytes.trimmed().toStdString();
}

} // namespace

void ResponseReader::fail(std::string message)
{
    m_state = State::Failed;
    m_error = std::move(message);
}

// The body is kept for judging up to the limit and then let go whole: a capture of half a
// reply would be judged as a cut one. An error body keeps its start, which says the error.
void ResponseReader::keep(const char* data, std::size_t size)
{
    m_bodyBytes += size;
    if (m_sink) {
        m_sink(std::string_view(data, size));
    } else if (m_status >= 400) {
        if (m_body.size() < kMaxErrorBodyBytes)
            m_body.append(data, std::min(size, kMaxErrorBodyBytes - m_body.size()));
    } else if (m_overLimit) {
        return;
    } else if (m_bodyBytes > m_maxKeptBody) {
        m_overLimit = true;
        std::string().swap(m_body);
    } else {
        m_body.append(data, size);
    }
}

bool ResponseReader::parseHead()
{
    const QList<QByteArray> lines = m_line.split('\n');
    const QByteArray statusLine = lines.value(0).trimmed();
    if (!statusLine.startsWith("HTTP/1.")) {
        fail("not an HTTP/1.x response");
        return false;
    }
    bool ok = false;
    m_status = statusLine.mid(9, 3).toInt(&ok);
    if (!ok || m_status < 100 || m_status > 999) {
        fail("bad status line");
        return false;
    }
    m_headers.clear();
    std::string transferEncoding;
    std::string contentLength;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0) {
            fail("bad header line");
            return false;
        }
        std::string name = lower(trimmed(line.left(colon)));
        std::string value = trimmed(line.mid(colon + 1));
        if (name == "transfer-encoding")
            transferEncoding = lower(value);
        else if (name == "content-length")
            contentLength = value;
        m_headers.emplace_back(std::move(name), std::move(value));
    }
    m_line.clear();
    if (m_status >= 100 && m_status < 200 && m_status != 101) {
        m_state = State::Head; // an interim response: the real one follows
        return true;
    }
    if (m_headRequest || m_status == 204 || m_status == 304) {
        m_state = State::Done;
    } else if (transferEncoding.find("chunked") != std::string::npos) {
        m_chunked = true;
        m_state = State::ChunkSize;
    } else if (!contentLength.empty()) {
        bool valid = false;
        m_remaining = QByteArray::fromStdString(contentLength).toLongLong(&valid);
        if (!valid || m_remaining < 0) {
            fail("bad Content-Length");
            return false;
        }
        m_state = m_remaining == 0 ? State::Done : State::Body;
    } else {
        m_state = State::UntilClose;
    }
    m_headRead = true;
    return true;
}

qsizetype ResponseReader::chunkedStep(const char* data, qsizetype size)
{
    switch (m_state) {
    case State::ChunkSize:
    case State::Trailer:
    case State::ChunkDataEnd: {
        const char* newline = static_cast<const char*>(std::memchr(data, '\n', static_cast<std::size_t>(size)));
        const qsizetype take = newline ? qsizetype(newline - data) + 1 : size;
        m_line.append(data, take);
        if (m_line.size() > kMaxChunkLine) {
            fail("chunk framing line too long");
            return take;
        }
        if (!newline)
            return take;
        const QByteArray line = m_line.trimmed();
        m_line.clear();
        if (m_state == State::ChunkDataEnd) {
            m_state = line.isEmpty() ? State::ChunkSize : State::Failed;
            if (m_state == State::Failed)
                m_error = "chunk not followed by CRLF";
        } else if (m_state == State::Trailer) {
            if (line.isEmpty())
                m_state = State::Done;
        } else {
            bool ok = false;
            const qsizetype extension = line.indexOf(';');
            m_remaining = (extension < 0 ? line : line.left(extension)).trimmed().toLongLong(&ok, 16);
            if (!ok || m_remaining < 0)
                fail("bad chunk size");
            else
                m_state = m_remaining == 0 ? State::Trailer : State::ChunkData;
        }
        return take;
    }
    case State::ChunkData: {
        const qsizetype take = qsizetype(std::min<std::int64_t>(m_remaining, size));
        keep(data, static_cast<std::size_t>(take));
        m_remaining -= take;
        if (m_remaining == 0)
            m_state = State::ChunkDataEnd;
        return take;
    }
    default:
        return 0;
    }
}

qsizetype ResponseReader::feed(const char* data, qsizetype size)
{
    qsizetype used = 0;
    while (used < size && m_state != State::Done && m_state != State::Failed) {
        const char* at = data + used;
        const qsizetype left = size - used;
        if (m_state == State::Head) {
            // Up to the end of the head, byte by line.
            const char* newline = static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(left)));
            const qsizetype take = newline ? qsizetype(newline - at) + 1 : left;
            m_line.append(at, take);
            used += take;
            if (m_line.size() > kMaxHead)
                fail("response head too large");
            else if (m_line.endsWith("\r\n\r\n") || m_line.endsWith("\n\n"))
                parseHead();
        } else if (m_state == State::Body) {
            const qsizetype take = qsizetype(std::min<std::int64_t>(m_remaining, left));
            keep(at, static_cast<std::size_t>(take));
            m_remaining -= take;
            used += take;
            if (m_remaining == 0)
                m_state = State::Done;
        } else if (m_state == State::UntilClose) {
            keep(at, static_cast<std::size_t>(left));
            used += left;
        } else {
            used += chunkedStep(at, left);
        }
    }
    return used;
}

void ResponseReader::closed()
{
    if (m_state == State::UntilClose)
        m_state = State::Done;
    else if (m_state != State::Done && m_state != State::Failed)
        fail(m_state == State::Head ? "the connection closed before a response" : "the connection closed mid-response");
}

} // namespace conform::providers
