#pragma once
// Runs a pure function of the editors' text on a worker thread, some time after the last
// edit, and hands the result back on the GUI thread — unless it is stale.
//
//   DebouncedJob<Check> job(this, 250ms);
//   job.onResult([this](Check c) { show(std::move(c)); });
//   job.request([a = text()](const CancelFlag& cancel) { return check(a, cancel); }); // per edit
//
// Each request bumps a generation and raises the cancel flag of every computation in flight:
// their results could only describe an older text, so they are told to stop (libcore polls
// the flag every few thousand nodes) and whatever they return is dropped. The new request
// does not wait for them: it starts as soon as its delay has passed, unless two abandoned
// computations are still winding down (a parse of a huge text cannot be interrupted), in
// which case it starts when one of them ends. They run on the job's own pool of two threads,
// so a check never queues behind other work. So the GUI never shows an older text's
// verdict, and a small text's result is never stuck behind a huge one's.
//
// cancel() abandons everything without a new request (the user's Cancel). The owner's
// destructor cancels and waits for what is in flight.
#include "base/cancel.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <utility>

namespace conform::gui {

template <typename Result>
class DebouncedJob
{
public:
    using Work = std::function<Result(const CancelFlag&)>;

    // Callbacks run in `owner`'s context: none runs after the owner is gone.
    DebouncedJob(QObject* owner, std::chrono::milliseconds delay) : m_owner(owner)
    {
        m_timer.setSingleShot(true);
        m_timer.setInterval(delay);
        m_pool.setMaxThreadCount(kMaxAbandoned);
        QObject::connect(&m_timer, &QTimer::timeout, owner, [this] { startIfAllowed(); });
    }
    ~DebouncedJob()
    {
        for (Flight& flight : m_flights) {
            flight.cancel->store(true);
            flight.watcher->waitForFinished();
        }
    }
    DebouncedJob(const DebouncedJob&) = delete;
    DebouncedJob& operator=(const DebouncedJob&) = delete;

    // The result is handed over (moved), not copied: results can hold thousands of issues.
    void onResult(std::function<void(Result)> deliver) { m_deliver = std::move(deliver); }

    // Replaces the pending work with `work` (a snapshot of the inputs), abandons what runs,
    // and restarts the delay.
    void request(Work work)
    {
        m_pending = std::move(work);
        ++m_generation;
        abandonFlights();
        m_timer.start();
    }

    // Starts the pending work now, without waiting for the delay.
    void flush()
    {
        m_timer.stop();
        startIfAllowed();
    }

    // Drops the pending work and abandons the running one: no result comes for either.
    void cancel()
    {
        m_timer.stop();
        m_pending = nullptr;
        ++m_generation;
        abandonFlights();
    }

    // True while a request has no result yet (waiting, queued or running).
    bool isBusy() const { return m_timer.isActive() || m_pending || currentFlight() != nullptr; }
    // How long the newest request's computation has been running, or -1 when it is not.
    qint64 runningForMs() const
    {
        const Flight* flight = currentFlight();
        return flight ? flight->clock.elapsed() : -1;
    }
    std::uint64_t generation() const { return m_generation; }
    // Computations still winding down after being abandoned (for tests).
    int abandonedCount() const
    {
        int count = 0;
        for (const Flight& flight : m_flights)
            count += flight.generation != m_generation;
        return count;
    }

private:
    static constexpr int kMaxAbandoned = 2;

    // The result travels in a shared_ptr so the GUI thread can move it out: QFuture hands
    // out copies, and a result may hold thousands of issues.
    struct Flight
    {
        std::uint64_t generation = 0;
        std::shared_ptr<CancelFlag> cancel;
        std::unique_ptr<QFutureWatcher<std::shared_ptr<Result>>> watcher;
        QElapsedTimer clock;
    };

    const Flight* currentFlight() const
    {
        for (const Flight& flight : m_flights)
            if (flight.generation == m_generation)
                return &flight;
        return nullptr;
    }

    void abandonFlights()
    {
        for (Flight& flight : m_flights)
            flight.cancel->store(true);
    }

    void startIfAllowed()
    {
        if (!m_pending || m_timer.isActive() || int(m_flights.size()) >= kMaxAbandoned)
            return;
        Flight& flight = m_flights.emplace_back();
        flight.generation = m_generation;
        flight.cancel = std::make_shared<CancelFlag>(false);
        flight.watcher = std::make_unique<QFutureWatcher<std::shared_ptr<Result>>>();
        flight.clock.start();
        auto* watcher = flight.watcher.get();
        QObject::connect(watcher, &QFutureWatcherBase::finished, m_owner, [this, watcher] { finished(watcher); });
        watcher->setFuture(QtConcurrent::run(&m_pool, [work = std::exchange(m_pending, nullptr), cancel = flight.cancel] {
            return std::make_shared<Result>(work(*cancel));
        }));
    }

    void finished(QFutureWatcher<std::shared_ptr<Result>>* watcher)
    {
        auto it = m_flights.begin();
        while (it != m_flights.end() && it->watcher.get() != watcher)
            ++it;
        if (it == m_flights.end())
            return;
        Flight flight = std::move(*it);
        m_flights.erase(it);
        flight.watcher.release()->deleteLater(); // we are inside its signal
        const bool current = flight.generation == m_generation && !flight.cancel->load();
        if (current && m_deliver)
            m_deliver(std::move(*watcher->result()));
        startIfAllowed();
    }

    QObject* m_owner;
    // Its own threads: a check never queues behind other work of the global pool, and the
    // new check always finds a thread while an abandoned one winds down.
    QThreadPool m_pool;
    QTimer m_timer;
    std::list<Flight> m_flights; // stable addresses: watchers are looked up by pointer
    Work m_pending;
    std::function<void(Result)> m_deliver;
    std::uint64_t m_generation = 0;
};

} // namespace conform::gui
