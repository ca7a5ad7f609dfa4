#include "suite/schedule.h"

namespace conform::suite {

std::vector<Job> plannedJobs(std::size_t cases, std::size_t targets, int repeat)
{
    std::vector<Job> jobs;
    jobs.reserve(cases * targets * static_cast<std::size_t>(std::max(repeat, 0)));
    for (int r = 1; r <= repeat; ++r)
        for (std::size_t c = 0; c < cases; ++c)
            for (std::size_t t = 0; t < targets; ++t)
                jobs.push_back({c, t, r});
    return jobs;
}

Verdict decide(const Limits& limits, const Spent& spent, const std::string& provider)
{
    if (limits.budget.maxTokens && spent.tokens >= *limits.budget.maxTokens)
        return Verdict::BudgetSpent;
    if (limits.budget.maxCalls) {
        // Spent calls only grow: once a run cannot fit on its own, none ever will.
        if (spent.calls + limits.callsPerRun > *limits.budget.maxCalls)
            return Verdict::BudgetSpent;
        if (spent.calls + std::int64_t(limits.callsPerRun) * (spent.running + 1) > *limits.budget.maxCalls)
            return Verdict::Wait;
    }
    if (spent.running >= limits.concurrency)
        return Verdict::Wait;
    if (const auto limit = limits.perProvider.find(provider); limit != limits.perProvider.end()) {
        const auto running = spent.runningPerProvider.find(provider);
        if (running != spent.runningPerProvider.end() && running->second >= limit->second)
            return Verdict::Wait;
    }
    return Verdict::Start;
}

} // namespace conform::suite
