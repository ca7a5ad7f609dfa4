#pragma once
// Whether and when to retry a failed HTTP exchange: the decision the official SDKs make,
// as a pure function with the clock and the random source passed in, so it is tested
// without waiting or chance.
//
//   RetryDecision d = decideRetry(failure, retriesSoFar, policy, clock, random);
//   if (d.retry) QTimer::singleShot(d.delay, ...);   // d.reason says why, for the record
//
// Retried: 408, 409, 429, every 5xx (529 "overloaded" included), timeouts and connection
// errors; `x-should-retry: true|false` overrides the status. The delay honours
// `retry-after-ms`, then `retry-after` (seconds or an HTTP date) when it is in (0, 60 s];
// otherwise exponential backoff with full jitter: uniform in [0, min(cap, base * 2^n)].
#include "providers/scenario.h" // Header

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conform::providers {

struct RetryPolicy
{
    int maxRetries = 2;
    std::chrono::milliseconds initialDelay{500};
    std::chrono::milliseconds maxDelay{8000};
    std::chrono::milliseconds maxRetryAfter{60000}; // longer server hints fall back to backoff
};

// What went wrong with one exchange.
struct Failure
{
    int status = 0;               // HTTP status; 0 when there was no response
    bool timedOut = false;        // the per-attempt or stall timeout fired
    bool connectionError = false; // refused, reset, cut mid-body
    std::vector<Header> headers;  // the response's headers (retry hints)
    std::string detail;           // e.g. the network error text
};

struct RetryDecision
{
    bool retry = false;
    std::chrono::milliseconds delay{0};
    std::string reason; // "HTTP 429 (retry-after 1 s)", "timeout", "HTTP 401 is not retried", ...
};

using WallClock = std::function<std::chrono::system_clock::time_point()>;
using UnitRandom = std::function<double()>; // uniform in [0, 1)

RetryDecision decideRetry(const Failure& failure, int retriesSoFar, const RetryPolicy& policy,
                          const WallClock& now, const UnitRandom& random);

// Whether the status alone is retryable (408, 409, 429, >= 500).
bool isRetryableStatus(int status);

// The server's hint in milliseconds: retry-after-ms, else retry-after as seconds or as an
// HTTP date relative to `now`. Unset when absent, unparseable or not positive.
std::optional<std::chrono::milliseconds> retryAfter(const std::vector<Header>& headers,
                                                    std::chrono::system_clock::time_point now);

// Parses an HTTP date (IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT"; RFC 850 and asctime
// forms too).
std::optional<std::chrono::system_clock::time_point> parseHttpDate(std::string_view text);

// The defaults for real use: the system clock and a seeded generator.
WallClock systemWallClock();
UnitRandom systemRandom();

} // namespace conform::providers
