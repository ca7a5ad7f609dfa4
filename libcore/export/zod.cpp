// The Zod 3 export: an ES module that imports z from "zod" and default-exports the schema.
// $defs become z.lazy() constants (so recursion works); oneOf checks that exactly one branch
// matches, as JSON Schema does; keywords Zod cannot state become comments and notes.
#include "base/path.h"
#include "export/source_exporters.h"
#include "export/source_walk.h"
#include "schema/regex.h"

namespace conform::exporting::detail {

namespace {

std::string defConstant(const std::string& name)
{
    return pascalCase(name) + "Schema";
}

class ZodWriter
{
public:
    explicit ZodWriter(std::vector<std::string>& notes) : m_notes(notes) {}

    std::string expr(const Json& node, const std::string& pointer, int depth)
    {
        if (auto trivial = trivialNode(node, pointer, depth, "z.any()", "z.never()", m_notes))
            return *trivial;
        const std::size_t before = m_notes.size();
        noteUnhandled(node, pointer, {"minLength", "maxLength", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
                                      "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems"}, "Zod", m_notes);
        std::vector<std::string> all; // every part must hold: an intersection
        if (const auto ref = refTarget(node, pointer, m_notes))
            all.push_back(defConstant(*ref));
        if (node.contains("const"))
            all.push_back(literal(node["const"]));
        else if (node.contains("enum") && node["enum"].is_array())
            all.push_back(enumExpr(node["enum"]));
        else if (const auto types = typesOf(node); !types.empty())
            all.push_back(typed(node, pointer, types, depth));
        if (node.contains("anyOf"))
            all.push_back(unionOf(node["anyOf"], pointer + "/anyOf", depth));
        if (node.contains("oneOf"))
            all.push_back(exactlyOne(node["oneOf"], pointer + "/oneOf", depth));
        if (node.contains("allOf") && node["allOf"].is_array())
            for (std::size_t i = 0; i < node["allOf"].size(); ++i)
                all.push_back(expr(node["allOf"][i], pointer + "/allOf/" + std::to_string(i), depth + 1));
        std::string out = all.empty() ? "z.any()" : all.front();
        for (std::size_t i = 1; i < all.size(); ++i)
            out = "z.intersection(" + out + ", " + all[i] + ")";
        return commentOf(m_notes, before) + out;
    }

private:
    static std::string literal(const Json& value)
    {
        if (value.is_object() || value.is_array())
            return "z.custom((v) => JSON.stringify(v) === " + jsLiteral(Json(conform::dump(value))) + ")";
        return value.is_null() ? "z.null()" : "z.literal(" + jsLiteral(value) + ")";
    }

    static std::string enumExpr(const Json& values)
    {
        const bool strings = std::all_of(values.begin(), values.end(), [](const Json& v) { return v.is_string(); });
        if (strings && !values.empty())
            return "z.enum(" + jsLiteral(values) + ")";
        if (values.size() == 1)
            return literal(values.front());
        std::string out = "z.union([";
        for (std::size_t i = 0; i < values.size(); ++i)
            out += (i ? ", " : "") + literal(values[i]);
        return out + "])";
    }

    std::vector<std::string> branches(const Json& list, const std::string& pointer, int depth)
    {
        std::vector<std::string> out;
        if (list.is_array())
            for (std::size_t i = 0; i < list.size(); ++i)
                out.push_back(expr(list[i], pointer + "/" + std::to_string(i), depth + 1));
        return out;
    }

    std::string unionOf(const Json& list, const std::string& pointer, int depth)
    {
        const auto items = branches(list, pointer, depth);
        if (items.empty())
            return "z.never()";
        return items.size() == 1 ? items.front() : "z.union([" + join(items, ", ") + "])";
    }

    // JSON Schema's oneOf: exactly one branch may match.
    std::string exactlyOne(const Json& list, const std::string& pointer, int depth)
    {
        const auto items = branches(list, pointer, depth);
        if (items.empty())
            return "z.never()";
        return "z.any().superRefine((v, ctx) => { if ([" + join(items, ", ")
            + "].filter((s) => s.safeParse(v).success).length !== 1) ctx.addIssue({ code: z.ZodIssueCode.custom, "
              "message: \"must match exactly one schema in oneOf\" }); })";
    }

    std::string typed(const Json& node, const std::string& pointer, const std::vector<std::string>& types, int depth)
    {
        std::vector<std::string> each;
        for (const std::string& type : types)
            each.push_back(oneType(node, pointer, type, depth));
        return each.size() == 1 ? each.front() : "z.union([" + join(each, ", ") + "])";
    }

    static std::string bound(const Json& node, const char* keyword, const char* method)
    {
        const auto it = node.find(keyword);
        return it != node.end() && it->is_number() ? std::string(".") + method + "(" + jsLiteral(*it) + ")" : std::string();
    }

