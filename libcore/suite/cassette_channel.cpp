#include "suite/cassette_channel.h"

#include "json/parse.h"
#include "providers/anthropic.h"
#include "server/wire.h"

namespace conform::suite {

namespace {

server::Protocol protocolOf(providers::ProviderKind provider)
{
    switch (provider) {
    case providers::ProviderKind::OpenAI: return server::Protocol::OpenAi;
    case providers::ProviderKind::OpenAIResponses: return server::Protocol::OpenAiResponses;
    case providers::ProviderKind::Ollama: return server::Protocol::Ollama;
    default: return server::Protocol::Anthropic; // the Scenario provider speaks Anthropic's
    }
}

providers::Turn missTurn(const std::string& why)
{
    providers::Turn turn;
    turn.status = 404;
    turn.body = "cassette miss: " + why;
    return turn;
}

} // namespace

CassetteSession::CassetteSession(std::shared_ptr<const providers::Cassette> cassette, std::string caseName)
    : m_cassette(std::move(cassette)), m_caseName(std::move(caseName))
{
}

providers::Turn CassetteSession::answer(providers::ProviderKind provider, const Json& body)
{
    if (m_miss)
        return missTurn(*m_miss);
    const std::string text = dump(body);
    if (m_next > 0 && m_lastFault && text == m_lastBody)
        return m_cassette->calls[m_next - 1].reply;
    const std::size_t call = m_next;
    const std::string prefix = "case \"" + m_caseName + "\": " + (call > 0 ? "call " + std::to_string(call + 1) + ": " : std::string());
    if (!m_cassette || call >= m_cassette->calls.size()) {
        const std::size_t recorded = m_cassette ? m_cassette->calls.size() : 0;
        m_miss = "case \"" + m_caseName + "\": the run makes call " + std::to_string(call + 1) + ", which the recording does not have ("
            + std::to_string(recorded) + " recorded)";
        return missTurn(*m_miss);
    }
    const providers::RecordedCall& recorded = m_cassette->calls[call];
    if (const auto difference = providers::firstDifference(providers::modelRequestOf(provider, body), recorded.request)) {
        m_miss = prefix + *difference;
        return missTurn(*m_miss);
    }
    ++m_next;
    m_lastBody = text;
    m_lastFault = recorded.reply.isFault();
    return recorded.reply;
}

providers::ChannelFactory cassetteChannels(std::shared_ptr<CassetteSession> session, providers::ProviderKind provider)
{
    return [session, provider](QObject* parent) -> providers::Channel* { return new CassetteChannel(session, provider, parent); };
}

CassetteChannel::CassetteChannel(std::shared_ptr<CassetteSession> session, providers::ProviderKind provider, QObject* parent)
    : Channel(parent), m_session(std::move(session)), m_provider(provider)
{
    m_timer.setSingleShot(true);
}

void CassetteChannel::start(const providers::HttpRequest& request)
{
    auto parsed = json::parseStrict(request.body);
    const Json body = parsed ? std::move(parsed).value() : Json::object();
    const server::Protocol protocol = protocolOf(m_provider);
    providers::Turn turn = m_session->answer(m_provider, body);
    if (protocol == server::Protocol::Anthropic) // a continuation hears the rest of the reply
        turn = providers::continuing(turn, providers::anthropicPrefill(body));
    server::ResponsePlan plan;
    if (turn.isFault()) {
        const bool message = turn.body && turn.body->is_string();
        plan = server::renderError(protocol, turn.status, message ? turn.body->get<std::string>() : "recorded fault",
                                   turn.body && !message ? &*turn.body : nullptr);
    } else {
        plan = server::renderReply(protocol, server::RenderInput{body, turn, static_cast<qsizetype>(request.body.size())});
    }
    std::vector<providers::Header> headers;
    for (const auto& [name, value] : plan.headers)
        headers.emplace_back(name.toStdString(), value.toStdString());
    headers.emplace_back("content-type", plan.contentType.toStdString());
    const QByteArray bytes = plan.body();
    const int status = plan.status;
    m_timer.disconnect(this);
    connect(&m_timer, &QTimer::timeout, this, [this, status, headers, bytes] { // never answer from inside start()
        emit responseStarted(status, headers);
        emit bytesReceived(bytes);
        emit ended(false, QString());
    });
    m_timer.start(0);
}

void CassetteChannel::abort()
{
    m_timer.stop();
    m_timer.disconnect(this);
}

} // namespace conform::suite
