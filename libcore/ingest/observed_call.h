#pragma once
// conform::ingest — captures of calls Conform did not make: what an application recorded
// (OpenTelemetry GenAI spans, a provider's batch result file) judged as the proxy judges
// what it forwards, so they get the same outcomes, flags, metrics and re-validation as
// every other capture.
//
//   ingest::Judge judge({fallbackSchema, schemaMap});
//   ingest::ObservedCall call;  call.source = "otlp"; call.idSeed = traceId + spanId; ...
//   std::optional<store::Capture> capture = judge.capture(call);
//
// Which schema a reply is checked against: the one the request carried (response_format's
// json_schema, a forced tool's input_schema or parameters, Ollama's format), else the map's
// entry for the call's schema name, else the fallback (--schema); with none the reply is
// only extracted, the capture labelled validated=false and schema=none ("unchecked").
// The capture's id is derived from `idSeed`, so importing the same record twice adds
// nothing. Requests are kept as recorded, with keys and URL credentials redacted as in any
// capture.
#include "base/json.h"
#include "providers/provider.h"
#include "proxy/schema_map.h"
#include "store/capture.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace conform::ingest {

struct ObservedCall
{
    std::string source;          // "otlp", "import"
    std::string idSeed;          // unique per call in its source: "TRACE/SPAN", "batch_x/custom_id"
    std::int64_t timeMs = 0;     // when the call ended, UTC
    std::string provider;        // as the record names it: "openai", "anthropic", "aws.bedrock"
    std::string model;
    providers::Mode mode = providers::Mode::Text;
    std::string system, user;    // the prompt as recorded ("" when the record has none)
    Json request;                // the request as recorded (body, url), or null
    std::optional<std::string> reply; // the text or tool input answered; nullopt: none recorded
    std::string stopReason;      // as recorded: "stop", "length", "end_turn", "max_tokens", ...
    providers::Usage usage;
    long long latencyMs = 0;
    int httpStatus = 0;          // 0 when not recorded
    std::string error;           // the call failed: the provider's or transport's words
    bool refused = false;        // a refusal (OpenAI's message.refusal, stop reason "refusal")
    Json requestSchema;          // the schema the request carried, or null
    std::string schemaName;      // the name the schema map is asked for ("" for none)
    store::Labels labels;        // trace_id, span_id, custom_id, ...
};

// The schema a request body carries: OpenAI's response_format.json_schema.schema or its
// forced function's parameters (the Responses API's text.format.schema or its flat forced
// function tool's parameters), Anthropic's forced tool's input_schema, Ollama's format
// (when an object); null when none. `mode` is set to what the request asked for.
Json schemaOfRequest(const Json& body, providers::Mode* mode = nullptr);
// The name of that schema (json_schema.name, text.format.name, the forced tool's name), ""
// when none.
std::string schemaNameOfRequest(const Json& body);

struct JudgeOptions
{
    std::optional<proxy::MappedSchema> fallback; // --schema FILE
    proxy::SchemaMap schemaMap;                  // --schema-map FILE
};

class Judge
{
public:
    explicit Judge(JudgeOptions options = {}) : m_options(std::move(options)) {}

    // The capture of `call`: extracted, validated against the schema chosen as above.
    // Errors: only a capture document the store would refuse (never expected). As for the
    // bulk importers, the run document is in runText and `run` holds what the summary reads.
    Result<store::Capture> capture(const ObservedCall& call);

    std::size_t unchecked() const { return m_unchecked; } // captures judged without a schema

private:
    const proxy::MappedSchema* schemaFor(const ObservedCall& call, std::string& label);
    // The schema's compact text, made once per schema rather than once per call.
    const std::string& schemaText(const proxy::MappedSchema* schema);

    JudgeOptions m_options;
    std::map<std::string, std::unique_ptr<proxy::MappedSchema>> m_requestSchemas; // by compact text
    std::map<const proxy::MappedSchema*, std::string> m_schemaTexts;
    std::size_t m_unchecked = 0;
};

// "stop"/"end_turn" -> end, "length"/"max_tokens" -> truncated, ...
bool stopMeansTruncated(std::string_view stopReason);
bool stopMeansRefused(std::string_view stopReason);

} // namespace conform::ingest
