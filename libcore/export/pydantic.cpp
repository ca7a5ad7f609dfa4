// The Pydantic 2 export: a BaseModel per object schema (nested ones named after their
// parent and property), Annotated[..., Field(...)] for constraints, Literal for enum and
// const, a union for anyOf/oneOf. Classes come before the classes that use them, $defs
// first. What Pydantic cannot state becomes a comment and a note.
#include "base/path.h"
#include "export/source_exporters.h"
#include "export/source_walk.h"

#include <array>
#include <set>

namespace conform::exporting::detail {

namespace {

constexpr std::array<std::string_view, 36> kPythonKeywords = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else",
    "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
    "return", "try", "while", "with", "yield", "model_config"};

bool isIdentifier(const std::string& name)
{
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front())) || name.front() == '_')
        return false;
    if (std::find(kPythonKeywords.begin(), kPythonKeywords.end(), name) != kPythonKeywords.end())
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// A field name Python accepts: the name itself, else a cleaned one with the JSON name as alias.
std::string fieldName(const std::string& key)
{
    if (isIdentifier(key))
        return key;
    std::string out;
    for (const char c : key)
        out += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : '_';
    return "field_" + out;
}

class ModelWriter
{
public:
    explicit ModelWriter(std::vector<std::string>& notes) : m_notes(notes) {}

    std::string classes;

    // The Python annotation of a schema; object schemas become classes named `hint`.
    std::string annotation(const Json& node, const std::string& pointer, const std::string& hint, int depth)
    {
        if (auto trivial = trivialNode(node, pointer, depth, "Any", "Any", m_notes))
            return *trivial;
        noteUnhandled(node, pointer, {"minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum",
                                      "exclusiveMaximum", "multipleOf", "minItems", "maxItems"}, "Pydantic", m_notes);
        if (node.contains("allOf"))
            m_notes.push_back(pointer + "/allOf: not expressed in Pydantic (exported as the first of the other keywords)");
        if (node.contains("$ref")) {
            const auto ref = refTarget(node, pointer, m_notes);
            return ref ? pascalCase(*ref) : "Any";
        }
        if (node.contains("const"))
            return constrained("Literal[" + pythonLiteral(node["const"]) + "]", node);
        if (node.contains("enum") && node["enum"].is_array()) {
            std::string values;
            for (const Json& v : node["enum"])
                values += (values.empty() ? "" : ", ") + pythonLiteral(v);
            return constrained("Literal[" + values + "]", node);
        }
        for (const char* key : {"anyOf", "oneOf"})
            if (node.contains(key) && node[key].is_array()) {
                if (std::string_view(key) == "oneOf")
                    m_notes.push_back(pointer + "/oneOf: a Union; that only one branch matches is not expressed in Pydantic");
                std::vector<std::string> each;
                for (std::size_t i = 0; i < node[key].size(); ++i)
                    each.push_back(annotation(node[key][i], pointer + "/" + key + "/" + std::to_string(i), hint + "Option" + std::to_string(i + 1), depth + 1));
                return each.size() == 1 ? each.front() : "Union[" + join(each, ", ") + "]";
            }
        const auto types = typesOf(node);
        if (types.empty())
            return "Any";
        std::vector<std::string> each;
        for (const std::string& type : types)
            each.push_back(oneType(node, pointer, type, hint, depth));
        return each.size() == 1 ? each.front() : "Union[" + join(each, ", ") + "]";
    }

    void model(const Json& node, const std::string& pointer, const std::string& name, int depth)
    {
        std::string body;
        const auto props = node.find("properties");
        if (props != node.end() && props->is_object())
            for (const auto& [key, sub] : props->items())
                body += field(node, key, sub, appendPointer(pointer + "/properties", key), name, depth);
        for (const std::string& required : requiredOf(node))
            if (props == node.end() || !props->is_object() || !props->contains(required))
                m_notes.push_back(pointer + "/required: \"" + required + "\" has no schema in properties; not expressed in Pydantic");
        const auto extra = node.find("additionalProperties");
        const bool forbid = extra != node.end() && extra->is_boolean() && !extra->get<bool>();
        if (extra != node.end() && extra->is_object())
            m_notes.push_back(pointer + "/additionalProperties: other properties are allowed but not checked in Pydantic");
        std::string out = "class " + name + "(BaseModel):\n";
        if (node.contains("description") && node["description"].is_string())
            out += "    " + docstring(node["description"].get<std::string>()) + "\n\n";
        out += std::string("    model_config = ConfigDict(extra=\"") + (forbid ? "forbid" : "allow") + "\")\n";
        out += body.empty() ? "" : "\n" + body;
        classes += out + "\n\n";
    }

private:
    static std::string docstring(const std::string& text)
    {
        std::string escaped;
        for (const char c : text)
            escaped += c == '\\' ? std::string("\\\\") : c == '"' ? std::string("\\\"") : std::string(1, c);
        return "\"\"\"" + escaped + "\"\"\"";
    }

