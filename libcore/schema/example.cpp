#include "schema/example.h"

#include "schema/example_strings.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>

namespace conform::schema {

namespace {

constexpr int kMaxDepth = 16;
constexpr int kVariants = 12;       // candidates tried against the validator
constexpr std::size_t kMaxItems = 64; // an example stays small whatever minItems says

const Json* member(const Json& schema, std::string_view key)
{
    if (!schema.is_object())
        return nullptr;
    const auto it = schema.find(key);
    return it == schema.end() ? nullptr : &*it;
}

std::optional<double> numberAt(const Json& schema, std::string_view key)
{
    const Json* value = member(schema, key);
    return value && value->is_number() ? std::optional<double>(value->get<double>()) : std::nullopt;
}

std::optional<std::size_t> countAt(const Json& schema, std::string_view key)
{
    const auto n = numberAt(schema, key);
    return n && *n >= 0 ? std::optional<std::size_t>(static_cast<std::size_t>(std::min(*n, 1e6))) : std::nullopt;
}

bool hasType(const Json& schema, std::string_view type)
{
    const Json* t = member(schema, "type");
    if (!t)
        return false;
    if (t->is_string())
        return *t == type;
    return t->is_array() && std::find(t->begin(), t->end(), Json(type)) != t->end();
}

// The least common multiple of two whole steps; for fractional ones, their product (a common
// multiple, if not the least).
double commonMultiple(double a, double b)
{
    if (a <= 0 || b <= 0 || a != std::floor(a) || b != std::floor(b) || a > 1e9 || b > 1e9)
        return a * b;
    const auto x = static_cast<std::int64_t>(a);
    const auto y = static_cast<std::int64_t>(b);
    return static_cast<double>(x / std::gcd(x, y) * y);
}

// Merges `extra` into `into` the way allOf means it: both sets of constraints hold.
void mergeInto(Json& into, const Json& extra)
{
    if (!extra.is_object() || !into.is_object())
        return;
    for (auto it = extra.begin(); it != extra.end(); ++it) {
        const std::string& key = it.key();
        if (!into.contains(key)) {
            into[key] = *it;
        } else if (key == "required" && it->is_array() && into[key].is_array()) {
            for (const Json& name : *it)
                if (std::find(into[key].begin(), into[key].end(), name) == into[key].end())
                    into[key].push_back(name);
        } else if ((key == "properties" || key == "$defs" || key == "definitions") && it->is_object() && into[key].is_object()) {
            for (auto p = it->begin(); p != it->end(); ++p) {
                if (into[key].contains(p.key()) && into[key][p.key()].is_object() && p->is_object())
                    mergeInto(into[key][p.key()], *p);
                else
                    into[key][p.key()] = *p;
            }
        } else if ((key == "minimum" || key == "exclusiveMinimum" || key == "minLength" || key == "minItems" ||
                    key == "minProperties") && it->is_number() && into[key].is_number()) {
            into[key] = std::max(into[key].get<double>(), it->get<double>());
        } else if ((key == "maximum" || key == "exclusiveMaximum" || key == "maxLength" || key == "maxItems" ||
                    key == "maxProperties") && it->is_number() && into[key].is_number()) {
            into[key] = std::min(into[key].get<double>(), it->get<double>());
        } else if (key == "multipleOf" && it->is_number() && into[key].is_number()) {
            into[key] = commonMultiple(into[key].get<double>(), it->get<double>());
        } else if (key == "allOf" && it->is_array() && into[key].is_array()) {
            for (const Json& s : *it)
                into[key].push_back(s);
        }
    }
}

class Builder
{
public:
    Builder(const Json& root, int variant) : m_root(root), m_variant(variant) { index(root, 0); }

    Json build(const Json& schema, int depth, std::size_t nonce, const std::string& where)
    {
        if (schema.is_boolean())
            return schema.get<bool>() ? Json(nullptr) : unsatisfiable(where, "the schema is false");
        if (!schema.is_object() || depth > kMaxDepth)
            return nullptr;
        Json merged = flatten(schema, depth);
        if (const Json* c = member(merged, "const"))
            return *c;
        if (const Json* e = member(merged, "enum")) {
            if (!e->is_array() || e->empty())
                return unsatisfiable(where, "the enum is empty");
            return (*e)[(static_cast<std::size_t>(m_variant) + nonce) % e->size()];
        }
        return byType(merged, chooseType(merged), depth, nonce, where);
    }

