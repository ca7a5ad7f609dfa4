#include "engines/detail/embedded.h"
#include "engines/detail/rules.h"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>

namespace conform::engines {

namespace {

constexpr std::array<std::pair<Engine, std::string_view>, 8> kNames{{
    {Engine::OpenAI, "openai"},
    {Engine::OpenAIResponses, "openai-responses"},
    {Engine::Anthropic, "anthropic"},
    {Engine::Gemini, "gemini"},
    {Engine::Ollama, "ollama"},
    {Engine::LlamaCpp, "llama-cpp"},
    {Engine::VllmXgrammar, "vllm-xgrammar"},
    {Engine::VllmGuidance, "vllm-guidance"},
}};

} // namespace

std::vector<Engine> allEngines()
{
    std::vector<Engine> out;
    for (const auto& [engine, name] : kNames)
        out.push_back(engine);
    return out;
}

std::string_view engineName(Engine engine)
{
    for (const auto& [e, name] : kNames)
        if (e == engine)
            return name;
    return "openai";
}

std::optional<Engine> parseEngine(std::string_view name)
{
    for (const auto& [engine, n] : kNames)
        if (n == name)
            return engine;
    return std::nullopt;
}

std::string engineNames()
{
    std::string out;
    for (const auto& [engine, name] : kNames)
        out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
}

std::string_view verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Enforced: return "enforced";
    case Verdict::Rejected: return "rejected";
    case Verdict::Dropped: return "dropped";
    case Verdict::Limited: return "limited";
    }
    return "enforced";
}

bool EngineReport::rejects() const
{
    return std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.verdict == Verdict::Rejected; });
}

bool EngineReport::drops() const
{
    return std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.verdict == Verdict::Dropped; });
}

bool EngineReport::limits() const
{
    return std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.verdict == Verdict::Limited; });
}

