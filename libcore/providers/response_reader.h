#pragma once
// HTTP/1.1 response framing, pure and incremental: a body is read by Content-Length, chunked
// encoding (extensions and trailers skipped), or until the connection closes; interim 1xx
// responses are skipped. Malformed framing is an error, never a crash. Two readers use it:
//
//   - the proxy (proxy/pipe.h) passes the upstream's bytes on untouched and feeds them here
//     on the side, to know where each response ends (so keep-alive requests pair with their
//     responses) and what its body says, de-chunked, for the capture (body());
//   - the provider channel (network_channel.h) reads its replies here and hands each
//     de-chunked piece on as it comes (setBodySink()), so a reply is bounded by what the
//     transport accepts, not by what the server sends.
#include "providers/http.h" // kDefaultMaxReplyBytes, kMaxErrorBodyBytes

#include <QByteArray>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace conform::providers {

class ResponseReader
{
public:
    // `headRequest`: the request was HEAD, so the response has no body whatever it says.
    // `maxKeptBody`: a reply body past it is passed on but not kept (bodyOverLimit()).
    explicit ResponseReader(bool headRequest = false, std::uint64_t maxKeptBody = kDefaultMaxReplyBytes)
        : m_headRequest(headRequest), m_maxKeptBody(maxKeptBody)
    {
    }

    // Body bytes go to `sink` as they are framed (de-chunked), none are kept: body() stays
    // empty, bodyBytes() still counts them. Set before the first feed().
    void setBodySink(std::function<void(std::string_view)> sink) { m_sink = std::move(sink); }

    // Feeds the next bytes; returns how many belong to this response (the rest, if any,
    // starts the next one). Stops consuming once complete() or failed().
    qsizetype feed(const char* data, qsizetype size);
    // The peer closed the connection: completes a body read until close.
    void closed();

    // The final response's head was read (not an interim 1xx; not a head that failed).
    bool headComplete() const { return m_headRead; }
    bool complete() const { return m_state == State::Done; }
    bool failed() const { return m_state == State::Failed; }
    const std::string& error() const { return m_error; }

    int status() const { return m_status; }
    const std::vector<std::pair<std::string, std::string>>& headers() const { return m_headers; } // names lower-case
    // De-chunked, as far as it arrived; empty once the body passed maxKeptBody, and only the
    // first kMaxErrorBodyBytes of an error body (status >= 400). Empty with a body sink.
    const std::string& body() const { return m_body; }
    std::uint64_t bodyBytes() const { return m_bodyBytes; } // the whole body's size, kept or not
    bool bodyOverLimit() const { return m_overLimit; }
    bool chunked() const { return m_chunked; }

private:
    enum class State { Head, Body, ChunkSize, ChunkData, ChunkDataEnd, Trailer, UntilClose, Done, Failed };
    bool parseHead();
    void fail(std::string message);
    void keep(const char* data, std::size_t size);
    qsizetype chunkedStep(const char* data, qsizetype size);

    bool m_headRequest;
    std::uint64_t m_maxKeptBody;
    std::function<void(std::string_view)> m_sink;
    std::uint64_t m_bodyBytes = 0;
    bool m_overLimit = false;
    State m_state = State::Head;
    QByteArray m_line; // head or chunk-size line being assembled
    int m_status = 0;
    bool m_headRead = false;
    std::vector<std::pair<std::string, std::string>> m_headers;
    std::string m_body;
    bool m_chunked = false;
    std::int64_t m_remaining = 0;
    std::string m_error;
};

} // namespace conform::providers
