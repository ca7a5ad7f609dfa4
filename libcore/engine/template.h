#pragma once
// {{name}} templates: the prompt's variables and the editable repair prompt.
#include <map>
#include <string>
#include <string_view>

namespace conform::engine {

// Replaces each {{name}} (spaces inside the braces allowed) whose name is in `values`;
// unknown names stay as written so a typo is visible rather than silently empty. Single
// pass: a value that itself contains {{x}} is not expanded again.
std::string renderTemplate(std::string_view text, const std::map<std::string, std::string>& values);

// The repair prompt that ships with the engine: issues, hints and an example of the failing
// parts. Placeholders a user's own template may also use: {{original}} (the failed reply, cut
// to Policy::originalLimit; the default leaves it out, as the reply is the turn just before),
// {{schema}} (a pointer to the request, which carries the schema in every mode), {{attempt}},
// {{max_attempts}}.
const std::string& defaultRepairTemplate();

// Cuts `text` to at most `limit` bytes on a UTF-8 boundary, marking the cut.
std::string truncateForPrompt(std::string_view text, std::size_t limit);

} // namespace conform::engine
