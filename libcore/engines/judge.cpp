#include "engines/detail/judge.h"

#include "base/path.h"

#include <algorithm>
#include <array>
#include <set>

namespace conform::engines::detail {

namespace {

// Keywords whose value maps names to subschemas, lists subschemas, or is one subschema.
constexpr std::array<std::string_view, 5> kMapKeywords{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"};
constexpr std::array<std::string_view, 4> kListKeywords{"anyOf", "allOf", "oneOf", "prefixItems"};
constexpr std::array<std::string_view, 11> kSingleKeywords{
    "additionalProperties", "items", "not", "if", "then", "else", "contains", "propertyNames", "additionalItems",
    "unevaluatedProperties", "unevaluatedItems"};

template <std::size_t N>
bool among(const std::array<std::string_view, N>& list, std::string_view word)
{
    return std::find(list.begin(), list.end(), word) != list.end();
}

// A level of the reply's nesting: the measure engines limit.
bool nests(std::string_view keyword)
{
    return keyword == "properties" || keyword == "patternProperties" || keyword == "additionalProperties" || keyword == "items"
        || keyword == "prefixItems" || keyword == "additionalItems";
}

template <typename Node, typename Visit>
bool walkNode(Node& node, const std::string& pointer, int depth, int level, const Visit& visit)
{
    if (!node.is_object())
        return true;
    if (level > kMaxDepth)
        return false;
    visit(node, pointer, depth);
    bool ok = true;
    for (auto it = node.begin(); it != node.end(); ++it) {
        const std::string& keyword = it.key();
        const int next = nests(keyword) ? depth + 1 : depth;
        const std::string here = appendPointer(pointer, keyword);
        if (among(kMapKeywords, keyword) && it->is_object()) {
            for (auto member = it->begin(); member != it->end(); ++member)
                ok = walkNode(member.value(), appendPointer(here, member.key()), next, level + 1, visit) && ok;
        } else if ((among(kListKeywords, keyword) || keyword == "items") && it->is_array()) {
            for (std::size_t i = 0; i < it->size(); ++i)
                ok = walkNode((*it)[i], here + '/' + std::to_string(i), next, level + 1, visit) && ok;
        } else if (among(kSingleKeywords, keyword)) {
            ok = walkNode(it.value(), here, next, level + 1, visit) && ok;
        }
    }
    return ok;
}

std::string typeWords(const Json& node)
{
    const auto it = node.find("type");
    if (it == node.end())
        return "any";
    return it->is_string() ? it->get<std::string>() : conform::dump(*it);
}

bool placeFits(const Rule& rule, const Json& node, const std::string& pointer)
{
    switch (rule.place) {
    case Place::Any: return true;
    case Place::Root: return pointer.empty();
    case Place::Object: return hasType(node, "object") || node.contains("properties");
    case Place::Array: return hasType(node, "array") || node.contains("items") || node.contains("prefixItems");
    case Place::String: return hasType(node, "string");
    case Place::Number: return hasType(node, "number") || hasType(node, "integer");
    case Place::Integer: return hasType(node, "integer") && !hasType(node, "number");
    }
    return false;
}

// Lookahead, lookbehind, a backreference or \b: what no grammar-based decoder enforces.
bool hasLookaround(std::string_view pattern)
{
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '\\' && i + 1 < pattern.size()) {
            const char next = pattern[++i];
            if ((next >= '1' && next <= '9') || next == 'b' || next == 'B' || next == 'k')
                return true;
        } else if (pattern.substr(i, 3) == "(?=" || pattern.substr(i, 3) == "(?!" || pattern.substr(i, 4) == "(?<="
                   || pattern.substr(i, 4) == "(?<!") {
            return true;
        }
    }
    return false;
}

bool unanchored(std::string_view pattern)
{
    const bool endsWithDollar = pattern.size() >= 2 && pattern.back() == '$' && pattern[pattern.size() - 2] != '\\';
    return !(pattern.starts_with('^') && endsWithDollar);
}

bool startsWithPointer(const std::string& pointer, const std::string& prefix)
{
    return prefix.empty() || pointer == prefix || pointer.starts_with(prefix + "/");
}

// "#/$defs/a" -> "/$defs/a"; "" for a ref that is not local.
std::optional<std::string> localPointer(const std::string& ref)
{
    if (!ref.starts_with('#'))
        return std::nullopt;
    return ref.substr(1);
}

// Whether following the $ref at `at` (to `target`) can lead back to a subschema holding it.
bool leadsBack(const Json& root, const std::string& at, const std::string& target)
{
    std::vector<std::string> stack{target};
    std::set<std::string> seen{target};
    while (!stack.empty() && seen.size() < 256) {
        const std::string here = stack.back();
        stack.pop_back();
        if (startsWithPointer(at, here))
            return true;
        const Json* node = resolveLocal(root, '#' + here);
        if (!node)
            continue;
        walk(*node, [&](const Json& sub, const std::string&, int) {
            const auto ref = sub.find("$ref");
            if (ref == sub.end() || !ref->is_string())
                return;
            if (const auto next = localPointer(ref->get<std::string>()); next && seen.insert(*next).second)
                stack.push_back(*next);
        });
    }
    return false;
}

std::set<std::string> requiredNames(const Json& node)
{
    std::set<std::string> listed;
    if (const auto r = node.find("required"); r != node.end() && r->is_array())
        for (const Json& name : *r)
            if (name.is_string())
                listed.insert(name.get<std::string>());
    return listed;
}

struct Hit
{
    std::string pointer;
    std::string name; // NotRequired: the property
};

// Where the rule's condition holds for `keyword` of `node` (none: it does not apply).
std::vector<Hit> conditionHits(const Rule& rule, const RuleSet& rules, const Json& root, const Json& node, const std::string& pointer,
                               const std::string& keyword)
{
    const auto it = node.find(keyword);
    const bool present = it != node.end();
    const Json value = present ? *it : Json();
    bool holds = false;
    switch (rule.condition) {
    case Condition::Present: holds = present; break;
    case Condition::Absent: holds = !present; break;
    case Condition::Not: holds = !present || value != rule.value; break;
    case Condition::Above: holds = present && value.is_number() && rule.value.is_number() && value.get<double>() > rule.value.get<double>(); break;
    case Condition::NotIn:
        holds = present && rule.value.is_array() && std::find(rule.value.begin(), rule.value.end(), value) == rule.value.end();
        break;
    case Condition::BranchesAbove:
        holds = present && value.is_array() && rule.value.is_number() && double(value.size()) > rule.value.get<double>();
        break;
    case Condition::WithAny:
        holds = present && rule.value.is_array()
            && std::any_of(rule.value.begin(), rule.value.end(), [&](const Json& k) { return k.is_string() && node.contains(k.get<std::string>()); });
        break;
    case Condition::WithSiblings:
        holds = present && std::any_of(node.items().begin(), node.items().end(), [&](const auto& member) {
            return member.key() != keyword && !member.key().starts_with('$') && !rules.annotations.count(member.key());
        });
        break;
    case Condition::Lookaround: holds = present && value.is_string() && hasLookaround(value.get<std::string>()); break;
    case Condition::Unanchored: holds = present && value.is_string() && unanchored(value.get<std::string>()); break;
    case Condition::External: holds = present && value.is_string() && !value.get<std::string>().starts_with('#'); break;
    case Condition::Recursive:
        if (present && value.is_string())
            if (const auto target = localPointer(value.get<std::string>()))
                holds = leadsBack(root, pointer, *target);
        break;
    case Condition::NotRequired: {
        std::vector<Hit> hits;
        const auto props = node.find("properties");
        if (props == node.end() || !props->is_object())
            return hits;
        const std::set<std::string> listed = requiredNames(node);
        // At each property left out, so that locating the finding lands on it.
        for (auto p = props->begin(); p != props->end(); ++p)
            if (!listed.count(p.key()))
                hits.push_back({appendPointer(appendPointer(pointer, "properties"), p.key()), p.key()});
        return hits;
    }
    }
    if (!holds)
        return {};
    return {Hit{pointer, {}}};
}

bool applies(const Rule& rule, const Json& node, const std::string& pointer, const std::string& keyword)
{
    if (rule.verdict == Verdict::Limited || !placeFits(rule, node, pointer))
        return false;
    if (std::find(rule.keywords.begin(), rule.keywords.end(), keyword) == rule.keywords.end())
        return false;
    return std::none_of(rule.unless.begin(), rule.unless.end(), [&](const std::string& k) { return node.contains(k); });
}

void replaceAll(std::string& text, std::string_view from, const std::string& to)
{
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

std::string fill(std::string text, const std::string& keyword, const Json* value, const std::string& name, const Json& node)
{
    replaceAll(text, "{keyword}", keyword);
    replaceAll(text, "{value}", value ? (value->is_string() ? value->get<std::string>() : conform::dump(*value)) : std::string());
    replaceAll(text, "{name}", name);
    replaceAll(text, "{type}", typeWords(node));
    return text;
}

std::string defaultProblem(Verdict verdict)
{
    return verdict == Verdict::Dropped ? "{keyword} is accepted but not enforced" : "{keyword} is not supported";
}

std::string defaultSuggestion(const Rule& rule)
{
    if (rule.fix == Fix::None)
        return "rewrite the schema without it (Conform still checks the original)";
    return rule.verdict == Verdict::Dropped
        ? "Conform checks it after the reply; schema export --for moves it into the description"
        : "move the constraint into the description, as the official SDKs do (schema export --for); Conform still checks it";
}

Judged judged(const Rule& rule, const Hit& hit, const std::string& keyword, const Json& node)
{
    const auto it = node.find(keyword);
    const Json* value = it == node.end() ? nullptr : &*it;
    Finding f;
    f.pointer = hit.pointer;
    f.keyword = keyword;
    f.verdict = rule.verdict;
    f.problem = fill(rule.problem.empty() ? defaultProblem(rule.verdict) : rule.problem, keyword, value, hit.name, node);
    f.suggestion = fill(rule.suggestion.empty() ? defaultSuggestion(rule) : rule.suggestion, keyword, value, hit.name, node);
    f.source = rule.source;
    f.says = fill(rule.says, keyword, value, hit.name, node);
    f.disputed = rule.disputed;
    return Judged{std::move(f), &rule};
}

bool canBeAbsent(Condition condition)
{
    return condition == Condition::Absent || condition == Condition::Not || condition == Condition::NotRequired;
}

} // namespace

bool hasType(const Json& node, std::string_view type)
{
    const auto it = node.find("type");
    if (it == node.end())
        return false;
    if (it->is_string())
        return it->get<std::string>() == type;
    if (it->is_array())
        return std::any_of(it->begin(), it->end(), [&](const Json& t) { return t.is_string() && t.get<std::string>() == type; });
    return false;
}

const Json* resolveLocal(const Json& root, const std::string& ref)
{
    const auto pointer = localPointer(ref);
    if (!pointer)
        return nullptr;
    const Json* node = &root;
    std::size_t at = 0;
    while (at < pointer->size()) {
        if ((*pointer)[at] != '/')
            return nullptr;
        const std::size_t end = std::min(pointer->find('/', at + 1), pointer->size());
        std::string token = pointer->substr(at + 1, end - at - 1);
        replaceAll(token, "~1", "/");
        replaceAll(token, "~0", "~");
        if (node->is_object()) {
            const auto it = node->find(token);
            if (it == node->end())
                return nullptr;
            node = &*it;
        } else if (node->is_array() && !token.empty() && token.size() <= 9
                   && std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; })
                   && std::stoul(token) < node->size()) {
            node = &(*node)[std::stoul(token)];
        } else {
            return nullptr;
        }
        at = end;
    }
    return node;
}

