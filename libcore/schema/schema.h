#pragma once
// conform::schema — JSON Schema compiled once, validated many times, with Zod-style issues.
//
//   auto compiled = schema::Validator::compile(schemaJson, {.registry = &workspace});
//   if (!compiled) fail(compiled.error().toString());          // bad schema: what and where
//   schema::ValidationResult r = compiled->validate(instance);  // every issue, document order
//   bool ok = compiled->acceptsText(line);                     // fast verdict straight from text
//
// Drafts 2020-12 (the default) and 7, chosen by "$schema". Every keyword of both; $ref is
// resolved at compile time through the Registry (nothing is fetched from the network);
// recursion is allowed, and a $ref loop that consumes no input ({"$ref": "#"}) is a compile
// error at the keyword that closes it. Patterns are ECMA-262 regular expressions read with the
// u flag, as ajv reads them (regex.h): on RE2 when it can run them (linear time), on PCRE2 with
// match limits for lookaround and backreferences. A value whose check reaches a limit is
// invalid with the issue "pattern_check_limit", never a mismatch; a pattern neither engine
// reads (a syntax error, (?i), a lookbehind of variable width) is a compile error at its
// keyword ("/properties/code/pattern"). Issues follow ../shared/reference/zod-issues.md.
//
// Hostile input is bounded: instances nested deeper than json::kMaxDepth are rejected (an
// issue, or a parse error from acceptsText), $ref loops at one instance location fail instead
// of recursing, uniqueItems is O(n log n). Nothing here throws; failures are Results or issues.
// "format" asserts by default (checkFormat from formats.h: email, uri, date-time, date, time,
// uuid, ipv4, ipv6, hostname, ...), as z.string().email() and ajv-formats do; with
// CompileOptions::assertFormats off it is an annotation only, as the drafts' default says.
#include "base/cancel.h"
#include "base/json.h"
#include "base/path.h"
#include "base/result.h"
#include "base/span.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::json { class JsonWriter; }

namespace conform::schema {

enum class Draft { Draft7, Draft2020_12 };
enum class ZodStyle { Zod3, Zod4 };

// One problem with an instance, as Zod would report it.
struct Issue
{
    std::string code;          // a Zod code of the chosen style; keywords with none are "custom"
    Path path;                 // where in the instance
    std::string message;       // Zod's English message, in the chosen style
    Json params = Json::object(); // the code's own fields: expected/received, minimum, options,
                               // keys, ...; for "custom", {"keyword": ..., ...}
    std::string schemaPath;    // JSON pointer into the schema document, to the failing keyword
    std::optional<Span> span;  // offsets into the raw text, when the value came from text

    // {"code", "path", "message", <params...>, "schemaPath", "span"?: {"offset","length"}}
    Json toJson() const;
    void write(json::JsonWriter& out) const; // the same document as text, no tree
};

// Whether an invalid_type issue's message says the member is absent rather than of the wrong
// type: Zod 3 says "Required", Zod 4 "Invalid input: expected string, received undefined".
inline bool saysMissing(std::string_view message)
{
    return message == "Required" || message.find("received undefined") != std::string_view::npos;
}

// A change made to the instance so that it fits, never silently: the user sees each one.
struct Coercion
{
    Path path;
    std::string kind; // "enum_case", "boolean_word", "numeric_string", "wrap_in_array"
    Json before;
    Json after;

    Json toJson() const; // {"path", "kind", "before", "after"}
    void write(json::JsonWriter& out) const;
};

// Something about the instance a person should know that is not a fault of it: the verdict
// stands as it is. The one kind so far is a repeated key ({"a":1,"a":2}), read as JSON.parse,
// Zod, ajv and Python read it: the last value counts.
struct Warning
{
    Path path;           // the object that repeats the key
    std::string message; // key "a" appears 2 times; the last value is used, as JSON.parse does

    Json toJson() const; // {"path", "message"}
    void write(json::JsonWriter& out) const;
};

// Coercions are off unless asked for.
struct CoercionOptions
{
    bool enumCase = false;       // "Amber" -> "amber" when only "amber" is allowed
    bool booleanWords = false;   // "yes"/"true"/"1"/"no"/"false"/"0" -> true/false
    bool numericStrings = false; // "5" -> 5 where a number or integer is wanted
    bool wrapInArray = false;    // x -> [x] where an array of such values is wanted

    static CoercionOptions all() { return {true, true, true, true}; }
    bool any() const { return enumCase || booleanWords || numericStrings || wrapInArray; }
};

struct ValidateOptions
{
    ZodStyle style = ZodStyle::Zod3;
    CoercionOptions coerce;
    // Set from another thread to stop early (see base/cancel.h); the result then says
    // `cancelled` and its verdict and issues mean nothing.
    const CancelFlag* cancel = nullptr;
};

struct ValidationResult
{
    bool valid = false;
    bool cancelled = false;          // stopped through ValidateOptions::cancel: no verdict
    std::vector<Issue> issues;       // all of them, in document order
    std::vector<Coercion> coercions; // what was changed, in document order
    std::vector<Warning> warnings;   // from validateText: its repeated keys, in document order
    Json value;                      // the instance after coercions (the instance when none);
                                     // null from validateText, which builds no tree

