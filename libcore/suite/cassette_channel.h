#pragma once
// A run answered from a cassette (providers/cassette.h), in-process: the channel the engine
// gets instead of the network for `suite --replay` (Engine::setChannels), so no socket is
// opened. Each request is read back as the model would see it (model_request.h) and compared
// with the recorded one of the same call; the same, it hears the recorded reply rendered in
// the target's own protocol (the replay server's renderers: OpenAI, Anthropic, Ollama), so
// the provider's adapter, the extraction and the validation run as they would live.
//
//   auto session = std::make_shared<CassetteSession>(cassette, "order 17");
//   engine.setChannels([session](const engine::Target& t) { return cassetteChannels(session, t.provider); });
//   ... after finished(): if (session->miss()) fail(*session->miss());
//
// A request that differs from its recording, or a call the recording does not have, is a
// cassette miss: the session keeps the first one in words ("case \"order 17\": call 2: the
// user prompt differs from the recording at character 41"), answers it and every later call
// with a 404, and the run ends without a reply. A fault's recorded body (a string) is the
// provider's error message, rendered in the protocol's error shape, so a 400 that refused a
// mode is heard as one. A request sent again after a fault (a transport retry) gets the same
// fault; a replay should not retry at all (the suite runner sets no retries).
#include "providers/cassette.h"
#include "providers/channel.h"
#include "providers/transport.h"

#include <QTimer>

#include <memory>
#include <optional>
#include <string>

namespace conform::suite {

class CassetteSession
{
public:
    CassetteSession(std::shared_ptr<const providers::Cassette> cassette, std::string caseName);

    // The reply to this request (of a target of `provider`), or a 404 fault after a miss.
    providers::Turn answer(providers::ProviderKind provider, const Json& body);
    // The first miss, in words with the case's name; nullopt while every request matched.
    const std::optional<std::string>& miss() const { return m_miss; }
    std::size_t callsAnswered() const { return m_next; }

private:
    std::shared_ptr<const providers::Cassette> m_cassette;
    std::string m_caseName;
    std::size_t m_next = 0;
    std::optional<std::string> m_miss;
    std::string m_lastBody;     // the last request, and whether its reply was a fault:
    bool m_lastFault = false;   // the same request again is a retry of that call
};

providers::ChannelFactory cassetteChannels(std::shared_ptr<CassetteSession> session, providers::ProviderKind provider);

class CassetteChannel final : public providers::Channel
{
    Q_OBJECT
public:
    CassetteChannel(std::shared_ptr<CassetteSession> session, providers::ProviderKind provider, QObject* parent = nullptr);
    void start(const providers::HttpRequest& request) override;
    void abort() override;

private:
    std::shared_ptr<CassetteSession> m_session;
    providers::ProviderKind m_provider;
    QTimer m_timer;
};

} // namespace conform::suite
