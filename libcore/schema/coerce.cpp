#include "schema/coerce.h"
#include "schema/evaluator.h"

#include <algorithm>
#include <cctype>

namespace conform::schema::detail {
namespace {

constexpr int kMaxRefHops = 64; // $ref chains followed at one location

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
    return out;
}

// "5", " -2.5 ", "1e3" -> the number; anything else (including "", "0x10", "5 apples") -> null.
Json parseNumber(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    if (s.empty() || s.size() > 64)
        return nullptr;
    auto parsed = json::parseStrict(s);
    return parsed && parsed->is_number() ? parsed.value() : Json();
}

class Coercer
{
public:
    Coercer(const CoercionOptions& options, bool dynamicScope) : m_options(options), m_dynamicScope(dynamicScope) {}

    void walk(const Node& n, Json& v, int hops = 0)
    {
        if (n.has == 0 || (n.has & Has::False) || hops > kMaxRefHops || m_path.size() > json::kMaxDepth)
            return;
        fixType(n, v);
        fixEnumCase(n, v);
        if (n.ref)
            walk(*n.ref, v, hops + 1);
        if (n.dynamicRef)
            walk(*n.dynamicRef, v, hops + 1);
        for (const Node* branch : n.allOf)
            walk(*branch, v, hops + 1);
        pickBranch(n.anyOf, v, hops);
        pickBranch(n.oneOf, v, hops);
        if (n.ifSchema && (n.thenSchema || n.elseSchema)) {
            const Node* branch = accepts(*n.ifSchema, v) ? n.thenSchema : n.elseSchema;
            if (branch)
                walk(*branch, v, hops + 1);
        }
        if (v.is_object())
            walkMembers(n, v);
        else if (v.is_array())
            walkItems(n, v);
    }

    std::vector<Coercion> take() { return std::move(m_done); }

private:
    void record(const char* kind, const Json& before, const Json& after)
    {
        m_done.push_back({m_path, kind, before, after});
    }

    bool accepts(const Node& n, const Json& v) const
    {
        EvalContext context;
        context.trackScope = m_dynamicScope;
        return Evaluator<NlohmannAdapter, false>(context).eval(n, &v, nullptr);
    }

    void fixType(const Node& n, Json& v)
    {
        if (!(n.has & Has::Type) || (n.types & kindBit(NlohmannAdapter::kind(&v))))
            return;
        const bool wantsNumber = n.types & (kindBit(Kind::Integer) | kindBit(Kind::Number));
        const bool integerOnly = wantsNumber && !(n.types & kindBit(Kind::Number));
        if (v.is_string() && m_options.booleanWords && (n.types & kindBit(Kind::Boolean))) {
            const std::string word = lower(v.get<std::string>());
            if (word == "yes" || word == "true" || word == "1" || word == "no" || word == "false" || word == "0") {
                const Json after = word == "yes" || word == "true" || word == "1";
                record("boolean_word", v, after);
                v = after;
                return;
            }
        }
        if (v.is_string() && m_options.numericStrings && wantsNumber) {
            const Json number = parseNumber(v.get<std::string>());
            if (number.is_number() && (!integerOnly || NlohmannAdapter::kind(&number) == Kind::Integer)) {
                record("numeric_string", v, number);
                v = number;
                return;
            }
        }
        if (m_options.wrapInArray && (n.types & kindBit(Kind::Array)) && !v.is_array()) {
            const Json after = Json::array({v});
            record("wrap_in_array", v, after);
            v = after;
        }
    }

    void fixEnumCase(const Node& n, Json& v)
    {
        if (!m_options.enumCase || !(n.has & Has::Enum) || !v.is_string())
            return;
        const std::string& s = v.get_ref<const std::string&>();
        const Json* match = nullptr;
        for (const auto& option : n.enumValues) {
            if (option == v)
                return; // already allowed
            if (option.is_string() && lower(option.get<std::string>()) == lower(s))
                match = match ? &option /* ambiguous, keep the first */ : &option;
        }
        if (match) {
            record("enum_case", v, *match);
            v = *match;
        }
    }

    // anyOf/oneOf: when no branch takes the value as it is, the first branch that takes it
    // after its own coercions wins.
    void pickBranch(const std::vector<const Node*>& branches, Json& v, int hops)
    {
        if (branches.empty())
            return;
        for (const Node* branch : branches)
            if (accepts(*branch, v))
                return;
        for (const Node* branch : branches) {
            Coercer trial(m_options, m_dynamicScope);
            trial.m_path = m_path;
            Json copy = v;
            trial.walk(*branch, copy, hops + 1);
            if (!trial.m_done.empty() && accepts(*branch, copy)) {
                v = std::move(copy);
                for (auto& c : trial.m_done)
                    m_done.push_back(std::move(c));
                return;
            }
        }
    }

    void walkMembers(const Node& n, Json& v)
    {
        for (auto& [key, child] : v.items()) {
            m_path.emplace_back(key);
            bool matched = false;
            if (const KeyEntry* entry = n.findKey(key); entry && entry->schema) {
                walk(*entry->schema, child);
                matched = true;
            }
            for (const auto& [regex, schema] : n.patternProperties)
                if (regexMatches(regex, key)) {
                    walk(*schema, child);
                    matched = true;
                }
            if (!matched && n.additionalProperties)
                walk(*n.additionalProperties, child);
            m_path.pop_back();
        }
    }

    void walkItems(const Node& n, Json& v)
    {
        for (std::size_t i = 0; i < v.size(); ++i) {
            const Node* schema = i < n.prefixItems.size() ? n.prefixItems[i] : n.items;
            if (!schema)
                break;
            m_path.emplace_back(i);
            walk(*schema, v[i]);
            m_path.pop_back();
        }
    }

    const CoercionOptions& m_options;
    bool m_dynamicScope;
    Path m_path;
    std::vector<Coercion> m_done;
};

} // namespace

std::vector<Coercion> coerce(const CompiledSchema& schema, Json& value, const CoercionOptions& options)
{
    Coercer coercer(options, schema.dynamicScope);
    coercer.walk(*schema.root, value);
    return coercer.take();
}

} // namespace conform::schema::detail
