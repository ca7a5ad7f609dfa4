#pragma once
// conform::otlp — OpenTelemetry in and out. This header reads OTLP/JSON requests (what the
// OTLP/HTTP exporters POST to /v1/traces and /v1/logs, and what the OTLP file exporter
// writes one per line) into GenAI calls, as the GenAI semantic conventions describe them:
//
//   otlp::Batch batch = otlp::readRequest(json);        // spans, events, counts, problems
//   for (GenAiSpan& span : batch.spans) joiner.addSpan(std::move(span));
//   ingest::ObservedCall call = otlp::callOfSpan(span); // then ingest::Judge
//
// A GenAI span has gen_ai.operation.name chat, text_completion or generate_content; any
// other span (HTTP, database, embeddings) is counted and skipped. The provider is
// gen_ai.provider.name, else the older gen_ai.system. Messages come in three forms, all read:
// the current attributes (gen_ai.input.messages, gen_ai.output.messages,
// gen_ai.system_instructions), the older events (gen_ai.system.message, gen_ai.user.message,
// gen_ai.assistant.message, gen_ai.choice) as span events or as log records carrying the
// span's ids (what @opentelemetry/instrumentation-openai sends on /v1/logs), and
// OpenLLMetry's indexed attributes (gen_ai.prompt.0.content, gen_ai.completion.0.content).
#include "base/json.h"
#include "ingest/observed_call.h"

#include <cstdint>
#include <string>
#include <vector>

namespace conform::otlp {

// An older-form GenAI event: its name and body ({"content"} for a message, {"index",
// "finish_reason", "message"} for a choice), from a span event or a log record.
struct GenAiEvent
{
    std::string traceId, spanId; // hex; a span event has its span's
    std::string name;            // "gen_ai.user.message", "gen_ai.choice", ...
    Json body;
    std::int64_t timeNs = 0;
};

struct GenAiSpan
{
    std::string traceId, spanId; // 32 and 16 lower-case hex digits
    std::string name;
    std::int64_t startNs = 0, endNs = 0;
    Json attributes = Json::object(); // flattened: "gen_ai.request.model" -> "gpt-4o-mini"
    std::string serviceName;          // the resource's service.name
    int statusCode = 0;               // 2: error
    std::string statusMessage;
    std::vector<GenAiEvent> events;   // span events and joined log records, in time order
};

struct Batch
{
    std::vector<GenAiSpan> spans;    // GenAI spans
    std::vector<GenAiEvent> events;  // GenAI log records (to be joined by span id)
    std::vector<std::string> captures; // Conform's own export (export.h): capture documents
    std::size_t conformAttempts = 0; // ...and its attempt spans, part of those captures
    std::size_t otherSpans = 0;      // spans that are not a chat or completion
    std::size_t otherLogs = 0;       // log records that are not GenAI events
    std::vector<std::string> problems; // "span 5b8aa5a2d2c872e8: no trace id", one per bad item
};

// Reads one ExportTraceServiceRequest or ExportLogsServiceRequest (or a file line holding
// either, or both). An Error when it is neither: "not an OTLP traces or logs request".
Result<Batch> readRequest(const Json& request);

// True when the span has its reply (output attributes, a choice event or OpenLLMetry's
// completion attributes), so it need not wait for more events.
bool hasReply(const GenAiSpan& span);

// The call a span (with its events) records, for ingest::Judge: source "otlp", id seed
// "TRACE/SPAN", labels trace_id, span_id (and service, response_id when known).
ingest::ObservedCall callOfSpan(const GenAiSpan& span);

} // namespace conform::otlp
