#pragma once
// "pattern" and "patternProperties" are ECMA-262 regular expressions; Conform runs them on RE2,
// which never backtracks (a hostile pattern cannot hang the program). This translates the
// ECMA-isms RE2 spells differently and refuses, with a reason, what RE2 cannot run at all.
#include "base/result.h"

#include <string>
#include <string_view>

namespace conform::schema::detail {

// The RE2 spelling of an ECMA-262 pattern (\uXXXX, \s as ECMA defines it, [^], (?<name>...),
// \d and \w kept ASCII). An Error says why it cannot be run (lookaround, backreferences...).
Result<std::string> ecmaToRe2(std::string_view pattern);

} // namespace conform::schema::detail
