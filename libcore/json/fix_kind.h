#pragma once
// The closed set of fix kinds a repair records (json::Fix::kind, DESIGN.md "Repairs are never
// silent"), with the one table of their wire names. A kind added to the repairer is added
// here, and the compiler then names every switch (the GUI's words among them) that has no
// case for it.
//
//   std::optional<FixKind> k = parseFixKind(fix.kind);   // "trailing_comma" -> TrailingComma
//   fixKindName(FixKind::InvalidUtf8);                    // "invalid_utf8"
//   isValueChanging(FixKind::Placeholder);                // true: strict mode refuses it
#include <array>
#include <optional>
#include <string_view>

namespace conform::json {

enum class FixKind {
    // Syntax: the value is what the text meant.
    TrailingComma, ExtraComma, MissingComma, MissingColon, SingleQuotes, TypographicQuotes, OddQuotes, EscapedQuotes,
    UnquotedKey, UnquotedString, MissingQuote, ConcatenatedString, MongoWrapper, Comment, PythonLiteral, InvalidLiteral,
    ControlCharacter, Crlf, UnescapedQuote, InvalidEscape, InvalidUtf8, InvalidNumber, UnicodeWhitespace, StrayBracket,
    StrayCharacter, MissingBracket, Bom, DoubleEncoded,
    // Value-changing: refused by ExtractOptions::strict.
    TruncatedString, TruncatedLiteral, TruncatedNumber, DanglingKey, MissingValue, Placeholder, Ambiguous,
    GuessedMissingQuote, NumberOutOfRange, RepeatedKey,
};

// Every kind, in the enum's order, by its wire name.
inline constexpr std::array<std::string_view, 38> kFixKindNames{
    "trailing_comma", "extra_comma", "missing_comma", "missing_colon", "single_quotes", "typographic_quotes", "odd_quotes",
    "escaped_quotes", "unquoted_key", "unquoted_string", "missing_quote", "concatenated_string", "mongo_wrapper", "comment",
    "python_literal", "invalid_literal", "control_character", "crlf", "unescaped_quote", "invalid_escape", "invalid_utf8",
    "invalid_number", "unicode_whitespace", "stray_bracket", "stray_character", "missing_bracket", "bom", "double_encoded",
    "truncated_string", "truncated_literal", "truncated_number", "dangling_key", "missing_value", "placeholder", "ambiguous",
    "guessed_missing_quote", "number_out_of_range", "repeated_key",
};
static_assert(kFixKindNames.size() == static_cast<std::size_t>(FixKind::RepeatedKey) + 1, "one wire name per kind");

constexpr std::string_view fixKindName(FixKind kind)
{
    return kFixKindNames[static_cast<std::size_t>(kind)];
}

constexpr std::optional<FixKind> parseFixKind(std::string_view name)
{
    for (std::size_t i = 0; i < kFixKindNames.size(); ++i)
        if (kFixKindNames[i] == name)
            return static_cast<FixKind>(i);
    return std::nullopt;
}

constexpr bool isValueChanging(FixKind kind)
{
    return kind >= FixKind::TruncatedString;
}

} // namespace conform::json
