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
    std::size_t& count = m_counts[{pick.scenario->name, std::string(session)}];
    pick.index = std::min(count, pick.scenario->turns.size() - 1);
    ++count;
    return pick;
}

} // namespace conform::server
