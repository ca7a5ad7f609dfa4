#pragma once
// The OTLP/HTTP receiver behind `conform-cli collect`: POST /v1/traces and /v1/logs with
// JSON or protobuf bodies (protobuf.h; chunked, gzip-compressed and on kept-alive connections as the official
// exporters send them; server/http_request.h), GenAI spans joined with their events
// (joiner.h), judged (ingest::Judge) and handed to `sink` as captures.
//
//   otlp::Collector collector({judgeOptions, 2000}, [&](store::Capture c) { writer.submit(std::move(c)); });
//   collector.listen(QHostAddress::LocalHost, 4318);
//
// Answers: 200 with {"partialSuccess": {}} (or the count of rejected spans and why), 400 for
// a body that is not an OTLP request, 413 over the body limit, 415 for another content type,
// 404 and 405 elsewhere. A bad request never
// disturbs other connections or the spans already held.
#include "ingest/observed_call.h"
#include "otlp/joiner.h"
#include "server/connection_guard.h"
#include "server/dispatcher.h"
#include "store/capture.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QObject>

#include <functional>

class QTcpServer;
class QTimer;

namespace conform::otlp {

struct CollectorOptions
{
    ingest::JudgeOptions judge;
    std::int64_t holdMs = 2000;            // how long a span waits for its events
    server::HttpLimits limits;             // 32 MiB bodies, as serve's
    server::ConnectionLimits connections;
};

struct CollectorCounts
{
    std::size_t captures = 0;     // GenAI spans captured
    std::size_t otherSpans = 0;   // not GenAI: skipped
    std::size_t rejected = 0;     // bad spans and log records
    std::size_t unchecked = 0;    // captured without a schema
    std::size_t orphanEvents = 0; // GenAI events whose span never came
};

class Collector : public QObject
{
    Q_OBJECT

public:
    using Sink = std::function<void(store::Capture)>;

    Collector(CollectorOptions options, Sink sink, QObject* parent = nullptr);
    ~Collector() override;

    Status listen(const QHostAddress& address, quint16 port);
    quint16 port() const;
    // Judges every span still held (at shutdown).
    void flush();
    CollectorCounts counts() const;

signals:
    // One line per request ("POST /v1/traces 200 spans=3 genai=1"), and one per problem.
    void logLine(const QString& line);

private:
    class Handler;
    server::Dispatch take(const server::HttpRequest& request, bool traces, Batch batch);
    void judgeReady(std::vector<GenAiSpan> spans);
    void accept();

    CollectorOptions m_options;
    Sink m_sink;
    ingest::Judge m_judge;
    SpanJoiner m_joiner;
    QElapsedTimer m_clock;
    CollectorCounts m_counts;
    std::unique_ptr<Handler> m_handler;
    QTcpServer* m_tcp;
    server::ConnectionRoster* m_roster;
    QTimer* m_tick;
};

} // namespace conform::otlp
