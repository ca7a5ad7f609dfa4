#pragma once
// The compiled form of a schema: a graph of Nodes, one per subschema, with every $ref already
// resolved to a Node pointer (cycles allowed). Evaluation never looks at keyword names: each
// Node says with bit flags which checks it has, and holds their operands ready to use.
#include "schema/regex.h"
#include "schema/schema.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace conform::schema::detail {

// What an instance is, as far as "type" is concerned. Integer = a number with no fraction.
enum class Kind : std::uint8_t { Null, Boolean, Integer, Number, String, Array, Object };
constexpr std::uint8_t kindBit(Kind k) { return std::uint8_t(1u << unsigned(k)); }

// Which checks a Node has. Groups let the evaluator skip whole families at once.
namespace Has {
enum : std::uint64_t {
    False = 1ull << 0, Type = 1ull << 1, Enum = 1ull << 2, Const = 1ull << 3,
    Minimum = 1ull << 4, Maximum = 1ull << 5, ExclusiveMinimum = 1ull << 6, ExclusiveMaximum = 1ull << 7,
    MultipleOf = 1ull << 8, MinLength = 1ull << 9, MaxLength = 1ull << 10, Pattern = 1ull << 11,
    Format = 1ull << 12, Items = 1ull << 13, PrefixItems = 1ull << 14, Contains = 1ull << 15,
    MinItems = 1ull << 16, MaxItems = 1ull << 17, UniqueItems = 1ull << 18, Properties = 1ull << 19,
    PatternProperties = 1ull << 20, AdditionalProperties = 1ull << 21, Required = 1ull << 22,
    DependentRequired = 1ull << 23, DependentSchemas = 1ull << 24, PropertyNames = 1ull << 25,
    MinProperties = 1ull << 26, MaxProperties = 1ull << 27, AllOf = 1ull << 28, AnyOf = 1ull << 29,
    OneOf = 1ull << 30, Not = 1ull << 31, If = 1ull << 32, Ref = 1ull << 33, DynamicRef = 1ull << 34,
    UnevaluatedProperties = 1ull << 35, UnevaluatedItems = 1ull << 36,

    NumberGroup = Minimum | Maximum | ExclusiveMinimum | ExclusiveMaximum | MultipleOf,
    StringGroup = MinLength | MaxLength | Pattern | Format,
    ArrayGroup = Items | PrefixItems | Contains | MinItems | MaxItems | UniqueItems,
    ObjectGroup = Properties | PatternProperties | AdditionalProperties | Required | DependentRequired
        | DependentSchemas | PropertyNames | MinProperties | MaxProperties,
    Applicators = AllOf | AnyOf | OneOf | Not | If | Ref | DynamicRef,
    Unevaluated = UnevaluatedProperties | UnevaluatedItems,
};
}

struct Node;

// A schema resource (a document or a subschema with "$id"): the unit of dynamic scope.
struct Resource
{
    std::string uri;
    std::vector<std::pair<std::string, const Node*>> dynamicAnchors; // "" = $recursiveAnchor

    const Node* dynamicAnchor(const std::string& name) const
    {
        for (const auto& [anchorName, node] : dynamicAnchors)
            if (anchorName == name)
                return node;
        return nullptr;
    }
};

// A compiled "pattern" or "patternProperties" name (regex.h). A pattern that does not
// compile is a compile error, so every Regex runs.
struct Regex
{
    std::string source;
    Pattern pattern;

    MatchResult match(std::string_view text) const { return pattern.match(text); }
};

// One name the object checks care about: a "properties" entry and/or a "required" name.
struct KeyEntry
{
    std::string name;
    const Node* schema = nullptr; // properties[name], or null
    int required = -1;            // index into Node::required, or -1
};

// Lets keyIndex be searched with a string_view, without building a std::string per lookup.
struct KeyHash
{
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

struct Node
{
    std::string pointer;          // where this subschema is, as a JSON pointer (schemaPath prefix)
    const Resource* resource = nullptr;
    std::uint64_t has = 0;
    std::uint8_t types = 0;       // allowed Kind bits when has & Type
    std::vector<std::string> typeNames; // as written, for messages

    std::vector<Json> enumValues;
    bool enumAllStrings = false;
    Json constValue;

    double minimum = 0, maximum = 0, exclusiveMinimum = 0, exclusiveMaximum = 0, multipleOf = 1;
    std::uint64_t minLength = 0, maxLength = 0;
    const Regex* pattern = nullptr;
    std::string format;
    bool assertFormat = false;

    std::vector<const Node*> prefixItems; // draft 7: "items" as an array
    const Node* items = nullptr;          // the items after prefixItems (draft 7 additionalItems)
    const char* itemsKeyword = "items";
    const Node* contains = nullptr;
    std::uint64_t minContains = 1, maxContains = UINT64_MAX;
    bool hasMaxContains = false;
    std::uint64_t minItems = 0, maxItems = 0;

    std::vector<KeyEntry> keys;           // properties + required, looked up per instance key
    std::unordered_map<std::string, std::uint32_t, KeyHash, std::equal_to<>> keyIndex; // when keys is long
    std::vector<std::string> required;
    std::uint64_t requiredMask = 0;       // bits of `required` entries to find (when <= 64)
    std::vector<std::pair<const Regex*, const Node*>> patternProperties;
    const Node* additionalProperties = nullptr;
    const Node* propertyNames = nullptr;
    std::vector<std::pair<std::string, std::vector<std::string>>> dependentRequired;
    std::vector<std::pair<std::string, const Node*>> dependentSchemas;
    const char* dependentSchemasKeyword = "dependentSchemas";
    const char* dependentRequiredKeyword = "dependentRequired";
    std::uint64_t minProperties = 0, maxProperties = 0;

    std::vector<const Node*> allOf, anyOf, oneOf;
    const Node* notSchema = nullptr;
    const Node* ifSchema = nullptr;
    const Node* thenSchema = nullptr;
    const Node* elseSchema = nullptr;
    const Node* ref = nullptr;
    const Node* dynamicRef = nullptr;     // the static target of $dynamicRef / $recursiveRef
    std::string dynamicAnchorName;        // searched in the dynamic scope when `dynamicBookend`
    bool dynamicBookend = false;
    const char* refKeyword = "$ref";
    const char* dynamicRefKeyword = "$dynamicRef";
    const Node* unevaluatedProperties = nullptr;
    const Node* unevaluatedItems = nullptr;

    // The key entry for `name`, or null.
    const KeyEntry* findKey(std::string_view name) const
    {
        if (!keyIndex.empty()) {
            auto it = keyIndex.find(name);
            return it == keyIndex.end() ? nullptr : &keys[it->second];
        }
        for (const auto& entry : keys)
            if (entry.name.size() == name.size() && entry.name == name)
                return &entry;
        return nullptr;
    }
};

struct CompiledSchema
{
    Draft draft = Draft::Draft2020_12;
    const Node* root = nullptr;
    bool dynamicScope = false;      // some $dynamicRef/$recursiveRef needs the resource stack
    std::deque<Node> nodes;         // stable addresses
    std::deque<Resource> resources;
    std::deque<Regex> regexes;
    std::vector<LintMessage> lint;
};

} // namespace conform::schema::detail
