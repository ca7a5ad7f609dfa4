#include "suite/runner.h"

#include "base/path.h"
#include "engine/engine.h"
#include "store/capture.h"
#include "store/writer.h"
#include "suite/cassette_channel.h"

#include <QTimer>

#include <algorithm>
#include <tuple>

namespace conform::suite {

std::string firstCassetteMiss(const SuiteResults& results)
{
    const RunResult* first = nullptr;
    for (const RunResult& run : results.runs)
        if (!run.cassetteMiss.empty()
            && (!first || std::tie(run.job.caseIndex, run.job.targetIndex, run.job.repeat)
                              < std::tie(first->job.caseIndex, first->job.targetIndex, first->job.repeat)))
            first = &run;
    return first ? first->cassetteMiss : std::string();
}

namespace {

// Why a run that did not succeed failed, in one line: its first issue, else what stopped it.
std::string problemOf(const engine::RunRecord& record)
{
    if (!record.error.empty())
        return record.error;
    if (record.best && !record.attempts[*record.best].issues.empty()) {
        return issueText(record.attempts[*record.best].issues.front());
    }
    for (auto a = record.attempts.rbegin(); a != record.attempts.rend(); ++a) {
        if (!a->error.empty())
            return a->error;
        if (!a->extractionFailure.empty())
            return "no JSON in the reply: " + a->extractionFailure;
    }
    std::string flags;
    for (const std::string& flag : record.flags)
        flags += (flags.empty() ? "" : ", ") + flag;
    return "failed (ended by " + record.endedBy + (flags.empty() ? "" : "; " + flags) + ")";
}

} // namespace

RunResult judgeRun(const Job& job, const SuiteCase& suiteCase, const engine::RunRecord& record)
{
    RunResult result;
    result.job = job;
    result.outcome = record.outcome;
    result.flags = record.flags;
    result.transportFailed = record.failedInTransport();
    result.calls = static_cast<int>(record.attempts.size());
    for (const auto& attempt : record.attempts) {
        result.tokens += attempt.usage.inputTokens + attempt.usage.outputTokens;
        result.repairs += attempt.kind == engine::AttemptKind::Repair ? 1 : 0;
        result.latencyMs += attempt.latencyMs;
    }
    const bool answered = record.outcome == engine::Outcome::Valid || record.outcome == engine::Outcome::Repaired;
    if (answered)
        result.assertionFailures = checkAssertions(record.value, suiteCase.assertions);
    result.succeeded = answered && result.assertionFailures.empty();
    if (!answered)
        result.firstProblem = problemOf(record);
    else if (!result.assertionFailures.empty())
        result.firstProblem = "assertion failed: " + result.assertionFailures.front();
    return result;
}

SuiteRunner::SuiteRunner(const Suite& suite, store::CaptureWriter* writer, QObject* parent)
    : QObject(parent), m_suite(suite), m_writer(writer)
{
    m_limits.concurrency = suite.concurrency;
    m_limits.perProvider = suite.providerConcurrency;
    m_limits.budget = suite.budget;
    m_limits.callsPerRun = suite.policy.maxCalls;
    for (const SuiteCase& c : suite.cases) // the worst case of any run, for the call budget
        if (c.policy)
            m_limits.callsPerRun = std::max(m_limits.callsPerRun, c.policy->maxCalls);
}

SuiteRunner::~SuiteRunner()
{
    for (engine::Engine* engine : m_engines) {
        engine->disconnect(this);
        delete engine;
    }
}

std::string SuiteRunner::providerOf(const Job& job) const
{
    // One account's rate limits: the Responses API counts under "openai" with Chat Completions.
    return std::string(providers::providerName(providers::keyProvider(m_suite.targets[job.targetIndex].target.provider)));
}

void SuiteRunner::start()
{
    if (m_started)
        return;
    m_started = true;
    m_results.runId = store::newCaptureId();
    m_results.replayed = m_replay;
    for (const Job& job : plannedJobs(m_suite.cases.size(), m_suite.targets.size(), m_suite.repeat))
        if (runsOn(m_suite.cases[job.caseIndex], job.targetIndex))
            m_pending.push_back(job);
    m_results.planned = m_pending.size();
    // Asynchronously, like the engine: signals connected after start() still see every run.
    QTimer::singleShot(0, this, &SuiteRunner::launchReady);
}

void SuiteRunner::cancel()
{
    if (!running() || m_stopping)
        return;
    m_stopping = true;
    m_results.stoppedBy = "cancelled";
    m_pending.clear();
    for (engine::Engine* engine : m_engines)
        engine->cancel();
    QTimer::singleShot(0, this, &SuiteRunner::finishIfDone);
}

void SuiteRunner::launchReady()
{
    // The first pending job whose provider has room; jobs of a provider at its limit wait
    // without holding up the others.
    for (auto job = m_pending.begin(); !m_stopping && job != m_pending.end();) {
        const Verdict verdict = decide(m_limits, m_spent, providerOf(*job));
        if (verdict == Verdict::BudgetSpent) {
            m_stopping = true;
            m_results.stoppedBy = "budget";
            m_pending.clear();
            break;
        }
        if (verdict == Verdict::Wait) {
            if (m_spent.running >= m_limits.concurrency)
                break;
            ++job;
            continue;
        }
        const Job next = *job;
        job = m_pending.erase(job);
        launch(next);
    }
    finishIfDone();
}

void SuiteRunner::launch(const Job& job)
{
    const SuiteCase& suiteCase = m_suite.cases[job.caseIndex];
    engine::RunSpec spec;
    spec.schema = suiteCase.schema;
    spec.validator = suiteCase.validator;
    spec.prompt = suiteCase.prompt;
    spec.targets = {m_suite.targets[job.targetIndex].target};
    spec.policy = suiteCase.policy.value_or(m_suite.policy);
    if (suiteCase.scenario && spec.targets[0].provider == providers::ProviderKind::Scenario) {
        spec.targets[0].scenario = suiteCase.scenario;
        spec.targets[0].model = suiteCase.scenario->name;
    }

    auto* engine = new engine::Engine;
    std::shared_ptr<CassetteSession> cassette;
    if (m_replay) {
        cassette = std::make_shared<CassetteSession>(suiteCase.cassette, suiteCase.name);
        engine->setChannels([cassette](const engine::Target& target) { return cassetteChannels(cassette, target.provider); });
        spec.policy.maxTransportRetries = 0; // a recorded fault is its call's answer
    }
    m_engines.push_back(engine);
    ++m_spent.running;
    ++m_spent.runningPerProvider[providerOf(job)];
    connect(engine, &engine::Engine::finished, this, [this, engine, job, spec, cassette](const engine::RunRecord& record) {
        std::string captureId;
        if (m_writer) {
            store::Labels labels{{"suite", m_suite.name},
                                 {"case", m_suite.cases[job.caseIndex].name},
                                 {"target", m_suite.targets[job.targetIndex].name},
                                 {"repeat", std::to_string(job.repeat)},
                                 {"suite_run", m_results.runId}};
            if (!m_suite.cases[job.caseIndex].variant.empty())
                labels.emplace_back("variant", m_suite.cases[job.caseIndex].variant);
            captureId = m_writer->submit(store::captureOfRun(spec, record, labels));
        }
        onRunFinished(engine, job, record, std::move(captureId), cassette ? cassette->miss().value_or(std::string()) : std::string());
    });
    emit runStarted(static_cast<int>(job.caseIndex), static_cast<int>(job.targetIndex), job.repeat);
    engine->start(std::move(spec));
}

void SuiteRunner::onRunFinished(engine::Engine* engine, const Job& job, const engine::RunRecord& record, std::string captureId,
                                std::string cassetteMiss)
{
    RunResult result = judgeRun(job, m_suite.cases[job.caseIndex], record);
    result.captureId = std::move(captureId);
    result.cassetteMiss = std::move(cassetteMiss);
    m_engines.erase(std::remove(m_engines.begin(), m_engines.end(), engine), m_engines.end());
    engine->deleteLater(); // it is still emitting finished()
    --m_spent.running;
    --m_spent.runningPerProvider[providerOf(job)];
    m_spent.calls += result.calls;
    m_spent.tokens += result.tokens;
    m_results.runs.push_back(result);
    emit runFinished(result);
    launchReady();
}

void SuiteRunner::finishIfDone()
{
    if (m_done || !m_engines.empty() || (!m_pending.empty() && !m_stopping))
        return;
    m_done = true;
    if (m_writer) // the report reads the captures back
        if (auto flushed = m_writer->flush(); !flushed)
            m_results.captureError = flushed.error().toString();
    emit finished(m_results);
}

} // namespace conform::suite
