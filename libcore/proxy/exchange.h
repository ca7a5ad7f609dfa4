#pragma once
// One request the proxy forwarded and what came back, as data, and what its capture holds:
// the provider and mode read from the request, the reply read with the provider's own
// parser (streamed or not), then extracted and validated against the schema the request
// names (schema_map.h). Pure: no sockets, no store.
#include "engine/run_record.h"
#include "engine/run_spec.h"
#include "proxy/schema_map.h"
#include "server/http_request.h"
#include "store/capture.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace conform::proxy {

struct Exchange
{
    server::HttpRequest request;   // as the application sent it
    std::string upstream;          // the upstream's base URL
    int status = 0;                // 0: no response at all
    std::vector<std::pair<std::string, std::string>> responseHeaders; // names lower-case
    std::string responseBody;      // de-chunked
    bool complete = false;         // the response arrived whole
    std::string transportError;    // refused, reset mid-stream, ...
    long long latencyMs = 0;       // request forwarded -> response ended
};

// The provider a request speaks, by its path (/v1/messages, /chat/completions, /api/chat);
// nullopt for anything else (model lists, health checks): forwarded, not captured.
std::optional<providers::ProviderKind> providerOfPath(const QByteArray& path);

// The schema name a request asks for: its x-conform-schema header, else the forced tool's
// name, else response_format.json_schema.name; "" when none.
std::string schemaNameOf(const server::HttpRequest& request, const Json& body);

struct Judged
{
    engine::RunSpec spec;
    engine::RunRecord record;
    store::Labels labels; // source=proxy, schema=NAME (or "none"), validated=true|false
};

// The capture of an exchange. Without a schema the reply is extracted but not validated
// (validated=false): outcome valid when JSON came back. The run ends by "observed": the
// proxy watches, it never asks again. Keys never enter it: credential headers are dropped.
Judged judgeExchange(const Exchange& exchange, providers::ProviderKind provider, const SchemaMap& schemas);

} // namespace conform::proxy
