#include "providers/profile.h"

#include "providers/schema_walk.h"

#include "base/path.h"

#include <algorithm>
#include <array>
#include <set>
#include <string_view>

namespace conform::providers {

using detail::editSchema;
using detail::hasType;
using detail::walkSchema;

namespace {

std::string at(const std::string& pointer)
{
    return pointer.empty() ? std::string("(root)") : pointer;
}

template <std::size_t N>
bool contains(const std::array<std::string_view, N>& list, std::string_view word)
{
    return std::find(list.begin(), list.end(), word) != list.end();
}

// An object subschema in the sense of the profiles: typed object or carrying properties.
bool isObjectSchema(const Json& schema)
{
    return hasType(schema, "object") || schema.contains("properties");
}

bool isClosed(const Json& schema)
{
    const auto it = schema.find("additionalProperties");
    return it != schema.end() && it->is_boolean() && !it->get<bool>();
}

Verdict finish(std::vector<std::string> reasons, bool walked)
{
    if (!walked)
        reasons.push_back("(root): nested deeper than " + std::to_string(detail::kMaxSchemaDepth) + " levels");
    return Verdict{reasons.empty(), std::move(reasons)};
}

Verdict rootMustBeObject(const Json& schema)
{
    if (!schema.is_object())
        return Verdict{false, {"(root): the schema must be a JSON object"}};
    if (!hasType(schema, "object"))
        return Verdict{false, {"(root): the root must be of type \"object\""}};
    return {};
}

void closeObject(Json& node, const std::string& pointer, std::vector<std::string>& changes)
{
    if (!isObjectSchema(node) || isClosed(node))
        return;
    node["additionalProperties"] = false;
    changes.push_back(at(pointer) + ": set additionalProperties to false");
}

// ---- OpenAI ----------------------------------------------------------------------------

constexpr std::array<std::string_view, 9> kOpenAiUnsupported{
    "allOf", "not", "dependentRequired", "dependentSchemas", "if", "then", "else", "oneOf", "patternProperties"};
constexpr int kOpenAiMaxDepth = 10;
constexpr std::size_t kOpenAiMaxProperties = 5000;
constexpr std::size_t kOpenAiMaxEnum = 1000;

// The properties an object schema does not list in "required", in document order.
std::vector<std::string> notRequired(const Json& schema)
{
    std::vector<std::string> missing;
    const auto props = schema.find("properties");
    if (props == schema.end() || !props->is_object())
        return missing;
    const auto required = schema.find("required");
    std::set<std::string> listed;
    if (required != schema.end() && required->is_array())
        for (const Json& r : *required)
            if (r.is_string())
                listed.insert(r.get<std::string>());
    for (auto it = props->begin(); it != props->end(); ++it)
        if (!listed.count(it.key()))
            missing.push_back(it.key());
    return missing;
}

void checkOpenAiNode(const Json& node, const std::string& pointer, int depth, std::vector<std::string>& reasons,
                     std::size_t& properties)
{
    for (auto it = node.begin(); it != node.end(); ++it)
        if (contains(kOpenAiUnsupported, it.key()))
            reasons.push_back(at(pointer) + ": " + it.key() + " is not supported");
    if (depth > kOpenAiMaxDepth)
        reasons.push_back(at(pointer) + ": nested deeper than 10 levels");
    if (const auto e = node.find("enum"); e != node.end() && e->is_array() && e->size() > kOpenAiMaxEnum)
        reasons.push_back(at(pointer) + ": more than 1,000 enum values");
    if (const auto p = node.find("properties"); p != node.end() && p->is_object())
        properties += p->size();
    if (!isObjectSchema(node))
        return;
    if (!isClosed(node))
        reasons.push_back(at(pointer) + ": additionalProperties must be false");
    // At each property left out, so that locating the finding lands on it.
    for (const std::string& name : notRequired(node))
        reasons.push_back(appendPointer(appendPointer(pointer, "properties"), name)
                          + ": every property must be listed in required; \"" + name + "\" is not");
}

// Makes an optional property required and nullable: type T -> [T, "null"], or anyOf + null.
Json nullable(Json schema)
{
    if (!schema.is_object())
        return schema;
    const auto type = schema.find("type");
    if (type != schema.end() && type->is_string() && !schema.contains("enum")) {
        schema["type"] = Json::array({type->get<std::string>(), "null"});
        return schema;
    }
    if (type != schema.end() && type->is_array() && !schema.contains("enum")) {
        if (!hasType(schema, "null"))
            (*type).push_back("null");
        return schema;
    }
    return Json{{"anyOf", Json::array({std::move(schema), Json{{"type", "null"}}})}};
}

void requireAll(Json& node, const std::string& pointer, std::vector<std::string>& changes)
{
    auto props = node.find("properties");
    if (props == node.end() || !props->is_object() || notRequired(node).empty())
        return;
    std::set<std::string> listed;
    if (const auto r = node.find("required"); r != node.end() && r->is_array())
        for (const Json& name : *r)
            if (name.is_string())
                listed.insert(name.get<std::string>());
    Json required = Json::array();
    for (auto it = props->begin(); it != props->end(); ++it) {
        required.push_back(it.key());
        if (!listed.count(it.key())) {
            it.value() = nullable(it.value());
            changes.push_back(at(pointer) + ": made optional property \"" + it.key() + "\" required and nullable");
        }
    }
    node["required"] = std::move(required);
}

class OpenAiStrict final : public Profile
{
public:
    explicit OpenAiStrict(std::string name) : m_name(std::move(name)) {}
    std::string name() const override { return m_name; }

