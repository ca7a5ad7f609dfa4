#pragma once
// Runs a pure function of the editors' text on a worker thread, some time after the last
// edit, and hands the result back on the GUI thread — unless it is stale.
//
//   DebouncedJob<Check> job(this, 250ms);
//   job.onResult([this](Check c) { show(std::move(c)); });
//   job.request([a = text()] { return check(a); });   // on every edit
//
// At most one computation runs at a time: a request made while one runs waits for it, then
// starts with the newest snapshot. Each request bumps a generation counter; a result whose
// generation is no longer the newest is dropped, so the GUI never shows an older text's
// issues after a newer one's. The owner's destructor waits for the running computation.
#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>

namespace conform::gui {

template <typename Result>
class DebouncedJob
{
public:
    using Work = std::function<Result()>;

    // Callbacks run in `owner`'s context: none runs after the owner is gone.
    DebouncedJob(QObject* owner, std::chrono::milliseconds delay)
    {
        m_timer.setSingleShot(true);
        m_timer.setInterval(delay);
        QObject::connect(&m_timer, &QTimer::timeout, owner, [this] { startIfIdle(); });
        QObject::connect(&m_watcher, &QFutureWatcherBase::finished, owner, [this] { finished(); });
    }
    ~DebouncedJob() { m_watcher.waitForFinished(); }
    DebouncedJob(const DebouncedJob&) = delete;
    DebouncedJob& operator=(const DebouncedJob&) = delete;

    // The result is handed over (moved), not copied: results can hold thousands of issues.
    void onResult(std::function<void(Result)> deliver) { m_deliver = std::move(deliver); }

    // Replaces the pending work with `work` (a snapshot of the inputs) and restarts the delay.
    void request(Work work)
    {
        m_pending = std::move(work);
        ++m_generation;
        m_timer.start();
    }

    // Starts the pending work now, without waiting for the delay.
    void flush()
    {
        m_timer.stop();
        startIfIdle();
    }

    bool isBusy() const { return m_inFlight || m_timer.isActive() || m_pending; }
    std::uint64_t generation() const { return m_generation; }

private:
    void startIfIdle()
    {
        if (m_inFlight || !m_pending)
            return;
        m_inFlight = true;
        m_running = m_generation;
        // The result travels in a shared_ptr so the GUI thread can move it out: QFuture hands
        // out copies, and a result may hold thousands of issues.
        m_watcher.setFuture(QtConcurrent::run([work = std::exchange(m_pending, nullptr)] {
            return std::make_shared<Result>(work());
        }));
    }

    void finished()
    {
        m_inFlight = false;
        if (m_running == m_generation && m_deliver)
            m_deliver(std::move(*m_watcher.result()));
        if (m_pending && !m_timer.isActive())
            startIfIdle();
    }

    QTimer m_timer;
    QFutureWatcher<std::shared_ptr<Result>> m_watcher;
    Work m_pending;
    std::function<void(Result)> m_deliver;
    std::uint64_t m_generation = 0;
    std::uint64_t m_running = 0;
    // Set from the start of a computation until its result is handled on the GUI thread: the
    // future stops running before the watcher's queued finished() arrives, so isRunning()
    // alone would call the job idle while a result is still on its way.
    bool m_inFlight = false;
};

} // namespace conform::gui
