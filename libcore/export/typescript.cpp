// The TypeScript export: a type per schema and per $defs entry. Types say the shape; what a
// type cannot say (lengths, patterns, numeric bounds, integer, uniqueness) is a comment and a
// note. Array lengths up to kMaxTupleLength become tuples, so "five to seven goals" is checked.
#include "base/path.h"
#include "export/source_exporters.h"
#include "export/source_walk.h"

namespace conform::exporting::detail {

namespace {

constexpr std::int64_t kMaxTupleLength = 8;

class TypeWriter
{
public:
    explicit TypeWriter(std::vector<std::string>& notes) : m_notes(notes) {}

    std::string type(const Json& node, const std::string& pointer, int depth)
    {
        if (auto trivial = trivialNode(node, pointer, depth, "unknown", "never", m_notes))
            return *trivial;
        const std::size_t before = m_notes.size();
        noteUnhandled(node, pointer, {"minItems", "maxItems"}, "TypeScript", m_notes);
        std::vector<std::string> all;
        if (const auto ref = refTarget(node, pointer, m_notes))
            all.push_back(pascalCase(*ref));
        if (node.contains("const"))
            all.push_back(jsLiteral(node["const"]));
        else if (node.contains("enum") && node["enum"].is_array())
            all.push_back(literals(node["enum"]));
        else if (const auto types = typesOf(node); !types.empty())
            all.push_back(typed(node, pointer, types, depth));
        for (const char* key : {"anyOf", "oneOf"})
            if (node.contains(key) && node[key].is_array()) {
                if (std::string_view(key) == "oneOf")
                    m_notes.push_back(pointer + "/oneOf: a union; that only one branch matches is not expressed in TypeScript");
                all.push_back("(" + join(branches(node[key], pointer + "/" + key, depth), " | ", "never") + ")");
            }
        if (node.contains("allOf") && node["allOf"].is_array())
            all.push_back("(" + join(branches(node["allOf"], pointer + "/allOf", depth), " & ", "unknown") + ")");
        return commentOf(m_notes, before) + join(all, " & ", "unknown");
    }

private:
    static std::string literals(const Json& values)
    {
        std::vector<std::string> each;
        for (const Json& v : values)
            each.push_back(jsLiteral(v));
        return join(each, " | ", "never");
    }

    std::vector<std::string> branches(const Json& list, const std::string& pointer, int depth)
    {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < list.size(); ++i)
            out.push_back(type(list[i], pointer + "/" + std::to_string(i), depth + 1));
        return out;
    }

    std::string typed(const Json& node, const std::string& pointer, const std::vector<std::string>& types, int depth)
    {
        std::vector<std::string> each;
        for (const std::string& t : types) {
            if (t == "string" || t == "boolean" || t == "null")
                each.push_back(t);
            else if (t == "number")
                each.push_back("number");
            else if (t == "integer") {
                m_notes.push_back(pointer + "/type: integer is number in TypeScript");
                each.push_back("number");
            } else if (t == "array")
                each.push_back(array(node, pointer, depth));
            else if (t == "object")
                each.push_back(object(node, pointer, depth));
            else
                each.push_back("unknown");
        }
        return each.size() == 1 ? each.front() : "(" + join(each, " | ", "never") + ")";
    }

    static std::optional<std::int64_t> count(const Json& node, const char* key)
    {
        const auto it = node.find(key);
        return it != node.end() && it->is_number_integer() ? std::optional(it->get<std::int64_t>()) : std::nullopt;
    }

    static std::string tuple(const std::string& item, std::int64_t length, bool open)
    {
        std::string out = "[";
        for (std::int64_t i = 0; i < length; ++i)
            out += (i ? ", " : "") + item;
        if (open)
            out += std::string(length ? ", " : "") + "...(" + item + ")[]";
        return out + "]";
    }

    std::string array(const Json& node, const std::string& pointer, int depth)
    {
        const auto items = node.find("items");
        std::string item = items != node.end() ? type(*items, pointer + "/items", depth + 1) : "unknown";
        if (const auto prefix = node.find("prefixItems"); prefix != node.end() && prefix->is_array()) {
            const bool closed = items != node.end() && items->is_boolean() && !items->get<bool>();
            return "[" + join(branches(*prefix, pointer + "/prefixItems", depth), ", ", "") + (closed ? "" : ", ...(" + item + ")[]") + "]";
        }
        const auto low = count(node, "minItems").value_or(0);
        const auto high = count(node, "maxItems");
        if (high && *high <= kMaxTupleLength && low <= *high) {
            std::vector<std::string> lengths;
            for (std::int64_t n = low; n <= *high; ++n)
                lengths.push_back(tuple(item, n, false));
            return "(" + join(lengths, " | ", "never") + ")";
        }
        if (high)
            m_notes.push_back(pointer + "/maxItems: not expressed in TypeScript (over " + std::to_string(kMaxTupleLength) + ")");
        if (low > kMaxTupleLength)
            m_notes.push_back(pointer + "/minItems: not expressed in TypeScript (over " + std::to_string(kMaxTupleLength) + ")");
        return low > 0 && low <= kMaxTupleLength ? tuple(item, low, true) : "(" + item + ")[]";
    }

    std::string object(const Json& node, const std::string& pointer, int depth)
    {
        const std::string indent(std::size_t(depth + 1) * 2, ' ');
        std::string out = "{\n";
        const auto props = node.find("properties");
        if (props != node.end() && props->is_object())
            for (const auto& [key, sub] : props->items())
                out += indent + jsLiteral(Json(key)) + (isRequired(node, key) ? ": " : "?: ")
                    + type(sub, appendPointer(pointer + "/properties", key), depth + 1) + ";\n";
        for (const std::string& name : requiredOf(node))
            if (props == node.end() || !props->is_object() || !props->contains(name))
                out += indent + jsLiteral(Json(name)) + ": unknown;\n";
        const auto extra = node.find("additionalProperties");
        if (extra == node.end() || !extra->is_boolean() || extra->get<bool>()) {
            // An index signature must admit every declared property's type too.
            if (extra != node.end() && extra->is_object())
                m_notes.push_back(pointer + "/additionalProperties: other properties are unknown in TypeScript");
            out += indent + "[key: string]: unknown;\n";
        }
        return out + std::string(std::size_t(depth) * 2, ' ') + "}";
    }

    std::vector<std::string>& m_notes;
};

} // namespace

Exported typeScriptExport(const Json& schema, const std::string& name)
{
    Exported out;
    TypeWriter writer(out.notes);
    std::string defs;
    for (const auto& [defName, def] : definitions(schema))
        defs += "export type " + pascalCase(defName) + " = " + writer.type(*def, appendPointer("/$defs", defName), 0) + ";\n\n";
    const std::string root = writer.type(schema, "", 0);
    out.text = banner("//", name, "typescript", out.notes) + "\n" + defs + "export type " + name + " = " + root + ";\n";
    return out;
}

} // namespace conform::exporting::detail
