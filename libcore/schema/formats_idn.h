#pragma once
// Internal to the format checkers (formats.cpp): UTF-8 decoding and host-name validation,
// which the e-mail and URI formats reuse.
#include <cstddef>
#include <string_view>

namespace conform::schema::detail {

// Decodes one code point at s[i], advancing i; false on malformed, overlong or surrogate.
bool nextCodePoint(std::string_view s, std::size_t& i, char32_t& cp);

// RFC 1123 host names; with `idn`, IDNA2008 labels (U-labels and xn-- A-labels) as well.
bool isHostname(std::string_view s, bool idn);

} // namespace conform::schema::detail
