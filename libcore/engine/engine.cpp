#include "engine/engine.h"

#include "base/secrets.h"

#include "engine/evaluate.h"
#include "engine/repair.h"
#include "engine/template.h"
#include "providers/openai.h"
#include "schema/example.h"
#include "providers/scenario_channel.h"

#include <QTimer>

namespace conform::engine {

using providers::ProviderKind;

namespace {

constexpr qint64 kChunkIntervalMs = 30;

std::string defaultModel(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::Anthropic: return "claude-sonnet-4-5";
    case ProviderKind::OpenAI: return "gpt-4o-mini";
    case ProviderKind::OpenAIResponses: return "gpt-4o-mini";
    case ProviderKind::Ollama: return "llama3.1";
    case ProviderKind::Scenario: return "scenario";
    }
    return {};
}

QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

Engine::Engine(QObject* parent)
    : QObject(parent), m_environment(providers::processEnvironment()), m_clock(providers::systemWallClock()),
      m_random(providers::systemRandom())
{
}

Engine::~Engine() = default;

void Engine::setRetryClock(providers::WallClock clock, providers::UnitRandom random)
{
    m_clock = std::move(clock);
    m_random = std::move(random);
}

void Engine::start(RunSpec spec)
{
    if (m_running)
        cancel();
    m_spec = std::move(spec);
    m_record = RunRecord{};
    m_validAttempt.reset();
    m_targetIndex = 0;
    m_maxTokens = m_spec.policy.maxTokens;
    m_example = nullptr;
    m_nextKind = AttemptKind::Initial;
    m_endReason = EndReason::Error;
    m_running = true;
    m_finishing = false;
    if (m_spec.validator) {
        m_validator.emplace(*m_spec.validator);
        return begin();
    }
    auto compiled = schema::Validator::compile(m_spec.schema);
    if (!compiled) {
        m_validator.reset();
        const std::string error = "the schema does not compile: " + compiled.error().toString();
        QTimer::singleShot(0, this, [this, error] { finishWithError(error); });
        return;
    }
    m_validator.emplace(std::move(compiled.value()));
    begin();
}

void Engine::begin()
{
    if (m_spec.targets.empty()) {
        QTimer::singleShot(0, this, [this] { finishWithError("no target to run against"); });
        return;
    }
    // Every provider but the scenario wants a model, and none has one Conform could assume.
    for (const Target& target : m_spec.targets)
        if (target.model.empty() && target.provider != providers::ProviderKind::Scenario) {
            const std::string why = "target " + std::string(providers::providerName(target.provider)) + " names no model: give one (--model M)";
            QTimer::singleShot(0, this, [this, why] { finishWithError(why); });
            return;
        }
    QTimer::singleShot(0, this, &Engine::beginTarget); // start() never does the work itself
}

void Engine::cancel()
{
    if (!m_running)
        return;
    m_record.flags.insert("cancelled");
    if (m_transport && m_transport->busy())
        m_transport->cancel(); // finishes the run through onExchange
    else
        stop(EndReason::Cancelled);
}

void Engine::beginTarget()
{
    if (m_finishing)
        return;
    if (m_targetIndex >= m_spec.targets.size())
        return stop(m_record.flags.count("transport_error") ? EndReason::Transport : EndReason::NoMode);
    if (!budgetLeft(callsMade(), m_spec.policy.maxCalls))
        return stop(EndReason::MaxCalls);
    setUpTransport(target());
    std::vector<std::string> skipped;
    m_chain = m_adapter ? modeChain(*m_adapter, m_spec.schema, target().mode, &skipped) : std::vector<ChainStep>{};
    for (const std::string& reason : skipped)
        m_record.notes.push_back(target().label() + ": " + reason);
    if (m_chain.empty()) {
        m_record.notes.push_back(target().label() + ": no mode can carry this schema");
        ++m_targetIndex;
        return beginTarget();
    }
    m_stepIndex = 0;
    beginStep();
}

void Engine::beginStep()
{
    if (step().transformed)
        for (const std::string& change : step().changes)
            m_record.notes.push_back(target().label() + ": strict schema: " + change);
    for (const std::string& constraint : step().conformOnly)
        m_record.conformOnly.push_back(target().label() + ": " + constraint);
    m_base = providers::Conversation{renderTemplate(m_spec.prompt.system, m_spec.prompt.variables), {}};
    if (!m_spec.prompt.messages.empty())
        m_base.messages = m_spec.prompt.messages; // as sent: nothing to render
    else
        m_base.messages.push_back(providers::Message::user(renderTemplate(m_spec.prompt.user, m_spec.prompt.variables)));
    m_conversation = m_base;
    m_repairs = 0;
    m_prefill.clear();
    m_parts = 0;
    if (!m_record.attempts.empty())
        m_nextKind = AttemptKind::Fallback;
    sendAttempt();
}

void Engine::nextMode(EndReason ifNone)
{
    if (m_stepIndex + 1 >= m_chain.size())
        return stop(ifNone);
    ++m_stepIndex;
    beginStep();
}

void Engine::stop(EndReason reason)
{
    m_endReason = reason;
    finishRun();
}

std::string Engine::scrub(std::string text) const
{
    return secrets::mask(providers::scrubSecrets(providers::scrubUrlSecrets(std::move(text), m_endpoint.baseUrl), {m_endpoint.apiKey}));
}

void Engine::setUpTransport(const Target& t)
{
    if (m_transport)
        m_transport.release()->deleteLater(); // we may be inside its own signal
    m_adapter = nullptr;
    providers::ChannelFactory channels;
    if (m_channelSource) {
        channels = m_channelSource(t);
        m_endpoint = providers::Endpoint{"cassette://" + t.label(), {}};
    } else if (t.provider == ProviderKind::Scenario) {
        if (!t.scenario) {
            m_record.notes.push_back(t.label() + ": no scenario given");
            return;
        }
        m_session = std::make_shared<providers::ScenarioSession>(*t.scenario);
        channels = providers::scenarioChannels(m_session);
        m_endpoint = providers::Endpoint{"scenario://" + t.scenario->name, {}};
    } else {
        channels = providers::networkChannels();
        m_endpoint = providers::resolveEndpoint(t.provider, t.baseUrl, m_environment);
    }
    m_adapter = &providers::adapterFor(t.provider);
    providers::TransportOptions options;
    options.retry.maxRetries = m_spec.policy.maxTransportRetries;
    options.timeoutMs = m_spec.policy.timeoutMs;
    options.stallTimeoutMs = m_spec.policy.stallTimeoutMs;
    options.maxReplyBytes = m_spec.policy.maxReplyBytes;
    options.clock = m_clock;
    options.random = m_random;
    m_transport = std::make_unique<providers::Transport>(std::move(channels), std::move(options));
    connect(m_transport.get(), &providers::Transport::finished, this, &Engine::onExchange);
    connect(m_transport.get(), &providers::Transport::streamEvent, this, &Engine::onStreamEvent);
    connect(m_transport.get(), &providers::Transport::tryStarted, this, &Engine::onTryStarted);
    connect(m_transport.get(), &providers::Transport::retryScheduled, this,
            [this](const providers::RetryRecord& retry) { emit retryScheduled(static_cast<int>(m_record.attempts.size()), retry); });
}

void Engine::sendAttempt()
{
    providers::RequestOptions options;
    options.model = target().model.empty() ? defaultModel(target().provider) : target().model;
    options.temperature = m_spec.policy.temperature;
    options.maxTokens = m_maxTokens;
    options.stream = m_spec.policy.stream;
    const auto title = m_spec.schema.is_object() ? m_spec.schema.find("title") : m_spec.schema.end();
    if (m_spec.schema.is_object() && title != m_spec.schema.end() && title->is_string())
        options.schemaName = providers::openAiSchemaName(title->get<std::string>());
    const providers::HttpRequest request =
        m_adapter->buildRequest(m_conversation, step().schema, step().mode, options, m_endpoint);
    m_current = AttemptRecord{};
    m_current.kind = m_nextKind;
    m_current.target = target().label();
    m_current.mode = step().mode;
    m_current.repair = m_repairs;
    m_current.request = request.toJson(); // credentials redacted
    m_current.requestBytes = request.body.size();
    m_current.maxTokens = m_maxTokens;
    emit attemptStarted(static_cast<int>(m_record.attempts.size()), qs(m_current.target),
                        qs(providers::modeName(step().mode)), m_repairs);
    onTryStarted(0);
    m_transport->send(request, *m_adapter);
}

void Engine::onTryStarted(int)
{
    m_partial = m_prefill; // a continuation streams on from the cut part
    m_stream.emplace();
    if (!m_prefill.empty())
        m_stream->feed(m_prefill);
    m_chunkClock.invalidate();
    m_chunkPending = false;
}

void Engine::onStreamEvent(const providers::StreamEvent& event)
{
    if (event.kind != providers::StreamEvent::Kind::TextDelta && event.kind != providers::StreamEvent::Kind::ToolInputDelta)
        return;
    m_partial += event.text;
    m_stream->feed(event.text);
    m_chunkPending = true;
    if (!m_chunkClock.isValid() || m_chunkClock.elapsed() >= kChunkIntervalMs)
        flushChunk();
}

void Engine::flushChunk()
{
    if (!m_chunkPending || !m_stream)
        return;
    m_chunkPending = false;
    m_chunkClock.start();
    emit chunkReceived(qs(m_partial), m_stream->current().value);
}

void Engine::onExchange(const providers::ExchangeResult& result)
{
    if (m_finishing)
        return;
    AttemptRecord record = std::move(m_current);
    record.retries = result.retries;
    record.latencyMs = result.latencyMs;
    record.httpStatus = result.response.status;
    flushChunk();
    if (result.ok())
        return handleAnswer(record, result.reply);
    const providers::ProviderError& error = *result.reply.error;
    record.error = scrub(error.message.empty() ? error.type : error.message);
    const bool modeRefused = error.refusesMode();
    record.transportError = !modeRefused && !result.cancelled;
    m_record.attempts.push_back(record);
    emit attemptFinished(record);
    if (result.cancelled)
        return stop(EndReason::Cancelled);
    if (modeRefused) {
        m_record.notes.push_back(target().label() + ": " + std::string(providers::modeName(step().mode))
                                 + " mode refused: " + record.error);
        const Move move = afterModeRefused(callsMade(), m_spec.policy.maxCalls, m_stepIndex + 1 < m_chain.size());
        return move.kind == MoveKind::NextMode ? nextMode(move.endReason) : stop(move.endReason);
    }
    m_record.flags.insert("transport_error");
    ++m_targetIndex;
    m_nextKind = AttemptKind::Fallback;
    beginTarget();
}

void Engine::handleAnswer(AttemptRecord& record, const providers::Reply& reply)
{
    std::string raw = reply.raw();
    if (!m_prefill.empty()) { // a continuation: the model wrote on from where the cut part ended
        record.joinedAt = m_prefill.size();
        m_record.notes.push_back(target().label() + ": joined a cut reply of " + std::to_string(m_prefill.size())
                                 + " bytes with its continuation of " + std::to_string(raw.size()) + " bytes");
        raw = m_prefill + raw;
    }
    record.raw = raw;
    record.stopReason = reply.stopReason;
    record.usage = reply.usage;
    record.truncated = reply.truncated();
    record.refused = reply.refused();
    if (record.refused) {
        m_record.flags.insert("refused");
        record.error = reply.refusal.empty() ? std::string("the model refused") : "the model refused: " + reply.refusal;
        m_record.attempts.push_back(record);
        emit attemptFinished(record);
        return stop(EndReason::Refused); // a refusal is a decision, not a format error: no repair turn
    }
    evaluate(record, record.raw, *m_validator, m_spec.schema, step().transformed, m_spec.policy);
    if (record.truncated)
        return handleTruncated(record, reply);
    // Strict mode promises schema-valid output; a complete reply that breaks it was not enforced.
    record.notEnforced = step().mode == providers::Mode::Strict && !record.valid;
    m_record.attempts.push_back(record);
    emit attemptFinished(record);
    if (record.valid) {
        m_validAttempt = m_record.attempts.size() - 1;
        m_validStep = m_stepIndex;
        return stop(EndReason::Valid);
    }
    providers::Reply joined = reply;
    if (joined.toolCall)
        joined.toolCall->arguments = raw;
    else
        joined.text = raw;
    handleInvalid(record, joined);
}

void Engine::handleTruncated(AttemptRecord& record, const providers::Reply& reply)
{
    record.valid = false; // whatever the repairer closed, a cut reply is not the answer
    m_record.attempts.push_back(record);
    emit attemptFinished(record);
    const bool prefill = canPrefill(target().provider, step().mode, reply.toolCall.has_value());
    const TruncationDecision decision =
        decideTruncation(m_spec.policy.onTruncation, prefill, m_maxTokens, m_spec.policy.ceiling(), m_parts + 1);
    if (decision.action == TruncationAction::Stop || !budgetLeft(callsMade(), m_spec.policy.maxCalls)) {
        m_record.flags.insert("truncated");
        return stop(decision.action == TruncationAction::Stop ? decision.endReason : EndReason::MaxCalls);
    }
    if (decision.action == TruncationAction::Continue) {
        // Anthropic rejects a prefill that ends in white space; the join keeps what is sent.
        m_prefill = record.raw.substr(0, record.raw.find_last_not_of(" \t\r\n") + 1);
        ++m_parts;
        m_conversation = m_base;
        m_conversation.messages.push_back(providers::Message::assistant(m_prefill));
        m_nextKind = AttemptKind::Continuation;
    } else {
        m_prefill.clear();
        m_parts = 0;
        m_maxTokens = decision.maxTokens;
        m_conversation = m_base; // the cut reply is dropped: it would only be cut again
        m_nextKind = AttemptKind::ReaskLarger;
    }
    sendAttempt();
}

void Engine::handleInvalid(const AttemptRecord& record, const providers::Reply& reply)
{
    m_prefill.clear();
    m_parts = 0;
    const Move move = afterInvalid(m_repairs, m_spec.policy.maxRepairs, callsMade(), m_spec.policy.maxCalls,
                                   m_stepIndex + 1 < m_chain.size());
    if (move.kind == MoveKind::Stop)
        return stop(move.endReason);
    if (move.kind == MoveKind::NextMode)
        return nextMode(move.endReason);
    ++m_repairs;
    if (m_example.is_null()) // made once per run, and only when a repair needs it
        m_example = schema::makeExample(m_spec.schema, &*m_validator).value;
    RepairContext context{record.issues, record.extractionFailure, record.raw, m_spec.schema, m_example, true,
                          m_repairs, m_spec.policy.maxRepairs, m_spec.policy.originalLimit};
    m_conversation = repairConversation(m_base, reply, step().mode, buildRepairPrompt(m_spec.policy.repairTemplate, context));
    m_nextKind = AttemptKind::Repair;
    sendAttempt();
}

void Engine::finishWithError(const std::string& error)
{
    m_record.error = error;
    stop(EndReason::Error);
}

void Engine::finishRun()
{
    if (m_finishing)
        return;
    m_finishing = true;
    m_running = false;
    if (m_record.flags.count("cancelled"))
        m_endReason = EndReason::Cancelled;
    m_record.endedBy = std::string(endReasonName(m_endReason));
    if (m_validAttempt) {
        const AttemptRecord& valid = m_record.attempts[*m_validAttempt];
        m_record.value = valid.value;
        m_record.outcome = m_validStep > 0 ? Outcome::Fallback : valid.repair > 0 ? Outcome::Repaired : Outcome::Valid;
    } else {
        m_record.outcome = Outcome::Failed;
        m_record.best = bestAttempt(m_record.attempts);
        m_record.value = m_record.best ? m_record.attempts[*m_record.best].value : Json(nullptr);
        if (m_record.best)
            m_record.validFields = validFields(m_record.attempts[*m_record.best]);
    }
    emit finished(m_record);
}

} // namespace conform::engine
