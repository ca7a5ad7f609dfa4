#pragma once
// The rule files read into typed rules. Internal to engines; the format is described in
// libcore/engines/rules/README.md.
#include "engines/engines.h"

#include <set>

namespace conform::engines::detail {

// Where in a schema a rule applies.
enum class Place { Any, Root, Object, Array, String, Number, Integer };

// When a rule applies to a subschema, beyond the keyword's place.
enum class Condition {
    Present,      // the keyword is there (the default)
    Absent,       // the keyword is not there
    Not,          // absent, or its value is not `value`
    Above,        // a number above `value`
    NotIn,        // a value not in `value` (an array)
    BranchesAbove,// an array of more than `value` entries
    WithAny,      // there, beside any of the keywords in `value`
    WithSiblings, // there, beside keywords that do not start with "$"
    Lookaround,   // a pattern with lookaround, a backreference or \b
    Unanchored,   // a pattern not starting with ^ and ending with $
    Recursive,    // a local $ref that leads back to itself
    External,     // a $ref that does not start with "#"
    NotRequired   // one finding per property missing from "required"
};

// How export moves a finding out of the engine's way.
enum class Fix { Describe, Close, RequireNullable, AnyOf, MergeAllOf, Inline, ConstToEnum, None };

enum class Measure { None, PropertiesTotal, Depth, EnumValuesTotal, EnumStringLength, StringLengthTotal, MaxItemsTotal,
                     OptionalTotal, UnionsTotal };

struct Rule
{
    std::vector<std::string> keywords;
    Place place = Place::Any;
    Condition condition = Condition::Present;
    Json value;                       // the condition's operand
    std::vector<std::string> unless;  // not when the subschema has any of these
    Verdict verdict = Verdict::Enforced;
    Fix fix = Fix::Describe;
    Measure measure = Measure::None;  // limited rules: what is counted, against `max`
    double max = 0;
    double above = 0;                 // EnumStringLength: only enums of more values than this
    std::string problem;              // template: {keyword}, {value}, {name}
    std::string suggestion;
    std::string source;               // the source's words for a finding
    std::string says;
    std::string disputed;
};

struct RuleSet
{
    Engine engine = Engine::OpenAI;
    std::vector<Rule> rules;          // first match wins
    std::set<std::string, std::less<>> annotations;
    Rule unlisted;                    // for keywords no rule names
};

const RuleSet& ruleSet(Engine engine);

// What is wrong with the compiled-in rule files (empty when they are well formed), for the tests.
std::vector<std::string> ruleFileErrors();

} // namespace conform::engines::detail
