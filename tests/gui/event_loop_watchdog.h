#pragma once
// Watches the GUI thread's event loop while a test drives the workbench: a 2 ms timer notes
// each gap between two turns of the loop. A gap counts as a stall of the GUI thread's own
// making for the CPU time the GUI thread itself used in it (CLOCK_THREAD_CPUTIME_ID): work done
// on the GUI thread instead of a worker is what freezes a window, and its CPU time is the same
// on a quiet machine and on one whose cores are all busy. The wall-clock gap also holds the
// time the scheduler kept the thread waiting for a core and the time it slept on a lock whose
// holder was itself waiting for a core, which a loaded machine stretches at will: both are
// logged, not judged.
#include <QElapsedTimer>
#include <QFile>
#include <QString>
#include <QTimer>

#include <ctime>

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
        m_last = sample();
        m_timer.start();
    }

    // The most CPU time, in ms, the GUI thread spent in one turn of its event loop.
    double longestStallMs() const { return double(m_longestStall) / 1e6; }
    // The longest gap as the wall clock saw it, in ms (for the log).
    double longestGapMs() const { return double(m_longestGap) / 1e6; }
    std::int64_t ticks() const { return m_ticks; }
    // The longest wall-clock gap taken apart, for the log: "gap 255 ms = 12 ms CPU + 200 ms
    // waiting for a core + 43 ms asleep".
    QString longestGapParts() const
    {
        return QStringLiteral("gap %1 ms = %2 ms CPU + %3 ms waiting for a core + %4 ms asleep")
            .arg(double(m_worst.wall) / 1e6, 0, 'f', 1)
            .arg(double(m_worst.cpu) / 1e6, 0, 'f', 1)
            .arg(double(m_worst.wait) / 1e6, 0, 'f', 1)
            .arg(double(m_worst.wall - m_worst.cpu - m_worst.wait) / 1e6, 0, 'f', 1);
    }

private:
    struct Sample
    {
        std::int64_t wall = 0, cpu = 0, wait = 0;
    };

    Sample sample() const
    {
        timespec cpu{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
        return {m_clock.nsecsElapsed(), std::int64_t(cpu.tv_sec) * 1'000'000'000 + cpu.tv_nsec, runQueueWaitNs()};
    }

    // The time this thread spent runnable but not running (the kernel's run-queue wait).
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
        const Sample now = sample();
        const Sample gap{now.wall - m_last.wall, now.cpu - m_last.cpu, now.wait - m_last.wait};
        if (gap.wall > m_longestGap) {
            m_longestGap = gap.wall;
            m_worst = gap;
        }
        m_longestStall = std::max(m_longestStall, gap.cpu);
        m_last = now;
        ++m_ticks;
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    Sample m_last, m_worst;
    std::int64_t m_longestStall = 0, m_longestGap = 0, m_ticks = 0;
};
