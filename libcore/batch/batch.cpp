#include "batch/batch.h"

#include "engine/engine.h"
#include "store/writer.h"

#include <QMetaObject>

#include <algorithm>

namespace conform::batch {

struct BatchRunner::Slot
{
    int target = 0;
    int repeat = 0;
    engine::Engine* engine = nullptr; // deleted later: it may be inside its own signal
};

store::Tally tallyOf(const store::CaptureSummary& summary)
{
    store::Tally t;
    t.count = 1;
    t.parsed = summary.parseOkFirst ? 1 : 0;
    t.firstTryValid = summary.firstTryValid ? 1 : 0;
    switch (static_cast<store::OutcomeCode>(summary.outcome)) {
    case store::OutcomeCode::Valid: t.valid = 1; break;
    case store::OutcomeCode::Repaired: t.repaired = 1; break;
    case store::OutcomeCode::Fallback: t.fallback = 1; break;
    case store::OutcomeCode::Failed: t.failed = 1; break;
    case store::OutcomeCode::Unchecked: t.unchecked = 1; break;
    }
    t.truncated = summary.flags & store::Truncated ? 1 : 0;
    t.refused = summary.flags & store::Refused ? 1 : 0;
    t.transportError = summary.flags & store::TransportError ? 1 : 0;
    t.tokensUnknown = summary.flags & store::TokensUnknown ? 1 : 0;
    t.repairs = summary.repairs;
    t.tokensIn = summary.tokensIn;
    t.tokensOut = summary.tokensOut;
    t.tokensCached = summary.tokensCached;
    t.firstTokensIn = summary.firstTokensIn;
    t.firstTokensOut = summary.firstTokensOut;
    t.firstTokensCached = summary.firstTokensCached;
    t.latencyBins[store::latencyBin(summary.latencyMs)] = 1;
    return t;
}

BatchRunner::BatchRunner(store::CaptureWriter* writer, QObject* parent) : QObject(parent), m_writer(writer) {}

BatchRunner::~BatchRunner()
{
    // No signal may reach a half-destroyed runner: the engines go without a word.
    for (auto& slot : m_inFlight) {
        slot->engine->disconnect(this);
        delete slot->engine;
    }
}

void BatchRunner::start(BatchSpec batch)
{
    if (m_running)
        return;
    m_batch = std::move(batch);
    m_batch.concurrency = std::max(1, m_batch.concurrency);
    m_batchId = store::newCaptureId();
    m_tallies.assign(m_batch.targets.size(), store::Tally{});
    m_planned = static_cast<int>(m_batch.targets.size()) * std::max(0, m_batch.repeats);
    m_next = m_done = 0;
    m_cancelled = false;
    m_running = true;
    // Even an empty batch finishes after start() has returned, as a run does.
    QMetaObject::invokeMethod(this, [this] { launchMore(); }, Qt::QueuedConnection);
}

void BatchRunner::cancel()
{
    if (!m_running || m_cancelled)
        return;
    m_cancelled = true;
    // Cancelling may finish a run at once, which removes its slot: cancel from a copy.
    std::vector<engine::Engine*> engines;
    for (const auto& slot : m_inFlight)
        engines.push_back(slot->engine);
    for (engine::Engine* e : engines)
        e->cancel();
    finishIfIdle();
}

const engine::RunSpec& BatchRunner::specOf(int target) const
{
    const auto index = static_cast<std::size_t>(target);
    return index < m_batch.ownSpecs.size() && m_batch.ownSpecs[index] ? *m_batch.ownSpecs[index] : m_batch.spec;
}

bool BatchRunner::hasOwnSpec(int target) const
{
    return &specOf(target) != &m_batch.spec;
}

void BatchRunner::launchMore()
{
    while (!m_cancelled && m_next < m_planned && static_cast<int>(m_inFlight.size()) < m_batch.concurrency)
        launch(m_next++);
    finishIfIdle();
}

void BatchRunner::launch(int index)
{
    const int targets = static_cast<int>(m_batch.targets.size());
    auto slot = std::make_unique<Slot>();
    slot->target = index % targets;
    slot->repeat = index / targets + 1;
    slot->engine = new engine::Engine(this);
    Slot* raw = slot.get();
    connect(raw->engine, &engine::Engine::finished, this, [this, raw](const engine::RunRecord& record) { onRunFinished(raw, record); });
    if (m_batch.environment)
        raw->engine->setEnvironment(m_batch.environment);
    m_inFlight.push_back(std::move(slot));
    engine::RunSpec spec = specOf(raw->target);
    spec.targets = {m_batch.targets[static_cast<std::size_t>(raw->target)]};
    raw->engine->start(std::move(spec));
}

void BatchRunner::onRunFinished(Slot* slot, const engine::RunRecord& record)
{
    auto it = std::find_if(m_inFlight.begin(), m_inFlight.end(), [slot](const auto& s) { return s.get() == slot; });
    if (it == m_inFlight.end())
        return;
    std::unique_ptr<Slot> done = std::move(*it);
    m_inFlight.erase(it);
    done->engine->deleteLater();
    if (!record.flags.count("cancelled")) {
        ++m_done;
        const engine::Target& target = m_batch.targets[static_cast<std::size_t>(done->target)];
        store::Labels labels = {{"batch", m_batchId}, {"repeat", std::to_string(done->repeat)}, {"target", target.label()}};
        labels.insert(labels.end(), m_batch.labels.begin(), m_batch.labels.end());
        engine::RunSpec spec = specOf(done->target);
        spec.targets = {target};
        store::Capture capture = store::captureOfRun(spec, record, std::move(labels));
        m_tallies[static_cast<std::size_t>(done->target)].merge(tallyOf(capture.summary));
        const QString id = m_writer ? QString::fromStdString(m_writer->submit(std::move(capture))) : QString();
        emit runFinished(done->target, record, id);
        emit tallyChanged(done->target);
    }
    if (m_cancelled)
        finishIfIdle();
    else
        launchMore();
}

void BatchRunner::finishIfIdle()
{
    if (!m_running || !m_inFlight.empty() || (!m_cancelled && m_next < m_planned))
        return;
    m_running = false;
    emit finished(m_cancelled);
}

} // namespace conform::batch
