#pragma once
// Small helpers shared by the adapters: tolerant field access on untrusted JSON (a missing
// or mistyped field reads as empty, never throws) and URL joining. Internal to providers.
#include "base/json.h"
#include "base/json_access.h"
#include "providers/http.h"
#include "providers/provider.h"
#include "providers/sse.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::providers::detail {

std::string str(const Json& object, std::string_view key);
std::int64_t integer(const Json& object, std::string_view key);
const Json& member(const Json& object, std::string_view key); // null when absent

// Parses a body; a body that is not JSON gives a discarded (is_discarded()) value.
Json parseBody(std::string_view body);

// What a body is, for a message, when it is not the API's JSON: "an empty body", "an HTML
// page (1.2 KB): Bad Gateway", "a body that is not UTF-8 text (40 bytes)", "not JSON (...)
// at line 1, column 85: ...". `parsed` is parseBody(body).
std::string describeBody(std::string_view body, const Json& parsed);

// base + path without doubling slashes or "/v1": join("http://h:1/v1/", "/v1/messages")
// == "http://h:1/v1/messages". The path joins the base's path; a query in the base stays the
// query: join("http://h:1/?key=K", "/api/chat") == "http://h:1/api/chat?key=K".
std::string joinUrl(std::string base, std::string_view path);

// The arguments text of a tool call as a JSON object for re-sending it (Anthropic wants an
// object; text that is not one becomes {}).
Json argumentsObject(const std::string& arguments);

// Records a stop reason in the provider's own words and as the neutral StopReason.
void setStop(Reply& reply, std::string reason);

// An error Reply from an HTTP error response, reading `message`/`type` at the given places.
ProviderError errorFrom(int status, const Json& body, std::string_view fallbackText);

// The key as its header, or no header when there is no key: "authorization: Bearer KEY"
// (OpenAI, and a proxy in front of Ollama), or NAME: KEY (Anthropic's x-api-key).
std::vector<Header> bearerKey(const std::string& apiKey);
std::vector<Header> keyHeader(const std::string& name, const std::string& apiKey);

// A POST of `body` as JSON to `url`: content-type first, then `headers`; `credentials` are the
// key's headers (sent only to the endpoint's own origin, never recorded).
HttpRequest jsonPost(std::string url, const Json& body, bool stream, std::vector<Header> credentials,
                     std::vector<Header> headers = {});

// The body of a reply that must be the API's JSON object, parsed; nullopt with reply.error set
// when the exchange failed (an HTTP error, in the provider's words) or the body is no JSON
// object (said as describeBody says it). `errorInBody`: the wire also reports errors in a 200
// as {"error": "..."} (Ollama).
std::optional<Json> objectBody(const HttpResponse& response, Reply& reply, bool errorInBody = false);

// A stream of Server-Sent Events each carrying one JSON object (Anthropic, Chat Completions'
// chunks, the Responses API): the framing, once; a wire reads each event's data.
class SseJsonDecoder : public StreamDecoder
{
public:
    std::vector<StreamEvent> feed(std::string_view bytes) final { return handle(m_sse.feed(bytes)); }
    std::vector<StreamEvent> finish() final { return handle(m_sse.finish()); }
    bool complete() const final { return m_complete; }

protected:
    // `doneSentinel`: a `data: [DONE]` event ends the stream (Chat Completions); for the other
    // wires it is data like any other (not JSON, so ignored).
    explicit SseJsonDecoder(bool doneSentinel = false) : m_doneSentinel(doneSentinel) {}
    // One event's data, parsed (a discarded value when it is not JSON).
    virtual void handleData(const Json& data, std::vector<StreamEvent>& out) = 0;
    // Appends a piece of the reply's text and says so.
    void appendText(const std::string& part, std::vector<StreamEvent>& out);

    bool m_complete = false;

private:
    std::vector<StreamEvent> handle(const std::vector<SseEvent>& events);

    SseDecoder m_sse;
    bool m_doneSentinel;
};

} // namespace conform::providers::detail
