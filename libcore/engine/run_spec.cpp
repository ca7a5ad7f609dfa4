#include "engine/run_spec.h"

#include "base/names.h"

#include <array>

namespace conform::engine {

namespace {
constexpr std::array<std::string_view, 3> kTruncationPolicies{"continue", "raise", "fail"};
} // namespace

std::optional<TruncationPolicy> parseTruncationPolicy(std::string_view name)
{
    return enumOfName<TruncationPolicy>(kTruncationPolicies, name);
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
