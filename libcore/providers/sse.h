#pragma once
// Incremental decoders for the two streaming framings: Server-Sent Events (Anthropic,
// OpenAI) and newline-delimited JSON (Ollama). Both accept chunks cut anywhere, including
// inside a line or a CRLF pair, and hold at most one unfinished line between chunks.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace conform::providers {

struct SseEvent
{
    std::string event; // the `event:` field ("" when absent: the default "message")
    std::string data;  // the `data:` lines joined with '\n'
};

class SseDecoder
{
public:
    // Returns the events completed by this chunk (an event ends at a blank line).
    std::vector<SseEvent> feed(std::string_view chunk);
    // The stream ended: an event still being built is dispatched if it has data.
    std::vector<SseEvent> finish();

private:
    void line(std::string_view text, std::vector<SseEvent>& out);
    std::string m_pending; // bytes after the last line break
    bool m_afterCr = false; // the last chunk ended in '\r': a following '\n' belongs to it
    SseEvent m_current;
    bool m_hasData = false;
};

class LineDecoder
{
public:
    // Returns the non-empty lines completed by this chunk, without their line break.
    std::vector<std::string> feed(std::string_view chunk);
    // A last line without a line break.
    std::vector<std::string> finish();

private:
    std::string m_pending;
};

// A line longer than this is a broken or hostile stream; it is cut off (the decoder keeps
// its first kMaxLineBytes) so memory stays bounded.
inline constexpr std::size_t kMaxLineBytes = 16 * 1024 * 1024;

} // namespace conform::providers
