#pragma once
// Assertions of a suite case on the final value of a run, beyond the case's schema: the
// value at a JSON pointer equals a value, is one of allowed values, or matches a schema.
// Pure: a run's value in, the failures out (each one line saying what and where).
#include "base/json.h"
#include "base/result.h"
#include "schema/schema_file.h"

#include <memory>
#include <string>
#include <vector>

namespace conform::suite {

struct Assertion
{
    enum class Kind { Equals, OneOf, MatchesSchema };
    Kind kind = Kind::Equals;
    std::string pointer;   // RFC 6901; "" is the whole value
    Json expected;         // Equals: the value; OneOf: the array of allowed values
    std::shared_ptr<const schema::Validator> schema; // MatchesSchema
};

// Reads one entry of a case's "assert" list: {"pointer", and one of "equals", "one_of",
// "schema" (an object, or a file relative to `baseDirectory`)}. The Error's `where` is the
// JSON pointer below `at`.
Result<Assertion> parseAssertion(const Json& entry, const std::string& at, const std::string& baseDirectory,
                                 const schema::SchemaFileOptions& reading = {true});

// The failures of `value` against `assertions`, in order: "/status: expected one of
// [\"open\",\"done\"], got \"closed\"". Empty when all hold.
std::vector<std::string> checkAssertions(const Json& value, const std::vector<Assertion>& assertions);

} // namespace conform::suite
