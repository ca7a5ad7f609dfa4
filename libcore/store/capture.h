#pragma once
// A capture: one run remembered. What it was asked (the spec: schema, prompt, targets,
// policy), what happened (the run document exactly as `conform-cli run --json` prints it),
// when, and the user's labels ("suite", "case", "target", "repeat", ...).
//
//   Capture c = captureOfRun(spec, record, {{"suite", "goals"}});
//   c.document();                 // what `captures show` and `captures export` print
//   Result<Capture> back = captureFromDocument(c.document());   // what `import` reads
//
// The schema and the prompt are stored once per distinct text (their hashes are the
// "versions" metrics filter and group by); the summary holds the columns the store indexes.
// Base URLs are kept without credentials and requests without keys, so a capture is safe to
// export and share.
#include "base/json.h"
#include "base/result.h"
#include "engine/run_record.h"
#include "engine/run_spec.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace conform::store {

namespace detail { struct BodyTemplate; } // store/detail/body_packing.h
struct Signature;                         // store/signature.h

using Labels = std::vector<std::pair<std::string, std::string>>; // in the order given

// The value of the first label named `key`, or "" when there is none.
std::string labelValue(const Labels& labels, std::string_view key);

// Outcome codes and flag bits as the store keeps them (and filters compare them).
enum class OutcomeCode : int { Valid = 0, Repaired = 1, Fallback = 2, Failed = 3, Unchecked = 4 }; // engine::Outcome's order
enum FlagBit : int { Truncated = 1, Refused = 2, TransportError = 4, Cancelled = 8, NotEnforced = 16, TokensUnknown = 32 };
std::optional<int> outcomeCode(std::string_view name);   // "valid" -> 0; unknown: nullopt
std::string_view outcomeNameOf(int code);
std::optional<int> flagBit(std::string_view name);       // "truncated" -> 1
std::vector<std::string> flagNames(int bits);            // in bit order

// The columns of a capture that lists, filters and metrics read without opening its body.
struct CaptureSummary
{
    std::string id;
    std::int64_t createdAtMs = 0;    // when the run finished, UTC
    std::string schemaHash;          // 16 hex digits of SHA-256 over the schema's compact text
    std::string schemaTitle;
    std::string schemaId;            // the schema's "$id" ("" when it has none)
    std::string promptHash;          // over the system and user templates (before variables)
    std::string provider, model, mode; // of the attempt the run ended on
    // Where the capture came from: "run", "suite", "proxy", "otlp", "import" (a provider's
    // batch file). Unset when built, it is read from the labels (a `source` label, as the
    // proxy has always set; a `suite` label), else "run".
    std::string source;
    int outcome = static_cast<int>(OutcomeCode::Failed);
    int flags = 0;
    int attempts = 0, repairs = 0;
    bool parseOkFirst = false, firstTryValid = false;
    std::int64_t latencyMs = 0;
    std::int64_t tokensIn = 0, tokensOut = 0, tokensCached = 0; // every attempt's, billed retries too
    // The first attempt's reply alone: what the run would have cost had it ended there. The
    // rest (repairs, continuations, re-asks, fallbacks, billed transport retries) is the
    // repair overhead.
    std::int64_t firstTokensIn = 0, firstTokensOut = 0, firstTokensCached = 0;
    Labels labels;
    // The cluster of its signature (signature.h): 16 hex digits, "" when it has none (valid
    // and unchecked captures).
    std::string cluster;

    // One `captures list --json` line.
    Json toJson() const;
};

// The reply a run ended on (the valid attempt, else the attempt kept as best, else the last
// one that answered), as `captures replay` re-checks it.
struct FinalReply
{
    std::string raw;
    bool valid = false;
    Json firstIssue;          // null when valid
    bool coerce = false;      // the policy it was checked under
    bool strictRepairs = false;
};

struct Capture
{
    CaptureSummary summary;
    Json schema;              // the schema as run
    std::string system, user; // the prompt templates
    Json spec;                // the rest of the spec: variables, targets, policy
    Json run;                 // the run document (RunRecord::toJson())
    FinalReply reply;
    std::string schemaText;   // the schema's compact text, as hashed and stored
    std::string specText;     // the rest of the spec as stored (made by the reader's thread,
                              // so the writer's thread only writes)
    std::string runText;      // set by captureFromText: the run document's text (`run` then
                              // holds only what the summary reads)
    std::string packedBodies; // set by BodyPacker::pack(): the spec's rest and the run as stored
    std::shared_ptr<const detail::BodyTemplate> bodyTemplate; // what packedBodies were packed against
    // Its signature, made with the summary (the store keeps its findings once per cluster);
    // null when it has none, and in captures read back from a store (summary.cluster names it).
    std::shared_ptr<const Signature> signature;