    std::vector<LintMessage> notes;

private:
    // $ref, allOf and one branch of anyOf / oneOf / if-then-else, merged into one schema.
    Json flatten(const Json& schema, int depth)
    {
        Json merged = schema;
        for (int guard = 0; guard < 8; ++guard) {
            bool changed = false;
            for (const char* key : {"$ref", "$dynamicRef", "$recursiveRef"}) {
                const Json* ref = member(merged, key);
                if (!ref || !ref->is_string())
                    continue;
                const Json target = resolve(ref->get<std::string>());
                merged.erase(key);
                if (depth + guard < kMaxDepth)
                    mergeInto(merged, target);
                changed = true;
            }
            if (const Json* all = member(merged, "allOf"); all && all->is_array()) {
                const Json parts = *all;
                merged.erase("allOf");
                for (const Json& part : parts)
                    mergeInto(merged, part);
                changed = true;
            }
            for (const char* key : {"anyOf", "oneOf"}) {
                const Json* list = member(merged, key);
                if (!list || !list->is_array() || list->empty())
                    continue;
                const Json branch = (*list)[static_cast<std::size_t>(m_variant) % list->size()];
                merged.erase(key);
                mergeInto(merged, branch);
                changed = true;
            }
            if (const Json* condition = member(merged, "if")) {
                const char* chosen = m_variant % 2 == 0 ? "then" : "else";
                Json branch = member(merged, chosen) ? merged[chosen] : Json::object();
                if (m_variant % 2 == 0)
                    mergeInto(branch, *condition);
                merged.erase("if");
                merged.erase("then");
                merged.erase("else");
                mergeInto(merged, branch);
                changed = true;
            }
            if (!changed)
                break;
        }
        return merged;
    }

    std::string chooseType(const Json& schema) const
    {
        static const std::vector<std::string> all{"object", "array", "string", "integer", "number", "boolean", "null"};
        std::vector<std::string> types;
        if (const Json* t = member(schema, "type")) {
            if (t->is_string())
                types.push_back(t->get<std::string>());
            else if (t->is_array())
                for (const Json& name : *t)
                    if (name.is_string())
                        types.push_back(name.get<std::string>());
        }
        if (types.empty()) { // what the keywords imply first, then anything (they constrain only their type)
            types = implied(schema);
            for (const std::string& t : all)
                if (std::find(types.begin(), types.end(), t) == types.end())
                    types.push_back(t);
        }
        // Prefer a non-null type: an example that is only null shows nothing.
        std::stable_partition(types.begin(), types.end(), [](const std::string& t) { return t != "null"; });
        return types[static_cast<std::size_t>(m_variant / 2) % types.size()];
    }

    static std::vector<std::string> implied(const Json& schema)
    {
        for (const char* key : {"properties", "required", "additionalProperties", "minProperties", "patternProperties"})
            if (member(schema, key))
                return {"object"};
        for (const char* key : {"items", "prefixItems", "minItems", "contains"})
            if (member(schema, key))
                return {"array"};
        for (const char* key : {"minLength", "maxLength", "pattern", "format"})
            if (member(schema, key))
                return {"string"};
        for (const char* key : {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})
            if (member(schema, key))
                return {"number"};
        return {};
    }

    Json byType(const Json& schema, const std::string& type, int depth, std::size_t nonce, const std::string& where)
    {
        if (type == "object")
            return object(schema, depth, where);
        if (type == "array")
            return array(schema, depth, where);
        if (type == "string")
            return string(schema, nonce, where);
        if (type == "integer" || type == "number")
            return number(schema, type == "integer", nonce, where);
        if (type == "boolean")
            return nonce % 2 == 0;
        return nullptr;
    }

