#pragma once
// Which scenario and which turn answer a request. The scenario is the one whose name equals
// the request's `model`, else the first; the n-th request of a session gets turn n (the last
// turn repeats). A session is the `x-conform-session` header's value, or one per scenario; a
// new session draws whether it plays the scenario's variation (scenario.h).
#include "providers/scenario.h"

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace conform::server {

class TurnBook
{
public:
    explicit TurnBook(std::vector<providers::Scenario> scenarios);

    struct Pick
    {
        const providers::Scenario* scenario = nullptr; // null only when there are no scenarios
        std::size_t index = 0;                         // the turn's index in scenario->turns
        bool varied = false;                           // the session plays the scenario's variation
        const providers::Turn& turn() const { return scenario->turnAt(index, varied); }
    };

    // Picks and advances the session's counter.
    Pick next(std::string_view model, std::string_view session);
    const std::vector<providers::Scenario>& scenarios() const { return m_scenarios; }
    // Every session starts again at turn 0.
    void reset() { m_counts.clear(); }

private:
    // A client inventing a new session id per request must not grow memory without bound.
    static constexpr std::size_t kMaxSessions = 100'000;

    const providers::Scenario* choose(std::string_view model) const;

    std::vector<providers::Scenario> m_scenarios;
    struct Session
    {
        std::size_t count = 0;
        bool varied = false;
    };
    std::map<std::pair<std::string, std::string>, Session> m_counts;
};

} // namespace conform::server
