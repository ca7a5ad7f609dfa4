#pragma once
// Captures out as OpenTelemetry: OTLP/JSON ExportTraceServiceRequests, for a file (one
// request a line, as the OTLP file exporter writes) or an OTLP/HTTP endpoint.
//
//   Json request = otlp::traceRequest(captures);     // ExportTraceServiceRequest
//
// Each capture is a trace of its own (its trace_id label's, when it came from OTLP): a run
// span ("conform.run") with Conform's findings as attributes (conform.outcome, conform.flags,
// conform.repairs, conform.attempts, conform.source, conform.schema_hash, the labels as
// conform.label.K), and under it one GenAI span per attempt ("chat MODEL", gen_ai.* as the
// semantic conventions name them, the prompt and the raw reply as gen_ai.input.messages and
// gen_ai.output.messages) carrying conform.attempt.kind, .valid, .fixes, .issues,
// .not_enforced, .truncated, with the first issues as "conform.issue" events. The run span
// also carries the whole capture document (conform.capture), so `captures import` of an
// export gives back the very captures, every outcome and count (its attempt spans are known
// by conform.attempt and not read as calls). Requests are recorded redacted, as in exports.
#include "base/json.h"
#include "store/capture.h"

#include <vector>

namespace conform::otlp {

// At most this many issues per attempt become events (the count is always there).
inline constexpr std::size_t kIssueEvents = 5;

Json traceRequest(const std::vector<store::Capture>& captures);

} // namespace conform::otlp
