#include "schema/diff.h"

#include "base/path.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

namespace conform::schema {

namespace {

constexpr std::array kDirectionNames{"none", "narrower", "wider", "both", "unknown"};

// Keywords that say something about a schema without changing what it accepts.
const std::set<std::string>& annotations()
{
    static const std::set<std::string> names{"title", "description", "examples", "default", "$comment", "deprecated", "readOnly",
                                             "writeOnly", "$schema", "$id", "$anchor", "propertyOrdering"};
    return names;
}

// Lower bounds: raising one narrows. Upper bounds: lowering one narrows.
const std::set<std::string>& lowerBounds()
{
    static const std::set<std::string> names{"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"};
    return names;
}

const std::set<std::string>& upperBounds()
{
    static const std::set<std::string> names{"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"};
    return names;
}

Direction combine(bool narrower, bool wider)
{
    return narrower && wider ? Direction::Both : narrower ? Direction::Narrower : wider ? Direction::Wider : Direction::None;
}

std::string shown(const Json& value)
{
    return dump(value);
}

std::set<std::string> dumpsOf(const Json& list)
{
    std::set<std::string> out;
    if (list.is_array())
        for (const Json& v : list)
            out.insert(dump(v));
    return out;
}

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : ", ") + item;
    return out;
}

// The JSON types a "type" admits; absent, every type. "number" admits integers.
std::set<std::string> typesOf(const Json& type)
{
    if (type.is_string())
        return {type.get<std::string>()};
    if (type.is_array()) {
        std::set<std::string> out;
        for (const Json& t : type)
            if (t.is_string())
                out.insert(t.get<std::string>());
        return out;
    }
    return {"array", "boolean", "integer", "null", "number", "object", "string"};
}

bool admits(const std::set<std::string>& types, const std::string& type)
{
    return types.contains(type) || (type == "integer" && types.contains("number"));
}

// Whether every value of `inner`'s types is one of `outer`'s ("number" under "integer" is not).
bool covers(const std::set<std::string>& outer, const std::set<std::string>& inner)
{
    return std::all_of(inner.begin(), inner.end(), [&](const std::string& t) { return admits(outer, t); });
}

class Differ
{
public:
    std::vector<SchemaChange> changes;

    void compare(const Json& before, const Json& after, const std::string& pointer)
    {
        if (before == after)
            return;
        if (!before.is_object() || !after.is_object()) {
            // A boolean schema on either side: true admits all, false nothing.
            const Json b = before.is_boolean() && before.get<bool>() ? Json::object() : before;
            const Json a = after.is_boolean() && after.get<bool>() ? Json::object() : after;
            if (b.is_object() && a.is_object())
                return compare(b, a, pointer);
            const bool bNothing = before.is_boolean() && !before.get<bool>();
            const bool aNothing = after.is_boolean() && !after.get<bool>();
            const Direction d = bNothing && aNothing ? Direction::None
                                : aNothing          ? Direction::Narrower
                                : bNothing          ? Direction::Wider
                                                    : Direction::Unknown;
            return add(pointer, "", before, after, d, "the schema " + shown(before) + " → " + shown(after));
        }
        std::vector<std::string> keys;
        for (const auto& [key, value] : before.items())
            keys.push_back(key);
        for (const auto& [key, value] : after.items())
            if (!before.contains(key))
                keys.push_back(key);
        for (const std::string& key : keys) {
            const Json b = before.contains(key) ? before[key] : Json();
            const Json a = after.contains(key) ? after[key] : Json();
            if (b != a)
                keyword(key, b, a, before, after, pointer);
        }
    }

private:
    void add(const std::string& pointer, const std::string& keyword, const Json& before, const Json& after, Direction direction,
             const std::string& what)
    {
        const std::string where = pointer.empty() ? "/" : pointer;
        changes.push_back({pointer, keyword, before, after, direction, where + ": " + what + " — " + std::string(directionName(direction))});
    }

    // absent → present narrows, present → absent widens: a constraint added or dropped.
    void presence(const std::string& pointer, const std::string& key, const Json& b, const Json& a, const std::string& changed,
                  Direction whenChanged)
    {
        if (b.is_null())
            return add(pointer, key, b, a, Direction::Narrower, key + " " + shown(a) + " added");
        if (a.is_null())
            return add(pointer, key, b, a, Direction::Wider, key + " " + shown(b) + " removed");
        add(pointer, key, b, a, whenChanged, changed.empty() ? key + " " + shown(b) + " → " + shown(a) : changed);
    }

