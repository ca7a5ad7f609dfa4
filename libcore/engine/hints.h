#pragma once
// Repair hints: what the raw reply itself shows went wrong (fences, XML wrappers, trailing
// commas, single quotes, raw newlines in strings, prose around the JSON). A pure function of
// the text, so the same reply always gets the same hints; they fill {{hints}}.
#include <string>
#include <string_view>
#include <vector>

namespace conform::engine {

struct Hint
{
    std::string kind; // "fences", "xml_wrapper", "trailing_comma", "single_quotes",
                      // "raw_newline", "prose", "empty"
    std::string text; // the instruction to the model
};

std::vector<Hint> hintsFor(std::string_view raw);

// "- text" lines, or "(none)".
std::string formatHints(const std::vector<Hint>& hints);

} // namespace conform::engine
