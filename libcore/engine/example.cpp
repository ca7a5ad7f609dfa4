#include "engine/example.h"

#include <string>

namespace conform::engine {

namespace {

constexpr int kMaxDepth = 12;

std::string firstType(const Json& schema)
{
    const auto it = schema.find("type");
    if (it == schema.end())
        return schema.contains("properties") ? "object" : schema.contains("items") ? "array" : "";
    if (it->is_string())
        return it->get<std::string>();
    if (it->is_array())
        for (const Json& t : *it)
            if (t.is_string() && t.get<std::string>() != "null")
                return t.get<std::string>();
    return "null";
}

Json stringExample(const Json& schema)
{
    const auto it = schema.find("format");
    const std::string format = it != schema.end() && it->is_string() ? it->get<std::string>() : std::string();
    if (format == "date-time")
        return "2024-01-31T12:00:00Z";
    if (format == "date")
        return "2024-01-31";
    if (format == "email")
        return "name@example.com";
    if (format == "uri")
        return "https://example.com/";
    if (format == "uuid")
        return "123e4567-e89b-12d3-a456-426614174000";
    return "string";
}

class Builder
{
public:
    explicit Builder(const Json& root) : m_root(root) {}

    Json build(const Json& schema, int depth) const
    {
        if (!schema.is_object() || depth > kMaxDepth)
            return nullptr;
        if (const auto ref = schema.find("$ref"); ref != schema.end() && ref->is_string())
            return build(resolve(ref->get<std::string>()), depth + 1);
        if (const auto c = schema.find("const"); c != schema.end())
            return *c;
        if (const auto e = schema.find("enum"); e != schema.end() && e->is_array() && !e->empty())
            return (*e)[0];
        for (const char* key : {"anyOf", "oneOf", "allOf"})
            if (const auto list = schema.find(key); list != schema.end() && list->is_array() && !list->empty())
                return build((*list)[0], depth + 1);
        return byType(schema, depth);
    }

private:
    Json byType(const Json& schema, int depth) const
    {
        const std::string type = firstType(schema);
        if (type == "object")
            return object(schema, depth);
        if (type == "array")
            return Json::array({build(schema.value("items", Json::object()), depth + 1)});
        if (type == "string")
            return stringExample(schema);
        if (type == "integer")
            return schema.contains("minimum") && schema["minimum"].is_number() ? schema["minimum"] : Json(0);
        if (type == "number")
            return schema.contains("minimum") && schema["minimum"].is_number() ? schema["minimum"] : Json(0.5);
        if (type == "boolean")
            return true;
        return nullptr;
    }

    Json object(const Json& schema, int depth) const
    {
        Json out = Json::object();
        const auto props = schema.find("properties");
        if (props == schema.end() || !props->is_object())
            return out;
        for (auto it = props->begin(); it != props->end(); ++it)
            out[it.key()] = build(it.value(), depth + 1);
        return out;
    }

    const Json& resolve(const std::string& ref) const
    {
        static const Json none = Json::object();
        if (ref.empty() || ref[0] != '#')
            return none;
        try { // a malformed pointer is simply not followed
            const nlohmann::json_pointer<std::string> pointer(ref.substr(1));
            return m_root.contains(pointer) ? m_root.at(pointer) : none;
        } catch (const std::exception&) {
            return none;
        }
    }

    const Json& m_root;
};

} // namespace

Json exampleFor(const Json& schema)
{
    return Builder(schema).build(schema, 0);
}

} // namespace conform::engine
