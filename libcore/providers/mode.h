#pragma once
// The modes a schema is put to the model in, and their names: the words of the CLI's --mode,
// a suite target's "mode" and a scenario's "mode". One table of names (mode.cpp) for every
// parser of them.
//
//   providers::parseMode("tool")            -> Mode::Tool
//   providers::parseModeChoice("auto")      -> ModeChoice::Auto (engine::ModeChoice is this)
//   providers::modeChoiceName(ModeChoice::JsonObject) -> "json-object"
#include <optional>
#include <string_view>

namespace conform::providers {

// How the schema is put to the model, strongest first.
enum class Mode { Strict, Tool, JsonObject, Text };
std::string_view modeName(Mode mode); // "strict", "tool", "json-object", "text"
std::optional<Mode> parseMode(std::string_view name);

// The mode a run asks for: one of the Modes, or "auto", which lets the engine pick the
// strongest mode the provider accepts for the schema and fall back strict -> tool ->
// json-object -> text. A choice past Auto is the Mode of the same name.
enum class ModeChoice { Auto, Strict, Tool, JsonObject, Text };
std::optional<ModeChoice> parseModeChoice(std::string_view name); // "auto", "strict", ...
std::string_view modeChoiceName(ModeChoice mode);

} // namespace conform::providers
