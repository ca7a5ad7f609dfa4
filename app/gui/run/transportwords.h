#pragma once
// What happened on the wire, in words with what to do about it: "rate limited (429); retried
// after 250 ms, as the server asked — retry 1 of 2 allowed", "host not found:
// api.anthropic.com — check the base URL or your network". From the transport's own records
// (providers::RetryRecord, the attempt's error), so every fault scenario reads the same way
// it happened.
#include "providers/transport.h"

#include <QString>

namespace conform::gui {

// One transport retry: the `number`-th of `allowed`.
QString describeRetry(const providers::RetryRecord& retry, int number, int allowed);

// An attempt's provider or transport error (`status` 0 when no HTTP status came back).
QString describeTransportError(const std::string& error, int status);

} // namespace conform::gui
