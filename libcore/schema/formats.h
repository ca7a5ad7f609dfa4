#pragma once
// conform::schema formats — the JSON Schema "format" vocabulary (draft 7 and 2020-12).
//
//   switch (schema::checkFormat("date-time", "1998-12-31T23:59:60Z")) {
//   case FormatCheck::Valid:   ...  // the string is a date-time
//   case FormatCheck::Invalid: ...  // it is not: report a Zod "invalid_string"
//   case FormatCheck::Unknown: ...  // no such format here: an annotation, never a failure
//   }
//
// Known formats: date-time, date, time, duration (RFC 3339 and its appendix A, leap seconds
// only at 23:59:60 UTC), email, idn-email, hostname, idn-hostname (RFC 1123/5890-5893, with
// Punycode, the contextual rules and the Bidi rule over built-in approximate Unicode tables),
// ipv4 (dotted quad, no leading zeros), ipv6 (RFC 4291 text forms, no zone), uri,
// uri-reference, iri, iri-reference (RFC 3986/3987), uri-template (RFC 6570 level 4), uuid,
// json-pointer, relative-json-pointer, regex (an ECMA-262 pattern the validator can run, read
// as "pattern" is (regex.h): lookaround and backreferences are, syntax of other dialects (\A,
// (?i)), a lookbehind of variable width, which PCRE2 10.42 cannot run, and a pattern longer
// than 8 KiB are not).
//
// Pure functions of their arguments: no state, safe from any thread. Every checker is a
// single forward scan (no backtracking) over the bytes of `value`, which is UTF-8 as it came
// out of the JSON string (it may contain NUL). Hostile input cannot hang or crash a check;
// nothing allocates except "regex", which translates and compiles the pattern.
#include <string_view>

namespace conform::schema {

enum class FormatCheck { Valid, Invalid, Unknown };

// Checks `value` against a JSON Schema "format" (draft 7 and 2020-12 vocabularies).
// Format names are case-sensitive, as the specification says; an unknown name is Unknown.
FormatCheck checkFormat(std::string_view format, std::string_view value);

} // namespace conform::schema
