// Phase two, continued: the keywords that hold subschemas (arrays, objects, applicators).
#include "schema/compiler.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace conform::schema::detail {
namespace {

constexpr std::size_t kHashKeysFrom = 12;

Result<std::uint64_t> countOf(const Json& v, const std::string& where)
{
    if (v.is_number_unsigned())
        return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
        return static_cast<std::uint64_t>(v.get<std::int64_t>());
    const double d = v.is_number() ? v.get<double>() : -1;
    if (d >= 0 && d < 1.8e19 && std::floor(d) == d)
        return static_cast<std::uint64_t>(d);
    return Error{"must be a non-negative integer", where};
}

} // namespace

Status Compiler::compileArrays(Node& node, const Json& s)
{
    const bool draft7 = m_scope->draft == Draft::Draft7;
    auto items = s.find("items");
    const bool itemsArray = items != s.end() && items->is_array();
    if (itemsArray) { // draft 7's tuple form (tolerated in 2020-12 as the same thing)
        auto list = children(*items, "items");
        if (!list)
            return list.error();
        node.prefixItems = list.value();
        node.has |= Has::PrefixItems;
        if (s.contains("additionalItems")) {
            auto rest = child("/additionalItems");
            if (!rest)
                return rest.error();
            node.items = rest.value();
            node.itemsKeyword = "additionalItems";
            node.has |= Has::Items;
        }
    } else {
        if (!draft7 && s.contains("prefixItems")) {
            auto list = children(s["prefixItems"], "prefixItems");
            if (!list)
                return list.error();
            node.prefixItems = list.value();
            node.has |= Has::PrefixItems;
        }
        if (items != s.end()) {
            auto rest = child("/items");
            if (!rest)
                return rest.error();
            node.items = rest.value();
            node.has |= Has::Items;
        }
    }
    if (s.contains("contains")) {
        auto c = child("/contains");
        if (!c)
            return c.error();
        node.contains = c.value();
        node.has |= Has::Contains;
        if (!draft7 && s.contains("minContains")) {
            auto v = countOf(s["minContains"], where("minContains"));
            if (!v)
                return v.error();
            node.minContains = v.value();
        }
        if (!draft7 && s.contains("maxContains")) {
            auto v = countOf(s["maxContains"], where("maxContains"));
            if (!v)
                return v.error();
            node.maxContains = v.value();
            node.hasMaxContains = true;
        }
    }
    if (auto u = s.find("uniqueItems"); u != s.end() && *u == true)
        node.has |= Has::UniqueItems;
    if (!draft7 && s.contains("unevaluatedItems")) {
        auto c = child("/unevaluatedItems");
        if (!c)
            return c.error();
        node.unevaluatedItems = c.value();
        node.has |= Has::UnevaluatedItems;
    }
    return Done{};
}

Status Compiler::compileObjects(Node& node, const Json& s)
{
    const bool draft7 = m_scope->draft == Draft::Draft7;
    if (auto p = s.find("properties"); p != s.end()) {
        if (!p->is_object())
            return Error{"must be an object", where("properties")};
        for (const auto& [name, sub] : p->items()) {
            auto c = child(appendPointer("/properties", name));
            if (!c)
                return c.error();
            node.keys.push_back({name, c.value(), -1});
        }
        node.has |= Has::Properties;
    }
    if (auto r = s.find("required"); r != s.end()) {
        if (!r->is_array())
            return Error{"must be an array of strings", where("required")};
        for (const auto& name : *r) {
            if (!name.is_string())
                return Error{"must be an array of strings", where("required")};
            node.required.push_back(name.get<std::string>());
        }
        for (std::size_t i = 0; i < node.required.size(); ++i) {
            auto entry = std::find_if(node.keys.begin(), node.keys.end(),
                                      [&](const KeyEntry& e) { return e.name == node.required[i]; });
            if (entry == node.keys.end())
                node.keys.push_back({node.required[i], nullptr, int(i)});
            else if (entry->required < 0)
                entry->required = int(i);
        }
        for (const auto& entry : node.keys)
            if (entry.required >= 0 && entry.required < 64)
                node.requiredMask |= 1ull << entry.required;
        if (!node.required.empty())
            node.has |= Has::Required;
    }
    if (node.keys.size() >= kHashKeysFrom)
        for (std::uint32_t i = 0; i < node.keys.size(); ++i)
            node.keyIndex.emplace(node.keys[i].name, i);
    if (auto p = s.find("patternProperties"); p != s.end()) {
        if (!p->is_object())
            return Error{"must be an object", where("patternProperties")};
        for (const auto& [source, sub] : p->items()) {
            auto c = child(appendPointer("/patternProperties", source));
            if (!c)
                return c.error();
            auto compiled = regex(source, appendPointer(where("patternProperties"), source));
            if (!compiled)
                return compiled.error();
            node.patternProperties.emplace_back(compiled.value(), c.value());
        }
        node.has |= Has::PatternProperties;
    }
    for (auto [keyword, field, bit] :
         {std::tuple{"additionalProperties", &Node::additionalProperties, Has::AdditionalProperties},
          std::tuple{"propertyNames", &Node::propertyNames, Has::PropertyNames},
          std::tuple{"unevaluatedProperties", &Node::unevaluatedProperties, Has::UnevaluatedProperties}}) {
        if (!s.contains(keyword) || (draft7 && bit == Has::UnevaluatedProperties))
            continue;
        auto c = child(appendPointer("", keyword));
        if (!c)
            return c.error();
        node.*field = c.value();
        node.has |= bit;
    }
    return compileDependencies(node, s);
}