    Json object(const Json& schema, int depth, const std::string& where)
    {
        Json out = Json::object();
        const Json* properties = member(schema, "properties");
        const std::size_t maxProps = countAt(schema, "maxProperties").value_or(SIZE_MAX);
        std::vector<std::string> keys;
        if (const Json* required = member(schema, "required"); required && required->is_array())
            for (const Json& name : *required)
                if (name.is_string())
                    keys.push_back(name.get<std::string>());
        if (properties && properties->is_object() && m_variant % 3 != 2) // some variants show only what is required
            for (auto it = properties->begin(); it != properties->end(); ++it)
                if (!(it->is_boolean() && !it->get<bool>()))
                    keys.push_back(it.key());
        addDependents(schema, keys);
        for (const std::string& key : keys) {
            if (out.contains(key))
                continue;
            if (out.size() >= maxProps && !isRequired(schema, key))
                continue;
            out[key] = build(propertySchema(schema, key), depth + 1, 0, where + "/properties/" + key);
        }
        fillMinProperties(schema, out, depth, where);
        return out;
    }

    static bool isRequired(const Json& schema, const std::string& key)
    {
        const Json* required = member(schema, "required");
        return required && required->is_array() && std::find(required->begin(), required->end(), Json(key)) != required->end();
    }

    static void addDependents(const Json& schema, std::vector<std::string>& keys)
    {
        for (const char* keyword : {"dependentRequired", "dependencies"}) {
            const Json* deps = member(schema, keyword);
            if (!deps || !deps->is_object())
                continue;
            for (std::size_t i = 0; i < keys.size() && i < 256; ++i) {
                const Json* needed = member(*deps, keys[i]);
                if (needed && needed->is_array())
                    for (const Json& name : *needed)
                        if (name.is_string() && std::find(keys.begin(), keys.end(), name.get<std::string>()) == keys.end())
                            keys.push_back(name.get<std::string>());
            }
        }
    }

    Json propertySchema(const Json& schema, const std::string& key) const
    {
        if (const Json* properties = member(schema, "properties"); properties && properties->contains(key))
            return (*properties)[key];
        if (const Json* additional = member(schema, "additionalProperties"); additional && additional->is_object())
            return *additional;
        return Json::object();
    }

    void fillMinProperties(const Json& schema, Json& out, int depth, const std::string& where)
    {
        const std::size_t wanted = std::min<std::size_t>(countAt(schema, "minProperties").value_or(0), kMaxItems);
        const Json* patterns = member(schema, "patternProperties");
        const Json* names = member(schema, "propertyNames");
        for (std::size_t i = 0; out.size() < wanted && i < wanted * 2 + 2; ++i) {
            std::string key = "extra" + std::to_string(i + 1);
            Json valueSchema = member(schema, "additionalProperties") ? schema["additionalProperties"] : Json::object();
            if (patterns && patterns->is_object() && !patterns->empty()) {
                const auto first = patterns->begin();
                key = detail::patternSample(first.key(), 6 + i).value_or(key);
                if (i > 0)
                    key += std::to_string(i);
                valueSchema = *first;
            } else if (names && names->is_object()) {
                const Json name = build(*names, depth + 1, i, where + "/propertyNames");
                if (name.is_string())
                    key = name.get<std::string>();
            }
            if (!out.contains(key))
                out[key] = build(valueSchema, depth + 1, i, where + "/additionalProperties");
        }
    }

