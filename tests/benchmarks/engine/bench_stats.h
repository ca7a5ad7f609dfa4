#pragma once
// Small statistics for bench_engine: samples in nanoseconds, their mean and percentiles, and
// the CPU time this process has used so far (user + system, from getrusage).
#include <cstdint>
#include <vector>

namespace conform::bench {

class Samples
{
public:
    void add(double value) { m_values.push_back(value); }
    void append(const Samples& other) { m_values.insert(m_values.end(), other.m_values.begin(), other.m_values.end()); }
    std::size_t count() const { return m_values.size(); }
    double mean() const;
    // Nearest-rank percentile, p in [0, 100]; 0 when there are no samples.
    double percentile(double p) const;

private:
    std::vector<double> m_values;
};

// User + system CPU seconds of this process (every thread) since it started.
double processCpuSeconds();

} // namespace conform::bench
