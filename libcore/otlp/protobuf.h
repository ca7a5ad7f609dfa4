#pragma once
// OTLP/HTTP protobuf bodies (Content-Type application/x-protobuf, what the *-otlp-proto
// exporters send) read into the OTLP/JSON shape genai.h reads, so both encodings take one
// path. A small decoder of the protobuf wire format over the fields of the public OTLP
// messages (ExportTraceServiceRequest, ExportLogsServiceRequest and what they hold: field
// numbers from opentelemetry-proto's trace.proto, logs.proto, common.proto, resource.proto);
// unknown fields are skipped as the format allows. Ids become hex, 64-bit integers decimal
// strings, as OTLP/JSON writes them.
//
// Hostile input: every length is checked against what is left, nesting is bounded (64), and
// an Error says what was wrong and at which byte, never reading past the body.
#include "base/json.h"
#include "base/result.h"

#include <string_view>

namespace conform::otlp {

enum class ProtobufMessage { Traces, Logs };

Result<Json> jsonOfProtobuf(std::string_view body, ProtobufMessage message);

} // namespace conform::otlp