    // Field(...) arguments for the node's constraints.
    static std::string constraints(const Json& node, bool text)
    {
        std::string out;
        const auto add = [&](const char* keyword, const char* argument) {
            if (const auto it = node.find(keyword); it != node.end() && (it->is_number() || it->is_string()))
                out += std::string(out.empty() ? "" : ", ") + argument + "=" + pythonLiteral(*it);
        };
        add(text ? "minLength" : "minItems", "min_length");
        add(text ? "maxLength" : "maxItems", "max_length");
        if (text)
            add("pattern", "pattern");
        add("minimum", "ge");
        add("maximum", "le");
        add("exclusiveMinimum", "gt");
        add("exclusiveMaximum", "lt");
        add("multipleOf", "multiple_of");
        return out;
    }

    static std::string constrained(const std::string& type, const Json& node, bool text = false)
    {
        const std::string args = constraints(node, text);
        return args.empty() ? type : "Annotated[" + type + ", Field(" + args + ")]";
    }

    std::string oneType(const Json& node, const std::string& pointer, const std::string& type, const std::string& hint, int depth)
    {
        if (type == "string")
            return constrained("str", node, true);
        if (type == "integer")
            return constrained("int", node);
        if (type == "number")
            return constrained("float", node);
        if (type == "boolean")
            return "bool";
        if (type == "null")
            return "None";
        if (type == "array") {
            if (node.contains("uniqueItems") && node["uniqueItems"] == true)
                m_notes.push_back(pointer + "/uniqueItems: not expressed in Pydantic");
            const auto items = node.find("items");
            const std::string item = items != node.end() ? annotation(*items, pointer + "/items", hint + "Item", depth + 1) : "Any";
            return constrained("list[" + item + "]", node);
        }
        if (type == "object") {
            if (!node.contains("properties"))
                return "dict[str, Any]";
            model(node, pointer, hint, depth);
            return hint;
        }
        return "Any";
    }

    std::string field(const Json& parent, const std::string& key, const Json& sub, const std::string& pointer,
                      const std::string& parentName, int depth)
    {
        const std::string name = fieldName(key);
        std::string type = annotation(sub, pointer, parentName + pascalCase(key), depth + 1);
        std::vector<std::string> args;
        // The field's own constraints go in its Field(...) beside the description:
        // "Annotated[str, Field(min_length=1)]" -> "str" and min_length=1.
        if (const std::size_t at = type.rfind(", Field("); type.starts_with("Annotated[") && at != std::string::npos && type.ends_with(")]")) {
            args.push_back(type.substr(at + 8, type.size() - at - 10));
            type = type.substr(10, at - 10);
        }
        if (name != key)
            args.push_back("alias=" + pythonLiteral(Json(key)));
        if (sub.is_object() && sub.contains("description") && sub["description"].is_string())
            args.push_back("description=" + pythonLiteral(sub["description"]));
        const bool required = isRequired(parent, key);
        if (!required)
            m_notes.push_back(pointer + ": optional; Pydantic also accepts null for it");
        std::string line = "    " + name + ": " + (required ? type : "Optional[" + type + "]");
        if (!required)
            args.insert(args.begin(), "default=None");
        if (!args.empty())
            line += " = Field(" + join(args, ", ") + ")";
        return line + "\n";
    }

    std::vector<std::string>& m_notes;
};

// The definitions, each one that is only a $ref to another written after that other: a module-
// level `A = B` needs B to exist. A loop of such $refs (a bad schema) keeps document order.
std::vector<std::pair<std::string, const Json*>> aliasesAfterTargets(std::vector<std::pair<std::string, const Json*>> defs)
{
    auto targetOf = [&](const Json& def) -> std::optional<std::string> {
        if (!def.is_object() || def.size() != 1)
            return std::nullopt;
        return localRef(def);
    };
    std::vector<std::pair<std::string, const Json*>> ordered;
    std::set<std::string> written, named;
    for (const auto& [defName, def] : defs)
        named.insert(defName);
    for (bool progress = true; progress && ordered.size() < defs.size();) {
        progress = false;
        for (const auto& entry : defs) {
            if (written.count(entry.first))
                continue;
            const auto target = targetOf(*entry.second);
            if (target && *target != entry.first && named.count(*target) && !written.count(*target))
                continue;
            ordered.push_back(entry);
            written.insert(entry.first);
            progress = true;
        }
    }
    for (const auto& entry : defs)
        if (!written.count(entry.first))
            ordered.push_back(entry);
    return ordered;
}

} // namespace

Exported pydanticExport(const Json& schema, const std::string& name)
{
    Exported out;
    ModelWriter writer(out.notes);
    for (const auto& [defName, def] : aliasesAfterTargets(definitions(schema))) {
        // A definition that is not an object model is an alias, written after the classes it
        // names and before the classes that use it.
        const std::string type = writer.annotation(*def, appendPointer("/$defs", defName), pascalCase(defName), 1);
        if (type != pascalCase(defName))
            writer.classes += pascalCase(defName) + " = " + type + "\n\n\n";
    }
    const std::string root = writer.annotation(schema, "", name, 0);
    out.text = banner("#", name, "pydantic (Pydantic 2)", out.notes) + "from __future__ import annotations\n\n"
                "from typing import Annotated, Any, Literal, Optional, Union\n\n"
                "from pydantic import BaseModel, ConfigDict, Field\n\n\n";
    out.text += writer.classes;
    if (root != name)
        out.text += name + " = " + root + "\n";
    while (out.text.size() > 1 && out.text.ends_with("\n\n"))
        out.text.pop_back();
    return out;
}

} // namespace conform::exporting::detail