    Verdict accepts(const Json& schema) const override
    {
        if (Verdict root = rootMustBeObject(schema); !root.ok)
            return root;
        std::vector<std::string> reasons;
        std::size_t properties = 0;
        const bool walked = walkSchema(schema, [&](const Json& node, const std::string& pointer, int depth) {
            checkOpenAiNode(node, pointer, depth, reasons, properties);
        });
        if (properties > kOpenAiMaxProperties)
            reasons.push_back("(root): more than 5,000 properties in all");
        return finish(std::move(reasons), walked);
    }

    Transformed makeStrict(const Json& schema) const override
    {
        Transformed out{schema, {}, {}};
        editSchema(out.schema, [&](Json& node, const std::string& pointer) {
            if (node.contains("oneOf") && !node.contains("anyOf")) {
                node["anyOf"] = node["oneOf"];
                node.erase("oneOf");
                out.changes.push_back(at(pointer) + ": oneOf became anyOf");
            }
            closeObject(node, pointer, out.changes);
            if (isObjectSchema(node))
                requireAll(node, pointer, out.changes);
        });
        out.verdict = accepts(out.schema);
        return out;
    }

private:
    std::string m_name;
};

// ---- Anthropic -------------------------------------------------------------------------

constexpr std::array<std::string_view, 10> kAnthropicFormats{
    "date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"};
// Constraints the API does not enforce; the SDK moves them into the description.
constexpr std::array<std::string_view, 16> kAnthropicToDescription{
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
    "pattern", "maxItems", "uniqueItems", "minProperties", "maxProperties", "propertyNames",
    "contains", "minContains", "maxContains"};
constexpr std::array<std::string_view, 7> kAnthropicUnsupported{
    "oneOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas"};

void checkAnthropicNode(const Json& node, const std::string& pointer, std::vector<std::string>& reasons)
{
    for (auto it = node.begin(); it != node.end(); ++it) {
        if (contains(kAnthropicUnsupported, it.key()) || contains(kAnthropicToDescription, it.key())
            || it.key() == "patternProperties")
            reasons.push_back(at(pointer) + ": " + it.key() + " is not supported");
    }
    if (const auto f = node.find("format"); f != node.end() && f->is_string()
        && !contains(kAnthropicFormats, f->get<std::string>()))
        reasons.push_back(at(pointer) + ": format \"" + f->get<std::string>() + "\" is not supported");
    if (const auto m = node.find("minItems"); m != node.end() && m->is_number() && m->get<double>() > 1)
        reasons.push_back(at(pointer) + ": minItems must be 0 or 1");
    if (isObjectSchema(node) && !isClosed(node))
        reasons.push_back(at(pointer) + ": additionalProperties must be false");
}

// Moves one unsupported constraint into the description ("{minimum: 1}"), as the SDK does.
void moveToDescription(Json& node, const std::string& key, const std::string& pointer, std::vector<std::string>& changes)
{
    std::string description = node.contains("description") && node["description"].is_string()
        ? node["description"].get<std::string>() : std::string();
    description += (description.empty() ? "{" : "\n\n{") + key + ": " + conform::dump(node[key]) + "}";
    node["description"] = description;
    node.erase(key);
    changes.push_back(at(pointer) + ": moved " + key + " into the description");
}

void anthropicEdit(Json& node, const std::string& pointer, std::vector<std::string>& changes)
{
    if (node.contains("oneOf") && !node.contains("anyOf")) {
        node["anyOf"] = node["oneOf"];
        node.erase("oneOf");
        changes.push_back(at(pointer) + ": oneOf became anyOf");
    }
    std::vector<std::string> keys;
    for (auto it = node.begin(); it != node.end(); ++it)
        if (contains(kAnthropicToDescription, it.key()))
            keys.push_back(it.key());
    if (const auto f = node.find("format"); f != node.end() && f->is_string()
        && !contains(kAnthropicFormats, f->get<std::string>()))
        keys.push_back("format");
    if (const auto m = node.find("minItems"); m != node.end() && m->is_number() && m->get<double>() > 1)
        keys.push_back("minItems");
    for (const std::string& key : keys)
        moveToDescription(node, key, pointer, changes);
    closeObject(node, pointer, changes);
}

class AnthropicStrict final : public Profile
{
public:
    std::string name() const override { return "anthropic-strict"; }