Status Compiler::compileDependencies(Node& node, const Json& s)
{
    const bool draft7 = m_scope->draft == Draft::Draft7;
    auto addRequired = [&](const std::string& name, const Json& list, const char* keyword) -> Status {
        std::vector<std::string> names;
        for (const auto& n : list) {
            if (!n.is_string())
                return Error{"must be an array of strings", appendPointer(where(keyword), name)};
            names.push_back(n.get<std::string>());
        }
        node.dependentRequired.emplace_back(name, std::move(names));
        node.dependentRequiredKeyword = keyword;
        node.has |= Has::DependentRequired;
        return Done{};
    };
    auto addSchema = [&](const std::string& name, const char* keyword) -> Status {
        auto c = child(appendPointer(appendPointer("", keyword), name));
        if (!c)
            return c.error();
        node.dependentSchemas.emplace_back(name, c.value());
        node.dependentSchemasKeyword = keyword;
        node.has |= Has::DependentSchemas;
        return Done{};
    };
    for (const char* keyword : {"dependentRequired", "dependentSchemas", "dependencies"}) {
        // "dependencies" (draft 7) is also honoured in 2020-12, as most validators do; the
        // split keywords are 2020-12 only.
        const bool wanted = std::string_view(keyword) == "dependencies" || !draft7;
        auto it = s.find(keyword);
        if (!wanted || it == s.end())
            continue;
        if (!it->is_object())
            return Error{"must be an object", where(keyword)};
        for (const auto& [name, value] : it->items()) {
            const bool list = value.is_array() && std::string_view(keyword) != "dependentSchemas";
            Status st = list ? addRequired(name, value, keyword) : addSchema(name, keyword);
            if (!st.ok())
                return st;
        }
    }
    return Done{};
}

Status Compiler::compileApplicators(Node& node, const Json& s)
{
    for (auto [keyword, field, bit] : {std::tuple{"allOf", &Node::allOf, Has::AllOf},
                                       std::tuple{"anyOf", &Node::anyOf, Has::AnyOf},
                                       std::tuple{"oneOf", &Node::oneOf, Has::OneOf}}) {
        if (!s.contains(keyword))
            continue;
        auto list = children(s[keyword], keyword);
        if (!list)
            return list.error();
        node.*field = list.value();
        node.has |= bit;
    }
    for (auto [keyword, field] : {std::pair{"not", &Node::notSchema}, std::pair{"if", &Node::ifSchema},
                                  std::pair{"then", &Node::thenSchema}, std::pair{"else", &Node::elseSchema}}) {
        if (!s.contains(keyword))
            continue;
        auto c = child(appendPointer("", keyword));
        if (!c)
            return c.error();
        node.*field = c.value();
    }
    if (node.notSchema)
        node.has |= Has::Not;
    if (node.ifSchema) // even alone: its annotations count for unevaluated*
        node.has |= Has::If;
    return Done{};
}

} // namespace conform::schema::detail
