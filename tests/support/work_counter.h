#pragma once
// Work a test can count instead of timing it: every byte the process allocates through
// operator new (each is written at least once, so it is memory traffic), and the calling
// thread's CPU time, which a busy machine does not inflate the way it does wall-clock time.
// A test that links work_counter.cpp replaces the global operator new and delete.
#include <cstddef>

namespace conform::test {

struct Work
{
    std::size_t allocatedBytes = 0; // through operator new, over the measured span
    std::size_t allocations = 0;
    double cpuSeconds = 0;          // CLOCK_THREAD_CPUTIME_ID
};

// Runs `f` on this thread and returns the work it did.
template <class F> Work measureWork(F&& f);

std::size_t allocatedBytesSoFar();
std::size_t allocationsSoFar();
double threadCpuSeconds();

template <class F> Work measureWork(F&& f)
{
    const std::size_t bytes = allocatedBytesSoFar(), count = allocationsSoFar();
    const double cpu = threadCpuSeconds();
    f();
    return Work{allocatedBytesSoFar() - bytes, allocationsSoFar() - count, threadCpuSeconds() - cpu};
}

} // namespace conform::test