    Verdict accepts(const Json& schema) const override
    {
        if (!schema.is_object())
            return Verdict{false, {"(root): the schema must be a JSON object"}};
        std::vector<std::string> reasons;
        const bool walked = walkSchema(schema, [&](const Json& node, const std::string& pointer, int) {
            checkAnthropicNode(node, pointer, reasons);
        });
        return finish(std::move(reasons), walked);
    }

    Transformed makeStrict(const Json& schema) const override
    {
        Transformed out{schema, {}, {}};
        editSchema(out.schema, [&](Json& node, const std::string& pointer) { anthropicEdit(node, pointer, out.changes); });
        out.verdict = accepts(out.schema);
        return out;
    }
};

// ---- Ollama ----------------------------------------------------------------------------

class OllamaFormat final : public Profile
{
public:
    std::string name() const override { return "ollama-format"; }

    Verdict accepts(const Json& schema) const override
    {
        if (!schema.is_object())
            return Verdict{false, {"(root): the schema must be a JSON object"}};
        if (!schema.contains("type") && !schema.contains("properties") && !schema.contains("$ref"))
            return Verdict{false, {"(root): the root must name a type"}};
        return finish({}, walkSchema(schema, [](const Json&, const std::string&, int) {}));
    }

    Transformed makeStrict(const Json& schema) const override { return Transformed{schema, {}, accepts(schema)}; }
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
    static const OpenAiStrict profile("openai-strict");
    return profile;
}

const Profile& openAiResponsesStrictProfile()
{
    // The same structured-outputs engine behind a different field (text.format, and function
    // tools that are strict unless told otherwise): the subset is Chat Completions' own.
    static const OpenAiStrict profile("openai-responses-strict");
    return profile;
}

const Profile& anthropicStrictProfile()
{
    static const AnthropicStrict profile;
    return profile;
}

const Profile& ollamaFormatProfile()
{
    static const OllamaFormat profile;
    return profile;
}

Json removeNullOptionals(const Json& value, const Json& originalSchema)
{
    return removeNulls(value, originalSchema, 0);
}

} // namespace conform::providers
