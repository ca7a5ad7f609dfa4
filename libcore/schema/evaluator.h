#pragma once
// The evaluator: walks a compiled Node graph over an instance, through an adapter (nlohmann
// values or simdjson DOM elements). Two modes share the code: verdict (Collect = false) stops
// at the first failure and never allocates on the happy path; issues (Collect = true) goes on
// and reports every failure as a Zod-style Issue, in document order. Sub-questions that only
// need a verdict (not, if, contains, the branches of anyOf/oneOf) run in verdict mode even when
// issues are collected. Recursion is bounded: instance depth by json::kMaxDepth, $ref chains
// at one instance location by cycle detection, everything else by kMaxEvalDepth.
#include "json/parse.h"
#include "schema/adapters.h"
#include "schema/annotations.h"
#include "schema/formats.h"
#include "schema/issues.h"
#include "schema/values.h"

#include <bit>
#include <type_traits>

namespace conform::schema::detail {

inline constexpr std::size_t kMaxEvalDepth = 4096;
// In issues mode, children down to this depth are asked for their verdict before their issues.
inline constexpr std::size_t kPrecheckDepth = 4;

// State shared by every evaluator of one validation (both modes, both adapters).
struct EvalContext
{
    std::vector<Issue>* issues = nullptr; // issues mode only
    const IssueFactory* factory = nullptr;
    Path path;                            // issues mode only
    std::size_t instanceDepth = 0;
    std::size_t evalDepth = 0;
    std::vector<const Node*> refStack;    // $ref targets entered at the current location...
    std::size_t refBase = 0;              // ...from this index on
    bool trackScope = false;              // the schema has a $dynamicRef that needs the scope
    std::vector<const Resource*> scope;   // the dynamic scope, outermost first
    CancelPoll cancel;                    // polled once per schema node visited
};

// Unicode code points of UTF-8 text: every byte that is not a continuation byte.
inline std::size_t codePoints(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

inline bool isMultipleOf(double value, double divisor)
{
    const double q = value / divisor;
    if (!std::isfinite(q))
        return std::fmod(value, divisor) == 0;
    const double r = std::round(q);
    return std::fabs(q - r) <= 1e-9 * std::max(1.0, std::fabs(r));
}

// True only for a match: a check that reached its limit (MatchResult::Limit) fails too,
// and issues mode says which it was.
inline bool regexMatches(const Regex* regex, std::string_view text)
{
    return regex->match(text) == MatchResult::Match;
}

// FastVerdict<>(context).eval(n, v) (fast_verdict.h): what issues mode over a tape asks first.
bool fastVerdictAt(EvalContext& context, const Node& n, TapeValue v);

template <typename A, bool Collect>
class Evaluator
{
public:
    using V = typename A::Value;
    explicit Evaluator(EvalContext& context) : c(context) {}

    bool eval(const Node& n, V v, Annotations* ann)
    {
        if (n.has == 0)
            return true;
        if (n.has & Has::False) {
            if constexpr (Collect)
                report(IssueFactory::custom("false", "No value is allowed here"), n.pointer);
            return false;
        }
        if (c.evalDepth >= kMaxEvalDepth)
            return tooDeep(n);
        c.cancel();
        ++c.evalDepth;
        const bool push = c.trackScope && (c.scope.empty() || c.scope.back() != n.resource);
        if (push)
            c.scope.push_back(n.resource);
        const bool ok = (n.has & Has::Unevaluated) ? evalUnevaluated(n, v, ann) : evalKeywords(n, v, ann);
        if (push)
            c.scope.pop_back();
        --c.evalDepth;
        return ok;
    }

private:
    using Verdict = Evaluator<A, false>;

    void report(Issue issue, std::string schemaPath)
    {
        issue.path = c.path;
        issue.schemaPath = std::move(schemaPath);
        c.issues->push_back(std::move(issue));
    }
    void report(Issue issue, const Node& n, std::string_view keyword) { report(std::move(issue), appendPointer(n.pointer, keyword)); }

    bool tooDeep(const Node& n)
    {
        if constexpr (Collect)
            report(IssueFactory::custom("depth", "Value is nested too deeply to validate (more than "
                                        + std::to_string(json::kMaxDepth) + " levels)"), n.pointer);
        return false;
    }

    bool evalKeywords(const Node& n, V v, Annotations* ann)
    {
        const Kind k = A::kind(v);
        if ((n.has & Has::Type) && !(n.types & kindBit(k))) {
            if constexpr (Collect) {
                const Json value = A::toJson(v);
                report(c.factory->invalidType(n.typeNames, &value), n, "type");
            }
            return false; // as in Zod, a value of the wrong type gets no further checks
        }
        bool ok = true;
        if (k == Kind::String && (n.has & Has::StringGroup))
            if (!checkString(n, A::string(v)) && (ok = false, !Collect))
                return false;
        if ((k == Kind::Integer || k == Kind::Number) && (n.has & Has::NumberGroup))
            if (!checkNumber(n, v) && (ok = false, !Collect))
                return false;
        if ((n.has & Has::Enum) && !checkEnum(n, v, k) && (ok = false, !Collect))
            return false;
        if ((n.has & Has::Const) && !equalsJson<A>(v, n.constValue)) {
            if constexpr (!Collect)
                return false;
            report(c.factory->invalidLiteral(n.constValue, A::toJson(v)), n, "const");
            ok = false;
        }
        if (k == Kind::Object && (n.has & Has::ObjectGroup))
            if (!checkObject(n, v, ann) && (ok = false, !Collect))
                return false;
        if (k == Kind::Array && (n.has & Has::ArrayGroup))
            if (!checkArray(n, v, ann) && (ok = false, !Collect))
                return false;
        if ((n.has & Has::Applicators) && !checkApplicators(n, v, ann))
            ok = false;
        return ok;
    }

    // ---- strings and numbers ----

    bool checkString(const Node& n, std::string_view s)
    {
        bool ok = true;
        // Bytes bound code points from above, so most lengths need no counting.
        if ((n.has & Has::MinLength) && s.size() < n.minLength * 4 && codePoints(s) < n.minLength) {
            if constexpr (!Collect)
                return false;
            const bool exact = (n.has & Has::MaxLength) && n.maxLength == n.minLength;
            report(c.factory->tooSmall("string", double(n.minLength), true, exact), n, "minLength");
            ok = false;
        }
        if ((n.has & Has::MaxLength) && s.size() > n.maxLength && codePoints(s) > n.maxLength) {
            if constexpr (!Collect)
                return false;
            const bool exact = (n.has & Has::MinLength) && n.maxLength == n.minLength;
            report(c.factory->tooBig("string", double(n.maxLength), true, exact), n, "maxLength");
            ok = false;
        }
        if (n.has & Has::Pattern) {
            if (const MatchResult m = n.pattern->match(s); m != MatchResult::Match) {
                if constexpr (!Collect)
                    return false;
                report(m == MatchResult::Limit ? IssueFactory::patternCheckLimit(n.pattern->source)
                                               : c.factory->invalidPattern(n.pattern->source),
                       n, "pattern");
                ok = false;
            }
        }
        if ((n.has & Has::Format) && checkFormat(n.format, s) == FormatCheck::Invalid) {
            if constexpr (!Collect)
                return false;
            report(c.factory->invalidFormat(n.format), n, "format");
            ok = false;
        }
        return ok;
    }

    bool checkNumber(const Node& n, V v)
    {
        const double d = A::number(v);
        bool ok = true;
        auto fail = [&](Issue issue, std::string_view keyword) {
            if constexpr (Collect)
                report(std::move(issue), n, keyword);
            ok = false;
        };
        const bool exact = (n.has & Has::Minimum) && (n.has & Has::Maximum) && n.minimum == n.maximum;
        if ((n.has & Has::Minimum) && d < n.minimum) {
            if constexpr (!Collect)
                return false;
            fail(c.factory->tooSmall("number", n.minimum, true, exact), "minimum");
        }
        if ((n.has & Has::ExclusiveMinimum) && d <= n.exclusiveMinimum) {
            if constexpr (!Collect)
                return false;
            fail(c.factory->tooSmall("number", n.exclusiveMinimum, false, false), "exclusiveMinimum");
        }
        if ((n.has & Has::Maximum) && d > n.maximum) {
            if constexpr (!Collect)
                return false;
            fail(c.factory->tooBig("number", n.maximum, true, exact), "maximum");
        }
        if ((n.has & Has::ExclusiveMaximum) && d >= n.exclusiveMaximum) {
            if constexpr (!Collect)
                return false;
            fail(c.factory->tooBig("number", n.exclusiveMaximum, false, false), "exclusiveMaximum");
        }
        if ((n.has & Has::MultipleOf) && !multipleOf(v, n.multipleOf)) {
            if constexpr (!Collect)
                return false;
            fail(c.factory->notMultipleOf(n.multipleOf), "multipleOf");
        }
        return ok;
    }

    static bool multipleOf(V v, double divisor)
    {
        if (!A::isFloat(v) && !A::isUnsigned(v) && std::floor(divisor) == divisor && divisor < 9e15)
            return A::int64(v) % static_cast<std::int64_t>(divisor) == 0;
        return isMultipleOf(A::number(v), divisor);
    }

    bool checkEnum(const Node& n, V v, Kind k)
    {
        bool found = false;
        if (n.enumAllStrings) {
            if (k == Kind::String) {
                const std::string_view s = A::string(v);
                for (const auto& option : n.enumValues)
                    if (option.get_ref<const std::string&>() == s) {
                        found = true;
                        break;
                    }
            }
        } else {
            for (const auto& option : n.enumValues)
                if (equalsJson<A>(v, option)) {
                    found = true;
                    break;
                }
        }
        if constexpr (Collect)
            if (!found)
                report(c.factory->invalidEnum(n.enumValues, A::toJson(v)), n, "enum");
        return found;
    }

    // ---- descending into children ----

    // The verdict of `value`: the fast walk over a tape, else the generic one.
    bool passes(const Node& n, V value)
    {
        if constexpr (std::is_same_v<A, TapeAdapter>)
            return fastVerdictAt(c, n, value);
        return Verdict(c).eval(n, value, nullptr);
    }

    // `element()` makes the child's path element, in issues mode only.
    template <bool C, typename MakeElement>
    bool descend(const Node& child, V value, MakeElement&& element, Annotations* ann = nullptr)
    {
        if (c.instanceDepth >= json::kMaxDepth)
            return tooDeep(child);
        ++c.instanceDepth;
        const std::size_t savedBase = c.refBase;
        c.refBase = c.refStack.size();
        // A child that passes has no issues (every issue comes with a failure): in issues mode
        // it is asked for its verdict first, and only a failing one is walked for its issues.
        // Near the root only, so a failure deep down is not re-walked from every level above.
        if constexpr (C) {
            if (!ann && c.instanceDepth <= kPrecheckDepth && passes(child, value)) {
                c.refBase = savedBase;
                --c.instanceDepth;
                return true;
            }
            c.path.push_back(element());
        }
        const bool ok = Evaluator<A, C>(c).eval(child, value, ann);
        if constexpr (C)
            c.path.pop_back();
        c.refBase = savedBase;
        --c.instanceDepth;
        return ok;
    }
    bool descendKey(const Node& child, V value, std::string_view key)
    {
        if constexpr (Collect)
            return descend<true>(child, value, [key] { return PathElement{std::string(key)}; });
        return descend<false>(child, value, nullptr);
    }
    bool descendIndex(const Node& child, V value, std::size_t index)
    {
        if constexpr (Collect)
            return descend<true>(child, value, [index] { return PathElement{index}; });
        return descend<false>(child, value, nullptr);
    }

#include "schema/evaluator_object.inc"
#include "schema/evaluator_array.inc"
#include "schema/evaluator_applicators.inc"

    EvalContext& c;
};

} // namespace conform::schema::detail
