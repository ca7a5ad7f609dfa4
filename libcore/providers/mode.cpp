#include "providers/mode.h"

#include "base/names.h"

#include <array>

namespace conform::providers {

namespace {

constexpr std::array<std::string_view, 4> kModeNames{"strict", "tool", "json-object", "text"};
constexpr std::string_view kAuto = "auto";

static_assert(static_cast<int>(ModeChoice::Strict) == static_cast<int>(Mode::Strict) + 1
                  && static_cast<int>(ModeChoice::Text) == static_cast<int>(Mode::Text) + 1,
              "a ModeChoice past Auto is the Mode of the same name");

} // namespace

std::string_view modeName(Mode mode)
{
    return kModeNames[static_cast<std::size_t>(mode)];
}

std::optional<Mode> parseMode(std::string_view name)
{
    return enumOfName<Mode>(kModeNames, name);
}

std::optional<ModeChoice> parseModeChoice(std::string_view name)
{
    if (name == kAuto)
        return ModeChoice::Auto;
    const auto mode = parseMode(name);
    return mode ? std::optional(static_cast<ModeChoice>(static_cast<int>(*mode) + 1)) : std::nullopt;
}

std::string_view modeChoiceName(ModeChoice mode)
{
    return mode == ModeChoice::Auto ? kAuto : modeName(static_cast<Mode>(static_cast<int>(mode) - 1));
}

} // namespace conform::providers
