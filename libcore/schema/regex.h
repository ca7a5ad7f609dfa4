#pragma once
// Patterns as ECMA-262 reads them: "pattern", "patternProperties" and format "regex" are
// JavaScript regular expressions, and Conform reads them as ajv does, `new RegExp(p, "u")`.
//
//   Result<Pattern> p = Pattern::compile("^(?=.*[0-9]).{8,}$");
//   if (!p) schemaError(p.error().message); // "not a regular expression: missing terminating ] ..."
//   switch (p->match(text)) { case MatchResult::Limit: ...  // neither a match nor a mismatch
//
// What holds:
// - The u flag's meaning: text is matched by code points; \d, \w and \b are ASCII; \s is
//   ECMA's white space and line terminators (U+00A0, U+FEFF, U+2028 ...); "." is anything but
//   a line terminator (\n, \r, U+2028, U+2029); $ matches only at the very end, never before a
//   final newline; a backreference to a group not (yet) set matches the empty string.
// - Two engines behind one match(): RE2 for every pattern it can run (linear in the text, so
//   no text makes it slow); PCRE2 for the rest (lookahead, lookbehind, backreferences), bounded
//   by kMatchLimit and kDepthLimit. A PCRE2 check that reaches a limit is MatchResult::Limit,
//   which callers report as its own finding (the issue "pattern_check_limit"), never as a
//   mismatch: a catastrophic pattern such as ^(?!b)(a+)+$ stops within tens of milliseconds
//   of CPU (^(a+)+$ alone runs on RE2, in linear time).
// - A pattern neither engine reads is an Error, which a schema compile reports at the
//   keyword's pointer: a syntax error, syntax of other dialects that ECMA-262 does not have
//   (\A, \z, (?i), (?P<n>...), a++), or what ECMA-262 allows but PCRE2 10.42 cannot run, a
//   lookbehind of variable width such as (?<=a+)b.
// A compiled Pattern is immutable and may be matched from many threads at once.
#include "base/result.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace re2 { class RE2; }

namespace conform::schema {

enum class MatchResult : unsigned char { NoMatch, Match, Limit };

// PCRE2's bounds for one match: backtracking steps and nesting depth. About 20 ms of CPU at
// most on this machine's kind (measured: ^(?!b)(a+)+$ on 30 a's and a b).
inline constexpr std::uint32_t kMatchLimit = 1'000'000;
inline constexpr std::uint32_t kDepthLimit = 100'000;

class Pattern
{
public:
    // The pattern ready to match, or why it cannot be: the Error's message starts "not a
    // regular expression: " for text ECMA-262 (or PCRE2) does not read as one.
    static Result<Pattern> compile(std::string_view ecma);

    // Whether `text` holds a match anywhere (as RegExp.prototype.test does).
    MatchResult match(std::string_view text) const;

    Pattern(Pattern&&) noexcept;
    Pattern& operator=(Pattern&&) noexcept;
    ~Pattern();

private:
    struct Pcre2;
    Pattern() = default;
    std::unique_ptr<re2::RE2> m_re2;
    std::unique_ptr<Pcre2> m_pcre2;
};

namespace detail {

// The RE2 spelling of an ECMA-262 pattern (\uXXXX, \s and "." as ECMA defines them, [^],
// (?<name>...)). An Error says why RE2 cannot run it (lookaround, backreferences, bad syntax).
Result<std::string> ecmaToRe2(std::string_view pattern);
// The PCRE2 spelling of the same: lookaround and backreferences stay as they are.
Result<std::string> ecmaToPcre2(std::string_view pattern);

} // namespace detail
} // namespace conform::schema
