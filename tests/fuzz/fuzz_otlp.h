#pragma once
// What `collect` does with an OTLP/HTTP body once it is read as JSON (collector.cpp): the
// request read into GenAI spans and events (otlp/genai.h), Conform's own capture spans read
// back, spans joined with their events and judged into captures. Shared by the JSON and the
// protobuf targets.
#include "base/json.h"
#include "ingest/observed_call.h"
#include "otlp/genai.h"
#include "otlp/joiner.h"
#include "store/capture.h"

namespace conform::fuzz {

inline void collect(const Json& request)
{
    auto batch = otlp::readRequest(request);
    if (!batch)
        return; // 400
    for (const std::string& document : batch->captures)
        (void)store::captureFromText(document);
    otlp::SpanJoiner joiner(2000);
    for (otlp::GenAiSpan& span : batch->spans)
        joiner.addSpan(std::move(span), 0);
    for (otlp::GenAiEvent& event : batch->events)
        joiner.addEvent(std::move(event), 0);
    ingest::Judge judge;
    for (const otlp::GenAiSpan& span : joiner.drain())
        (void)judge.capture(otlp::callOfSpan(span));
}

} // namespace conform::fuzz
