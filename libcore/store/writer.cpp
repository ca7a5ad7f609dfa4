#include "store/writer.h"

#include "store/store.h"

#include <QThread>

namespace conform::store {

CaptureWriter::CaptureWriter(StoreLocation location, OpenOptions options, QObject* parent) : QObject(parent)
{
    m_thread = QThread::create([this, location = std::move(location), options] { work(location, options); });
    m_thread->setObjectName(QStringLiteral("conform-capture-writer"));
    m_thread->start();
}

CaptureWriter::~CaptureWriter()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread->wait();
    delete m_thread;
}

void CaptureWriter::freeOnSubmitter(bool on)
{
    std::lock_guard lock(m_mutex);
    m_freeOnSubmitter = on;
}

Status CaptureWriter::waitUntilOpen()
{
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [this] { return m_opened.has_value(); });
    return *m_opened;
}

std::string CaptureWriter::submit(Capture capture)
{
    std::string id = capture.summary.id;
    std::vector<Capture> written;
    {
        std::lock_guard lock(m_mutex);
        m_queue.push_back(std::move(capture));
        ++m_submitted;
        written.swap(m_written);
    }
    m_wake.notify_one();
    return id;
}

void CaptureWriter::waitWhileQueuedAbove(std::size_t count)
{
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [&] { return m_queue.size() <= count || (m_opened && !m_opened->ok()); });
}

Status CaptureWriter::flush()
{
    std::vector<Capture> written;
    std::unique_lock lock(m_mutex);
    const std::uint64_t target = m_submitted;
    m_done.wait(lock, [&] { return m_finished >= target || (m_opened && !m_opened->ok()); });
    written.swap(m_written);
    if (m_opened && !m_opened->ok())
        return *m_opened;
    if (m_error) {
        Error error = *m_error;
        m_error.reset();
        return error;
    }
    return Done{};
}

void CaptureWriter::work(StoreLocation location, OpenOptions options)
{
    auto opened = Store::open(location, options);
    {
        std::lock_guard lock(m_mutex);
        m_opened = opened ? Status(Done{}) : Status(opened.error());
    }
    m_done.notify_all();
    if (!opened) {
        emit failed(QString::fromStdString(opened.error().toString()));
        return;
    }
    Store& store = *opened.value();
    for (;;) {
        std::vector<Capture> batch;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stop || !m_queue.empty(); });
            if (m_queue.empty())
                return; // stopping, and nothing is left to commit
            while (!m_queue.empty() && batch.size() < kMaxBatch) {
                batch.push_back(std::move(m_queue.front()));
                m_queue.pop_front();
            }
        }
        m_done.notify_all(); // room in the queue again
        auto inserted = store.insert(batch);
        // Signal first, count second: whoever flush() wakes has seen committed() already.
        if (inserted) {
            QStringList ids;
            for (const std::string& id : inserted->inserted)
                ids << QString::fromStdString(id);
            emit committed(ids);
            if (!inserted->heldWithOtherContent.empty()) {
                QStringList held;
                for (const std::string& id : inserted->heldWithOtherContent)
                    held << QString::fromStdString(id);
                emit heldWithOtherContent(held);
            }
        } else {
            emit failed(QString::fromStdString(inserted.error().toString()));
        }
        {
            std::lock_guard lock(m_mutex);
            m_finished += batch.size();
            if (!inserted && !m_error)
                m_error = inserted.error();
            // Handed back unless nobody has come for the last ones (a burst, then quiet).
            if (m_freeOnSubmitter && m_written.size() < 2 * kMaxBatch)
                std::move(batch.begin(), batch.end(), std::back_inserter(m_written));
        }
        m_done.notify_all();
    }
}

} // namespace conform::store
