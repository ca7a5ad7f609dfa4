#pragma once
// For tests only: the two verdict walks over text (schema/fast_verdict.h), side by side, so a
// test can check that the fast one answers as the generic evaluator does, and that it would
// notice when a rule of the fast walk is broken on purpose.
#include "schema/schema.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace conform::schema::detail {

// Rules a test can break on purpose in the fast walk; production never breaks any.
enum class FastFault : std::uint8_t { None, MaxItemsOffByOne, EnumIgnored, RequiredIgnored, ExtraKeysAllowed, MinimumIgnored };

struct VerdictProbe
{
    struct Verdicts
    {
        bool fast = false;    // FastVerdict, with `fault` planted
        bool generic = false; // Evaluator<SimdjsonAdapter, false>, as before the fast walk
    };
    // Both verdicts of `text` from one simdjson parse; nullopt when simdjson refuses the text.
    static std::optional<Verdicts> compare(const Validator& validator, std::string_view text,
                                           FastFault fault = FastFault::None);
};

} // namespace conform::schema::detail
