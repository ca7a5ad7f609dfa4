#include "providers/transport.h"

#include "base/message_text.h"
#include "providers/network_channel.h"

#include <charconv>

namespace conform::providers {

namespace {

// The most a reply's buffer reserves before its first byte (a --max-reply-bytes far above the
// default grows past it as before).
constexpr std::uint64_t kMaxRoomUpFront = std::uint64_t(256) << 20;

// The HTTP status an error event inside a 200 stream stands for, so that it is retried (or
// not) as the same error would be at the start.
int statusOfStreamError(const std::string& type)
{
    if (type == "overloaded_error")
        return 529;
    if (type == "rate_limit_error")
        return 429;
    if (type == "timeout_error")
        return 504;
    if (type == "invalid_request_error")
        return 400;
    return 500;
}

} // namespace

Json RetryRecord::toJson() const
{
    Json out{{"status", status}, {"delay_ms", delayMs}, {"reason", reason}, {"try_ms", tryMs}};
    if (usage != Usage{}) // most failed tries bill nothing; their records stay as they were
        out["usage"] = usage.toJson();
    return out;
}

ChannelFactory networkChannels()
{
    return [](QObject* parent) -> Channel* { return new NetworkChannel(parent); };
}

Transport::Transport(ChannelFactory channels, TransportOptions options, QObject* parent)
    : QObject(parent), m_channels(std::move(channels)), m_options(std::move(options))
{
    for (QTimer* timer : {&m_tryTimer, &m_stallTimer, &m_backoffTimer})
        timer->setSingleShot(true);
    m_backoffTimer.setTimerType(Qt::PreciseTimer); // a coarse timer may fire 5% early: before retry-after
    connect(&m_tryTimer, &QTimer::timeout, this, [this] { onTimeout(false); });
    connect(&m_stallTimer, &QTimer::timeout, this, [this] { onTimeout(true); });
    connect(&m_backoffTimer, &QTimer::timeout, this, &Transport::startTry);
}

Transport::~Transport()
{
    dropChannel();
}

void Transport::send(const HttpRequest& request, const Adapter& adapter)
{
    if (m_busy)
        cancel();
    m_request = request;
    m_adapter = &adapter;
    m_retries.clear();
    m_busy = true;
    m_exchangeClock.start();
    startTry();
}

void Transport::cancel()
{
    if (!m_busy)
        return;
    dropChannel();
    ExchangeResult result;
    result.cancelled = true;
    result.reply.error = ProviderError{0, "cancelled", "the run was cancelled"};
    result.retries = m_retries;
    finish(std::move(result));
}

void Transport::startTry()
{
    dropChannel();
    m_response = {};
    m_decoder = m_request.stream ? m_adapter->streamDecoder() : nullptr;
    m_channel = m_channels(this);
    connect(m_channel, &Channel::responseStarted, this, &Transport::onResponseStarted);
    connect(m_channel, &Channel::bytesReceived, this, &Transport::onBytes);
    connect(m_channel, &Channel::ended, this, &Transport::onEnded);
    connect(m_channel, &Channel::redirectRefused, this, &Transport::onRedirectRefused);
    emit tryStarted(static_cast<int>(m_retries.size()));
    m_clock.start();
    m_tryTimer.start(m_options.timeoutMs);
    m_stallTimer.start(m_options.stallTimeoutMs);
    m_channel->start(m_request);
}

void Transport::onResponseStarted(int status, const std::vector<Header>& headers)
{
    m_response.status = status;
    m_response.headers = headers;
    m_stallTimer.start(m_options.stallTimeoutMs);
    if (status >= 400)
        return;
    // A reply that says its size is refused before a byte of it is read when that is over the
    // limit, and otherwise gets its buffer once rather than growing it by doubling.
    if (const auto length = m_response.header("content-length")) {
        std::uint64_t bytes = 0;
        if (std::from_chars(length->data(), length->data() + length->size(), bytes).ec == std::errc()) {
            if (bytes > m_options.maxReplyBytes) {
                m_response.bodyBytes = bytes;
                return refuseReply();
            }
            m_response.body.reserve(static_cast<std::size_t>(bytes));
            return;
        }
    }
    // A chunked or close-delimited reply may be refused only once the limit has come, so it
    // gets the limit's room at once: the system gives a page only when a byte lands in it, and
    // the string never copies itself into a larger one, which at the last doubling held twice
    // the limit (the peak of `run` refusing a chunked 200 MB reply: 80 -> 48 MB).
    m_response.body.reserve(static_cast<std::size_t>(std::min(m_options.maxReplyBytes + 1, kMaxRoomUpFront)));
}

void Transport::onBytes(const QByteArray& bytes)
{
    m_stallTimer.start(m_options.stallTimeoutMs);
    const auto size = static_cast<std::size_t>(bytes.size());
    m_response.bodyBytes += size;
    if (m_response.status >= 400) {
        if (m_response.body.size() < kMaxErrorBodyBytes)
            m_response.body.append(bytes.constData(), std::min(size, kMaxErrorBodyBytes - m_response.body.size()));
        return;
    }
    if (m_response.bodyBytes > m_options.maxReplyBytes)
        return refuseReply();
    m_response.body.append(bytes.constData(), size);
    if (!m_decoder)
        return;
    for (const StreamEvent& event : m_decoder->feed(std::string_view(bytes.constData(), bytes.size())))
        emit streamEvent(event);
}

void Transport::onEnded(bool connectionError, const QString& detail)
{
    m_tryTimer.stop();
    m_stallTimer.stop();
    dropChannel();
    const long long latency = m_clock.elapsed();
    if (connectionError)
        return fail(Failure{m_response.status, false, true, m_response.headers, detail.toStdString()});
    if (m_response.status >= 400)
        return fail(Failure{m_response.status, false, false, m_response.headers, {}});
    Reply reply;
    if (m_decoder) {
        for (const StreamEvent& event : m_decoder->finish())
            emit streamEvent(event);
        reply = m_decoder->reply();
        if (reply.error)
            return fail(Failure{statusOfStreamError(reply.error->type), false, false, {}, reply.error->message});
        if (!m_decoder->complete())
            return fail(Failure{0, false, true, {}, "the stream ended before its end marker"});
    } else {
        reply = m_adapter->parseResponse(m_response);
        if (reply.error) // a 2xx whose body is not a reply: cut short, or not the API at all (retried)
            return fail(Failure{m_response.status, false, true, {},
                                "upstream answered " + std::to_string(m_response.status) + " with " + reply.error->message});
    }
    ExchangeResult result;
    result.reply = std::move(reply);
    result.response = std::move(m_response); // a copy would hold a large body twice
    result.retries = m_retries;
    result.lastTryMs = latency;
    finish(std::move(result));
}

// The same redirect would come again: the exchange ends here, saying what was refused.
void Transport::onRedirectRefused(const QString& why)
{
    stopUnretried(ProviderError{0, "redirect_refused", why.toStdString()});
}

void Transport::onTimeout(bool stall)
{
    dropChannel();
    const std::string what = stall ? "no bytes for " + std::to_string(m_options.stallTimeoutMs) + " ms"
                                   : "no complete reply within " + std::to_string(m_options.timeoutMs) + " ms";
    fail(Failure{0, true, false, m_response.headers, what});
}

// A reply past maxReplyBytes is no model reply anyone asked for: the try stops at once and
// what came is dropped, so memory stays a bounded multiple of the limit whatever is sent.
void Transport::refuseReply()
{
    stopUnretried(ProviderError{m_response.status, "reply_too_large",
                                "the reply passed " + byteSize(m_options.maxReplyBytes)
                                    + " (the --max-reply-bytes limit) and was not read further"});
}

void Transport::stopUnretried(ProviderError error)
{
    dropChannel();
    ExchangeResult result;
    result.response.status = m_response.status;
    result.response.headers = m_response.headers;
    result.response.bodyBytes = m_response.bodyBytes; // what came, or what the reply said it would be
    result.retries = m_retries;
    result.lastTryMs = m_clock.isValid() ? m_clock.elapsed() : 0;
    result.reply.error = std::move(error);
    m_response = {};
    m_decoder.reset();
    finish(std::move(result));
}

void Transport::fail(Failure failure)
{
    m_tryTimer.stop();
    m_stallTimer.stop();
    const RetryDecision decision = decideRetry(failure, static_cast<int>(m_retries.size()), m_options.retry,
                                               m_options.clock, m_options.random);
    if (decision.retry) {
        const long long tryMs = m_clock.isValid() ? m_clock.elapsed() : 0;
        RetryRecord record{failure.status, static_cast<long long>(decision.delay.count()), decision.reason, tryMs, {}};
        if (m_decoder && m_response.status < 400)
            record.usage = m_decoder->reply().usage;
        m_retries.push_back(record);
        emit retryScheduled(record);
        m_backoffTimer.start(static_cast<int>(std::min<long long>(decision.delay.count(), 24LL * 3600 * 1000)));
        return;
    }
    ExchangeResult result;
    result.response = m_response;
    result.timedOut = failure.timedOut;
    result.retries = m_retries;
    result.lastTryMs = m_clock.isValid() ? m_clock.elapsed() : 0;
    if (failure.status >= 400 && !failure.connectionError && m_response.status >= 400) {
        result.reply = m_adapter->parseResponse(m_response); // the provider's own error message
        if (result.reply.error && m_response.bodyBytes > m_response.body.size())
            result.reply.error->message += " (an error body of " + byteSize(m_response.bodyBytes) + ", of which the first "
                + byteSize(m_response.body.size()) + " were read)";
    }
    if (!result.reply.error) {
        const std::string type = failure.timedOut ? "timeout" : failure.connectionError ? "connection_error" : "api_error";
        const bool told = failure.detail.empty() || decision.reason.find(failure.detail) != std::string::npos;
        result.reply.error = ProviderError{failure.status, type, decision.reason + (told ? "" : ": " + failure.detail)};
    }
    finish(std::move(result));
}

void Transport::finish(ExchangeResult result)
{
    result.latencyMs = m_exchangeClock.isValid() ? m_exchangeClock.elapsed() : result.lastTryMs;
    m_tryTimer.stop();
    m_stallTimer.stop();
    m_backoffTimer.stop();
    m_busy = false;
    emit finished(result);
}

void Transport::dropChannel()
{
    if (!m_channel)
        return;
    m_channel->disconnect(this);
    m_channel->abort();
    m_channel->deleteLater();
    m_channel = nullptr;
}

} // namespace conform::providers
