#include "engine/run_spec.h"

#include <array>

namespace conform::engine {

std::optional<ModeChoice> parseModeChoice(std::string_view name)
{
    static constexpr std::array<std::string_view, 5> names{"auto", "strict", "tool", "json-object", "text"};
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return static_cast<ModeChoice>(i);
    return std::nullopt;
}

namespace {
constexpr std::array<std::string_view, 3> kTruncationPolicies{"continue", "raise", "fail"};
} // namespace

std::optional<TruncationPolicy> parseTruncationPolicy(std::string_view name)
{
    for (std::size_t i = 0; i < kTruncationPolicies.size(); ++i)
        if (kTruncationPolicies[i] == name)
            return static_cast<TruncationPolicy>(i);
    return std::nullopt;
}

std::string_view truncationPolicyName(TruncationPolicy policy)
{
    return kTruncationPolicies[static_cast<std::size_t>(policy)];
}

std::string Target::label() const
{
    std::string label(providers::providerName(provider));
    if (!model.empty())
        label += "/" + model;
    return label;
}

} // namespace conform::engine
