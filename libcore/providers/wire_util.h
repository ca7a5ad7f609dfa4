#pragma once
// Small helpers shared by the adapters: tolerant field access on untrusted JSON (a missing
// or mistyped field reads as empty, never throws) and URL joining. Internal to providers.
#include "base/json.h"
#include "base/json_access.h"
#include "providers/provider.h"

#include <cstdint>
#include <string>
#include <string_view>

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

} // namespace conform::providers::detail