    // {"valid", "issues": [...], "coercions": [...]}, and "warnings": [...] when there are any
    Json toJson() const;
    void write(json::JsonWriter& out) const;
    void writeMembers(json::JsonWriter& out) const; // "valid", "issues", "coercions" (, "warnings") into an open object
};

// A problem with the schema itself, found at compile time.
struct LintMessage
{
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    std::string schemaPath; // JSON pointer into the schema
    std::string message;
};

// Schemas that $ref may name, by URI: documents added by hand, the official metaschemas (draft
// 7 and 2020-12, always present) and, for a schema folder's registry (forWorkspace), the files
// that $refs name, each read when first asked for (never by scanning the folder). Nothing is
// ever fetched; an unknown URI is a compile error. Documents are shared, immutable once added;
// a Registry may be read from many threads (a folder's files are read under a lock).
class Registry
{
public:
    Registry();
    ~Registry();
    Registry(Registry&&) noexcept;
    Registry& operator=(Registry&&) noexcept;

    // Makes `document` resolvable as `uri` (and by its own $id, if it has one).
    void add(const std::string& uri, Json document);
    // The document registered under `uri` (without fragment), reading it from the folder when
    // it is one of the folder's files; nullptr when there is none (a compile then says why).
    const Json* find(const std::string& uri) const;

    // A registry of `directory`'s files (and below), read as $refs ask for them, by these rules
    // (schema_folder.h):
    // - a file: URI names its file, read only if its real path (symlinks resolved) lies under
    //   the folder's real path and it is a regular file of at most 16 MB;
    // - another URI (an $id, "https://example.com/s/address.json") is looked up among the
    //   documents read so far (each known by its file URI and its $id); then beside a file read
    //   so far whose $id's folder prefixes it (the same relative path); then as the URI's last
    //   one to four path segments under the folder ("s/address.json", "address.json", also with
    //   ".json" added when there is no extension), taken only when that file's $id is the URI.
    //   A compile also tries the place relative to its root's own $id (CompileOptions::baseUri).
    // Each failed read (outside the folder, too large, not JSON with its line and column) is
    // listed in `problems` when given; it must outlive the registry.
    static Registry forWorkspace(const std::string& directory, std::vector<Error>* problems = nullptr);

private:
    struct Data;
    std::unique_ptr<Data> d;
};

struct CompileOptions
{
    Draft defaultDraft = Draft::Draft2020_12; // when "$schema" does not say
    bool assertFormats = true;                // false: "format" is an annotation only
    const Registry* registry = nullptr;       // for $ref to other documents
    std::string baseUri;                      // the schema's own URI, e.g. "file:///ws/x.json"
};

// The schema document's own "$id" when it is a string, else "": a schema file's identity.
std::string idOf(const Json& schema);

namespace detail { struct CompiledSchema; struct VerdictProbe; }

// A compiled schema: immutable, cheap to copy, safe to use from many threads at once.
class Validator
{
public:
    // Compiles `schema`. A schema that cannot be compiled (unresolvable $ref, a keyword of the
    // wrong type) is an Error whose `where` is the JSON pointer of the culprit.
    static Result<Validator> compile(const Json& schema, const CompileOptions& options = {});

    // Every issue of `instance`, in document order, after the coercions asked for.
    ValidationResult validate(const Json& instance, const ValidateOptions& options = {}) const;

    // Every issue of the JSON text `text`, parsed once by simdjson and read in place: no tree
    // is built (the result's `value` stays null), and a valid text costs a verdict pass only.
    // Coercions change a tree, so with any asked for this is parseStrict + validate(). So is
    // a text with an object that repeats a key, which simdjson would read with every member:
    // it is judged as JSON.parse reads it (the last value counts, in the first one's place),
    // with a Warning per repeated key; acceptsText reads it so too.
    // Text simdjson cannot take (not JSON, integers beyond 64 bits) gives nullopt and
    // `parseError`; callers wanting parseStrict's line and column ask it then.
    std::optional<ValidationResult> validateText(std::string_view text, const ValidateOptions& options = {},
                                                 std::string* parseError = nullptr) const;

    // Any JSON text a user holds: validateText, and for text simdjson cannot take, parseStrict
    // then validate(). Text that is not JSON is an Error whose `where` is "line L, column C".
    Result<ValidationResult> validateJsonText(std::string_view text, const ValidateOptions& options = {}) const;

    // Verdict only: no issues are built.
    bool accepts(const Json& instance) const;

    // Verdict straight from JSON text, the fast path for large volumes (simdjson underneath).
    // Text that is not JSON is not accepted; `parseError`, when given, says why and where.
    bool acceptsText(std::string_view text, std::string* parseError = nullptr) const;

    // Problems found while compiling that do not stop it (unknown formats, ...).
    const std::vector<LintMessage>& lint() const;

    Draft draft() const;

private:
    friend struct detail::VerdictProbe; // tests compare the fast verdict walk with the generic one
    explicit Validator(std::shared_ptr<const detail::CompiledSchema> compiled);
    std::shared_ptr<const detail::CompiledSchema> m_compiled;
};

} // namespace conform::schema