    // {"id", "time", "source", "labels", "spec": {"schema", "prompt", "targets", "policy"}, ...run}:
    // `captures show --json` and one line of `captures export`. Key order is fixed, so
    // export -> import -> export gives the same bytes.
    Json document() const;
};

// The spec's rest and the run document as the store keeps them: one zstd frame compressed
// against the capture's own schema and prompt texts, its final reply and, when given, a
// template: an earlier capture's bodies of the same schema (store/detail/body_packing.h).
std::string packedBodiesOf(const Capture& capture, const detail::BodyTemplate* bodyTemplate);
// The capture's own bodies as a template for later captures of its schema.
std::shared_ptr<const detail::BodyTemplate> bodyTemplateOf(const Capture& capture);

// Packs captures' bodies on the caller's thread, so that the store's writer thread only
// writes: an importer keeps one for its whole import and packs each capture where it reads
// it. A capture is packed against the first capture of its schema this packer saw (for the
// first kSchemas schemas; later ones against their schema and prompt alone), which the store
// then keeps once as a template. Without a packer the store packs a capture itself, against
// the template it already keeps for that schema.
class BodyPacker
{
public:
    static constexpr std::size_t kSchemas = 256;
    void pack(Capture& capture);

private:
    std::map<std::string, std::shared_ptr<const detail::BodyTemplate>> m_templates; // by schema hash
};

// A new capture of a run that just finished (a fresh time-ordered id, the time now).
// `source` empty: derived from the labels (see CaptureSummary::source).
Capture captureOfRun(const engine::RunSpec& spec, const engine::RunRecord& record, Labels labels = {}, std::string source = {});

// The source a capture without one is given: its `source` label, "suite" when it has a
// `suite` label, else "run". Also what the store's migration fills in for older captures.
std::string sourceOfLabels(const Labels& labels);

// Reads a document written by Capture::document(), taking it apart (pass an rvalue to save
// the copy). Without "id", `fallbackId` is called for one (the importer derives it from the
// line, so that importing the same file twice adds nothing); unset: a new id. Errors name the
// JSON pointer of the culprit.
Result<Capture> captureFromDocument(Json document, const std::function<std::string()>& fallbackId = {});

// The same straight from a line of text, for bulk imports: parsed with simdjson, with only
// the small parts (spec, labels, what the summary reads) built as Json values; the run
// document is kept as text and never built as a tree. Errors: "not a JSON document (...)",
// or the JSON pointer of the culprit.
Result<Capture> captureFromText(std::string_view text, const std::function<std::string()>& fallbackId = {});

// A capture an importer assembles from what it already holds (ingest's judged calls), the
// same as captureFromDocument() of the document these parts make, without building that
// document and taking it apart again.
struct CaptureParts
{
    std::string id;
    std::int64_t timeMs = 0;
    std::string source;
    Labels labels;
    Json schema;
    std::string schemaText;   // dump(schema) when the caller keeps it (one schema, many calls); else ""
    std::string system, user;
    Json spec;                // targets, policy, ... (not the schema and prompt)
    Json run;                 // the run document; with runText, only what the summary reads
    std::string runText;      // the run document's text (RunRecord::toText()), when the caller
                              // writes it directly: then the capture is as captureFromText's
};
Result<Capture> captureFromParts(CaptureParts parts);

// What the summary and the signature read of a run (outcome, flags, metrics, best_attempt;
// each attempt's target, mode, repair, raw, parsed, valid, checked, truncated, usage,
// latency_ms, http_status, error, extraction_failure, not_enforced, retries and issues), for
// CaptureParts::run beside the run's text.
Json runSummary(const engine::RunRecord& record);
// An attempt's issues as the summary keeps them: the first whole, the others' code, path
// and message (what a signature reads).
Json issueSummary(const Json& issues);

// Helpers shared by the store and its commands.
std::string newCaptureId();                                // time-ordered, UUID-shaped
std::string idFromContent(std::string_view content);       // UUID-shaped, derived from a hash
std::string shortHash(std::string_view text);              // 16 hex digits of SHA-256
std::string isoTime(std::int64_t msSinceEpoch);            // "2026-11-23T12:00:00.123Z"
Result<std::int64_t> parseIsoTime(std::string_view text);  // ISO 8601 date or date-time
// The spec parts a capture keeps, as JSON (targets without credentials).
Json policyJson(const engine::Policy& policy);
Json targetJson(const engine::Target& target);

} // namespace conform::store
