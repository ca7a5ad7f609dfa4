#pragma once
// The verdict of a simdjson DOM value, fast: what Evaluator<SimdjsonAdapter, false> answers,
// with less work per value. acceptsText and validateText's first pass use it. It reads the
// document's tape in place (TapeAdapter, adapters.h) rather than through dom::element.
//
//   EvalContext context;                      // the same context the generic walk takes
//   const TapeValue root{doc.tape.get(), doc.string_buf.get(), 1};
//   const bool ok = FastVerdict<>(context).eval(*compiled.root, root);
//
// Rules that keep the two walks equal:
// - A node with a check this walk does not implement (contains, uniqueItems, dependencies,
//   $dynamicRef, unevaluated*), or any node when the dynamic scope is tracked, is handed to the
//   generic evaluator (over the same tape) with the context exactly as the generic walk would
//   have it there (depths, the $ref stack and its base): the generic answer by construction.
// - Everything else mirrors the generic verdict mode keyword for keyword, including its depth
//   limits and its $ref loop detection; only the order of work and the bookkeeping differ
//   (properties are looked up starting after the last one found, since replies list them in
//   the schema's order; a value that fails stops the walk).
// test_schema_fast_verdict compares the two on the official suite, the benchmark corpora and
// mutated documents, and plants faults (FastFault, verdict_probe.h) in FastVerdict<true> to
// check that it would notice a broken rule; FastVerdict<false> compiles them away.
#include "schema/evaluator.h"
#include "schema/verdict_probe.h"

#include <cstring>

namespace conform::schema::detail {

template <bool Probe = false>
class FastVerdict
{
public:
    using A = TapeAdapter;
    using V = TapeValue;

    // Every check this walk does itself; a node with any other goes to the generic evaluator.
    static constexpr std::uint64_t kHandled = Has::False | Has::Type | Has::Enum | Has::Const | Has::NumberGroup
        | Has::StringGroup | Has::Items | Has::PrefixItems | Has::MinItems | Has::MaxItems | Has::Properties
        | Has::PatternProperties | Has::AdditionalProperties | Has::Required | Has::PropertyNames
        | Has::MinProperties | Has::MaxProperties | Has::AllOf | Has::AnyOf | Has::OneOf | Has::Not | Has::If
        | Has::Ref;

    explicit FastVerdict(EvalContext& context, FastFault fault = FastFault::None)
        : c(context), m_generic(context.trackScope ? ~0ull : ~kHandled), m_fault(fault)
    {
    }

    bool eval(const Node& n, V v)
    {
        const std::uint64_t has = n.has;
        if (has & m_generic)
            return Evaluator<A, false>(c).eval(n, v, nullptr);
        if (has == 0)
            return true;
        if ((has & Has::False) || c.evalDepth >= kMaxEvalDepth)
            return false;
        c.cancel();
        ++c.evalDepth;
        const bool ok = keywords(n, has, v);
        --c.evalDepth;
        return ok;
    }

private:
    bool broken(FastFault fault) const
    {
        if constexpr (Probe)
            return m_fault == fault;
        return false;
    }

    // evalKeywords in verdict mode: the checks for the value's kind, in the generic order.
    [[gnu::always_inline]] bool keywords(const Node& n, std::uint64_t has, V v)
    {
        Kind k;
        switch (v.type()) {
        case '"':
            if ((has & Has::Type) && !(n.types & kindBit(Kind::String)))
                return false;
            if ((has & Has::StringGroup) && !string(n, v.string()))
                return false;
            if ((has & Has::Enum) && n.enumAllStrings && !broken(FastFault::EnumIgnored)) {
                if (!inStrings(n, v.string()))
                    return false;
                has &= ~std::uint64_t(Has::Enum);
            }
            return (has & (Has::Enum | Has::Const | Has::Applicators)) == 0 || scalarRest(n, has, v, Kind::String);
        case '{': return container(n, has, v, Kind::Object);
        case '[': return container(n, has, v, Kind::Array);
        case 'l':
        case 'u': k = Kind::Integer; break;
        case 'd': k = numberKind(std::bit_cast<double>(v.next())); break;
        case 't':
        case 'f': k = Kind::Boolean; break;
        default: k = Kind::Null; break;
        }
        if ((has & Has::Type) && !(n.types & kindBit(k)))
            return false;
        if ((k == Kind::Integer || k == Kind::Number) && (has & Has::NumberGroup) && !number(n, v))
            return false;
        return (has & (Has::Enum | Has::Const | Has::Applicators)) == 0 || scalarRest(n, has, v, k);
    }

    // An object or array: its type, enum and const, its own group of keywords, then the
    // applicators.
    bool container(const Node& n, std::uint64_t has, V v, Kind k)
    {
        if ((has & Has::Type) && !(n.types & kindBit(k)))
            return false;
        if ((has & (Has::Enum | Has::Const)) && !scalarRest(n, has & (Has::Enum | Has::Const), v, k))
            return false;
        if (k == Kind::Object ? (has & Has::ObjectGroup) && !object(n, v) : (has & Has::ArrayGroup) && !array(n, v))
            return false;
        return !(has & Has::Applicators) || applicators(n, v);
    }