    Json array(const Json& schema, int depth, const std::string& where)
    {
        Json out = Json::array();
        const Json* prefix = member(schema, "prefixItems");
        const Json* items = member(schema, "items");
        if (!prefix && items && items->is_array())
            prefix = items; // draft 7's tuple form
        const Json* rest = items && !items->is_array() ? items : member(schema, "additionalItems");
        const std::size_t maxItems = std::min(countAt(schema, "maxItems").value_or(SIZE_MAX), kMaxItems);
        std::size_t wanted = countAt(schema, "minItems").value_or(0);
        if (const Json* contains = member(schema, "contains")) {
            const std::size_t copies = countAt(schema, "minContains").value_or(1);
            Json element = *contains; // an element must also be what `items` allows
            if (rest && rest->is_object() && element.is_object())
                mergeInto(element, *rest);
            for (std::size_t i = 0; i < copies && out.size() < maxItems; ++i)
                out.push_back(build(element, depth + 1, i, where + "/contains"));
        }
        if (prefix && prefix->is_array())
            wanted = std::max(wanted, std::min(prefix->size(), maxItems));
        wanted = std::max<std::size_t>(wanted, m_variant % 3 == 1 ? 0 : 1); // one element shows the shape
        wanted = std::min(wanted, maxItems);
        const bool unique = member(schema, "uniqueItems") && schema["uniqueItems"] == true;
        for (std::size_t i = out.size(); i < wanted; ++i) {
            const bool inPrefix = prefix && prefix->is_array() && i < prefix->size();
            const Json& itemSchema = inPrefix ? (*prefix)[i] : rest ? *rest : Json::object();
            if ((!inPrefix && rest && rest->is_boolean() && !rest->get<bool>()) || (inPrefix && itemSchema == false))
                break;
            out.push_back(build(itemSchema, depth + 1, unique ? i : 0, where + "/items"));
        }
        return out;
    }

    Json string(const Json& schema, std::size_t nonce, const std::string& where)
    {
        const std::size_t minLength = countAt(schema, "minLength").value_or(0);
        const std::size_t maxLength = countAt(schema, "maxLength").value_or(SIZE_MAX);
        if (minLength > maxLength)
            return unsatisfiable(where, "minLength is above maxLength");
        std::string out = m_variant % 2 == 0 ? "example" : "a";
        if (const Json* pattern = member(schema, "pattern"); pattern && pattern->is_string()) {
            const std::string p = pattern->get<std::string>();
            auto sample = detail::patternSample(p, std::max<std::size_t>(minLength, 1));
            if (!sample) {
                note(where + "/pattern", "the example generator cannot write a string matching " + p + ": a placeholder is shown");
                return "<string matching " + p + ">";
            }
            out = *sample;
            if (!p.empty() && p.back() != '$')
                out += nonce > 0 ? std::to_string(nonce) : std::string();
            while (utf8Length(out) < minLength && (p.empty() || p.back() != '$'))
                out += 'a';
            return out;
        }
        if (const Json* format = member(schema, "format"); format && format->is_string())
            if (auto sample = detail::formatSample(format->get<std::string>()))
                return nonce > 0 && format->get<std::string>() == "uri" ? *sample + std::to_string(nonce) : *sample;
        if (nonce > 0)
            out += std::to_string(nonce);
        while (utf8Length(out) < minLength)
            out += 'a';
        if (utf8Length(out) > maxLength)
            out = std::string(maxLength, 'a');
        return out;
    }

