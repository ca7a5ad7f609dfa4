#pragma once
// A cassette: the calls one run made, recorded. Each call holds what its request put before
// the model (model_request.h) and the reply it got, as a scenario turn (scenario.h: text or
// tool input with stop reason and usage, or a fault status). A regression suite's case
// carries one (`captures to-suite`), and `suite --replay` answers the case's run from it
// instead of the network (suite/cassette_channel.h), the n-th request with the n-th reply,
// once that request is the recorded one.
//
//   {"request": {"model": "gpt-4o-mini", "mode": "strict",
//                "messages": [{"role": "system", "content": "..."}, {"role": "user", "content": "..."}]},
//    "reply": {"text": "{\"items\": [{}]}", "stop_reason": "end", "usage": {...}}}
#include "base/json.h"
#include "base/result.h"
#include "providers/model_request.h"
#include "providers/scenario.h"

#include <string>
#include <vector>

namespace conform::providers {

struct RecordedCall
{
    ModelRequest request;
    Turn reply;
};

struct Cassette
{
    std::vector<RecordedCall> calls;

    // [{"request", "reply"}, ...]
    Json toJson() const;
    // Errors name the JSON pointer under `where` ("/cases/0/cassette/1/reply/status").
    static Result<Cassette> fromJson(const Json& json, const std::string& where);
};

} // namespace conform::providers
