#pragma once
// conform::exporting — a JSON Schema as other ecosystems want it, ready to paste into code:
// the request fragments the official provider clients send, and Zod, TypeScript and
// Pydantic source. Pure functions: a schema in, text and notes out.
//
//   Exported e = exportSchema(schema, ExportTarget::Zod, {.name = "Goals"});
//   write(e.text);                       // an ES module: import { z } from "zod"; export default ...
//   for (auto& note : e.notes) warn(note);  // "/properties/a/uniqueItems: not expressed in Zod"
//
// What a target cannot say (a keyword it has no way to state, a provider's strict mode
// refusing a construct) is never dropped silently: it is a note, returned here and, in the
// source exports, written as a comment where it applies. Source exports cover the keywords
// LLM schemas use: type, properties, required, additionalProperties, items, prefixItems,
// enum, const, anyOf, oneOf, allOf, local $ref to $defs (recursion included), string
// lengths, pattern, format, numeric bounds, array lengths and uniqueItems.
// provider_lint.h says what each provider's strict mode refuses, with suggested rewrites.
#include "base/json.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::exporting {

enum class ExportTarget { AnthropicTool, OpenAiJsonSchema, OpenAiTool, OllamaFormat, Zod, Pydantic, TypeScript };
// "anthropic-tool", "openai-json-schema", "openai-tool", "ollama-format", "zod", "pydantic", "typescript".
std::optional<ExportTarget> parseExportTarget(std::string_view name);
std::string_view exportTargetName(ExportTarget target);

struct ExportOptions
{
    // The tool, json_schema, type or model name; empty: from the schema's title, else "Response".
    std::string name;
};

struct Exported
{
    std::string text;               // ends with a newline
    std::vector<std::string> notes; // "/pointer: what the target cannot say"
};

Exported exportSchema(const Json& schema, ExportTarget target, const ExportOptions& options = {});

// The name an export uses: options.name, else the title in PascalCase ("Answer drift" ->
// "AnswerDrift"), else "Response".
std::string typeName(const Json& schema, const ExportOptions& options);

} // namespace conform::exporting
