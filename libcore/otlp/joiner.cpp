#include "otlp/joiner.h"

namespace conform::otlp {

void SpanJoiner::addSpan(GenAiSpan span, std::int64_t nowMs)
{
    const std::string id = span.spanId;
    if (auto waiting = m_events.find(id); waiting != m_events.end()) {
        m_heldEvents -= waiting->second.events.size();
        for (GenAiEvent& event : waiting->second.events)
            span.events.push_back(std::move(event));
        m_events.erase(waiting);
    }
    const bool complete = hasReply(span);
    auto [it, added] = m_spans.try_emplace(id);
    if (!added) // the same span again (an exporter's retry): the later copy wins, events kept
        for (GenAiEvent& event : it->second.span.events)
            span.events.push_back(std::move(event));
    it->second = Held{std::move(span), nowMs, complete};
    if (added)
        m_spanOrder.push_back(id);
}

void SpanJoiner::addEvent(GenAiEvent event, std::int64_t nowMs)
{
    if (auto held = m_spans.find(event.spanId); held != m_spans.end()) {
        held->second.complete = held->second.complete || event.name == "gen_ai.choice"
            || (event.name == "gen_ai.client.inference.operation.details" && event.body.contains("gen_ai.output.messages"));
        held->second.span.events.push_back(std::move(event));
        return;
    }
    auto [it, added] = m_events.try_emplace(event.spanId);
    if (added) {
        it->second.since = nowMs;
        m_eventOrder.push_back(event.spanId);
    }
    it->second.events.push_back(std::move(event));
    ++m_heldEvents;
    while (m_heldEvents > m_maxHeld && !m_eventOrder.empty()) {
        if (auto oldest = m_events.find(m_eventOrder.front()); oldest != m_events.end()) {
            m_heldEvents -= oldest->second.events.size();
            m_orphans += oldest->second.events.size();
            m_events.erase(oldest);
        }
        m_eventOrder.pop_front();
    }
}

void SpanJoiner::expireEvents(std::int64_t nowMs)
{
    // Events wait twice as long as spans: a span held its full time may still come.
    while (!m_eventOrder.empty()) {
        auto it = m_events.find(m_eventOrder.front());
        if (it != m_events.end() && nowMs - it->second.since < 2 * m_holdMs)
            break;
        if (it != m_events.end()) {
            m_heldEvents -= it->second.events.size();
            m_orphans += it->second.events.size();
            m_events.erase(it);
        }
        m_eventOrder.pop_front();
    }
}

std::vector<GenAiSpan> SpanJoiner::ready(std::int64_t nowMs)
{
    std::vector<GenAiSpan> out;
    std::deque<std::string> kept;
    const bool over = m_spans.size() > m_maxHeld;
    std::size_t excess = over ? m_spans.size() - m_maxHeld : 0;
    for (std::string& id : m_spanOrder) {
        auto it = m_spans.find(id);
        if (it == m_spans.end())
            continue;
        if (it->second.complete || nowMs - it->second.since >= m_holdMs || excess > 0) {
            if (!it->second.complete && excess > 0)
                --excess;
            out.push_back(std::move(it->second.span));
            m_spans.erase(it);
        } else {
            kept.push_back(std::move(id));
        }
    }
    m_spanOrder = std::move(kept);
    expireEvents(nowMs);
    return out;
}

std::vector<GenAiSpan> SpanJoiner::completeInOrder()
{
    std::vector<GenAiSpan> out;
    while (!m_spanOrder.empty()) {
        if (auto it = m_spans.find(m_spanOrder.front()); it != m_spans.end()) {
            if (!it->second.complete)
                break;
            out.push_back(std::move(it->second.span));
            m_spans.erase(it);
        }
        m_spanOrder.pop_front();
    }
    return out;
}

std::vector<GenAiSpan> SpanJoiner::drain()
{
    std::vector<GenAiSpan> out;
    for (const std::string& id : m_spanOrder)
        if (auto it = m_spans.find(id); it != m_spans.end())
            out.push_back(std::move(it->second.span));
    m_spans.clear();
    m_spanOrder.clear();
    m_orphans += m_heldEvents;
    m_heldEvents = 0;
    m_events.clear();
    m_eventOrder.clear();
    return out;
}

} // namespace conform::otlp
