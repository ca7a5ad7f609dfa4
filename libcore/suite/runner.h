#pragma once
// SuiteRunner: runs a suite's cases x repeats x targets through the engine, as many at once
// as the limits allow (schedule.h decides), captures every run with the labels suite, case,
// target, repeat and suite_run, and reports each run as it finishes. A case that names its
// target runs on that one alone (runsOn); replayFromCassettes() answers every run offline.
//
//   SuiteRunner runner(suite, &writer);                 // writer: nullptr captures nothing
//   connect(&runner, &SuiteRunner::runFinished, progress);
//   connect(&runner, &SuiteRunner::finished, [](const SuiteResults& r) { report(r); });
//   runner.start();                                     // returns at once
//
// Engines are asynchronous (QtNetwork) and live in the runner's thread, so the runner needs
// an event loop. finished() is emitted exactly once per start(), after the last run in
// flight has finished: also after cancel() (the runs in flight are cancelled and recorded
// with the flag "cancelled") and when the budget is spent (the runs in flight complete).
#include "engine/run_record.h"
#include "suite/schedule.h"
#include "suite/suite.h"

#include <QObject>

#include <deque>
#include <set>
#include <string>
#include <vector>

namespace conform::store { class CaptureWriter; }
namespace conform::engine { class Engine; }

namespace conform::suite {

// One finished run, as the report needs it.
struct RunResult
{
    Job job;
    std::string captureId;                     // empty when nothing was captured
    engine::Outcome outcome = engine::Outcome::Failed;
    std::set<std::string> flags;
    bool succeeded = false;                    // valid or repaired, and every assertion holds
    std::vector<std::string> assertionFailures;
    std::string firstProblem;                  // why it did not succeed, one line ("" when it did)
    bool transportFailed = false;              // no provider answered (RunRecord::failedInTransport)
    std::string cassetteMiss;                  // replayed: where the run left its recording ("" when it did not)
    int calls = 0;
    int repairs = 0;                           // repair turns
    std::int64_t latencyMs = 0;                // the calls' wall time, summed
    std::int64_t tokens = 0;                   // input + output
};

struct SuiteResults
{
    std::string runId;                 // the suite_run label of every capture of this run
    std::vector<RunResult> runs;       // in the order they finished
    std::size_t planned = 0;
    std::string stoppedBy;             // "" (ran to the end), "budget" or "cancelled"
    std::string captureError;          // the store failed to take the captures (they are lost)
    bool replayed = false;             // answered from cassettes: replies re-judged, not regenerated
};

// The cassette miss of the first case (in the file's order) that had one, else "": what a
// replay reports instead of a verdict (`suite --replay` exits 2 with it).
std::string firstCassetteMiss(const SuiteResults& results);

// Pure: what a finished run means for the suite (success, the first problem, its cost).
RunResult judgeRun(const Job& job, const SuiteCase& suiteCase, const engine::RunRecord& record);

class SuiteRunner : public QObject
{
    Q_OBJECT
public:
    // `suite` and `writer` must outlive the runner.
    SuiteRunner(const Suite& suite, store::CaptureWriter* writer, QObject* parent = nullptr);
    ~SuiteRunner() override;

    // Answer every run from its case's cassette instead of its target (`suite --replay`):
    // offline (cassette_channel.h), without transport retries, the replies re-judged against
    // the case's schema as it stands. A request that differs from its recording is a cassette
    // miss (RunResult::cassetteMiss). Every case needs a cassette. Call before start().
    void replayFromCassettes() { m_replay = true; }
    void start();
    void cancel();
    bool running() const { return m_started && !m_done; }
    const SuiteResults& results() const { return m_results; }

signals:
    void runStarted(int caseIndex, int targetIndex, int repeat);
    void runFinished(const conform::suite::RunResult& result);
    void finished(const conform::suite::SuiteResults& results);

private:
    void launchReady();
    void launch(const Job& job);
    void onRunFinished(engine::Engine* engine, const Job& job, const engine::RunRecord& record, std::string captureId,
                       std::string cassetteMiss);
    void finishIfDone();
    std::string providerOf(const Job& job) const;

    const Suite& m_suite;
    store::CaptureWriter* m_writer;
    Limits m_limits;
    Spent m_spent;
    std::deque<Job> m_pending;
    std::vector<engine::Engine*> m_engines; // in flight
    SuiteResults m_results;
    bool m_replay = false;
    bool m_started = false;
    bool m_stopping = false;
    bool m_done = false;
};

} // namespace conform::suite
