#include "otlp/live_export.h"

#include "base/secrets.h"
#include "otlp/export.h"
#include "providers/http.h"
#include "providers/redirect.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

namespace conform::otlp {

LiveExporter::LiveExporter(QUrl url, Headers headers, std::size_t maxQueued, int batchMs, QObject* parent)
    : QObject(parent), m_url(std::move(url)), m_headers(std::move(headers)), m_maxQueued(maxQueued), m_nam(new QNetworkAccessManager(this)),
      m_timer(new QTimer(this))
{
    m_timer->setInterval(batchMs);
    connect(m_timer, &QTimer::timeout, this, &LiveExporter::sendBatch);
    m_timer->start();
}

LiveExporter::~LiveExporter() = default;

void LiveExporter::add(const store::Capture& capture)
{
    std::lock_guard lock(m_mutex);
    if (m_queue.size() >= m_maxQueued) {
        ++m_dropped;
        return;
    }
    m_queue.push_back(capture);
}

std::string LiveExporter::lastError() const
{
    std::lock_guard lock(m_mutex);
    return m_lastError;
}

void LiveExporter::sendBatch()
{
    if (m_inFlight)
        return;
    std::vector<store::Capture> batch;
    {
        std::lock_guard lock(m_mutex);
        while (!m_queue.empty() && batch.size() < kBatch) {
            batch.push_back(std::move(m_queue.front()));
            m_queue.pop_front();
        }
    }
    if (batch.empty())
        return;
    QNetworkRequest request(m_url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setTransferTimeout(10'000);
    for (const auto& [name, value] : m_headers)
        request.setRawHeader(name, value);
    providers::verifyRedirects(request); // the headers may hold a token: same-origin hops only
    QNetworkReply* reply = m_nam->post(request, QByteArray::fromStdString(secrets::mask(dump(traceRequest(batch)))));
    providers::guardRedirects(reply);
    m_inFlight = true;
    const std::size_t count = batch.size();
    m_inFlightCount = count;
    connect(reply, &QNetworkReply::finished, this, [this, reply, count] {
        if (m_abandoned) {
            reply->deleteLater();
            return;
        }
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status >= 200 && status < 300) {
            m_sent += count;
        } else {
            m_dropped += count;
            std::lock_guard lock(m_mutex);
            const std::string refused = providers::refusedRedirect(reply);
            m_lastError = status ? "HTTP " + std::to_string(status)
                : !refused.empty() ? refused
                                   : providers::scrubUrlSecrets(reply->errorString().toStdString(), m_url.toString().toStdString());
        }
        reply->deleteLater();
        m_inFlight = false;
        bool more = false;
        {
            std::lock_guard lock(m_mutex);
            more = !m_queue.empty();
        }
        if (more)
            sendBatch();
    });
}

void LiveExporter::finish(int timeoutMs)
{
    m_timer->stop();
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    deadline.start(timeoutMs);
    QTimer poll;
    connect(&poll, &QTimer::timeout, &loop, [&] {
        std::size_t queued = 0;
        {
            std::lock_guard lock(m_mutex);
            queued = m_queue.size();
        }
        if (!m_inFlight && queued == 0)
            loop.quit();
        else if (!m_inFlight)
            sendBatch();
    });
    connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    poll.start(10);
    sendBatch();
    loop.exec();
    if (m_inFlight) {
        m_dropped += m_inFlightCount;
        m_abandoned = true;
    }
    std::lock_guard lock(m_mutex);
    m_dropped += m_queue.size();
    m_queue.clear();
}

} // namespace conform::otlp
