#include "otlp/collector.h"

#include "json/parse.h"
#include "otlp/protobuf.h"
#include "server/connection.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace conform::otlp {

namespace {

server::Dispatch answer(const server::HttpRequest& request, int status, const Json& body, std::string note)
{
    server::Dispatch d;
    d.plan.status = status;
    d.plan.pieces = {QByteArray::fromStdString(dump(body))};
    d.log.method = request.method.toStdString();
    d.log.path = request.path.toStdString();
    d.log.protocol = "otlp";
    d.log.status = status;
    d.log.note = std::move(note);
    return d;
}

server::Dispatch failure(const server::HttpRequest& request, int status, const std::string& message)
{
    // google.rpc.Status, as OTLP/HTTP answers errors.
    return answer(request, status, Json{{"code", status == 400 ? 3 : status == 413 ? 8 : 12}, {"message", message}}, message);
}

} // namespace

class Collector::Handler : public server::RequestHandler
{
public:
    explicit Handler(Collector& owner) : m_owner(owner) {}

    server::Dispatch handle(const server::HttpRequest& request) override
    {
        const bool traces = request.path == "/v1/traces";
        if (!traces && request.path != "/v1/logs")
            return failure(request, 404, "not found: OTLP/HTTP takes POST /v1/traces and /v1/logs");
        if (request.method != "POST")
            return failure(request, 405, "method not allowed: POST " + request.path.toStdString());
        const QByteArray type = request.header("content-type").toLower();
        const std::string_view body(request.body.constData(), static_cast<std::size_t>(request.body.size()));
        Result<Json> parsed = Error{};
        if (type.contains("protobuf")) {
            parsed = jsonOfProtobuf(body, traces ? ProtobufMessage::Traces : ProtobufMessage::Logs);
            if (!parsed)
                return failure(request, 400, parsed.error().message);
        } else if (type.isEmpty() || type.contains("json")) {
            parsed = json::parseStrict(body);
            if (!parsed)
                return failure(request, 400, "the body is not JSON: " + parsed.error().toString());
        } else {
            return failure(request, 415, "OTLP/HTTP bodies are application/json or application/x-protobuf, not " + type.left(60).toStdString());
        }
        auto batch = readRequest(parsed.value());
        if (!batch)
            return failure(request, 400, batch.error().message);
        return m_owner.take(request, traces, std::move(batch.value()));
    }

    server::Dispatch reject(const server::ParseOutcome& outcome) const override
    {
        server::Dispatch d = failure(outcome.request, outcome.errorStatus, outcome.errorMessage);
        d.plan.close = true;
        return d;
    }

private:
    Collector& m_owner;
};

Collector::Collector(CollectorOptions options, Sink sink, QObject* parent)
    : QObject(parent), m_options(std::move(options)), m_sink(std::move(sink)), m_judge(m_options.judge), m_joiner(m_options.holdMs),
      m_handler(std::make_unique<Handler>(*this)), m_tcp(new QTcpServer(this)),
      m_roster(new server::ConnectionRoster(m_options.connections, 1, this)), m_tick(new QTimer(this))
{
    m_clock.start();
    connect(m_tcp, &QTcpServer::newConnection, this, &Collector::accept);
    m_roster->watch(m_tcp);
    m_tick->setInterval(static_cast<int>(std::clamp<std::int64_t>(m_options.holdMs / 4, 10, 1000)));
    connect(m_tick, &QTimer::timeout, this, [this] { judgeReady(m_joiner.ready(m_clock.elapsed())); });
    m_tick->start();
}

Collector::~Collector() = default;

Status Collector::listen(const QHostAddress& address, quint16 port)
{
    if (!m_tcp->listen(address, port))
        return Error{m_tcp->errorString().toStdString(), address.toString().toStdString() + ':' + std::to_string(port)};
    return Done{};
}

quint16 Collector::port() const
{
    return m_tcp->serverPort();
}

void Collector::accept()
{
    while (QTcpSocket* socket = m_tcp->nextPendingConnection()) {
        if (!m_roster->makeRoom()) {
            server::refuseOverloaded(socket, "conform collect: every connection is busy");
            continue;
        }
        new server::Connection(socket, *m_handler, m_options.limits, 0, *m_roster,
                               [this](const server::RequestLog& log) {
                                   emit logLine(QString::fromStdString(log.method + ' ' + log.path + " status=" + std::to_string(log.status)
                                                                       + (log.note.empty() ? std::string() : ' ' + log.note)));
                               },
                               this);
    }
}

server::Dispatch Collector::take(const server::HttpRequest& request, bool traces, Batch batch)
{
    const std::int64_t now = m_clock.elapsed();
    const std::size_t genai = batch.spans.size(), events = batch.events.size();
    m_counts.otherSpans += batch.otherSpans;
    m_counts.rejected += batch.problems.size();
    for (const std::string& problem : batch.problems)
        emit logLine(QString::fromStdString(problem));
    for (const std::string& document : batch.captures) {
        auto capture = store::captureFromText(document);
        if (!capture) {
            ++m_counts.rejected;
            emit logLine(QString::fromStdString("a Conform capture span: " + capture.error().toString()));
            continue;
        }
        ++m_counts.captures;
        m_sink(std::move(capture.value()));
    }
    for (GenAiSpan& span : batch.spans)
        m_joiner.addSpan(std::move(span), now);
    for (GenAiEvent& event : batch.events)
        m_joiner.addEvent(std::move(event), now);
    judgeReady(m_joiner.ready(now));
    Json partial = Json::object();
    if (!batch.problems.empty()) {
        partial[traces ? "rejectedSpans" : "rejectedLogRecords"] = std::to_string(batch.problems.size());
        partial["errorMessage"] = batch.problems.front();
    }
    const std::string note = traces ? "genai_spans=" + std::to_string(genai) + " other_spans=" + std::to_string(batch.otherSpans)
                                    : "genai_events=" + std::to_string(events) + " other_logs=" + std::to_string(batch.otherLogs);
    return answer(request, 200, Json{{"partialSuccess", partial}}, note);
}

void Collector::judgeReady(std::vector<GenAiSpan> spans)
{
    for (const GenAiSpan& span : spans) {
        auto capture = m_judge.capture(callOfSpan(span));
        if (!capture) {
            ++m_counts.rejected;
            emit logLine(QString::fromStdString("span " + span.spanId + ": " + capture.error().toString()));
            continue;
        }
        ++m_counts.captures;
        m_sink(std::move(capture.value()));
    }
    m_counts.unchecked = m_judge.unchecked();
}

void Collector::flush()
{
    judgeReady(m_joiner.drain());
    m_counts.orphanEvents = m_joiner.orphanEvents();
}

CollectorCounts Collector::counts() const
{
    CollectorCounts counts = m_counts;
    counts.orphanEvents = m_joiner.orphanEvents();
    return counts;
}

} // namespace conform::otlp
