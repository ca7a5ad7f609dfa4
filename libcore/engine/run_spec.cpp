#include "engine/run_spec.h"

#include "base/names.h"

#include <array>

namespace conform::engine {

// One table of mode names: the providers' (providers::modeName); a choice past "auto" is the
// providers::Mode of the same position.
namespace {
constexpr std::string_view kAuto = "auto";
static_assert(static_cast<int>(ModeChoice::Strict) == static_cast<int>(providers::Mode::Strict) + 1
                  && static_cast<int>(ModeChoice::Text) == static_cast<int>(providers::Mode::Text) + 1,
              "a ModeChoice past Auto is the providers::Mode of the same name");
} // namespace

std::optional<ModeChoice> parseModeChoice(std::string_view name)
{
    if (name == kAuto)
        return ModeChoice::Auto;
    const auto mode = providers::parseMode(name);
    return mode ? std::optional(static_cast<ModeChoice>(static_cast<int>(*mode) + 1)) : std::nullopt;
}

std::string_view modeChoiceName(ModeChoice mode)
{
    return mode == ModeChoice::Auto ? kAuto : providers::modeName(static_cast<providers::Mode>(static_cast<int>(mode) - 1));
}

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
