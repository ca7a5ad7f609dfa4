// libFuzzer target: what an upstream sends the proxy. Its bytes are framed by ResponseReader
// (providers/response_reader.h) in the pieces a socket delivers, possibly several keep-alive
// responses in a row, and each response read is judged as the proxy judges it
// (proxy/exchange.h: the provider's parser, plain or streamed, then extraction) into a
// capture, as the answer to a fixed request of that provider.
// The first byte: bits 0-4 the piece size (0: all at once), bits 5-6 the provider (Anthropic,
// OpenAI, Ollama), bit 7 a HEAD request (no body, whatever the head says).
#include "fuzz_input.h"

#include "proxy/exchange.h"
#include "providers/response_reader.h"
#include "server/http_request.h"

#include <array>
#include <cstdlib>
#include <memory>

using namespace conform;

namespace {

proxy::Exchange exchangeFor(providers::ProviderKind provider)
{
    proxy::Exchange exchange;
    exchange.upstream = "http://127.0.0.1:9";
    server::HttpRequest& request = exchange.request;
    request.method = "POST";
    switch (provider) {
    case providers::ProviderKind::Anthropic: request.path = "/v1/messages"; break;
    case providers::ProviderKind::Ollama: request.path = "/api/chat"; break;
    default: request.path = "/v1/chat/completions"; break;
    }
    request.target = request.path;
    request.headers = {{"content-type", "application/json"}, {"authorization", "Bearer placeholder"}};
    request.body = R"({"model": "m", "stream": true, "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "r", "strict": true,
        "schema": {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}}}})";
    return exchange;
}

void judge(const providers::ResponseReader& reader, providers::ProviderKind provider)
{
    proxy::Exchange exchange = exchangeFor(provider);
    exchange.status = reader.status();
    exchange.responseHeaders = reader.headers();
    exchange.responseBody = reader.body();
    exchange.complete = reader.complete();
    if (reader.failed())
        exchange.transportError = reader.error();
    const proxy::Judged judged = proxy::judgeExchange(exchange, provider, {});
    (void)store::captureOfRun(judged.spec, judged.record, judged.labels);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::Input in(data, size);
    const providers::ProviderKind provider = std::array{providers::ProviderKind::Anthropic, providers::ProviderKind::OpenAI,
                                                        providers::ProviderKind::Ollama, providers::ProviderKind::OpenAI}[(in.options >> 5) & 3];
    const bool head = in.options & 0x80;
    auto reader = std::make_unique<providers::ResponseReader>(head);
    for (std::string_view piece : fuzz::pieces(in.rest, in.options & 0x1f)) {
        while (!piece.empty()) {
            const qsizetype used = reader->feed(piece.data(), static_cast<qsizetype>(piece.size()));
            if (used < 0 || std::size_t(used) > piece.size())
                std::abort();
            if (reader->failed())
                return 0; // the proxy drops the connection
            if (!reader->complete())
                break; // it took the whole piece
            judge(*reader, provider); // the next bytes start the next response
            piece.remove_prefix(static_cast<std::size_t>(used));
            reader = std::make_unique<providers::ResponseReader>(head);
        }
    }
    reader->closed();
    if (reader->headComplete())
        judge(*reader, provider);
    return 0;
}
