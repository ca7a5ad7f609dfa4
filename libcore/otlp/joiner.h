#pragma once
// Joins GenAI spans with the events that arrive apart from them. The OpenAI instrumentation
// sends a call's messages and reply as log records on /v1/logs, and its span on /v1/traces,
// through two exporters that batch on their own: either may come first. A span without its
// reply waits here (at most `holdMs`) for its events; events wait for their span as long.
// Pure: the caller says what time it is, so tests need no clock.
//
//   SpanJoiner joiner(2000);
//   joiner.addSpan(std::move(span), now);  joiner.addEvent(std::move(event), now);
//   for (GenAiSpan& done : joiner.ready(now)) judge(done);   // complete, or held long enough
//   joiner.drain();                                           // end of input: all that is held
//
// Memory is bounded: past `maxHeld` spans (or events), the oldest is let go early.
#include "otlp/genai.h"

#include <deque>
#include <unordered_map>

namespace conform::otlp {

class SpanJoiner
{
public:
    explicit SpanJoiner(std::int64_t holdMs = 2000, std::size_t maxHeld = 100'000) : m_holdMs(holdMs), m_maxHeld(maxHeld) {}

    void addSpan(GenAiSpan span, std::int64_t nowMs);
    void addEvent(GenAiEvent event, std::int64_t nowMs);

    // Spans that have their reply, or have waited `holdMs`; in arrival order.
    std::vector<GenAiSpan> ready(std::int64_t nowMs);
    // The spans at the head of the arrival order that have their reply, up to the first one
    // still waiting: what a file import judges before reading on, in the order drain() would
    // give them. Constant work a span, however many wait behind the first incomplete one.
    std::vector<GenAiSpan> completeInOrder();
    // Every span held, complete or not; events whose span never came are counted as orphans.
    std::vector<GenAiSpan> drain();

    std::size_t heldSpans() const { return m_spans.size(); }
    std::size_t orphanEvents() const { return m_orphans; } // events dropped without their span

private:
    struct Held
    {
        GenAiSpan span;
        std::int64_t since = 0;
        bool complete = false;
    };
    struct Waiting
    {
        std::vector<GenAiEvent> events;
        std::int64_t since = 0;
    };
    void expireEvents(std::int64_t nowMs);

    std::int64_t m_holdMs;
    std::size_t m_maxHeld;
    std::unordered_map<std::string, Held> m_spans;      // by span id
    std::deque<std::string> m_spanOrder;                // arrival order (ids may be gone)
    std::unordered_map<std::string, Waiting> m_events;  // by span id, no span yet
    std::deque<std::string> m_eventOrder;
    std::size_t m_heldEvents = 0;
    std::size_t m_orphans = 0;
};

} // namespace conform::otlp