    void keyword(const std::string& key, const Json& b, const Json& a, const Json& before, const Json& after, const std::string& pointer)
    {
        if (annotations().contains(key))
            return add(pointer, key, b, a, Direction::None, key + " changed");
        if (key == "type") {
            const auto tb = typesOf(b), ta = typesOf(a);
            return add(pointer, key, b, a, combine(!covers(ta, tb), !covers(tb, ta)),
                       "type " + (b.is_null() ? std::string("(any)") : shown(b)) + " → " + (a.is_null() ? std::string("(any)") : shown(a)));
        }
        if (key == "enum") {
            if (b.is_null() || a.is_null())
                return presence(pointer, key, b, a, {}, Direction::Unknown);
            const auto vb = dumpsOf(b), va = dumpsOf(a);
            std::vector<std::string> lost, gained;
            std::set_difference(vb.begin(), vb.end(), va.begin(), va.end(), std::back_inserter(lost));
            std::set_difference(va.begin(), va.end(), vb.begin(), vb.end(), std::back_inserter(gained));
            std::string what = "enum";
            if (!lost.empty())
                what += " loses " + joined(lost);
            if (!gained.empty())
                what += std::string(lost.empty() ? "" : " and") + " gains " + joined(gained);
            return add(pointer, key, b, a, combine(!lost.empty(), !gained.empty()), lost.empty() && gained.empty() ? "enum reordered" : what);
        }
        if (key == "const")
            return presence(pointer, key, b, a, "const " + shown(b) + " → " + shown(a), Direction::Both);
        if (key == "required") {
            const auto rb = dumpsOf(b), ra = dumpsOf(a);
            std::vector<std::string> added, dropped;
            std::set_difference(ra.begin(), ra.end(), rb.begin(), rb.end(), std::back_inserter(added));
            std::set_difference(rb.begin(), rb.end(), ra.begin(), ra.end(), std::back_inserter(dropped));
            std::string what;
            if (!added.empty())
                what = "requires " + joined(added);
            if (!dropped.empty())
                what += std::string(what.empty() ? "" : "; ") + "no longer requires " + joined(dropped);
            return add(pointer, key, b, a, combine(!added.empty(), !dropped.empty()), what.empty() ? "required reordered" : what);
        }
        if (key == "properties" || key == "$defs" || key == "definitions" || key == "patternProperties")
            return members(key, b, a, before, after, pointer);
        if (key == "additionalProperties" || key == "items" || key == "unevaluatedProperties" || key == "unevaluatedItems"
            || key == "propertyNames" || key == "contains") {
            // Absent is `true` (anything) for all but contains.
            if (key != "contains") {
                const Json bb = b.is_null() ? Json(true) : b;
                const Json aa = a.is_null() ? Json(true) : a;
                if (bb.is_array() || aa.is_array()) // items as an array (draft 2019-09 and before)
                    return tuple(key, bb.is_array() ? bb : Json::array(), aa.is_array() ? aa : Json::array(), pointer);
                if (bb.is_boolean() || aa.is_boolean()) {
                    // true admits anything, false nothing; a schema between them.
                    const bool bAll = bb == Json(true) || bb == Json::object(), aAll = aa == Json(true) || aa == Json::object();
                    const bool bNone = bb == Json(false), aNone = aa == Json(false);
                    const Direction d = (bAll && aAll) || (bNone && aNone) ? Direction::None
                                        : bAll || aNone                    ? Direction::Narrower
                                        : bNone || aAll                    ? Direction::Wider
                                                                           : Direction::Unknown;
                    return add(pointer, key, b, a, d, key + " " + shown(bb) + " → " + shown(aa));
                }
                return compare(bb, aa, appendPointer(pointer, key));
            }
            return add(pointer, key, b, a, Direction::Unknown, key + " changed");
        }
        if (key == "prefixItems")
            return tuple(key, b.is_null() ? Json::array() : b, a.is_null() ? Json::array() : a, pointer);
        if (lowerBounds().contains(key) || upperBounds().contains(key)) {
            if (!b.is_number() && !b.is_null())
                return add(pointer, key, b, a, Direction::Unknown, key + " changed");
            if (!a.is_number() && !a.is_null())
                return add(pointer, key, b, a, Direction::Unknown, key + " changed");
            if (b.is_null() || a.is_null())
                return presence(pointer, key, b, a, {}, Direction::Unknown);
            const double vb = b.get<double>(), va = a.get<double>();
            const bool raised = va > vb;
            const bool narrower = lowerBounds().contains(key) ? raised : !raised;
            return add(pointer, key, b, a, narrower ? Direction::Narrower : Direction::Wider, key + " " + shown(b) + " → " + shown(a));
        }
        if (key == "multipleOf") {
            if (b.is_null() || a.is_null())
                return presence(pointer, key, b, a, {}, Direction::Unknown);
            if (!b.is_number() || !a.is_number())
                return add(pointer, key, b, a, Direction::Unknown, "multipleOf changed");
            const double vb = b.get<double>(), va = a.get<double>();
            const auto divides = [](double big, double small) { const double q = big / small; return std::abs(q - std::round(q)) < 1e-9; };
            const Direction d = divides(va, vb) ? Direction::Narrower : divides(vb, va) ? Direction::Wider : Direction::Both;
            return add(pointer, key, b, a, d, "multipleOf " + shown(b) + " → " + shown(a));
        }
        if (key == "uniqueItems") {
            const bool ub = b.is_boolean() && b.get<bool>(), ua = a.is_boolean() && a.get<bool>();
            return add(pointer, key, b, a, combine(ua && !ub, ub && !ua), "uniqueItems " + shown(b) + " → " + shown(a));
        }
        if (key == "format")
            return presence(pointer, key, b, a, {}, Direction::Both);
        if (key == "pattern")
            return presence(pointer, key, b, a, {}, Direction::Unknown); // two patterns are not compared as languages
        // anyOf, oneOf, allOf, not, if/then/else, $ref, dependent*...: not decided.
        add(pointer, key, b, a, Direction::Unknown, key + " changed");
    }

