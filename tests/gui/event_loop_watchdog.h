#pragma once
// Watches the GUI thread's event loop while a test drives the workbench: a 2 ms timer notes
// how long the loop went without turning. A gap counts as a stall of the GUI thread's own
// making only for the time the thread was not waiting for a CPU: the kernel's run-queue wait
// (/proc/thread-self/schedstat) is taken off, since on a shared, loaded machine the scheduler
// can hold any thread back. Blocking on I/O or a lock still counts in full.
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <algorithm>
#include <cstdint>

class EventLoopWatchdog
{
public:
    EventLoopWatchdog()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(2);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
        m_clock.start();
        m_lastWall = m_clock.nsecsElapsed();
        m_lastWait = runQueueWaitNs();
        m_timer.start();
    }

    // The longest gap, in ms, less the time spent waiting for a CPU.
    double longestStallMs() const { return double(m_longestStall) / 1e6; }
    // The longest gap as the wall clock saw it, in ms (for the log).
    double longestGapMs() const { return double(m_longestGap) / 1e6; }
    std::int64_t ticks() const { return m_ticks; }

private:
    static std::int64_t runQueueWaitNs()
    {
        QFile file(QStringLiteral("/proc/thread-self/schedstat"));
        if (!file.open(QIODevice::ReadOnly))
            return 0;
        const QList<QByteArray> fields = file.readAll().simplified().split(' ');
        return fields.size() >= 2 ? fields[1].toLongLong() : 0;
    }

    void tick()
    {
        const std::int64_t wall = m_clock.nsecsElapsed();
        const std::int64_t wait = runQueueWaitNs();
        const std::int64_t gap = wall - m_lastWall;
        m_longestGap = std::max(m_longestGap, gap);
        m_longestStall = std::max(m_longestStall, gap - (wait - m_lastWait));
        m_lastWall = wall;
        m_lastWait = wait;
        ++m_ticks;
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    std::int64_t m_lastWall = 0, m_lastWait = 0;
    std::int64_t m_longestStall = 0, m_longestGap = 0, m_ticks = 0;
};
