#include "engine/decisions.h"

#include <algorithm>
#include <array>

namespace conform::engine {

std::string_view endReasonName(EndReason reason)
{
    static constexpr std::array<std::string_view, 10> names{
        "valid", "max_calls", "max_repairs", "max_tokens_ceiling", "truncation_fail",
        "refused", "transport", "no_mode", "cancelled", "error"};
    return names[static_cast<std::size_t>(reason)];
}

bool canPrefill(providers::ProviderKind kind, providers::Mode mode, bool replyIsToolCall)
{
    using providers::Mode;
    using providers::ProviderKind;
    const bool anthropicWire = kind == ProviderKind::Anthropic || kind == ProviderKind::Scenario;
    return anthropicWire && !replyIsToolCall && (mode == Mode::Text || mode == Mode::JsonObject);
}

TruncationDecision decideTruncation(TruncationPolicy policy, bool prefill, int maxTokens, int ceiling, int parts)
{
    if (policy == TruncationPolicy::Fail)
        return {TruncationAction::Stop, maxTokens, EndReason::TruncationFail};
    if (policy == TruncationPolicy::Continue && prefill) {
        // The next part may write maxTokens more; the whole may not pass the ceiling.
        if (static_cast<long long>(parts + 1) * maxTokens <= ceiling)
            return {TruncationAction::Continue, maxTokens, EndReason::Valid};
        return {TruncationAction::Stop, maxTokens, EndReason::MaxTokensCeiling};
    }
    if (maxTokens >= ceiling) // asking again at the same length would be cut the same way
        return {TruncationAction::Stop, maxTokens, EndReason::MaxTokensCeiling};
    const long long doubled = 2LL * maxTokens;
    return {TruncationAction::ReaskLarger, static_cast<int>(std::min<long long>(doubled, ceiling)), EndReason::Valid};
}

Move afterInvalid(int repairsDone, int maxRepairs, int callsMade, int maxCalls, bool moreModes)
{
    if (!budgetLeft(callsMade, maxCalls))
        return {MoveKind::Stop, EndReason::MaxCalls};
    if (repairsDone < maxRepairs)
        return {MoveKind::Repair, EndReason::Valid};
    if (moreModes)
        return {MoveKind::NextMode, EndReason::Valid};
    return {MoveKind::Stop, EndReason::MaxRepairs};
}

Move afterModeRefused(int callsMade, int maxCalls, bool moreModes)
{
    if (!moreModes)
        return {MoveKind::Stop, EndReason::NoMode};
    if (!budgetLeft(callsMade, maxCalls))
        return {MoveKind::Stop, EndReason::MaxCalls};
    return {MoveKind::NextMode, EndReason::Valid};
}

} // namespace conform::engine