bool walk(const Json& schema, const std::function<void(const Json&, const std::string&, int)>& visit)
{
    return walkNode(schema, std::string(), 1, 0, visit);
}

bool walkEditing(Json& schema, const std::function<void(Json&, const std::string&, int)>& visit)
{
    return walkNode(schema, std::string(), 1, 0, visit);
}

std::vector<Judged> judgeNode(const RuleSet& rules, const Json& root, const Json& node, const std::string& pointer)
{
    std::vector<Judged> out;
    const auto judgeKeyword = [&](const std::string& keyword, bool present) {
        for (const Rule& rule : rules.rules) {
            if (!applies(rule, node, pointer, keyword) || (!present && !canBeAbsent(rule.condition)))
                continue;
            const std::vector<Hit> hits = conditionHits(rule, rules, root, node, pointer, keyword);
            if (hits.empty())
                continue;
            if (rule.verdict != Verdict::Enforced)
                for (const Hit& hit : hits)
                    out.push_back(judged(rule, hit, keyword, node));
            return true;
        }
        return false;
    };
    for (auto it = node.begin(); it != node.end(); ++it) {
        if (rules.annotations.count(it.key()))
            continue;
        if (!judgeKeyword(it.key(), true) && rules.unlisted.verdict != Verdict::Enforced)
            out.push_back(judged(rules.unlisted, Hit{pointer, {}}, it.key(), node));
    }
    std::set<std::string> tried;
    for (const Rule& rule : rules.rules)
        if (canBeAbsent(rule.condition))
            for (const std::string& keyword : rule.keywords)
                if (!node.contains(keyword) && tried.insert(keyword).second)
                    judgeKeyword(keyword, false);
    return out;
}

