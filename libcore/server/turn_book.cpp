#include "server/turn_book.h"

namespace conform::server {

TurnBook::TurnBook(std::vector<providers::Scenario> scenarios) : m_scenarios(std::move(scenarios)) {}

const providers::Scenario* TurnBook::choose(std::string_view model) const
{
    for (const auto& scenario : m_scenarios)
        if (scenario.name == model)
            return &scenario;
    return m_scenarios.empty() ? nullptr : &m_scenarios.front();
}

TurnBook::Pick TurnBook::next(std::string_view model, std::string_view session)
{
    Pick pick;
    pick.scenario = choose(model);
    if (!pick.scenario)
        return pick;
    if (m_counts.size() >= kMaxSessions)
        m_counts.clear();
    const auto [at, created] = m_counts.try_emplace({pick.scenario->name, std::string(session)});
    Session& state = at->second;
    if (created)
        state.varied = pick.scenario->startSession();
    pick.varied = state.varied;
    const std::size_t played = state.varied && pick.scenario->variation ? pick.scenario->variation->turns.size() : pick.scenario->turns.size();
    pick.index = std::min(state.count, played - 1);
    ++state.count;
    return pick;
}

} // namespace conform::server
