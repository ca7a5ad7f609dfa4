#pragma once
// The two loads bench_engine compares, both on this thread's event loop with `concurrency`
// slots each making its share of `runs` one after the other:
//   runEngineLoad  full engine runs (conform::engine::Engine, one per slot, reused);
//   runRawLoad     the bare HTTP exchange: a QNetworkAccessManager per slot (as each Engine
//                  has its own) POSTing the engine's own first request body, reading the
//                  whole reply. Its time is the provider's latency as a client sees it.
// Both check what they get (outcome, attempt count; HTTP status) and list the first problems,
// so a broken engine or server shows up as a failure, not as a fast figure.
#include "bench_stats.h"

#include "base/json.h"
#include "engine/run_record.h"
#include "engine/run_spec.h"
#include "providers/endpoint.h"

#include <functional>
#include <string>
#include <vector>

namespace conform::bench {

// How many runs slot k makes: runs / concurrency, the first runs % concurrency one more.
std::vector<int> runsPerSlot(int runs, int concurrency);

struct EngineCase
{
    engine::RunSpec spec;                    // the model is set per slot by `modelForSlot`
    std::function<std::string(int slot)> modelForSlot;
    engine::Outcome expectedOutcome = engine::Outcome::Valid;
    int expectedAttempts = 1;
};

struct LoadResult
{
    int runs = 0;
    int attempts = 0;
    double wallNs = 0;       // first start to last finish
    double cpuSeconds = 0;   // of the whole process over the load
    Samples perAttemptNs;    // attempt wall: attemptStarted -> attemptFinished (engine) or POST -> finished (raw)
    Samples runPerAttemptNs; // engine only: start() -> finished(), divided by the run's attempts
    Samples latencyMs;       // engine only: AttemptRecord::latencyMs (the transport's own clock, ms)
    std::vector<std::string> problems; // the first few unexpected results
    Json firstRequest;       // engine only: attempts[0].request of the first run (keys redacted)
};

LoadResult runEngineLoad(const EngineCase& testCase, int runs, int concurrency,
                         const providers::Environment& environment, int timeoutMs);

struct RawRequest
{
    std::string url;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};
LoadResult runRawLoad(const RawRequest& request, int runs, int concurrency, int timeoutMs);

} // namespace conform::bench
