#include "providers/sse.h"

namespace conform::providers {

namespace {

void append(std::string& pending, std::string_view bytes)
{
    const std::size_t room = pending.size() < kMaxLineBytes ? kMaxLineBytes - pending.size() : 0;
    pending.append(bytes.substr(0, room));
}

} // namespace

std::vector<SseEvent> SseDecoder::feed(std::string_view chunk)
{
    std::vector<SseEvent> out;
    std::size_t start = 0;
    if (m_afterCr && !chunk.empty() && chunk.front() == '\n')
        start = 1; // the second half of a CRLF split across chunks
    m_afterCr = false;
    for (std::size_t i = start; i < chunk.size(); ++i) {
        if (chunk[i] != '\n' && chunk[i] != '\r')
            continue;
        append(m_pending, chunk.substr(start, i - start));
        line(m_pending, out);
        m_pending.clear();
        if (chunk[i] == '\r') {
            if (i + 1 < chunk.size() && chunk[i + 1] == '\n')
                ++i;
            else if (i + 1 == chunk.size())
                m_afterCr = true;
        }
        start = i + 1;
    }
    append(m_pending, chunk.substr(start));
    return out;
}

std::vector<SseEvent> SseDecoder::finish()
{
    std::vector<SseEvent> out;
    if (!m_pending.empty())
        line(m_pending, out);
    m_pending.clear();
    line({}, out);
    return out;
}

void SseDecoder::line(std::string_view text, std::vector<SseEvent>& out)
{
    if (text.empty()) { // dispatch
        if (m_hasData)
            out.push_back(std::move(m_current));
        m_current = {};
        m_hasData = false;
        return;
    }
    if (text.front() == ':')
        return; // a comment (keep-alive)
    const std::size_t colon = text.find(':');
    const std::string_view field = text.substr(0, colon);
    std::string_view value = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
    if (!value.empty() && value.front() == ' ')
        value.remove_prefix(1);
    if (field == "event") {
        m_current.event = std::string(value);
    } else if (field == "data") {
        if (m_hasData)
            m_current.data += '\n';
        m_current.data += value;
        m_hasData = true;
    }
}

std::vector<std::string> LineDecoder::feed(std::string_view chunk)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i < chunk.size(); ++i) {
        if (chunk[i] != '\n')
            continue;
        append(m_pending, chunk.substr(start, i - start));
        if (!m_pending.empty() && m_pending.back() == '\r')
            m_pending.pop_back();
        if (!m_pending.empty())
            out.push_back(std::move(m_pending));
        m_pending.clear();
        start = i + 1;
    }
    append(m_pending, chunk.substr(start));
    return out;
}

std::vector<std::string> LineDecoder::finish()
{
    std::vector<std::string> out;
    if (!m_pending.empty() && m_pending.back() == '\r')
        m_pending.pop_back();
    if (!m_pending.empty())
        out.push_back(std::move(m_pending));
    m_pending.clear();
    return out;
}

} // namespace conform::providers