    // enum, const and the applicators, for a value whose own checks passed.
    bool scalarRest(const Node& n, std::uint64_t has, V v, Kind k)
    {
        if ((has & Has::Enum) && !inEnum(n, v, k))
            return false;
        if ((has & Has::Const) && !equalsJson<A>(v, n.constValue))
            return false;
        return !(has & Has::Applicators) || applicators(n, v);
    }

    // ---- strings and numbers (checkString, checkNumber, checkEnum in verdict mode) ----

    static bool string(const Node& n, std::string_view s)
    {
        if ((n.has & Has::MinLength) && s.size() < n.minLength * 4 && codePoints(s) < n.minLength)
            return false;
        if ((n.has & Has::MaxLength) && s.size() > n.maxLength && codePoints(s) > n.maxLength)
            return false;
        if ((n.has & Has::Pattern) && !regexMatches(n.pattern, s))
            return false;
        return !(n.has & Has::Format) || checkFormat(n.format, s) != FormatCheck::Invalid;
    }

    bool number(const Node& n, V v) const
    {
        const double d = A::number(v);
        if ((n.has & Has::Minimum) && d < n.minimum && !broken(FastFault::MinimumIgnored))
            return false;
        if ((n.has & Has::ExclusiveMinimum) && d <= n.exclusiveMinimum)
            return false;
        if ((n.has & Has::Maximum) && d > n.maximum)
            return false;
        if ((n.has & Has::ExclusiveMaximum) && d >= n.exclusiveMaximum)
            return false;
        if (n.has & Has::MultipleOf) {
            const double divisor = n.multipleOf;
            if (!A::isFloat(v) && !A::isUnsigned(v) && std::floor(divisor) == divisor && divisor < 9e15)
                return A::int64(v) % static_cast<std::int64_t>(divisor) == 0;
            return isMultipleOf(d, divisor);
        }
        return true;
    }

    static bool sameBytes(const char* a, const char* b, std::size_t size)
    {
        if (size >= 8) { // two overlapping 8-byte words per 16 bytes, inside both strings
            for (std::size_t i = 0; i + 8 < size; i += 8)
                if (load8(a + i) != load8(b + i))
                    return false;
            return load8(a + size - 8) == load8(b + size - 8);
        }
        if (size >= 4)
            return load4(a) == load4(b) && load4(a + size - 4) == load4(b + size - 4);
        for (std::size_t i = 0; i < size; ++i)
            if (a[i] != b[i])
                return false;
        return true;
    }
    static std::uint64_t load8(const char* p) { std::uint64_t w; std::memcpy(&w, p, 8); return w; }
    static std::uint32_t load4(const char* p) { std::uint32_t w; std::memcpy(&w, p, 4); return w; }
    static bool same(const std::string& a, std::string_view b)
    {
        return a.size() == b.size() && sameBytes(a.data(), b.data(), b.size());
    }

    static bool inStrings(const Node& n, std::string_view s)
    {
        for (const auto& option : n.enumValues)
            if (same(option.template get_ref<const std::string&>(), s))
                return true;
        return false;
    }

    bool inEnum(const Node& n, V v, Kind k) const
    {
        if (broken(FastFault::EnumIgnored))
            return true;
        if (n.enumAllStrings) {
            if (k != Kind::String)
                return false;
            return inStrings(n, v.string());
        }
        for (const auto& option : n.enumValues)
            if (equalsJson<A>(v, option))
                return true;
        return false;
    }

    // ---- children (descend<false> of the generic walk) ----

    bool descend(const Node& child, V value)
    {
        if (c.instanceDepth >= json::kMaxDepth)
            return false;
        // A scalar under a node with no applicator: nothing below can see the depths or the
        // $ref stack, so eval's checks are made here without moving them.
        const std::uint64_t has = child.has;
        if (!(has & (m_generic | Has::Applicators | Has::False)) && value.type() != '{' && value.type() != '[') {
            if (has == 0)
                return true;
            if (c.evalDepth >= kMaxEvalDepth)
                return false;
            c.cancel();
            return keywords(child, has, value);
        }
        ++c.instanceDepth;
        const std::size_t savedBase = c.refBase;
        c.refBase = c.refStack.size();
        const bool ok = eval(child, value);
        c.refBase = savedBase;
        --c.instanceDepth;
        return ok;
    }

    // The entry for `key`: the one after the last found first, then the node's own lookup.
    static const KeyEntry* findKey(const Node& n, std::string_view key, std::size_t& next)
    {
        const std::size_t count = n.keys.size();
        if (next < count) {
            const KeyEntry& guess = n.keys[next];
            if (same(guess.name, key)) {
                ++next;
                return &guess;
            }
        }
        const KeyEntry* entry = n.findKey(key);
        if (entry)
            next = std::size_t(entry - n.keys.data()) + 1;
        return entry;
    }

