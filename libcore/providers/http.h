#pragma once
// Requests and responses as plain data, so building and parsing stay pure functions and
// every request can be recorded. Credentials travel beside the headers, never inside them:
// only the transport merges them into the outgoing request, and toJson() shows them redacted.
#include "base/json.h"
#include "providers/scenario.h" // Header

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::providers {

struct HttpRequest
{
    std::string method = "POST";
    std::string url;
    std::vector<Header> headers;     // content-type, anthropic-version, ...
    std::vector<Header> credentials; // x-api-key / authorization: sent, never recorded
    std::string body;                // JSON text ("" for GET)
    bool stream = false;             // the body asks for a streamed reply

    // {"method","url","headers":{...},"body": parsed JSON (or the text)}; credentials appear as
    // "x-api-key": "[redacted]" and "authorization": "Bearer [redacted]", and the URL as
    // redactUrl() gives it.
    Json toJson() const;
};

struct HttpResponse
{
    int status = 0;                  // 0: no HTTP response at all (connection error, timeout)
    std::vector<Header> headers;     // names in lower case
    std::string body;                // an error body (status >= 400): only its first kMaxErrorBodyBytes
    std::uint64_t bodyBytes = 0;     // the body's whole size as it arrived, kept or not

    // Case-insensitive header lookup.
    std::optional<std::string> header(std::string_view name) const;
};

// An error body's start says what went wrong (the provider's JSON error, an HTML page's
// title); the rest is counted, not kept, so a 50 MB error page costs neither memory nor a
// 50 MB log line.
inline constexpr std::size_t kMaxErrorBodyBytes = 16 * 1024;

// The largest reply body a run reads (`run --max-reply-bytes`), and the request body
// `serve` and `collect` take: far above any model reply, far below what hurts.
inline constexpr std::uint64_t kDefaultMaxReplyBytes = std::uint64_t(32) << 20;

// The recorded form of a credential header's value.
std::string redactedValue(std::string_view headerName);

// Headers are recorded by allowlist, never by denylist: a credential header nobody thought
// of (x-goog-api-key, Ocp-Apim-Subscription-Key, x-acme-token, ...) must still stay out of
// captures, exports and logs. True for the names known to carry no secret: content-type,
// content-length, content-encoding, accept, accept-encoding, accept-language, user-agent,
// connection, expect, cache-control, anthropic-version, anthropic-beta, openai-beta,
// x-stainless-* (the SDKs' client description), x-conform-session, x-conform-schema.
// Organisation and project ids (openai-organization, openai-project) are not secrets but
// name an account, so they are not on the list. Case-insensitive.
bool isHarmlessHeader(std::string_view name);

// The value as it may be recorded: itself for a harmless header, else "***" (the marks
// redactedValue() gives are kept as they are).
std::string recordedHeaderValue(std::string_view name, std::string_view value);

// Applies recordedHeaderValue() to every member of a recorded "headers" object, and to the
// "headers" of every attempt's "request" in a run (or capture) document: what export runs
// over captures recorded before the allowlist.
void redactHeaderObject(Json& headers);
void redactRecordedRequests(Json& runDocument);

// A URL with its secrets replaced by "***": the user information ("user:password@" ->
// "***@") and the value of every query parameter whose name speaks of a credential (key,
// token, secret, pass, sig, auth: "?api_key=abc" -> "?api_key=***"). Anything else as given.
std::string redactUrl(std::string_view url);

// Replaces, in `text`, the secrets redactUrl() would hide in `url`, wherever they appear as
// they do in the URL ("user:pw@", "api_key=abc"), whatever their length.
std::string scrubUrlSecrets(std::string text, std::string_view url);

// Replaces every occurrence of each secret (at least 8 characters long) in `text` with
// "[redacted]": a last line of defence for logs and echoed error bodies.
std::string scrubSecrets(std::string text, const std::vector<std::string>& secrets);

} // namespace conform::providers
