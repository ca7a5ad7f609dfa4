#pragma once
// The Scenario provider: a scenario file answers in-process, no HTTP. Each try of the
// transport takes the session's next turn and hears it as an Anthropic Messages response
// (JSON, or SSE when the request streams), with the turn's faults (status + headers + body),
// delay, stall and mid-body cut played out on timers. The engine then treats it exactly like
// a remote Anthropic endpoint: same adapter, same retries, same timeouts.
//
//   auto session = std::make_shared<ScenarioSession>(std::move(scenario));
//   Transport t(scenarioChannels(session));
#include "providers/channel.h"
#include "providers/scenario.h"
#include "providers/transport.h"

#include <QTimer>

#include <memory>

namespace conform::providers {

// The turn counter of one run against one scenario.
class ScenarioSession
{
public:
    explicit ScenarioSession(Scenario scenario) : m_scenario(std::move(scenario)), m_varied(m_scenario.startSession()) {}
    const Turn& next() { return m_scenario.turnAt(m_served++, m_varied); }
    std::size_t served() const { return m_served; }
    const Scenario& scenario() const { return m_scenario; }

private:
    Scenario m_scenario;
    bool m_varied = false; // this session plays the scenario's variation (its seeded draw)
    std::size_t m_served = 0;
};

ChannelFactory scenarioChannels(std::shared_ptr<ScenarioSession> session);

// How a turn reads in Anthropic's protocol, for a request that did or did not force a tool
// (`toolName` empty: no tool) and did or did not stream. Pure; exposed for tests.
HttpResponse renderAnthropicTurn(const Turn& turn, const std::string& toolName, bool stream);

class ScenarioChannel final : public Channel
{
    Q_OBJECT
public:
    ScenarioChannel(std::shared_ptr<ScenarioSession> session, QObject* parent = nullptr);
    void start(const HttpRequest& request) override;
    void abort() override;

private:
    void respond();
    void sendBody(std::size_t from);
    // Streams the body from `from` one event ("\n\n"-terminated) every `paceMs`.
    void sendPaced(std::size_t from, int paceMs);

    std::shared_ptr<ScenarioSession> m_session;
    Turn m_turn;
    HttpResponse m_response;
    std::string m_toolName;
    bool m_stream = false;
    QTimer m_timer;
};

} // namespace conform::providers
