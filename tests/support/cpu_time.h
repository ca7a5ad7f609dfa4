#pragma once
// CPU time, for tests that must bound or compare the cost of some work. Wall-clock time is
// not a measure a test may assert on: on a shared, loaded machine the scheduler stretches it
// at will. The CPU time a thread (or the process) actually used is what the work cost, and it
// hardly moves when other programs compete for the cores.
//   ThreadCpuTimer timer;          // the calling thread's own CPU time
//   ... work on this thread ...
//   QVERIFY(timer.elapsedMs() < 10'000);
// ProcessCpuTimer counts every thread of the process (for work done on a pool).
#include <ctime>

#include <cstdint>

template<clockid_t Clock>
class CpuTimer
{
public:
    CpuTimer() { restart(); }

    void restart() { m_start = now(); }
    std::int64_t elapsedNs() const { return now() - m_start; }
    double elapsedMs() const { return double(elapsedNs()) / 1e6; }

    static std::int64_t now()
    {
        timespec ts{};
        clock_gettime(Clock, &ts);
        return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    }

private:
    std::int64_t m_start = 0;
};

using ThreadCpuTimer = CpuTimer<CLOCK_THREAD_CPUTIME_ID>;
using ProcessCpuTimer = CpuTimer<CLOCK_PROCESS_CPUTIME_ID>;
