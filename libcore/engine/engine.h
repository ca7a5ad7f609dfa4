#pragma once
// conform::engine — one run: for each target, for each mode of its chain, ask, extract,
// coerce, validate and self-repair, until an answer validates or nothing is left to try.
//
//   Engine engine;
//   connect(&engine, &Engine::attemptFinished, ...);   // progress, as it happens
//   connect(&engine, &Engine::finished, [](const RunRecord& r) { show(r.toJson()); });
//   engine.start(spec);                                 // returns at once; never blocks
//
// Transport retries (408/409/429/5xx/529/timeouts, see providers/retry.h) happen inside an
// attempt and are recorded with it; repairs, continuations, re-asks and fallbacks are new
// attempts, and every attempt spends one call of Policy::maxCalls. A reply cut at max_tokens
// is never final and never repaired: Policy::onTruncation continues it or asks again with
// more room (decisions.h). A target whose exchange fails after its retries hands over to the
// next target; a 400 that refuses the mode's schema hands over to the next mode at once.
// RunRecord::endedBy says which limit ended the run. finished() is emitted exactly once per
// start(), also after cancel(). API keys come from the environment (or setEnvironment) and
// never enter a record; nor do the credentials of a base URL (user:password@, ?key=).
#include "engine/decisions.h"
#include "engine/mode_chain.h"
#include "engine/run_record.h"
#include "engine/run_spec.h"
#include "json/extract.h"
#include "providers/endpoint.h"
#include "providers/transport.h"
#include "schema/schema.h"

#include <QElapsedTimer>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>

namespace conform::providers { class ScenarioSession; }

namespace conform::engine {

class Engine : public QObject
{
    Q_OBJECT
public:
    explicit Engine(QObject* parent = nullptr);
    ~Engine() override;

    // Starts a run. A spec that cannot run (schema does not compile, no target) finishes with
    // outcome failed and RunRecord::error set, still asynchronously.
    void start(RunSpec spec);
    // Stops the run in progress; finished() follows with the flag "cancelled".
    void cancel();
    bool running() const { return m_running; }

    // Where keys and base URLs are read from (the process environment by default).
    void setEnvironment(providers::Environment environment) { m_environment = std::move(environment); }
    // Clock and random source of the retry decisions (tests make delays deterministic).
    void setRetryClock(providers::WallClock clock, providers::UnitRandom random);
    // Where every call goes instead of the network or a scenario: the channels for a target
    // (`suite --replay` answers each call from a cassette this way, so no socket is opened).
    // The target's provider still builds the requests and reads the replies; no key is read.
    using ChannelSource = std::function<providers::ChannelFactory(const Target& target)>;
    void setChannels(ChannelSource source) { m_channelSource = std::move(source); }

signals:
    void attemptStarted(int index, const QString& target, const QString& mode, int repair);
    void retryScheduled(int attemptIndex, const conform::providers::RetryRecord& retry);
    // The reply so far (a retry starts it over) and the best value extracted from it; at most
    // every 30 ms while bytes stream in, and once more before attemptFinished.
    void chunkReceived(const QString& partialText, const conform::Json& partialValue);
    void attemptFinished(const conform::engine::AttemptRecord& attempt);
    void finished(const conform::engine::RunRecord& record);

private:
    void begin();
    void beginTarget();
    void beginStep();
    void sendAttempt();
    void onExchange(const providers::ExchangeResult& result);
    void onStreamEvent(const providers::StreamEvent& event);
    void onTryStarted(int tryIndex);
    void flushChunk();
    void handleAnswer(AttemptRecord& record, const providers::Reply& reply);
    void handleTruncated(AttemptRecord& record, const providers::Reply& reply);
    void handleInvalid(const AttemptRecord& record, const providers::Reply& reply);
    void nextMode(EndReason ifNone);
    void stop(EndReason reason);
    int callsMade() const { return static_cast<int>(m_record.attempts.size()); }
    std::string scrub(std::string text) const;
    void setUpTransport(const Target& target);
    void finishRun();
    void finishWithError(const std::string& error);

    const Target& target() const { return m_spec.targets[m_targetIndex]; }
    const ChainStep& step() const { return m_chain[m_stepIndex]; }

    RunSpec m_spec;
    std::optional<schema::Validator> m_validator;
    providers::Environment m_environment;
    providers::WallClock m_clock;
    providers::UnitRandom m_random;
    ChannelSource m_channelSource;
    std::unique_ptr<providers::Transport> m_transport;
    std::shared_ptr<providers::ScenarioSession> m_session;
    const providers::Adapter* m_adapter = nullptr;
    providers::Endpoint m_endpoint;
    std::vector<ChainStep> m_chain;
    std::size_t m_targetIndex = 0;
    std::size_t m_stepIndex = 0;
    int m_repairs = 0;
    int m_maxTokens = 0;            // grows when a cut reply is asked again
    AttemptKind m_nextKind = AttemptKind::Initial;
    std::string m_prefill;          // the cut reply being continued ("" when none)
    int m_parts = 0;                // cut parts joined into m_prefill
    Json m_example;                 // a valid example of the schema, for repair turns
    providers::Conversation m_base; // the system prompt and the first user turn
    providers::Conversation m_conversation;
    EndReason m_endReason = EndReason::Error;
    AttemptRecord m_current;
    std::optional<json::StreamingExtractor> m_stream;
    std::string m_partial;
    QElapsedTimer m_chunkClock; // chunkReceived is throttled: extracting a partial value costs
    bool m_chunkPending = false;
    RunRecord m_record;
    std::optional<std::size_t> m_validAttempt;
    std::size_t m_validStep = 0;
    bool m_running = false;
    bool m_finishing = false;
};

} // namespace conform::engine
