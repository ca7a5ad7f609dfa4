#pragma once
// conform::proxy — the monitoring proxy: an application points its base URL here, every
// request goes to the upstream unchanged and every byte of the answer comes back as the
// upstream sent it, as it arrives; afterwards the reply is extracted, validated against the
// schema the request names and captured (labels source=proxy, schema, validated).
//
//   proxy::MonitoringProxy proxy({upstream, std::move(schemaMap)}, &writer);
//   if (auto listening = proxy.listen(); !listening) fail(listening.error().toString());
//   app.baseURL = proxy.url();                        // http://127.0.0.1:PORT
//
// Raw sockets, not QNetworkAccessManager: each application connection is paired with one
// upstream connection and the upstream's bytes are written to the application untouched
// (status line, headers, chunked framing, server-sent events), which QNetworkAccessManager
// cannot do (it de-chunks, rewrites headers and buffers). Only Host is rewritten, to the
// upstream's, and the upstream's path prefix is put before the request's path (its query
// before the request's own); request heads are
// framed with the replay server's parser (server/http_request.h), bodies streamed through
// with bounded buffers, and responses read on the side with ResponseReader, so keep-alive
// and pipelined requests pair with their responses. Connections have idle and header
// timeouts and a limit (server/connection_guard.h).
//
// Judging (extraction, validation, the capture) runs on worker threads, after the last byte
// went to the application, so it neither delays that response nor the others in flight.
//
// Bad upstreams reach the application as they would have directly: a refused or reset
// upstream connection aborts the application's connection (after whatever bytes had come),
// a slow one is slow. Each is captured as a transport error. Keys never reach a capture:
// header values are recorded only for headers known to be harmless, others as "***" (exchange.h).
#include "base/result.h"
#include "proxy/exchange.h"
#include "proxy/schema_map.h"
#include "server/connection_guard.h"

#include <QHostAddress>
#include <QObject>
#include <QThreadPool>
#include <QUrl>

#include <functional>
#include <memory>

class QTcpServer;

namespace conform::store { class CaptureWriter; }

namespace conform::proxy {

struct ProxyOptions
{
    QUrl upstream;             // http:// or https://, with an optional path prefix and query
    SchemaMap schemas;
    // Idle (nothing moved either way) and header timeouts, and the connection limit where the
    // longest idle application connection makes room for a new one (server/connection_guard.h).
    server::ConnectionLimits connections{10'000, 300'000, 30'000};
    // A request body is streamed to the upstream whatever its size; its capture keeps the
    // first this-many bytes, marked as cut with the size sent (exchange.h).
    qsizetype maxCapturedBodyBytes = 1024 * 1024;
    // A reply body is forwarded whatever its size and judged up to this many bytes; a larger
    // one is captured as forwarded, not judged, with its size, and never held whole.
    std::uint64_t maxJudgedReplyBytes = providers::kDefaultMaxReplyBytes;
    // Each capture as it is made (--otlp sends them on), called on a judging thread.
    std::function<void(const store::Capture&)> onCapture;
};

// Done when `upstream` can be forwarded to (http:// or https:// with a host), else why not: a
// caller checks it before anything else, so that a typo is not reported as a failure to listen.
Status checkUpstream(const QUrl& upstream);

class MonitoringProxy : public QObject
{
    Q_OBJECT
public:
    // `writer` (may be null: nothing captured) must outlive the proxy. The destructor waits
    // for the exchanges being judged.
    MonitoringProxy(ProxyOptions options, store::CaptureWriter* writer, QObject* parent = nullptr);
    ~MonitoringProxy() override;

    Status listen(const QHostAddress& address = QHostAddress::LocalHost, quint16 port = 0);
    quint16 port() const;
    QUrl url() const;
    const ProxyOptions& options() const { return m_options; }
    int connectionCount() const { return m_roster->count(); }
    int connectionCapacity() const { return m_roster->capacity(); }

signals:
    // Once per forwarded model call, after its response ended (or failed) and was judged.
    // `captureId` is empty without a writer; `outcome` is "valid" or "failed".
    void exchangeFinished(const QString& captureId, int status, const QString& outcome, const QString& summary);

private:
    friend class Pipe;
    void finishExchange(Exchange exchange, providers::ProviderKind provider);

    ProxyOptions m_options;
    std::shared_ptr<const SchemaMap> m_schemas; // shared with the judging threads
    store::CaptureWriter* m_writer;
    QTcpServer* m_tcp = nullptr;
    server::ConnectionRoster* m_roster;
    QThreadPool m_judges; // waited for on destruction
};

} // namespace conform::proxy
