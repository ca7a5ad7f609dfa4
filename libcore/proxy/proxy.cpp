#include "proxy/proxy.h"

#include "proxy/pipe.h"
#include "server/memory.h"
#include "store/capture.h"
#include "store/writer.h"

#include <QTcpServer>
#include <QTcpSocket>

namespace conform::proxy {

namespace {
constexpr qsizetype kLargeExchange = 256 * 1024;
}

MonitoringProxy::MonitoringProxy(ProxyOptions options, store::CaptureWriter* writer, QObject* parent)
    : QObject(parent), m_options(std::move(options)), m_schemas(std::make_shared<const SchemaMap>(m_options.schemas)), m_writer(writer),
      m_tcp(new QTcpServer(this)), m_roster(new server::ConnectionRoster(m_options.connections, 2, this))
{
    // Two descriptors a connection: the application's and the upstream's.
    connect(m_tcp, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket* client = m_tcp->nextPendingConnection()) {
            if (m_roster->makeRoom())
                new Pipe(client, *this, *m_roster); // owned by the proxy, deletes itself when done
            else
                server::refuseOverloaded(client, "conform proxy: every connection is busy");
        }
    });
    m_roster->watch(m_tcp);
}

MonitoringProxy::~MonitoringProxy()
{
    m_judges.waitForDone();
}

Status checkUpstream(const QUrl& upstream)
{
    const QString scheme = upstream.scheme();
    if (upstream.isValid() && !upstream.host().isEmpty() && (scheme == QLatin1String("http") || scheme == QLatin1String("https")))
        return Done{};
    return Error{"not an http:// or https:// URL with a host (e.g. https://api.openai.com)", "--upstream"};
}

Status MonitoringProxy::listen(const QHostAddress& address, quint16 port)
{
    if (auto upstream = checkUpstream(m_options.upstream); !upstream)
        return upstream;
    if (!m_tcp->listen(address, port))
        return Error{m_tcp->errorString().toStdString(), address.toString().toStdString() + ":" + std::to_string(port)};
    return Done{};
}

quint16 MonitoringProxy::port() const
{
    return m_tcp->serverPort();
}

QUrl MonitoringProxy::url() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(m_tcp->serverAddress().toString());
    url.setPort(m_tcp->serverPort());
    return url;
}

void MonitoringProxy::finishExchange(Exchange exchange, providers::ProviderKind provider)
{
    m_judges.start([this, schemas = m_schemas, exchange = std::move(exchange), provider] {
        const Judged judged = judgeExchange(exchange, provider, *schemas, m_options.maxJudgedReplyBytes);
        QString id;
        if (m_writer || m_options.onCapture) {
            store::Capture capture = store::captureOfRun(judged.spec, judged.record, judged.labels);
            if (m_options.onCapture)
                m_options.onCapture(capture);
            if (m_writer) // thread-safe: the writer queues for its own thread
                id = QString::fromStdString(m_writer->submit(std::move(capture)));
        }
        const auto& attempt = judged.record.attempts.front();
        QString summary = QString::fromStdString(attempt.target) + QStringLiteral(" schema=") + QString::fromStdString(judged.labels[1].second);
        if (!attempt.error.empty())
            summary += QStringLiteral(": ") + QString::fromStdString(attempt.error);
        else if (!attempt.valid && !attempt.issues.empty())
            summary += QStringLiteral(": ") + QString::fromStdString(attempt.issues.front().value("message", std::string()));
        const QString outcome = QString::fromUtf8(engine::outcomeName(judged.record.outcome));
        const int status = exchange.status;
        // A large exchange leaves freed pages in the allocator's arenas; hand them back.
        if (exchange.request.body.size() + qsizetype(exchange.responseBody.size()) > kLargeExchange)
            server::giveMemoryBack();
        // Delivered on the proxy's thread; the destructor waits for this job, so `this` lives.
        QMetaObject::invokeMethod(this, [this, id, status, outcome, summary] { emit exchangeFinished(id, status, outcome, summary); },
                                  Qt::QueuedConnection);
    });
}

} // namespace conform::proxy
