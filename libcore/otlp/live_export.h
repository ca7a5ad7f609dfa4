#pragma once
// Sending captures on as OpenTelemetry while they are made (`run --otlp URL`, `proxy --otlp
// URL`): add() never blocks and never waits on the network; captures queue (at most
// `maxQueued`, then each new one is dropped and counted) and go out in batches, one request
// in flight at a time, from the thread the exporter lives on. A batch the endpoint refuses
// or cannot take (down, slow past the timeout) is dropped and counted, never retried into
// a growing queue.
//
//   otlp::LiveExporter live(otlp::tracesUrl(url), headers);
//   live.add(capture);                 // any thread
//   live.finish(2000);                 // at exit: what is queued, within 2 s
//   live.sent(); live.dropped();
#include "otlp/http_post.h"
#include "store/capture.h"

#include <QObject>

#include <atomic>
#include <deque>
#include <mutex>

class QNetworkAccessManager;
class QTimer;

namespace conform::otlp {

class LiveExporter : public QObject
{
    Q_OBJECT

public:
    LiveExporter(QUrl url, Headers headers, std::size_t maxQueued = 2000, int batchMs = 500, QObject* parent = nullptr);
    ~LiveExporter() override;

    void add(const store::Capture& capture);
    // Sends what is queued and waits for the answers, at most `timeoutMs` in all; what is
    // left then is dropped.
    void finish(int timeoutMs);

    std::size_t sent() const { return m_sent; }
    std::size_t dropped() const { return m_dropped; }
    // The last failure in words (status or transport error, URL redacted), "" when none.
    std::string lastError() const;

private:
    void sendBatch();

    QUrl m_url;
    Headers m_headers;
    std::size_t m_maxQueued;
    QNetworkAccessManager* m_nam;
    QTimer* m_timer;
    mutable std::mutex m_mutex;
    std::deque<store::Capture> m_queue;
    std::string m_lastError;
    bool m_inFlight = false;
    std::size_t m_inFlightCount = 0;
    bool m_abandoned = false;   // finish() gave up on the request in flight (counted dropped)
    std::atomic<std::size_t> m_sent{0}, m_dropped{0};
    static constexpr std::size_t kBatch = 100;
};

} // namespace conform::otlp