    std::string oneType(const Json& node, const std::string& pointer, const std::string& type, int depth)
    {
        if (type == "string")
            return "z.string()" + bound(node, "minLength", "min") + bound(node, "maxLength", "max") + pattern(node, pointer)
                + format(node, pointer);
        if (type == "number" || type == "integer")
            return std::string("z.number()") + (type == "integer" ? ".int()" : "") + bound(node, "minimum", "gte")
                + bound(node, "maximum", "lte") + bound(node, "exclusiveMinimum", "gt") + bound(node, "exclusiveMaximum", "lt")
                + bound(node, "multipleOf", "multipleOf");
        if (type == "boolean")
            return "z.boolean()";
        if (type == "null")
            return "z.null()";
        if (type == "array")
            return array(node, pointer, depth);
        if (type == "object")
            return object(node, pointer, depth);
        m_notes.push_back(pointer + "/type: unknown type \"" + type + "\"");
        return "z.any()";
    }

    // A pattern that is no regular expression would make `new RegExp` throw when the module
    // loads: it is left out, with a note, so the export always loads.
    std::string pattern(const Json& node, const std::string& pointer)
    {
        const auto it = node.find("pattern");
        if (it == node.end() || !it->is_string())
            return {};
        if (const auto compiled = schema::Pattern::compile(it->get<std::string>()); !compiled) {
            m_notes.push_back(pointer + "/pattern: " + compiled.error().message + "; left out");
            return {};
        }
        return ".regex(new RegExp(" + jsLiteral(*it) + ", \"u\"))";
    }

    std::string format(const Json& node, const std::string& pointer)
    {
        const auto it = node.find("format");
        if (it == node.end() || !it->is_string())
            return {};
        const std::string name = it->get<std::string>();
        if (name == "email") return ".email()";
        if (name == "uuid") return ".uuid()";
        if (name == "uri") return ".url()";
        if (name == "date-time") return ".datetime({ offset: true })";
        m_notes.push_back(pointer + "/format: \"" + name + "\" is not checked by Zod");
        return {};
    }

    std::string array(const Json& node, const std::string& pointer, int depth)
    {
        std::string out;
        const auto items = node.find("items");
        const std::string rest = items != node.end() ? expr(*items, pointer + "/items", depth + 1) : "z.any()";
        if (const auto prefix = node.find("prefixItems"); prefix != node.end() && prefix->is_array()) {
            out = "z.tuple([" + join(branches(*prefix, pointer + "/prefixItems", depth), ", ") + "])";
            out += items != node.end() && items->is_boolean() && !items->get<bool>() ? "" : ".rest(" + rest + ")";
            return out + uniqueness(node);
        }
        return "z.array(" + rest + ")" + bound(node, "minItems", "min") + bound(node, "maxItems", "max") + uniqueness(node);
    }

    static std::string uniqueness(const Json& node)
    {
        const auto it = node.find("uniqueItems");
        if (it == node.end() || !it->is_boolean() || !it->get<bool>())
            return {};
        return ".refine((a) => new Set(a.map((x) => JSON.stringify(x))).size === a.length, { message: \"Items must be unique\" })";
    }

    std::string object(const Json& node, const std::string& pointer, int depth)
    {
        std::string out = "z.object({";
        const auto props = node.find("properties");
        bool first = true;
        if (props != node.end() && props->is_object())
            for (const auto& [key, sub] : props->items()) {
                out += std::string(first ? "\n" : ",\n") + std::string(std::size_t(depth + 1) * 2, ' ') + jsLiteral(Json(key)) + ": "
                    + expr(sub, appendPointer(pointer + "/properties", key), depth + 1) + (isRequired(node, key) ? "" : ".optional()");
                first = false;
            }
        for (const std::string& name : requiredOf(node))
            if (props == node.end() || !props->is_object() || !props->contains(name))
                m_notes.push_back(pointer + "/required: \"" + name + "\" is required but has no schema in properties; not expressed in Zod");
        out += first ? "})" : "\n" + std::string(std::size_t(depth) * 2, ' ') + "})";
        const auto extra = node.find("additionalProperties");
        if (extra == node.end() || (extra->is_boolean() && extra->get<bool>()))
            return out + ".passthrough()";
        if (extra->is_boolean())
            return out + ".strict()";
        return out + ".catchall(" + expr(*extra, pointer + "/additionalProperties", depth + 1) + ")";
    }

    std::vector<std::string>& m_notes;
};

} // namespace

Exported zodExport(const Json& schema, const std::string& name)
{
    Exported out;
    ZodWriter writer(out.notes);
    std::string defs;
    for (const auto& [defName, def] : definitions(schema))
        defs += "const " + defConstant(defName) + " = z.lazy(() => " + writer.expr(*def, appendPointer("/$defs", defName), 1) + ");\n";
    const std::string root = writer.expr(schema, "", 0);
    out.text = banner("//", name, "zod (Zod 3)", out.notes) + "import { z } from \"zod\";\n\n" + defs + (defs.empty() ? "" : "\n") + "const " + name + " = " + root + ";\n\nexport default "
        + name + ";\n";
    return out;
}

} // namespace conform::exporting::detail
