#pragma once
// The body of the three reply targets (fuzz_reply_*.cpp): a provider's response parsed as the
// engine parses it (providers/provider.h), plain through parseResponse() or streamed through
// its StreamDecoder in pieces. A stream cut anywhere must give the reply it gives whole.
// The first byte: bits 0-4 the piece size, bit 5 streamed, bits 6-7 the status (200, 400,
// 429, 529).
#include "fuzz_input.h"

#include "providers/provider.h"

#include <array>
#include <cstdlib>

namespace conform::fuzz {

inline providers::Reply streamedReply(providers::ProviderKind kind, std::string_view body, std::size_t step, bool* complete)
{
    auto decoder = providers::adapterFor(kind).streamDecoder();
    for (std::string_view piece : pieces(body, step))
        (void)decoder->feed(piece);
    (void)decoder->finish();
    *complete = decoder->complete();
    return decoder->reply();
}

inline void fuzzReply(providers::ProviderKind kind, const Input& in)
{
    const int status = std::array{200, 400, 429, 529}[in.options >> 6];
    const std::string body(in.rest);
    if (!(in.options & 0x20)) {
        const providers::Reply reply = providers::adapterFor(kind).parseResponse(
            providers::HttpResponse{status, {{"content-type", "application/json"}, {"retry-after", "1"}}, body});
        (void)reply.raw();
        return;
    }
    bool cutComplete = false, wholeComplete = false;
    const providers::Reply cut = streamedReply(kind, body, in.options & 0x1f, &cutComplete);
    const providers::Reply whole = streamedReply(kind, body, 0, &wholeComplete);
    if (cut.raw() != whole.raw() || cut.stopReason != whole.stopReason || cutComplete != wholeComplete
        || cut.error.has_value() != whole.error.has_value())
        std::abort();
}

} // namespace conform::fuzz
