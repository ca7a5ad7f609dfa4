// libFuzzer target: the two stream framings (providers/sse.h), Server-Sent Events and
// newline-delimited JSON lines, fed in pieces cut anywhere. Cut or whole, a stream must give
// the same events and lines: a difference is a finding as much as a crash.
// The first byte: the piece size (0: all at once).
#include "fuzz_input.h"

#include "providers/sse.h"

#include <cstdlib>

using namespace conform;

namespace {

template <typename Decoder, typename Item>
std::vector<Item> decode(std::string_view text, std::size_t step)
{
    Decoder decoder;
    std::vector<Item> all;
    for (std::string_view piece : fuzz::pieces(text, step))
        for (Item& item : decoder.feed(piece))
            all.push_back(std::move(item));
    for (Item& item : decoder.finish())
        all.push_back(std::move(item));
    return all;
}

bool same(const std::vector<providers::SseEvent>& a, const std::vector<providers::SseEvent>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].event != b[i].event || a[i].data != b[i].data)
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::Input in(data, size);
    using providers::LineDecoder;
    using providers::SseDecoder;
    using providers::SseEvent;
    if (!same(decode<SseDecoder, SseEvent>(in.rest, in.options), decode<SseDecoder, SseEvent>(in.rest, 0)))
        std::abort();
    if (decode<LineDecoder, std::string>(in.rest, in.options) != decode<LineDecoder, std::string>(in.rest, 0))
        std::abort();
    return 0;
}