std::vector<Finding> judgeLimits(const RuleSet& rules, const Json& root)
{
    std::vector<Finding> out;
    for (const Rule& rule : rules.rules) {
        if (rule.verdict != Verdict::Limited)
            continue;
        double total = 0;
        std::vector<std::string> where; // per-node budgets: each subschema over it
        walk(root, [&](const Json& node, const std::string& pointer, int depth) {
            const auto enumValues = node.find("enum");
            const bool hasEnum = enumValues != node.end() && enumValues->is_array();
            switch (rule.measure) {
            case Measure::PropertiesTotal:
                if (const auto p = node.find("properties"); p != node.end() && p->is_object())
                    total += double(p->size());
                break;
            case Measure::Depth:
                if (depth > rule.max && where.empty())
                    where.push_back(pointer);
                break;
            case Measure::EnumValuesTotal:
                if (hasEnum)
                    total += double(enumValues->size());
                break;
            case Measure::EnumStringLength:
                if (hasEnum && double(enumValues->size()) > rule.above) {
                    double length = 0;
                    for (const Json& v : *enumValues)
                        if (v.is_string())
                            length += double(v.get<std::string>().size());
                    if (length > rule.max)
                        where.push_back(pointer);
                }
                break;
            case Measure::StringLengthTotal:
                for (const char* names : {"properties", "$defs", "definitions"})
                    if (const auto p = node.find(names); p != node.end() && p->is_object())
                        for (auto member = p->begin(); member != p->end(); ++member)
                            total += double(member.key().size());
                if (hasEnum)
                    for (const Json& v : *enumValues)
                        if (v.is_string())
                            total += double(v.get<std::string>().size());
                if (const auto c = node.find("const"); c != node.end() && c->is_string())
                    total += double(c->get<std::string>().size());
                break;
            case Measure::MaxItemsTotal:
                if (const auto m = node.find("maxItems"); m != node.end() && m->is_number())
                    total += m->get<double>();
                break;
            case Measure::OptionalTotal:
                if (const auto p = node.find("properties"); p != node.end() && p->is_object()) {
                    const std::set<std::string> listed = requiredNames(node);
                    for (auto member = p->begin(); member != p->end(); ++member)
                        total += listed.count(member.key()) ? 0 : 1;
                }
                break;
            case Measure::UnionsTotal:
                if (node.contains("anyOf") || (node.contains("type") && node["type"].is_array()))
                    total += 1;
                break;
            case Measure::None: break;
            }
        });
        if (total > rule.max)
            where.push_back(std::string());
        for (const std::string& pointer : where)
            out.push_back(judged(rule, Hit{pointer, {}}, rule.keywords.front(), Json::object()).finding);
    }
    return out;
}

} // namespace conform::engines::detail
