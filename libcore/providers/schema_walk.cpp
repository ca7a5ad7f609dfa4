#include "providers/schema_walk.h"

#include "base/path.h"

#include <array>
#include <string_view>

namespace conform::providers::detail {

namespace {

// Keywords whose value is a map of name -> subschema.
constexpr std::array<std::string_view, 4> kMapKeywords{"properties", "patternProperties", "$defs", "definitions"};
// Keywords whose value is an array of subschemas.
constexpr std::array<std::string_view, 4> kListKeywords{"anyOf", "allOf", "oneOf", "prefixItems"};
// Keywords whose value is one subschema.
constexpr std::array<std::string_view, 6> kSingleKeywords{"additionalProperties", "items", "not", "if", "then", "else"};

bool nests(std::string_view keyword)
{
    return keyword == "properties" || keyword == "items" || keyword == "prefixItems"
        || keyword == "additionalProperties" || keyword == "patternProperties";
}

template <typename Node, typename Fn>
bool walk(Node& schema, const std::string& pointer, int depth, int level, const Fn& fn)
{
    if (!schema.is_object())
        return true;
    if (level > kMaxSchemaDepth)
        return false;
    fn(schema, pointer, depth);
    bool ok = true;
    for (std::string_view keyword : kMapKeywords) {
        auto it = schema.find(keyword);
        if (it == schema.end() || !it->is_object())
            continue;
        const int next = nests(keyword) ? depth + 1 : depth;
        for (auto member = it->begin(); member != it->end(); ++member)
            ok = walk(member.value(), appendPointer(appendPointer(pointer, keyword), member.key()), next, level + 1, fn) && ok;
    }
    for (std::string_view keyword : kListKeywords) {
        auto it = schema.find(keyword);
        if (it == schema.end() || !it->is_array())
            continue;
        const int next = nests(keyword) ? depth + 1 : depth;
        for (std::size_t i = 0; i < it->size(); ++i)
            ok = walk((*it)[i], appendPointer(pointer, keyword) + '/' + std::to_string(i), next, level + 1, fn) && ok;
    }
    for (std::string_view keyword : kSingleKeywords) {
        auto it = schema.find(keyword);
        if (it != schema.end())
            ok = walk(*it, appendPointer(pointer, keyword), nests(keyword) ? depth + 1 : depth, level + 1, fn) && ok;
    }
    return ok;
}

} // namespace

bool walkSchema(const Json& schema, const Visitor& visit)
{
    return walk(schema, std::string(), 1, 0, visit);
}

bool editSchema(Json& schema, const Editor& edit)
{
    return walk(schema, std::string(), 1, 0, [&](Json& node, const std::string& pointer, int) { edit(node, pointer); });
}

bool hasType(const Json& schema, const std::string& type)
{
    const auto it = schema.find("type");
    if (it == schema.end())
        return false;
    if (it->is_string())
        return it->get<std::string>() == type;
    if (it->is_array())
        for (const Json& t : *it)
            if (t.is_string() && t.get<std::string>() == type)
                return true;
    return false;
}

} // namespace conform::providers::detail
