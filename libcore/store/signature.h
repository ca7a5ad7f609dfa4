#pragma once
// A failure's cause, kept by the writer (DESIGN.md, "Decisions"). Every capture that ended
// failed, fallback or repaired gets a signature when it is written; captures with the same
// signature are one cluster, so `captures clusters` and the workbench's Triage are a GROUP BY
// over a stored column (captures.cluster), never a scan of run documents.
//
//   std::optional<Signature> s = signatureOf(capture.summary, capture.run);
//   if (s) s->clusterId();     // "3f9a0c2e71d4b858": the same cause has this id in every store
//
// The rules, in order:
// - Only failed, fallback and repaired captures have one, and the outcome is part of it: one
//   cause failing, falling back and being repaired is three clusters. valid and unchecked
//   captures have none (a valid run saved by a continuation included: it is not a failure).
// - The schema is named by its "$id", else its "title", else its hash, so one cluster spans
//   the versions of one schema (the rule `captures replay` scopes a schema by).
// - A failed run that ended cut, refused, without an answer or cancelled is keyed by those
//   flags alone: a cut reply's cluster is its truncation, whatever its partial value lacks.
// - Otherwise one attempt is judged: a failed run's final attempt; a fallback's last attempt
//   that did not validate (its final one validated in a weaker mode, so what made it leave
//   its mode is the cause); a repaired run's first attempt (what the repairs paid for). That
//   attempt cut at max tokens is keyed `truncated`; one that got no answer, `transport_error`.
// - Else its findings: each issue as (path, code), array indices replaced by "*"
//   (["items", 3, "price"] becomes ["items", "*", "price"]), as a set: sorted, each once. An
//   attempt with no issue to name still has one finding at the root: "no_json" (no JSON value
//   in the reply) or "http_400" (the request was refused with that status; a fallback's
//   usual cause: the mode's schema was refused); a run that made no call, "no_call".
// - The cluster id is the first 16 hex digits of SHA-256 over canonicalText(), which holds
//   nothing but the above: not the store, the capture's id or time, nor the issues' messages.
//   So an export imported elsewhere lands in the same clusters.
#include "base/json.h"
#include "store/capture.h"

#include <optional>
#include <string>
#include <vector>

namespace conform::store {

// What the signature calls the schema: by "$id", "title" or "hash", and that value.
struct SchemaKey
{
    std::string by;
    std::string value;
    friend bool operator==(const SchemaKey&, const SchemaKey&) = default;
};
// The key of a schema with these parts (CaptureSummary's schemaId, schemaTitle, schemaHash).
SchemaKey schemaKeyOf(const std::string& schemaId, const std::string& schemaTitle, const std::string& schemaHash);

struct Finding
{
    std::vector<std::string> path; // object keys as they are, array indices as "*"
    std::string code;              // the code ("invalid_type"), or "no_json", "http_NNN"
    std::string message;           // one capture's words for it; not part of the signature

    // {"path": [...], "code", "message"}, as `captures clusters --json` prints each finding.
    Json toJson() const;
    static std::optional<Finding> fromJson(const Json& json);
};

// The flags a signature may be keyed by (store FlagBit values).
inline constexpr int kSignatureFlags = Truncated | Refused | TransportError | Cancelled;

struct Signature
{
    int outcome = static_cast<int>(OutcomeCode::Failed); // Failed, Fallback or Repaired
    SchemaKey schema;
    int flags = 0;                  // within kSignatureFlags; set: findings is empty
    std::vector<Finding> findings;  // sorted by (path, code), each pair once

    // ["failed", "title", "Order", ["truncated"], [[["items","*","price"], "invalid_type"]]]
    // as compact JSON: what the cluster id is a hash of.
    std::string canonicalText() const;
    std::string clusterId() const;
};

// The signature of a capture, from its summary (outcome, flags, schema) and its run document
// (or the summary of it the importers keep: each attempt's valid, parsed, raw, truncated,
// error, http_status, extraction_failure and issues). nullopt when it has none.
std::optional<Signature> signatureOf(const CaptureSummary& summary, const Json& run);

// Which attempt of a run with this outcome its signature judges (the rules above): the first
// of a repaired run, a fallback's last invalid one, else the last. nullopt without attempts.
// Triage highlights the findings in that attempt's reply.
std::optional<std::size_t> judgedAttempt(int outcome, const Json& attempts);

// A path as a finding names it: numbers become "*".
std::vector<std::string> normalisedPath(const Json& path);

} // namespace conform::store
