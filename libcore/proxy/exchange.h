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

#include <QUrl>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace conform::proxy {

struct Exchange
{
    server::HttpRequest request;   // as the application sent it, its body up to the capture's cap
    qint64 requestBodyBytes = -1;  // the body's size as sent (-1: request.body is all of it)
    std::string upstream;          // the upstream's base URL
    int status = 0;                // 0: no response at all
    std::vector<std::pair<std::string, std::string>> responseHeaders; // names lower-case
    std::string responseBody;      // de-chunked; an error body's first bytes (providers::kMaxErrorBodyBytes)
    std::uint64_t responseBodyBytes = 0; // the whole body's size as forwarded
    bool responseOverLimit = false; // larger than the proxy judges: forwarded, not kept, not judged
    bool complete = false;         // the response arrived whole
    std::string transportError;    // refused, reset mid-stream, ...
    long long latencyMs = 0;       // request forwarded -> response ended
};

// The request target the upstream gets: the upstream URL's path prefix before the
// application's path, the upstream URL's query (an api-version, a key) before the
// application's own. upstreamTarget("http://h/openai?api-version=1", "/v1/chat?x=2")
// == "/openai/v1/chat?api-version=1&x=2".
QByteArray upstreamTarget(const QUrl& upstream, const QByteArray& target);

// The provider a request speaks, by its path (/v1/messages, /chat/completions, /responses
// (OpenAIResponses), /api/chat);
// nullopt for anything else (model lists, health checks): forwarded, not captured.
std::optional<providers::ProviderKind> providerOfPath(const QByteArray& path);

// The schema name a request asks for: its x-conform-schema header, else the forced tool's
// name, else response_format.json_schema.name, else text.format.name (Responses); "" when none.
std::string schemaNameOf(const server::HttpRequest& request, const Json& body);

struct Judged
{
    engine::RunSpec spec;
    engine::RunRecord record;
    store::Labels labels; // source=proxy, schema=NAME (or "none"), validated=true|false
};

// The capture of an exchange. A Responses request the map has no entry for is judged by the
// schema it carries (text.format's, or its forced function tool's parameters), labelled with
// its name. Without a schema the reply is extracted but not validated
// (validated=false): outcome valid when JSON came back. A request body cut to the capture's
// cap is recorded as {"conform_cut": {"bytes_sent", "bytes_kept"}, "head": "<the kept text>"}
// (its model and schema name then come only from headers). The run ends by "observed": the
// proxy watches, it never asks again. Keys never enter it: a header's value is recorded only when
// the header is known to be harmless (providers::isHarmlessHeader), else as "***".
// A reply over `maxJudgedReplyBytes` (Exchange::responseOverLimit) is captured as a transport
// error that says its size, never judged.
Judged judgeExchange(const Exchange& exchange, providers::ProviderKind provider, const SchemaMap& schemas,
                     std::uint64_t maxJudgedReplyBytes = providers::kDefaultMaxReplyBytes);

} // namespace conform::proxy