    bool object(const Node& n, V v)
    {
        std::uint64_t seen = 0;
        std::size_t next = 0;
        const bool lookups = n.has & (Has::Properties | Has::Required);
        const Node* extra = broken(FastFault::ExtraKeysAllowed) ? nullptr : n.additionalProperties;
        for (V key = v.at(v.index + 1); key.type() != '}';) {
            const std::string_view name = key.string();
            const V value = key.at(key.index + 1);
            key.index = value.after();
            bool matched = false;
            if (lookups) {
                if (const KeyEntry* entry = findKey(n, name, next)) {
                    if (entry->required >= 0 && entry->required < 64)
                        seen |= 1ull << entry->required;
                    if (entry->schema) {
                        matched = true;
                        if (!descend(*entry->schema, value))
                            return false;
                    }
                }
            }
            if (n.has & Has::PatternProperties)
                for (const auto& [regex, schema] : n.patternProperties) {
                    const MatchResult m = regex->match(name);
                    if (m == MatchResult::Limit)
                        return false;
                    if (m == MatchResult::Match) {
                        matched = true;
                        if (!descend(*schema, value))
                            return false;
                    }
                }
            if (!matched && extra && !descend(*extra, value))
                return false;
            if (n.propertyNames && !propertyName(n, name))
                return false;
        }
        if ((n.has & Has::Required) && !broken(FastFault::RequiredIgnored))
        {
            if (n.requiredMask & ~seen) // the first 64 names, found while reading the members
                return false;
            for (std::size_t i = 64; i < n.required.size(); ++i)
                if (V out{}; !A::member(v, n.required[i], out))
                    return false;
        }
        if (n.has & (Has::MinProperties | Has::MaxProperties)) {
            const std::size_t count = A::size(v);
            if ((n.has & Has::MinProperties) && count < n.minProperties)
                return false;
            if ((n.has & Has::MaxProperties) && count > n.maxProperties)
                return false;
        }
        return true;
    }

    bool propertyName(const Node& n, std::string_view key)
    {
        const Json name = std::string(key); // as the generic walk checks names: as JSON strings
        return Evaluator<NlohmannAdapter, false>(c).eval(*n.propertyNames, &name, nullptr);
    }

    bool array(const Node& n, V v)
    {
        const std::size_t size = A::size(v);
        const std::uint64_t maxItems = broken(FastFault::MaxItemsOffByOne) ? n.maxItems + 1 : n.maxItems;
        if ((n.has & Has::MinItems) && size < n.minItems)
            return false;
        if ((n.has & Has::MaxItems) && size > maxItems)
            return false;
        if (!(n.has & (Has::PrefixItems | Has::Items)))
            return true;
        const std::size_t prefix = n.prefixItems.size();
        std::size_t i = 0;
        for (V item = v.at(v.index + 1); item.type() != ']'; item.index = item.after(), ++i) {
            const Node* schema = i < prefix ? n.prefixItems[i] : n.items;
            if (!schema)
                break;
            if (!descend(*schema, item))
                return false;
        }
        return true;
    }

    // ---- in-place applicators (checkApplicators in verdict mode, no annotations) ----

    bool applicators(const Node& n, V v)
    {
        if ((n.has & Has::Ref) && !follow(*n.ref, v))
            return false;
        if (n.has & Has::AllOf)
            for (const Node* branch : n.allOf)
                if (!eval(*branch, v))
                    return false;
        if ((n.has & Has::AnyOf) && !anyOf(n, v))
            return false;
        if ((n.has & Has::OneOf) && !oneOf(n, v))
            return false;
        if ((n.has & Has::Not) && eval(*n.notSchema, v))
            return false;
        if ((n.has & Has::If) && (n.thenSchema || n.elseSchema)) {
            const Node* branch = eval(*n.ifSchema, v) ? n.thenSchema : n.elseSchema;
            if (branch && !eval(*branch, v))
                return false;
        }
        return true;
    }

    bool follow(const Node& target, V v)
    {
        for (std::size_t i = c.refBase; i < c.refStack.size(); ++i)
            if (c.refStack[i] == &target)
                return false;
        c.refStack.push_back(&target);
        const bool ok = eval(target, v);
        c.refStack.pop_back();
        return ok;
    }

    bool anyOf(const Node& n, V v)
    {
        for (const Node* branch : n.anyOf)
            if (eval(*branch, v))
                return true;
        return false;
    }

    bool oneOf(const Node& n, V v)
    {
        int matches = 0;
        for (const Node* branch : n.oneOf)
            if (eval(*branch, v) && ++matches > 1)
                break;
        return matches == 1;
    }

    EvalContext& c;
    const std::uint64_t m_generic; // the checks that send a node to the generic evaluator
    FastFault m_fault;
};

} // namespace conform::schema::detail
