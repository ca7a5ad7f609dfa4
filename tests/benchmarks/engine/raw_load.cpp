// runRawLoad: the baseline. The same POST the engine makes, with nothing around it: no
// request building, no SSE decoding, no extraction, no validation, no record.
#include "load.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

#include <memory>

namespace conform::bench {
namespace {

struct RawSlot
{
    std::unique_ptr<QNetworkAccessManager> network;
    int remaining = 0;
    QElapsedTimer clock;
};

} // namespace

LoadResult runRawLoad(const RawRequest& request, int runs, int concurrency, int timeoutMs)
{
    LoadResult result;
    QNetworkRequest prototype(QUrl(QString::fromStdString(request.url)));
    for (const auto& [name, value] : request.headers)
        prototype.setRawHeader(QByteArray::fromStdString(name), QByteArray::fromStdString(value));
    const QByteArray body = QByteArray::fromStdString(request.body);

    QEventLoop loop;
    int running = 0;
    std::vector<std::unique_ptr<RawSlot>> pool;
    // Declared last, destroyed first: no handler outlives the locals it uses, even for the
    // replies a timeout leaves in flight (their managers abort them on destruction).
    std::function<void(RawSlot*)> send;
    auto context = std::make_unique<QObject>();
    send = [&](RawSlot* s) {
        s->clock.start();
        QNetworkReply* reply = s->network->post(prototype, body);
        QObject::connect(reply, &QNetworkReply::finished, context.get(), [&, s, reply] {
            const QByteArray content = reply->readAll(); // the whole reply, as a client must read it
            result.perAttemptNs.add(static_cast<double>(s->clock.nsecsElapsed()));
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            reply->deleteLater();
            ++result.runs;
            ++result.attempts;
            if ((status != 200 || content.isEmpty()) && result.problems.size() < 5)
                result.problems.push_back("raw POST: HTTP " + std::to_string(status) + " " + reply->errorString().toStdString());
            if (--s->remaining == 0) {
                if (--running == 0)
                    loop.quit();
                return;
            }
            QMetaObject::invokeMethod(context.get(), [&send, s] { send(s); }, Qt::QueuedConnection);
        });
    };
    for (int count : runsPerSlot(runs, concurrency)) {
        if (count == 0)
            continue;
        auto slot = std::make_unique<RawSlot>();
        slot->network = std::make_unique<QNetworkAccessManager>();
        slot->remaining = count;
        pool.push_back(std::move(slot));
    }
    running = static_cast<int>(pool.size());
    bool timedOut = false;
    QTimer::singleShot(timeoutMs, &loop, [&] { timedOut = true; loop.quit(); });
    const double cpuBefore = processCpuSeconds();
    QElapsedTimer wall;
    wall.start();
    for (auto& slot : pool)
        send(slot.get());
    if (running > 0)
        loop.exec();
    result.wallNs = static_cast<double>(wall.nsecsElapsed());
    result.cpuSeconds = processCpuSeconds() - cpuBefore;
    if (timedOut)
        result.problems.push_back("raw POST: timed out after " + std::to_string(result.runs) + " of " + std::to_string(runs));
    context.reset();
    return result;
}

} // namespace conform::bench
