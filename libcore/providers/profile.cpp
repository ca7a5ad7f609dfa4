#include "providers/profile.h"

#include "providers/schema_walk.h"

#include "base/path.h"

#include <algorithm>
#include <set>

namespace conform::providers {

using detail::hasType;

namespace {

std::string at(const std::string& pointer)
{
    return pointerText(pointer);
}

// A profile is an engine's rules (libcore/engines/rules/*.json): what the engine rejects or
// cannot fit in its budgets refuses the schema; what it drops is sent and left to Conform.
class EngineProfile final : public Profile
{
public:
    EngineProfile(std::string name, engines::Engine engine) : m_name(std::move(name)), m_engine(engine) {}
    std::string name() const override { return m_name; }
    engines::Engine engine() const override { return m_engine; }

    Verdict accepts(const Json& schema) const override
    {
        std::vector<std::string> reasons;
        for (const engines::Finding& f : engines::lintForEngine(schema, m_engine).findings)
            if (f.verdict == engines::Verdict::Rejected || f.verdict == engines::Verdict::Limited)
                reasons.push_back(at(f.pointer) + ": " + f.problem);
        return Verdict{reasons.empty(), std::move(reasons)};
    }

    Transformed makeStrict(const Json& schema) const override
    {
        engines::Exported exported = engines::exportForEngine(schema, m_engine);
        Transformed out{std::move(exported.schema), std::move(exported.changes), {}, {}};
        for (const engines::Moved& moved : exported.moved)
            out.conformOnly.push_back(moved.words());
        for (std::string& dropped : droppedIn(exported.remaining))
            out.conformOnly.push_back(std::move(dropped));
        out.verdict = accepts(out.schema);
        return out;
    }

    std::vector<std::string> notEnforced(const Json& schema) const override
    {
        return droppedIn(engines::lintForEngine(schema, m_engine));
    }

private:
    static std::vector<std::string> droppedIn(const engines::EngineReport& report)
    {
        std::vector<std::string> out;
        for (const engines::Finding& f : report.findings)
            if (f.verdict == engines::Verdict::Dropped)
                out.push_back(pointerText(f.pointer) + ": " + f.problem);
        return out;
    }

    std::string m_name;
    engines::Engine m_engine;
};

// ---- removeNullOptionals ---------------------------------------------------------------

bool allowsNull(const Json& schema)
{
    if (!schema.is_object())
        return schema.is_boolean() && schema.get<bool>();
    if (hasType(schema, "null"))
        return true;
    if (const auto e = schema.find("enum"); e != schema.end() && e->is_array())
        return std::find(e->begin(), e->end(), Json(nullptr)) != e->end();
    return !schema.contains("type") && !schema.contains("enum") && !schema.contains("const") && !schema.contains("anyOf")
        && !schema.contains("$ref");
}

Json removeNulls(const Json& value, const Json& schema, int level)
{
    if (level > detail::kMaxSchemaDepth || !schema.is_object())
        return value;
    if (value.is_array() && schema.contains("items") && schema["items"].is_object()) {
        Json out = Json::array();
        for (const Json& element : value)
            out.push_back(removeNulls(element, schema["items"], level + 1));
        return out;
    }
    const auto props = schema.find("properties");
    if (!value.is_object() || props == schema.end() || !props->is_object())
        return value;
    std::set<std::string> required;
    if (const auto r = schema.find("required"); r != schema.end() && r->is_array())
        for (const Json& name : *r)
            if (name.is_string())
                required.insert(name.get<std::string>());
    Json out = Json::object();
    for (auto it = value.begin(); it != value.end(); ++it) {
        const auto sub = props->find(it.key());
        if (sub == props->end()) {
            out[it.key()] = it.value();
        } else if (!(it.value().is_null() && !required.count(it.key()) && !allowsNull(*sub))) {
            out[it.key()] = removeNulls(it.value(), *sub, level + 1);
        }
    }
    return out;
}

} // namespace

const Profile& openAiStrictProfile()
{
    static const EngineProfile profile("openai-strict", engines::Engine::OpenAI);
    return profile;
}

const Profile& openAiResponsesStrictProfile()
{
    // The same structured-outputs engine behind a different field (text.format, and function
    // tools that are strict unless told otherwise): the subset is Chat Completions' own.
    static const EngineProfile profile("openai-responses-strict", engines::Engine::OpenAIResponses);
    return profile;
}

const Profile& anthropicStrictProfile()
{
    static const EngineProfile profile("anthropic-strict", engines::Engine::Anthropic);
    return profile;
}

const Profile& ollamaFormatProfile()
{
    static const EngineProfile profile("ollama-format", engines::Engine::Ollama);
    return profile;
}

Json removeNullOptionals(const Json& value, const Json& originalSchema)
{
    return removeNulls(value, originalSchema, 0);
}

} // namespace conform::providers
