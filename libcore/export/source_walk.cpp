#include "export/source_walk.h"

#include "base/path.h"

#include <algorithm>
#include <cctype>

namespace conform::exporting::detail {

namespace {

constexpr std::string_view kAnnotations[] = {"title", "description", "$schema", "$id", "$comment", "default", "examples",
                                             "contentMediaType", "contentEncoding", "readOnly", "writeOnly", "deprecated"};

} // namespace

std::string pascalCase(std::string_view text)
{
    std::string out;
    bool upper = true;
    for (const char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
            upper = false;
        } else {
            upper = true;
        }
    }
    if (!out.empty() && std::isdigit(static_cast<unsigned char>(out.front())))
        out.insert(out.begin(), 'T');
    return out;
}

std::vector<std::string> typesOf(const Json& node)
{
    if (!node.is_object())
        return {};
    if (const auto type = node.find("type"); type != node.end()) {
        if (type->is_string())
            return {type->get<std::string>()};
        std::vector<std::string> types;
        if (type->is_array())
            for (const Json& t : *type)
                if (t.is_string())
                    types.push_back(t.get<std::string>());
        return types;
    }
    if (node.contains("properties") || node.contains("additionalProperties"))
        return {"object"};
    if (node.contains("items") || node.contains("prefixItems"))
        return {"array"};
    return {};
}

std::optional<std::string> localRef(const Json& node)
{
    const auto ref = node.find("$ref");
    if (ref == node.end() || !ref->is_string())
        return std::nullopt;
    const std::string text = ref->get<std::string>();
    for (const std::string_view prefix : {std::string_view("#/$defs/"), std::string_view("#/definitions/")})
        if (text.starts_with(prefix) && text.find('/', prefix.size()) == std::string::npos)
            return text.substr(prefix.size());
    return std::nullopt;
}

std::vector<std::pair<std::string, const Json*>> definitions(const Json& root)
{
    std::vector<std::pair<std::string, const Json*>> out;
    for (const char* key : {"$defs", "definitions"})
        if (const auto defs = root.find(key); root.is_object() && defs != root.end() && defs->is_object())
            for (const auto& [name, schema] : defs->items())
                out.emplace_back(name, &schema);
    return out;
}

std::vector<std::string> requiredOf(const Json& node)
{
    std::vector<std::string> names;
    if (const auto required = node.find("required"); required != node.end() && required->is_array())
        for (const Json& name : *required)
            if (name.is_string())
                names.push_back(name.get<std::string>());
    return names;
}

bool isRequired(const Json& node, const std::string& property)
{
    const auto names = requiredOf(node);
    return std::find(names.begin(), names.end(), property) != names.end();
}

std::string jsLiteral(const Json& value)
{
    return conform::dump(value);
}

std::string pythonLiteral(const Json& value)
{
    if (value.is_null())
        return "None";
    if (value.is_boolean())
        return value.get<bool>() ? "True" : "False";
    if (value.is_array()) {
        std::string out = "[";
        for (const Json& item : value)
            out += (out.size() > 1 ? ", " : "") + pythonLiteral(item);
        return out + "]";
    }
    if (value.is_object()) {
        std::string out = "{";
        for (const auto& [key, item] : value.items())
            out += (out.size() > 1 ? ", " : "") + conform::dump(Json(key)) + ": " + pythonLiteral(item);
        return out + "}";
    }
    return conform::dump(value); // strings: JSON escapes are valid Python escapes
}

void noteUnhandled(const Json& node, const std::string& pointer, std::initializer_list<std::string_view> handled,
                   std::string_view target, std::vector<std::string>& notes)
{
    if (!node.is_object())
        return;
    for (const auto& [key, value] : node.items()) {
        const auto known = [&](std::string_view k) { return k == key; };
        if (std::any_of(std::begin(kAnnotations), std::end(kAnnotations), known) || std::any_of(kStructural.begin(), kStructural.end(), known)
            || std::any_of(handled.begin(), handled.end(), known))
            continue;
        notes.push_back(appendPointer(pointer, key) + ": not expressed in " + std::string(target));
    }
}

std::optional<std::string> trivialNode(const Json& node, const std::string& pointer, int depth, std::string_view anything,
                                       std::string_view nothing, std::vector<std::string>& notes)
{
    if (depth > kMaxDepth) {
        notes.push_back((pointer.empty() ? std::string("/") : pointer) + ": nested too deeply; exported as " + std::string(anything));
        return std::string(anything);
    }
    if (node.is_boolean())
        return std::string(node.get<bool>() ? anything : nothing);
    if (!node.is_object())
        return std::string(anything);
    return std::nullopt;
}

std::optional<std::string> refTarget(const Json& node, const std::string& pointer, std::vector<std::string>& notes)
{
    if (!node.contains("$ref"))
        return std::nullopt;
    if (auto ref = localRef(node))
        return ref;
    notes.push_back(pointer + "/$ref: only local #/$defs references are exported");
    return std::nullopt;
}

std::string commentOf(const std::vector<std::string>& notes, std::size_t from)
{
    std::string comment;
    for (std::size_t i = from; i < notes.size(); ++i)
        comment += (comment.empty() ? "/* " : "; ") + notes[i];
    return comment.empty() ? comment : comment + " */ ";
}

std::string join(const std::vector<std::string>& items, std::string_view separator, std::string_view empty)
{
    if (items.empty())
        return std::string(empty);
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? std::string(separator) : std::string()) + items[i];
    return out;
}

std::string banner(std::string_view comment, const std::string& name, std::string_view target, const std::vector<std::string>& notes)
{
    std::string out = std::string(comment) + " " + name + ": generated by conform-cli schema export --to " + std::string(target) + ".\n";
    for (const std::string& note : notes)
        out += std::string(comment) + " Not expressed: " + note + "\n";
    return out;
}

} // namespace conform::exporting::detail
