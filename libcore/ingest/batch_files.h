#pragma once
// The result files of the providers' batch APIs, one line at a time, as calls to judge.
//
// OpenAI Batch API: the input file has {"custom_id", "method", "url", "body"} per line (the
// request, so its response_format schema is known); the output (and error) file has
// {"id", "custom_id", "response": {"status_code", "request_id", "body"}, "error"}. A line
// whose url is /v1/responses (its body has `input`, its result is a response object with
// `output`) is read as the Responses API: text.format's schema, output items, provider
// "openai-responses".
// Anthropic Message Batches: the results have {"custom_id", "result": {"type": "succeeded",
// "message"} | {"type": "errored", "error": {...}} | {"type": "canceled"} | {"type":
// "expired"}}; the requests ({"custom_id", "params"} per line, or the create call's
// {"requests": [...]}) may be given as the input file.
//
// Each call's id seed is "FORMAT/BATCH-FILE-NAME/custom_id", so a file imported twice adds
// nothing. Errors say what is wrong with the line ("no custom_id", "not a batch result").
#include "base/json.h"
#include "base/result.h"
#include "ingest/observed_call.h"

#include <map>
#include <string>

namespace conform::ingest {

enum class BatchFormat { OpenAi, Anthropic };

// Request bodies by custom_id, from an input file's lines.
using BatchRequests = std::map<std::string, Json>;
// One input line into `requests`; an Error for a line that is not a batch request.
Status addBatchRequest(BatchFormat format, const Json& line, BatchRequests& requests);

// One result line. `fileName` names the results file (part of the id seed); `timeMs` is
// the time given to calls whose line carries none (OpenAI's body has "created").
Result<ObservedCall> callOfBatchLine(BatchFormat format, const Json& line, const BatchRequests& requests,
                                     const std::string& fileName, std::int64_t timeMs);

} // namespace conform::ingest
