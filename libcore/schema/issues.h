#pragma once
// Zod-style issues in either style: the code, the code's fields and Zod's English message for
// each JSON Schema failure. Internal to conform_schema; the evaluator calls these only when
// issues were asked for, never on the verdict-only path.
#include "schema/node.h"

#include <string>
#include <vector>

namespace conform::schema::detail {

// JavaScript's Number#toString for the numbers in messages: 5, 0.5, 1e+21.
std::string jsNumber(double value);

class IssueFactory
{
public:
    explicit IssueFactory(ZodStyle style) : m_style(style) {}
    ZodStyle style() const { return m_style; }

    // `expected` as the schema's "type" names; `value` null when the property is missing.
    Issue invalidType(const std::vector<std::string>& expected, const Json* value) const;
    // The same with `expected` spelled out; `fraction` = an integer was wanted, 1.5 given.
    Issue invalidTypeNamed(const std::string& expected, const Json* value, bool fraction) const;
    // origin "array" | "string" | "number" | "object"
    Issue tooSmall(const std::string& origin, double minimum, bool inclusive, bool exact) const;
    Issue tooBig(const std::string& origin, double maximum, bool inclusive, bool exact) const;
    Issue notMultipleOf(double divisor) const;
    Issue invalidEnum(const std::vector<Json>& options, const Json& received) const;
    Issue invalidLiteral(const Json& expected, const Json& received) const;
    Issue unrecognizedKeys(const std::vector<std::string>& keys) const;
    Issue invalidPattern(const std::string& pattern) const;
    Issue invalidFormat(const std::string& format) const;
    // "pattern_check_limit", a code of Conform's own in either style: the pattern's check
    // reached PCRE2's match limit (regex.h), so the value is neither a match nor a mismatch.
    static Issue patternCheckLimit(const std::string& pattern);
    Issue invalidUnion(std::vector<std::vector<Issue>> branches) const;
    static Issue custom(const std::string& keyword, std::string message, Json extra = Json::object());

private:
    ZodStyle m_style;
};

} // namespace conform::schema::detail
