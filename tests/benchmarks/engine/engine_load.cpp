// runEngineLoad: `concurrency` Engines on one event loop, each starting its next run when the
// previous one finishes.
#include "load.h"

#include "engine/engine.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <memory>

namespace conform::bench {

std::vector<int> runsPerSlot(int runs, int concurrency)
{
    std::vector<int> counts;
    for (int slot = 0; slot < concurrency; ++slot)
        counts.push_back(runs / concurrency + (slot < runs % concurrency ? 1 : 0));
    return counts;
}

namespace {

constexpr std::size_t kMaxProblems = 5;

struct Slot
{
    std::unique_ptr<engine::Engine> engine;
    engine::RunSpec spec;
    int remaining = 0;
    QElapsedTimer runClock;
    QElapsedTimer attemptClock;
};

void note(LoadResult& result, std::string problem)
{
    if (result.problems.size() < kMaxProblems)
        result.problems.push_back(std::move(problem));
}

void check(const EngineCase& testCase, const engine::RunRecord& record, LoadResult& result)
{
    if (record.outcome != testCase.expectedOutcome || static_cast<int>(record.attempts.size()) != testCase.expectedAttempts)
        note(result, "run ended " + std::string(engine::outcomeName(record.outcome)) + " after " +
                         std::to_string(record.attempts.size()) + " attempt(s)" +
                         (record.error.empty() ? "" : ": " + record.error) +
                         (record.attempts.empty() || record.attempts.back().error.empty() ? "" : ": " + record.attempts.back().error));
}

} // namespace

LoadResult runEngineLoad(const EngineCase& testCase, int runs, int concurrency,
                         const providers::Environment& environment, int timeoutMs)
{
    LoadResult result;
    QEventLoop loop;
    int running = 0;
    std::vector<std::unique_ptr<Slot>> pool;
    auto context = std::make_unique<QObject>(); // the handlers' lifetime; gone before the locals they use
    const std::vector<int> counts = runsPerSlot(runs, concurrency);
    for (int k = 0; k < concurrency; ++k) {
        if (counts[k] == 0)
            continue;
        auto slot = std::make_unique<Slot>();
        slot->engine = std::make_unique<engine::Engine>();
        slot->engine->setEnvironment(environment);
        slot->spec = testCase.spec;
        slot->spec.targets.at(0).model = testCase.modelForSlot(k);
        slot->remaining = counts[k];
        Slot* s = slot.get();
        QObject::connect(s->engine.get(), &engine::Engine::attemptStarted, context.get(), [s] { s->attemptClock.start(); });
        QObject::connect(s->engine.get(), &engine::Engine::attemptFinished, context.get(), [s, &result](const engine::AttemptRecord& a) {
            result.perAttemptNs.add(static_cast<double>(s->attemptClock.nsecsElapsed()));
            result.latencyMs.add(static_cast<double>(a.latencyMs));
        });
        QObject::connect(s->engine.get(), &engine::Engine::finished, context.get(), [s, &result, &testCase, &running, &loop](const engine::RunRecord& record) {
            const double runNs = static_cast<double>(s->runClock.nsecsElapsed());
            const std::size_t attempts = std::max<std::size_t>(1, record.attempts.size());
            result.runPerAttemptNs.add(runNs / static_cast<double>(attempts));
            result.attempts += static_cast<int>(record.attempts.size());
            if (result.runs++ == 0 && !record.attempts.empty())
                result.firstRequest = record.attempts.front().request;
            check(testCase, record, result);
            if (--s->remaining == 0) {
                if (--running == 0)
                    loop.quit();
                return;
            }
            // Queued: start() is not called from inside the engine's own finished() signal.
            QMetaObject::invokeMethod(s->engine.get(), [s] { s->runClock.start(); s->engine->start(s->spec); }, Qt::QueuedConnection);
        });
        pool.push_back(std::move(slot));
    }
    running = static_cast<int>(pool.size());
    bool timedOut = false;
    QTimer::singleShot(timeoutMs, &loop, [&] { timedOut = true; loop.quit(); });
    const double cpuBefore = processCpuSeconds();
    QElapsedTimer wall;
    wall.start();
    for (auto& slot : pool) {
        slot->runClock.start();
        slot->engine->start(slot->spec);
    }
    if (running > 0)
        loop.exec();
    result.wallNs = static_cast<double>(wall.nsecsElapsed());
    result.cpuSeconds = processCpuSeconds() - cpuBefore;
    if (timedOut)
        note(result, "timed out after " + std::to_string(result.runs) + " of " + std::to_string(runs) + " runs");
    context.reset();
    for (auto& slot : pool)
        if (slot->engine->running())
            slot->engine->cancel();
    return result;
}

} // namespace conform::bench
