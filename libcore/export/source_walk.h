#pragma once
// What the source exporters (Zod, TypeScript, Pydantic) share: reading a schema node's
// types and local $refs, names, string literals, and noting the keywords a target cannot
// state. Internal to the export module.
#include "base/json.h"

#include <array>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::exporting::detail {

// Deeper than any real schema; a hostile one stops here with a note instead of a stack overflow.
inline constexpr int kMaxDepth = 64;

// "Answer drift" -> "AnswerDrift", "goal_list" -> "GoalList"; "" when nothing is left.
std::string pascalCase(std::string_view text);

// The node's JSON types: "type" as given (string or array), else inferred from properties
// (object) or items (array); empty when the node does not say.
std::vector<std::string> typesOf(const Json& node);

// "#/$defs/Goal" or "#/definitions/Goal" -> "Goal"; nullopt for anything else.
std::optional<std::string> localRef(const Json& node);

// The definitions of the root ($defs and definitions), in document order.
std::vector<std::pair<std::string, const Json*>> definitions(const Json& root);

// The names a property list requires.
std::vector<std::string> requiredOf(const Json& node);
bool isRequired(const Json& node, const std::string& property);

// A JSON value as a JavaScript/TypeScript literal (JSON is one), and as Python.
std::string jsLiteral(const Json& value);
std::string pythonLiteral(const Json& value);

// Notes every keyword of `node` outside `handled` and the annotations as not expressed:
// "/pointer/keyword: not expressed in TARGET".
void noteUnhandled(const Json& node, const std::string& pointer, std::initializer_list<std::string_view> handled,
                   std::string_view target, std::vector<std::string>& notes);

// What needs no walking, as the target says "anything" and "nothing": a node nested deeper
// than kMaxDepth (noted), a boolean schema, a non-object. nullopt for an object schema.
std::optional<std::string> trivialNode(const Json& node, const std::string& pointer, int depth, std::string_view anything,
                                       std::string_view nothing, std::vector<std::string>& notes);

// A local $ref's definition name; a $ref elsewhere is noted and gives nullopt.
std::optional<std::string> refTarget(const Json& node, const std::string& pointer, std::vector<std::string>& notes);

// The notes added since `from` as one inline comment ("/* a; b */ "), or "".
std::string commentOf(const std::vector<std::string>& notes, std::size_t from);

// `items` joined by `separator`; `empty` when there are none.
std::string join(const std::vector<std::string>& items, std::string_view separator, std::string_view empty = {});

// Keywords every source export handles the same way: structure and annotations.
inline constexpr std::array<std::string_view, 14> kStructural = {
    "type", "properties", "required", "additionalProperties", "items", "prefixItems", "enum", "const",
    "anyOf", "oneOf", "allOf", "$ref", "$defs", "definitions"};

} // namespace conform::exporting::detail
