#pragma once
// Cooperative cancellation of long work: a validation or an extraction of a 20 MB text that
// the user has already replaced. The owner of the work holds a CancelFlag and sets it from
// any thread; the work polls it every few thousand steps through a CancelPoll and stops
// early. Inside libcore the stop travels as the exception Cancelled from the checkpoint to
// the public entry point, which catches it and reports `cancelled`; it never leaves libcore.
//
//   CancelFlag flag;                       // owned by the caller, outlives the work
//   options.cancel = &flag;                // schema::ValidateOptions, json::ExtractOptions
//   ... later, from the GUI thread:  flag.store(true);
#include <atomic>
#include <cstdint>

namespace conform {

using CancelFlag = std::atomic<bool>;

struct Cancelled
{
};

class CancelPoll
{
public:
    explicit CancelPoll(const CancelFlag* flag = nullptr) : m_flag(flag) {}

    // Throws Cancelled when the flag is set; reads it only every 4,096th call, so a poll in a
    // per-node loop costs an increment and a test.
    void operator()()
    {
        if (m_flag && (++m_ticks & 4095u) == 0 && m_flag->load(std::memory_order_relaxed))
            throw Cancelled{};
    }

private:
    const CancelFlag* m_flag;
    std::uint32_t m_ticks = 0;
};

} // namespace conform
