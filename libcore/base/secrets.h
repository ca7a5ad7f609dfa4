#pragma once
// conform::secrets — every key this process holds, so that none is ever written out.
//
//   secrets::remember(key);                     // a key read from the keychain, say
//   secrets::rememberHeader("authorization", v); // a secret header the proxy forwarded
//   line = secrets::mask(std::move(line));      // where text leaves the process
//
// Keys are remembered where they are read (the environment's *_API_KEY variables on first
// use, an endpoint's key, the keychain, the proxy's forwarded secret headers) and masked at
// the few places text leaves the process: the store's insert (captures, and so the WAL),
// exports, and the command line's stdout and stderr. Each occurrence becomes "[redacted]".
//
// Rules: values shorter than kMinLength are not remembered (they would mask ordinary text);
// keys from the environment, endpoints and the keychain stay for the process's life, the
// proxy's forwarded values are the latest kMaxForwarded. Thread-safe; mask() costs one atomic
// load while nothing is remembered.
#include "base/json.h"

#include <string>
#include <string_view>

namespace conform::secrets {

inline constexpr std::size_t kMinLength = 8;
inline constexpr std::size_t kMaxForwarded = 64;
inline constexpr std::string_view kMark = "[redacted]";

// A key configured for this process (environment, keychain, an endpoint's).
void remember(std::string_view value);
// A header value the proxy forwarded, when isSecretHeader(name): its value, and for
// "Bearer X" / "Basic X" also X.
void rememberHeader(std::string_view name, std::string_view value);
// Whether a header's name speaks of a secret: authorization, x-api-key, x-goog-api-key,
// api-key, cookie, Ocp-Apim-Subscription-Key, x-acme-token, ... (case-insensitive).
bool isSecretHeader(std::string_view name);

// Whether anything is remembered (after reading the environment's *_API_KEY variables once).
bool any();
// `text` with every remembered value replaced by kMark.
std::string mask(std::string text);
// Whether `text` holds a remembered value.
bool holdsAny(std::string_view text);
// Whether any string (or object key) in `value` holds one.
bool holdsAny(const Json& value);
// mask() applied to every string (and object key) in `value`; true when anything changed.
bool mask(Json& value);

// For tests: forgets everything, and reads the environment again on next use.
void forgetAllForTests();

} // namespace conform::secrets
