// The provider exports: the fragment each official client puts in its request, with the
// schema as that provider's strict mode takes it (providers/profile.h), and the dispatch to
// the source exporters.
#include "export/export.h"

#include "export/source_exporters.h"
#include "export/source_walk.h"
#include "providers/profile.h"

#include <array>

namespace conform::exporting {

namespace {

constexpr std::array<std::pair<ExportTarget, std::string_view>, 7> kNames{{
    {ExportTarget::AnthropicTool, "anthropic-tool"},
    {ExportTarget::OpenAiJsonSchema, "openai-json-schema"},
    {ExportTarget::OpenAiTool, "openai-tool"},
    {ExportTarget::OllamaFormat, "ollama-format"},
    {ExportTarget::Zod, "zod"},
    {ExportTarget::Pydantic, "pydantic"},
    {ExportTarget::TypeScript, "typescript"},
}};

// OpenAI names: letters, digits, '_' and '-', at most 64.
std::string openAiName(const std::string& name)
{
    std::string out;
    for (const char c : name)
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')
            out += c;
    return out.substr(0, 64);
}

std::string description(const Json& schema)
{
    return schema.is_object() && schema.contains("description") && schema["description"].is_string()
        ? schema["description"].get<std::string>() : std::string();
}

// The schema made strict for a provider; what changed, and what still is not accepted, as notes.
Json strictFor(const providers::Profile& profile, const Json& schema, const std::string& provider, std::vector<std::string>& notes)
{
    providers::Transformed made = profile.makeStrict(schema);
    for (const std::string& change : made.changes)
        notes.push_back(change + " (" + provider + " strict mode)");
    for (const std::string& reason : made.verdict.reasons)
        notes.push_back(reason + " (" + provider + " strict mode will refuse it)");
    return made.schema;
}

Exported jsonExport(const Json& fragment, std::vector<std::string> notes)
{
    return Exported{conform::dump(fragment, 2) + "\n", std::move(notes)};
}

} // namespace

std::optional<ExportTarget> parseExportTarget(std::string_view name)
{
    for (const auto& [target, text] : kNames)
        if (text == name)
            return target;
    return std::nullopt;
}

std::string_view exportTargetName(ExportTarget target)
{
    for (const auto& [t, text] : kNames)
        if (t == target)
            return text;
    return {};
}

std::string typeName(const Json& schema, const ExportOptions& options)
{
    if (!options.name.empty())
        return options.name;
    const std::string title = schema.is_object() && schema.contains("title") && schema["title"].is_string()
        ? detail::pascalCase(schema["title"].get<std::string>()) : std::string();
    return title.empty() ? "Response" : title;
}

Exported exportSchema(const Json& schema, ExportTarget target, const ExportOptions& options)
{
    const std::string name = typeName(schema, options);
    std::vector<std::string> notes;
    switch (target) {
    case ExportTarget::AnthropicTool: {
        // Tool input schemas are taken as written (strict tool use is the output_config path).
        Json tool{{"name", openAiName(name)}, {"description", description(schema)}, {"input_schema", schema}};
        if (tool["description"].get<std::string>().empty())
            tool.erase("description");
        return jsonExport(tool, {});
    }
    case ExportTarget::OpenAiJsonSchema: {
        const Json strict = strictFor(providers::openAiStrictProfile(), schema, "OpenAI", notes);
        return jsonExport(Json{{"type", "json_schema"}, {"json_schema", Json{{"name", openAiName(name)}, {"schema", strict}, {"strict", true}}}},
                          std::move(notes));
    }
    case ExportTarget::OpenAiTool: {
        const Json strict = strictFor(providers::openAiStrictProfile(), schema, "OpenAI", notes);
        Json function{{"name", openAiName(name)}, {"description", description(schema)}, {"parameters", strict}, {"strict", true}};
        if (function["description"].get<std::string>().empty())
            function.erase("description");
        return jsonExport(Json{{"type", "function"}, {"function", std::move(function)}}, std::move(notes));
    }
    case ExportTarget::OllamaFormat:
        for (const std::string& reason : providers::ollamaFormatProfile().accepts(schema).reasons)
            notes.push_back(reason + " (Ollama will refuse it)");
        return jsonExport(schema, std::move(notes));
    case ExportTarget::Zod:
        return detail::zodExport(schema, name);
    case ExportTarget::Pydantic:
        return detail::pydanticExport(schema, name);
    case ExportTarget::TypeScript:
        return detail::typeScriptExport(schema, name);
    }
    return {};
}

} // namespace conform::exporting
