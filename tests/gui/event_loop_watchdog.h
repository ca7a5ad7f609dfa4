#pragma once
// Watches the GUI thread's event loop while a test drives the workbench: a 2 ms timer notes
// each turn of the loop. A turn counts as a stall of the GUI thread's own making for the CPU
// time the GUI thread itself used in it (CLOCK_THREAD_CPUTIME_ID): work done on the GUI thread
// instead of a worker is what freezes a window, and its CPU time is the same on a quiet machine
// and on one whose cores are all busy. The time the scheduler kept the thread waiting for a
// core in that turn, which a loaded machine stretches at will, is logged beside it, not judged.
// No wall clock is read: it would only add what a busy machine makes up.
#include "cpu_time.h"

#include <QFile>
#include <QString>
#include <QTimer>

#include <cstdint>

class EventLoopWatchdog
{
public:
    EventLoopWatchdog()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(2);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
        m_last = sample();
        m_timer.start();
    }

    // The most CPU time, in ms, the GUI thread spent in one turn of its event loop.
    double longestStallMs() const { return double(m_longestStall) / 1e6; }
    std::int64_t ticks() const { return m_ticks; }
    // The costliest turn, for the log: "12.0 ms CPU + 200.0 ms waiting for a core".
    QString longestGapParts() const
    {
        return QStringLiteral("%1 ms CPU + %2 ms waiting for a core")
            .arg(double(m_worst.cpu) / 1e6, 0, 'f', 1)
            .arg(double(m_worst.wait) / 1e6, 0, 'f', 1);
    }

private:
    struct Sample
    {
        std::int64_t cpu = 0, wait = 0;
    };

    Sample sample() const
    {
        return {ThreadCpuTimer::now(), runQueueWaitNs()};
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
        const Sample turn{now.cpu - m_last.cpu, now.wait - m_last.wait};
        if (turn.cpu > m_longestStall) {
            m_longestStall = turn.cpu;
            m_worst = turn;
        }
        m_last = now;
        ++m_ticks;
    }

    QTimer m_timer;
    Sample m_last, m_worst;
    std::int64_t m_longestStall = 0, m_ticks = 0;
};
