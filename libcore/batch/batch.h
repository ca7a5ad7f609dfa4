#pragma once
// conform::batch — runs that build a rate: one spec run N times against several targets,
// a few at a time, with a live tally per target, every run captured.
//
//   BatchRunner runner(&writer);                        // writer: store::CaptureWriter, or null
//   connect(&runner, &BatchRunner::tallyChanged, [&](int t) { show(runner.tally(t)); });
//   connect(&runner, &BatchRunner::finished, ...);
//   runner.start({spec, {targetA, targetB}, /*repeats*/ 20, /*concurrency*/ 4});
//
// Rules a caller must know:
// - Each run is one engine::Engine with one target (the spec's own targets are replaced), so
//   a target's tally is that target's alone; runs are started repeat by repeat across the
//   targets, so every target's row fills in at the same pace.
// - At most `concurrency` runs are in flight. Everything runs on the caller's thread through
//   the engine's asynchronous network: start() returns at once, nothing blocks.
// - A finished run is tallied from the same CaptureSummary the store keeps, so a live tally
//   and `conform-cli captures stats --label batch=ID` agree. It is captured (when a writer
//   is given) with the labels batch (the batch id), repeat (1-based), target, plus the
//   caller's; the store hashes the schema and prompt texts, which are their versions.
// - cancel() stops every run in flight and starts no more. A run that ends cancelled is
//   neither tallied nor captured: it says nothing about the model. finished() is emitted
//   exactly once per start(), also after cancel().
#include "engine/run_record.h"
#include "engine/run_spec.h"
#include "providers/endpoint.h"
#include "store/capture.h"
#include "store/metrics.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace conform::store { class CaptureWriter; }
namespace conform::engine { class Engine; }

namespace conform::batch {

struct BatchSpec
{
    engine::RunSpec spec;                 // schema, prompt, policy; `targets` is ignored
    std::vector<engine::Target> targets;  // one tally each
    // Per target (empty, or one entry per target): a spec of its own instead of `spec` — a
    // demo scenario written for another schema runs with that schema, as the Run tab does.
    std::vector<std::optional<engine::RunSpec>> ownSpecs;
    int repeats = 1;                      // runs per target
    int concurrency = 4;                  // runs in flight at most (at least 1)
    store::Labels labels;                 // added to every capture
    providers::Environment environment;   // where keys and base URLs come from (unset: the process's)
};

// One capture as the metrics count it: a Tally of count 1.
store::Tally tallyOf(const store::CaptureSummary& summary);

class BatchRunner : public QObject
{
    Q_OBJECT
public:
    // `writer` (not owned, may be null: nothing captured) must outlive the runner.
    explicit BatchRunner(store::CaptureWriter* writer = nullptr, QObject* parent = nullptr);
    ~BatchRunner() override; // cancels what is in flight

    // Starts a batch; ignored while one runs. A batch with no target or no repeat finishes
    // at once (still asynchronously).
    void start(BatchSpec batch);
    void cancel();
    bool running() const { return m_running; }

    // The batch's id (the "batch" label), set by start().
    const std::string& batchId() const { return m_batchId; }
    int targetCount() const { return static_cast<int>(m_tallies.size()); }
    const store::Tally& tally(int target) const { return m_tallies.at(static_cast<std::size_t>(target)); }
    int runsPlanned() const { return m_planned; }
    int runsDone() const { return m_done; }
    int runsInFlight() const { return static_cast<int>(m_inFlight.size()); }

    // The spec target `target`'s runs are made of (its own, else the batch's).
    const engine::RunSpec& specOf(int target) const;
    bool hasOwnSpec(int target) const;

signals:
    // After each finished run that was tallied; `captureId` is empty without a writer.
    void runFinished(int target, const conform::engine::RunRecord& record, const QString& captureId);
    void tallyChanged(int target);
    void finished(bool cancelled);

private:
    struct Slot;
    void launchMore();
    void launch(int index);
    void onRunFinished(Slot* slot, const engine::RunRecord& record);
    void finishIfIdle();

    store::CaptureWriter* m_writer;
    BatchSpec m_batch;
    std::string m_batchId;
    std::vector<store::Tally> m_tallies;
    std::vector<std::unique_ptr<Slot>> m_inFlight;
    int m_planned = 0, m_next = 0, m_done = 0;
    bool m_running = false, m_cancelled = false;
};

} // namespace conform::batch
