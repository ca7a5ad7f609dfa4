#pragma once
// How the repairer reads a number or a bare word, shared by its step machine
// (repairer_tokens.cpp) and its plain-token loop (repairer_plain.cpp). Internal.
#include "json/extract.h"
#include "json/fix_kind.h"
#include "json/text.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace conform::json::detail {

// A byte a number token runs on through (its repairs included: "+1", "1.", "1e").
inline bool isNumberChar(char c)
{
    return text::isDigit(c) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

// A plain integer as JSON writes it ("0", "-12", at most 18 digits, no leading zero): most
// numbers in replies. It needs no normalizing, and its value is read here; the rest go
// through numberValue(), which gives it the same value.
bool plainInteger(std::string_view s, std::int64_t* value);

// The value of a JSON number's text, as JSON.parse reads it (out of a double's range:
// ±Infinity or 0). The repairer takes it through Repairer::finiteNumber, which makes
// ±Infinity null with a number_out_of_range fix: no JSON text can hold an infinity.
Json numberValue(std::string_view s);

// A word read as a literal: its value, the JSON text of that value, and the fix it takes.
struct Literal
{
    std::string_view word;
    Json value;
    std::string_view json;
    std::optional<FixKind> kind;
};
// The literal `word` is read as (true, None, NaN…), or nullptr.
const Literal* literalFor(std::string_view word);

} // namespace conform::json::detail