    // properties, $defs, patternProperties: each member compared; a member added or removed.
    void members(const std::string& key, const Json& b, const Json& a, const Json& before, const Json& after, const std::string& pointer)
    {
        const Json bm = b.is_object() ? b : Json::object();
        const Json am = a.is_object() ? a : Json::object();
        const std::string at = appendPointer(pointer, key);
        const bool definitions = key != "properties" && key != "patternProperties";
        // A member added or removed may fall to a pattern instead of additionalProperties:
        // which one matches is not decided here.
        const bool patterned = key == "patternProperties" || before.contains("patternProperties") || after.contains("patternProperties");
        for (const auto& [name, schema] : bm.items()) {
            if (am.contains(name)) {
                compare(schema, am[name], appendPointer(at, name));
                continue;
            }
            if (definitions) {
                add(appendPointer(at, name), key, schema, Json(), Direction::None, "definition " + name + " removed");
                continue;
            }
            // The member now falls to additionalProperties: false refuses it, true frees it.
            const Json extra = after.contains("additionalProperties") ? after["additionalProperties"] : Json(true);
            const Direction d = patterned ? Direction::Unknown
                                : extra == Json(false) ? Direction::Narrower : extra == Json(true) && schema != Json::object() && schema != Json(true)
                                                                                 ? Direction::Wider
                                                                                 : extra == Json(true) ? Direction::None : Direction::Unknown;
            add(appendPointer(at, name), key, schema, Json(), d, "property " + name + " removed");
        }
        for (const auto& [name, schema] : am.items()) {
            if (bm.contains(name))
                continue;
            if (definitions) {
                add(appendPointer(at, name), key, Json(), schema, Direction::None, "definition " + name + " added");
                continue;
            }
            const Json extra = before.contains("additionalProperties") ? before["additionalProperties"] : Json(true);
            const Direction d = patterned ? Direction::Unknown
                                : extra == Json(false) ? Direction::Wider : extra == Json(true) && schema != Json::object() && schema != Json(true)
                                                                              ? Direction::Narrower
                                                                              : extra == Json(true) ? Direction::None : Direction::Unknown;
            add(appendPointer(at, name), key, Json(), schema, d, "property " + name + " added");
        }
    }

    // prefixItems (or a draft-7 items array): position by position; a position added
    // constrains it, one removed frees it.
    void tuple(const std::string& key, const Json& b, const Json& a, const std::string& pointer)
    {
        const std::string at = appendPointer(pointer, key);
        const std::size_t common = std::min(b.size(), a.size());
        for (std::size_t i = 0; i < common; ++i)
            compare(b[i], a[i], appendPointer(at, std::to_string(i)));
        for (std::size_t i = common; i < b.size(); ++i)
            add(appendPointer(at, std::to_string(i)), key, b[i], Json(), Direction::Wider, "item " + std::to_string(i) + " no longer constrained");
        for (std::size_t i = common; i < a.size(); ++i)
            add(appendPointer(at, std::to_string(i)), key, Json(), a[i], Direction::Narrower, "item " + std::to_string(i) + " now constrained");
    }
};

} // namespace

std::string_view directionName(Direction direction)
{
    return kDirectionNames[std::size_t(direction)];
}

std::optional<Direction> parseDirection(std::string_view name)
{
    for (std::size_t i = 0; i < kDirectionNames.size(); ++i)
        if (name == kDirectionNames[i])
            return Direction(i);
    return std::nullopt;
}

Json SchemaChange::toJson() const
{
    return Json{{"pointer", pointer}, {"keyword", keyword}, {"before", before}, {"after", after},
                {"direction", std::string(directionName(direction))}, {"words", words}};
}

std::vector<SchemaChange> diffSchemas(const Json& before, const Json& after)
{
    Differ differ;
    differ.compare(before, after, "");
    return std::move(differ.changes);
}

} // namespace conform::schema
