#pragma once
// Enums spelled as names: a constexpr table of names, indexed by the enum's value, and the
// one lookup every parser of such a name shares.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace conform {

// The position of `name` in `names`; nullopt when it is not one of them.
template <std::size_t N>
constexpr std::optional<std::size_t> indexOfName(const std::array<std::string_view, N>& names, std::string_view name)
{
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == name)
            return i;
    return std::nullopt;
}

// The enum value whose name is `name`, for enums numbered 0, 1, 2 ... like their table.
template <typename Enum, std::size_t N>
constexpr std::optional<Enum> enumOfName(const std::array<std::string_view, N>& names, std::string_view name)
{
    const auto index = indexOfName(names, name);
    return index ? std::optional<Enum>(static_cast<Enum>(*index)) : std::nullopt;
}

} // namespace conform
