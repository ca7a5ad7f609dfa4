#pragma once
// The closed set of flags a run can end with (engine::RunRecord::flags), with the one table of
// their wire names — what captures, `--flag` filters and the store's flag bits use. A flag
// added here gets a store bit (in this order) and the compiler then names every switch (the
// workbench's words among them) that has no case for it.
//
//   parseRunFlag("not_enforced");          // RunFlag::NotEnforced
//   runFlagName(RunFlag::TransportError);  // "transport_error"
#include "base/names.h"

#include <array>
#include <optional>
#include <string_view>

namespace conform::engine {

enum class RunFlag {
    Truncated,      // the run ended on a reply cut at max tokens
    Refused,        // the model refused
    TransportError, // the network or the server failed the run
    Cancelled,      // the user stopped it
    NotEnforced,    // strict structured output was asked for but not enforced by the server
    TokensUnknown,  // an upstream reported a token count no count can be (2^64-1, 1e22): kept
                    // as unknown, left out of token sums and cost
};

// Every flag, in the enum's order (the store's bit order: never reorder), by its wire name.
inline constexpr std::array<std::string_view, 6> kRunFlagNames{"truncated", "refused", "transport_error", "cancelled",
                                                               "not_enforced", "tokens_unknown"};

constexpr std::string_view runFlagName(RunFlag flag)
{
    return kRunFlagNames[static_cast<std::size_t>(flag)];
}

constexpr std::optional<RunFlag> parseRunFlag(std::string_view name)
{
    return enumOfName<RunFlag>(kRunFlagNames, name);
}

} // namespace conform::engine