    static std::size_t utf8Length(const std::string& text)
    {
        return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
            return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        }));
    }

    Json number(const Json& schema, bool integer, std::size_t nonce, const std::string& where)
    {
        const double step = numberAt(schema, "multipleOf").value_or(integer ? 1.0 : 0.0);
        double low = -1e300;
        double high = 1e300;
        bool lowOpen = false;
        bool highOpen = false;
        if (auto m = numberAt(schema, "minimum")) low = *m;
        if (auto m = numberAt(schema, "exclusiveMinimum"); m && *m >= low) { low = *m; lowOpen = true; }
        if (auto m = numberAt(schema, "maximum")) high = *m;
        if (auto m = numberAt(schema, "exclusiveMaximum"); m && *m <= high) { high = *m; highOpen = true; }
        const auto fits = [&](double v) {
            return (lowOpen ? v > low : v >= low) && (highOpen ? v < high : v <= high)
                && (!integer || v == std::floor(v));
        };
        double value = integer ? 0 : 0.5;
        if (low > -1e300 && high < 1e300)
            value = integer ? std::floor((low + high) / 2) : (low + high) / 2;
        else if (low > -1e300)
            value = lowOpen ? low + 1 : low;
        else if (high < 1e300)
            value = highOpen ? high - 1 : high;
        if (step > 0) {
            value = std::ceil(value / step) * step;
            for (int i = 0; i < 1000 && !fits(value); ++i) // the next multiple that fits, if one is near
                value += step;
        }
        if (!fits(value) && step <= 0)
            value = integer ? std::ceil(lowOpen ? low + 1e-9 : low) : (lowOpen ? std::nextafter(low, high) : low);
        // Elements of a unique array differ by their nonce; variants move too, past a `not`.
        const double offset = static_cast<double>(nonce) + static_cast<double>(m_variant / 4);
        if (offset > 0 && fits(value + offset * (step > 0 ? step : 1)))
            value += offset * (step > 0 ? step : 1);
        if (!fits(value))
            return unsatisfiable(where, "no number fits the range and multipleOf");
        if (integer || (value == std::floor(value) && std::abs(value) < 1e15 && member(schema, "type") && hasType(schema, "integer")))
            return static_cast<std::int64_t>(value);
        return value;
    }

    Json unsatisfiable(const std::string& where, const std::string& why)
    {
        note(where.empty() ? "/" : where, why + ": no value can validate here");
        return nullptr;
    }

    void note(const std::string& where, std::string message)
    {
        for (const LintMessage& n : notes)
            if (n.schemaPath == where && n.message == message)
                return;
        notes.push_back({LintMessage::Severity::Warning, where, std::move(message)});
    }

    // Local references: JSON pointers, $anchor names, and $id values seen in the document.
    Json resolve(const std::string& ref) const
    {
        const std::size_t hash = ref.find('#');
        const std::string fragment = hash == std::string::npos ? std::string() : ref.substr(hash + 1);
        const std::string base = ref.substr(0, hash);
        const Json* document = &m_root;
        if (!base.empty()) {
            const auto byId = m_ids.find(lastSegment(base));
            if (byId == m_ids.end())
                return Json::object();
            document = byId->second;
        }
        if (fragment.empty())
            return *document;
        if (fragment[0] != '/') {
            const auto anchor = m_anchors.find(fragment);
            return anchor == m_anchors.end() ? Json::object() : *anchor->second;
        }
        try { // a malformed pointer is simply not followed
            const nlohmann::json_pointer<std::string> pointer(fragment);
            return document->contains(pointer) ? document->at(pointer) : Json::object();
        } catch (const std::exception&) {
            return Json::object();
        }
    }

    static std::string lastSegment(const std::string& uri)
    {
        std::string trimmed = uri.substr(0, uri.find('#'));
        const std::size_t slash = trimmed.rfind('/');
        return slash == std::string::npos ? trimmed : trimmed.substr(slash + 1);
    }

    void index(const Json& schema, int depth)
    {
        if (depth > 32 || (!schema.is_object() && !schema.is_array()))
            return;
        if (schema.is_object()) {
            if (const Json* id = member(schema, "$id"); id && id->is_string())
                m_ids.emplace(lastSegment(id->get<std::string>()), &schema);
            for (const char* key : {"$anchor", "$dynamicAnchor"})
                if (const Json* anchor = member(schema, key); anchor && anchor->is_string())
                    m_anchors.emplace(anchor->get<std::string>(), &schema);
        }
        for (const Json& child : schema)
            index(child, depth + 1);
    }

    const Json& m_root;
    int m_variant;
    std::map<std::string, const Json*> m_ids;
    std::map<std::string, const Json*> m_anchors;
};

std::string firstIssue(const Validator& validator, const Json& value)
{
    const ValidationResult result = validator.validate(value);
    if (result.issues.empty())
        return "it does not validate";
    const Issue& issue = result.issues.front();
    return pointerText(issue.path) + ": " + issue.message;
}

} // namespace

Example makeExample(const Json& schema, const Validator* validator)
{
    Example best;
    for (int variant = 0; variant < kVariants; ++variant) {
        Builder builder(schema, variant);
        Json value = builder.build(schema, 0, 0, "");
        if (variant == 0) {
            best.value = value;
            best.notes = builder.notes;
        }
        if (!validator)
            return best;
        if (validator->accepts(value))
            return Example{std::move(value), true, std::move(builder.notes)};
    }
    best.notes.push_back({LintMessage::Severity::Warning, "/",
                          "no example that validates was found; the one shown fails: " + firstIssue(*validator, best.value)});
    return best;
}

} // namespace conform::schema
