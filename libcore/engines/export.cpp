#include "engines/detail/judge.h"

#include "base/path.h"

#include <set>

namespace conform::engines {

using namespace detail;

std::string Moved::words() const
{
    const std::string at = pointerText(pointer);
    if (keyword == "oneOf" && value.is_null())
        return at + ": oneOf became anyOf (that only one branch matches is left to Conform)";
    return at + ": moved " + keyword + " " + conform::dump(value) + " into the description";
}

namespace {

std::string at(const std::string& pointer)
{
    return pointerText(pointer);
}

struct Editor
{
    const Json& root;
    Exported& out;

    void describe(Json& node, const std::string& pointer, const std::string& keyword)
    {
        const auto it = node.find(keyword);
        if (it == node.end())
            return;
        Moved moved{pointer, keyword, *it};
        std::string description = node.contains("description") && node["description"].is_string()
            ? node["description"].get<std::string>() : std::string();
        description += (description.empty() ? "" : "\n") + keyword + ": " + conform::dump(moved.value);
        node.erase(keyword);
        node["description"] = description;
        out.changes.push_back(moved.words());
        out.moved.push_back(std::move(moved));
    }

    void close(Json& node, const std::string& pointer)
    {
        if (node.value("additionalProperties", Json(true)) == Json(false))
            return;
        node["additionalProperties"] = false;
        out.changes.push_back(at(pointer) + ": set additionalProperties to false");
    }

    // Optional properties become required and nullable (removeNullOptionals maps answers back).
    void requireNullable(Json& node, const std::string& pointer)
    {
        auto props = node.find("properties");
        if (props == node.end() || !props->is_object())
            return;
        std::set<std::string> listed;
        if (const auto r = node.find("required"); r != node.end() && r->is_array())
            for (const Json& name : *r)
                if (name.is_string())
                    listed.insert(name.get<std::string>());
        Json required = Json::array();
        for (auto it = props->begin(); it != props->end(); ++it) {
            required.push_back(it.key());
            if (listed.count(it.key()))
                continue;
            it.value() = nullable(it.value());
            out.changes.push_back(at(pointer) + ": made optional property \"" + it.key() + "\" required and nullable");
        }
        node["required"] = std::move(required);
    }

    static Json nullable(Json schema)
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
                type->push_back("null");
            return schema;
        }
        return Json{{"anyOf", Json::array({std::move(schema), Json{{"type", "null"}}})}};
    }

    void oneOfToAnyOf(Json& node, const std::string& pointer)
    {
        if (node.contains("anyOf") || !node.contains("oneOf"))
            return describe(node, pointer, "oneOf");
        node["anyOf"] = node["oneOf"];
        node.erase("oneOf");
        Moved moved{pointer, "oneOf", Json()};
        out.changes.push_back(moved.words());
        out.moved.push_back(std::move(moved));
    }

    // Adds `branch` to `into` where nothing it says conflicts; false (and `into` unusable)
    // when something does.
    static bool mergeInto(Json& into, const Json& branch)
    {
        for (auto it = branch.begin(); it != branch.end(); ++it) {
            const std::string& key = it.key();
            if (key == "properties" && it->is_object()) {
                Json& props = into["properties"];
                if (!props.is_object())
                    props = Json::object();
                for (auto p = it->begin(); p != it->end(); ++p) {
                    if (props.contains(p.key()) && props[p.key()] != p.value())
                        return false;
                    props[p.key()] = p.value();
                }
            } else if (key == "required" && it->is_array()) {
                Json& required = into["required"];
                if (!required.is_array())
                    required = Json::array();
                for (const Json& name : *it)
                    if (std::find(required.begin(), required.end(), name) == required.end())
                        required.push_back(name);
            } else if (key == "$defs" || key == "definitions") {
                continue; // already where the root's $refs find them, or unused
            } else if (into.contains(key) && into[key] != it.value()) {
                return false;
            } else {
                into[key] = it.value();
            }
        }
        return true;
    }

    void mergeAllOf(Json& node, const std::string& pointer)
    {
        const Json branches = node.value("allOf", Json());
        Json merged = node;
        merged.erase("allOf");
        bool ok = branches.is_array();
        for (std::size_t i = 0; ok && i < branches.size(); ++i) {
            Json branch = branches[i];
            if (branch.is_object() && branch.size() == 1 && branch.contains("$ref") && branch["$ref"].is_string()) {
                const Json* target = resolveLocal(root, branch["$ref"].get<std::string>());
                ok = target && target->is_object() && !target->contains("$ref");
                if (ok)
                    branch = *target;
            }
            ok = ok && branch.is_object() && mergeInto(merged, branch);
        }
        if (!ok)
            return describe(node, pointer, "allOf");
        node = std::move(merged);
        out.changes.push_back(at(pointer) + ": merged the allOf branches into one schema");
    }

    void inlineRef(Json& node, const std::string& pointer)
    {
        const Json ref = node.value("$ref", Json());
        const Json* target = ref.is_string() ? resolveLocal(root, ref.get<std::string>()) : nullptr;
        if (!target || !target->is_object() || target == &node)
            return describe(node, pointer, "$ref");
        Json merged = *target;
        Json siblings = node;
        siblings.erase("$ref");
        if (!mergeInto(merged, siblings) || merged.contains("$ref"))
            return describe(node, pointer, "$ref");
        node = std::move(merged);
        out.changes.push_back(at(pointer) + ": inlined $ref " + ref.get<std::string>());
    }

    void constToEnum(Json& node, const std::string& pointer)
    {
        if (node.contains("enum") || !node.contains("const"))
            return describe(node, pointer, "const");
        node["enum"] = Json::array({node["const"]});
        node.erase("const");
        out.changes.push_back(at(pointer) + ": const became a one-value enum");
    }

    // Applies the fix of each rejected or dropped finding of the node; false when none applied.
    bool fixOnce(const RuleSet& rules, Json& node, const std::string& pointer)
    {
        bool changed = false;
        for (const Judged& j : judgeNode(rules, root, node, pointer)) {
            if (j.finding.verdict != Verdict::Rejected && j.finding.verdict != Verdict::Dropped)
                continue;
            const std::string& keyword = j.finding.keyword;
            const std::size_t before = out.changes.size();
            switch (j.rule->fix) {
            case Fix::Describe: describe(node, pointer, keyword); break;
            case Fix::Close: close(node, pointer); break;
            case Fix::RequireNullable: requireNullable(node, pointer); break;
            case Fix::AnyOf: oneOfToAnyOf(node, pointer); break;
            case Fix::MergeAllOf: mergeAllOf(node, pointer); break;
            case Fix::Inline: inlineRef(node, pointer); break;
            case Fix::ConstToEnum: constToEnum(node, pointer); break;
            case Fix::None: break;
            }
            changed = changed || out.changes.size() != before;
            if (changed)
                return true; // judge the node anew: a fix may change what the others see
        }
        return changed;
    }
};

} // namespace

Exported exportForEngine(const Json& schema, Engine engine)
{
    Exported out;
    out.schema = schema;
    if (schema.is_object()) {
        const RuleSet& rules = ruleSet(engine);
        Editor editor{out.schema, out};
        walkEditing(out.schema, [&](Json& node, const std::string& pointer, int) {
            // Each fix removes or rewrites what its finding names, so this ends; the bound is
            // for a schema whose fixes undo each other.
            for (int round = 0; round < 64 && editor.fixOnce(rules, node, pointer); ++round) {
            }
        });
    }
    out.remaining = lintForEngine(out.schema, engine);
    return out;
}

} // namespace conform::engines
