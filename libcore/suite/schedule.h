#pragma once
// The suite scheduler's decisions, as pure functions over counters: which run starts next
// within the concurrency limits, and whether the budget lets it start at all. SuiteRunner
// (runner.h) only carries them out, so they are tested without an engine or a network.
//
// Runs are ordered repeat by repeat (every case x target once, then again), so a suite cut
// short by its budget or a cancel has covered every cell as evenly as it could.
//
// The call budget is never overspent: a run may make up to Policy::maxCalls calls, so a run
// starts only when the calls spent, plus that many for every run in flight and for itself,
// fit in it. Tokens cannot be known before they are spent, so the token budget stops new
// runs once it is reached (the runs in flight may go past it).
#include "suite/suite.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace conform::suite {

struct Job
{
    std::size_t caseIndex = 0;
    std::size_t targetIndex = 0;
    int repeat = 1; // 1-based, as labelled
};

// Every run of the suite, in the order they start.
std::vector<Job> plannedJobs(std::size_t cases, std::size_t targets, int repeat);

struct Spent
{
    std::int64_t calls = 0;   // of finished runs
    std::int64_t tokens = 0;  // input + output, of finished runs
    int running = 0;          // runs in flight
    std::map<std::string, int> runningPerProvider;
};

struct Limits
{
    int concurrency = 4;
    std::map<std::string, int> perProvider;
    Budget budget;
    int callsPerRun = 4; // Policy::maxCalls
};

enum class Verdict {
    Start,        // start this job now
    Wait,         // a limit is reached; ask again when a run finishes
    BudgetSpent,  // stop: no run will start again
};
// Whether the next job (of `provider`) may start.
Verdict decide(const Limits& limits, const Spent& spent, const std::string& provider);

} // namespace conform::suite