namespace detail {

namespace {

template <typename E, std::size_t N>
std::optional<E> lookup(const std::array<std::pair<std::string_view, E>, N>& table, std::string_view word)
{
    for (const auto& [name, value] : table)
        if (name == word)
            return value;
    return std::nullopt;
}

constexpr std::array<std::pair<std::string_view, Place>, 7> kPlaces{{
    {"any", Place::Any}, {"root", Place::Root}, {"object", Place::Object}, {"array", Place::Array},
    {"string", Place::String}, {"number", Place::Number}, {"integer", Place::Integer}}};
constexpr std::array<std::pair<std::string_view, Verdict>, 4> kVerdicts{{
    {"enforced", Verdict::Enforced}, {"rejected", Verdict::Rejected}, {"dropped", Verdict::Dropped}, {"limited", Verdict::Limited}}};
constexpr std::array<std::pair<std::string_view, Fix>, 8> kFixes{{
    {"describe", Fix::Describe}, {"close", Fix::Close}, {"requireNullable", Fix::RequireNullable}, {"anyOf", Fix::AnyOf},
    {"mergeAllOf", Fix::MergeAllOf}, {"inline", Fix::Inline}, {"constToEnum", Fix::ConstToEnum}, {"none", Fix::None}}};
constexpr std::array<std::pair<std::string_view, Measure>, 8> kMeasures{{
    {"propertiesTotal", Measure::PropertiesTotal}, {"depth", Measure::Depth}, {"enumValuesTotal", Measure::EnumValuesTotal},
    {"enumStringLength", Measure::EnumStringLength}, {"stringLengthTotal", Measure::StringLengthTotal},
    {"maxItemsTotal", Measure::MaxItemsTotal}, {"optionalTotal", Measure::OptionalTotal}, {"unionsTotal", Measure::UnionsTotal}}};
// Conditions named by a word; the others are objects ({"not": false}, {"above": 1}, ...).
constexpr std::array<std::pair<std::string_view, Condition>, 7> kWordConditions{{
    {"present", Condition::Present}, {"absent", Condition::Absent}, {"withSiblings", Condition::WithSiblings},
    {"lookaround", Condition::Lookaround}, {"unanchored", Condition::Unanchored}, {"recursive", Condition::Recursive},
    {"external", Condition::External}}};
constexpr std::array<std::pair<std::string_view, Condition>, 5> kValueConditions{{
    {"not", Condition::Not}, {"above", Condition::Above}, {"notIn", Condition::NotIn},
    {"branchesAbove", Condition::BranchesAbove}, {"withAny", Condition::WithAny}}};

std::vector<std::string>& loadErrors()
{
    static std::vector<std::string> errors;
    return errors;
}

std::string text(const Json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<std::string> strings(const Json& value)
{
    std::vector<std::string> out;
    if (value.is_string())
        out.push_back(value.get<std::string>());
    else if (value.is_array())
        for (const Json& item : value)
            if (item.is_string())
                out.push_back(item.get<std::string>());
    return out;
}

// "OpenAI platform docs, Structured Outputs — https://... (read 2026-11-28)"
std::string sourceWords(const Json& file, const std::string& key, std::vector<std::string>& errors, const std::string& where)
{
    const Json& sources = file.value("sources", Json::object());
    const auto it = sources.find(key);
    if (it == sources.end() || !it->is_object()) {
        errors.push_back(where + ": source \"" + key + "\" is not in \"sources\"");
        return key;
    }
    return text(*it, "title") + " — " + text(*it, "url") + " (read " + text(file, "read") + ")";
}

Rule readRule(const Json& file, const Json& item, std::vector<std::string>& errors, const std::string& where)
{
    Rule rule;
    rule.keywords = strings(item.contains("keywords") ? item["keywords"] : item.value("keyword", Json()));
    if (rule.keywords.empty())
        errors.push_back(where + ": no keyword");
    if (const auto place = lookup(kPlaces, text(item, "where").empty() ? "any" : text(item, "where")))
        rule.place = *place;
    else
        errors.push_back(where + ": unknown place \"" + text(item, "where") + "\"");
    if (const auto verdict = lookup(kVerdicts, text(item, "verdict")))
        rule.verdict = *verdict;
    else
        errors.push_back(where + ": unknown verdict \"" + text(item, "verdict") + "\"");
    if (const auto fix = lookup(kFixes, text(item, "export").empty() ? "describe" : text(item, "export")))
        rule.fix = *fix;
    else
        errors.push_back(where + ": unknown export \"" + text(item, "export") + "\"");
    const Json when = item.value("when", Json("present"));
    if (when.is_string()) {
        if (when.get<std::string>() == "notRequired")
            rule.condition = Condition::NotRequired;
        else if (const auto c = lookup(kWordConditions, when.get<std::string>()))
            rule.condition = *c;
        else
            errors.push_back(where + ": unknown condition \"" + when.get<std::string>() + "\"");
    } else if (when.is_object() && when.size() == 1) {
        if (const auto c = lookup(kValueConditions, when.begin().key())) {
            rule.condition = *c;
            rule.value = when.begin().value();
        } else {
            errors.push_back(where + ": unknown condition \"" + when.begin().key() + "\"");
        }
    } else {
        errors.push_back(where + ": \"when\" is a word or an object of one member");
    }
    rule.unless = strings(item.value("unless", Json::array()));
    if (rule.verdict == Verdict::Limited) {
        const Json& limit = item.value("limit", Json::object());
        const auto measure = lookup(kMeasures, text(limit, "measure"));
        if (!measure || !limit.value("max", Json()).is_number())
            errors.push_back(where + ": a limited rule needs \"limit\": {\"measure\", \"max\"}");
        rule.measure = measure.value_or(Measure::None);
        rule.max = limit.value("max", Json(0)).get<double>();
        rule.above = limit.value("above", Json(0)).get<double>();
    }
    rule.problem = text(item, "problem");
    rule.suggestion = text(item, "suggestion");
    rule.says = text(item, "says");
    rule.disputed = text(item, "disputed");
    rule.source = sourceWords(file, text(item, "source"), errors, where);
    return rule;
}

const Json& fileNamed(std::string_view name)
{
    static const std::map<std::string, Json, std::less<>> files = [] {
        std::map<std::string, Json, std::less<>> out;
        for (std::size_t i = 0; i < kEmbeddedRuleFileCount; ++i) {
            Json parsed = Json::parse(kEmbeddedRuleFiles[i].text, nullptr, false);
            if (parsed.is_discarded() || !parsed.is_object()) {
                loadErrors().push_back(std::string(kEmbeddedRuleFiles[i].name) + ".json: not a JSON object");
                parsed = Json::object();
            }
            out.emplace(kEmbeddedRuleFiles[i].name, std::move(parsed));
        }
        return out;
    }();
    static const Json empty = Json::object();
    const auto it = files.find(name);
    return it == files.end() ? empty : it->second;
}

// The file whose rules apply: a file that says "same_as" borrows another engine's rules.
const Json& rulesFileOf(Engine engine)
{
    const Json& own = fileNamed(engineName(engine));
    if (const std::string base = text(own, "same_as"); !base.empty())
        return fileNamed(base);
    return own;
}

RuleSet readRuleSet(Engine engine)
{
    RuleSet set;
    set.engine = engine;
    const Json& file = rulesFileOf(engine);
    const std::string name = std::string(engineName(engine)) + ".json";
    std::vector<std::string>& errors = loadErrors();
    if (!file.contains("rules"))
        errors.push_back(name + ": no \"rules\"");
    const Json& rules = file.value("rules", Json::array());
    for (std::size_t i = 0; i < rules.size(); ++i)
        set.rules.push_back(readRule(file, rules[i], errors, name + " /rules/" + std::to_string(i)));
    for (const std::string& keyword : strings(file.value("annotations", Json::array())))
        set.annotations.insert(keyword);
    Json unlisted = file.value("unlisted", Json::object());
    unlisted["keyword"] = "*";
    set.unlisted = readRule(file, unlisted, errors, name + " /unlisted");
    return set;
}

} // namespace

const RuleSet& ruleSet(Engine engine)
{
    static std::mutex lock;
    static std::map<Engine, RuleSet> sets;
    const std::lock_guard guard(lock);
    auto it = sets.find(engine);
    if (it == sets.end())
        it = sets.emplace(engine, readRuleSet(engine)).first;
    return it->second;
}

std::vector<std::string> ruleFileErrors()
{
    for (Engine engine : allEngines())
        ruleSet(engine);
    return loadErrors();
}

} // namespace detail

const Json& ruleFile(Engine engine)
{
    return detail::fileNamed(engineName(engine));
}

} // namespace conform::engines
