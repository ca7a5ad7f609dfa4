#pragma once
// The transport: sends one request through a Channel, asynchronously (never blocks), with
// a per-try timeout, a stall timeout while a body is arriving, and retries as retry.h
// decides. A streamed body is decoded as it arrives (the adapter's StreamDecoder) and each
// decoded event is signalled; a stream that ends before its end marker counts as a cut
// connection and is retried like one.
//
//   Transport t(channelFactory);
//   connect(&t, &Transport::finished, ...);         // one ExchangeResult per send()
//   t.send(request, adapterFor(ProviderKind::OpenAI));
//
// Retries are recorded (status, delay, reason) in the result, separately from anything the
// engine does about the content. Never retried: a reply over maxReplyBytes (error type
// "reply_too_large") and a redirect the channel refuses ("redirect_refused"). Credentials
// never leave HttpRequest::credentials: nothing here logs or records them.
#include "base/json.h"
#include "providers/channel.h"
#include "providers/provider.h"
#include "providers/retry.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

namespace conform::providers {

struct RetryRecord
{
    int status = 0;          // 0: timeout or connection error
    long long delayMs = 0;   // how long the transport waited before trying again
    std::string reason;
    long long tryMs = 0;     // how long the failed try itself took
    // Tokens the failed try reported before it failed (a stream cut after message_start
    // still bills its input): the provider charges for them, so a run's cost counts them.
    Usage usage;

    Json toJson() const; // {"status","delay_ms","reason","try_ms"}, plus "usage" when billed
};

struct ExchangeResult
{
    Reply reply;                     // the reply; reply.error set when the exchange failed
    HttpResponse response;           // the last try's status, headers and body (raw SSE when streamed)
    bool timedOut = false;           // the last try ended by a timeout
    bool cancelled = false;
    std::vector<RetryRecord> retries;
    long long latencyMs = 0;         // wall time of the exchange: every try and every backoff
    long long lastTryMs = 0;         // of the last try alone

    bool ok() const { return !reply.error && !cancelled; }
};

struct TransportOptions
{
    RetryPolicy retry;
    int timeoutMs = 120000; // per try, from start to the last byte
    int stallTimeoutMs = 30000; // between two arrivals of bytes
    // A reply (2xx) body larger than this is refused as a transport error, not retried, and
    // read no further (`--max-reply-bytes`; the bound `collect` answers 413 above): by its
    // Content-Length before a byte of it is read, or once a chunked or close-delimited body
    // has passed it.
    std::uint64_t maxReplyBytes = kDefaultMaxReplyBytes;
    WallClock clock = systemWallClock();
    UnitRandom random = systemRandom();
};

// Makes the channel for one try, parented to the transport.
using ChannelFactory = std::function<Channel*(QObject* parent)>;

// Channels over the network (network_channel.h).
ChannelFactory networkChannels();

class Transport : public QObject
{
    Q_OBJECT
public:
    explicit Transport(ChannelFactory channels, TransportOptions options = {}, QObject* parent = nullptr);
    ~Transport() override;

    // Starts an exchange; one at a time (a send() while busy cancels the previous one).
    void send(const HttpRequest& request, const Adapter& adapter);
    // Stops the exchange; finished() follows with cancelled set.
    void cancel();
    bool busy() const { return m_busy; }
    void setOptions(TransportOptions options) { m_options = std::move(options); }

signals:
    void tryStarted(int tryIndex); // 0 for the first try; streamed text starts over
    void streamEvent(const conform::providers::StreamEvent& event);
    void retryScheduled(const conform::providers::RetryRecord& retry);
    void finished(const conform::providers::ExchangeResult& result);

private:
    void startTry();
    void onResponseStarted(int status, const std::vector<Header>& headers);
    void onBytes(const QByteArray& bytes);
    void onEnded(bool connectionError, const QString& detail);
    void onRedirectRefused(const QString& why);
    void onTimeout(bool stall);
    void fail(Failure failure);
    void refuseReply();
    // Ends the exchange at once with `error`, which no retry would change; what came is dropped.
    void stopUnretried(ProviderError error);
    void finish(ExchangeResult result);
    void dropChannel();

    ChannelFactory m_channels;
    TransportOptions m_options;
    HttpRequest m_request;
    const Adapter* m_adapter = nullptr;
    Channel* m_channel = nullptr;
    std::unique_ptr<StreamDecoder> m_decoder;
    HttpResponse m_response;
    std::vector<RetryRecord> m_retries;
    QTimer m_tryTimer;
    QTimer m_stallTimer;
    QTimer m_backoffTimer;
    QElapsedTimer m_clock;         // the current try
    QElapsedTimer m_exchangeClock; // the whole exchange, from send()
    bool m_busy = false;
};

} // namespace conform::providers
