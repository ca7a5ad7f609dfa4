// libFuzzer target: HTTP/1.1 requests as `serve`, `collect` and the proxy read them
// (server/http_request.h), sent in pieces and pipelined, and each complete one then handled:
// by the replay server's dispatcher (serve's bodies: each wire's request JSON) or judged as
// the proxy judges what it forwards (proxy/exchange.h) into a capture, with a fixed reply.
// The first byte: bits 0-5 the piece size (0: all at once), bit 6 the proxy's limits
// (bodies as sent, chunked refused) instead of the servers' (chunked, gzip and deflate
// decoded), bit 7 small limits (so 413 and 431 are reached).
#include "fuzz_input.h"

#include "providers/scenario.h"
#include "proxy/exchange.h"
#include "server/dispatcher.h"

#include <cstdio>
#include <cstdlib>

using namespace conform;

namespace {

const providers::Scenario& scenario()
{
    static const providers::Scenario s = [] {
        auto parsed = providers::parseScenarioText(
            R"({"name": "fuzz", "description": "Two turns, text then a cut tool call.", "turns": [{"text": "{\"a\": 1}"}, {"tool_input": {"a": [1, 2]}, "stop_reason": "max_tokens"}]})");
        if (!parsed) {
            std::fprintf(stderr, "the target's own scenario: %s\n", parsed.error().toString().c_str());
            std::abort();
        }
        return std::move(parsed).value();
    }();
    return s;
}

void proxyJudges(const server::HttpRequest& request)
{
    const auto provider = proxy::providerOfPath(request.path);
    if (!provider)
        return;
    proxy::Exchange exchange;
    exchange.request = request;
    exchange.upstream = "http://127.0.0.1:9/v1";
    exchange.status = 200;
    exchange.responseHeaders = {{"content-type", "application/json"}};
    exchange.responseBody = R"({"content": [{"type": "text", "text": "{}"}], "choices": [{"message": {"content": "{}"}}], "message": {"content": "{}"}})";
    exchange.complete = true;
    const proxy::Judged judged = proxy::judgeExchange(exchange, *provider, {});
    (void)store::captureOfRun(judged.spec, judged.record, judged.labels);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::Input in(data, size);
    const bool forProxy = in.options & 0x40;
    server::HttpLimits limits;
    limits.decodeBodies = !forProxy;
    if (in.options & 0x80) {
        limits.maxHeaderBytes = 256;
        limits.maxHeaderCount = 4;
        limits.maxBodyBytes = 512;
    }
    server::Dispatcher dispatcher({scenario()});
    QByteArray buffer;
    server::ChunkedProgress progress;
    for (std::string_view piece : fuzz::pieces(in.rest, in.options & 0x3f)) {
        buffer.append(piece.data(), static_cast<qsizetype>(piece.size()));
        // As a connection does: every complete request is answered, then the next one read.
        for (;;) {
            server::ParseOutcome outcome = server::parseRequest(buffer, limits, &progress);
            if (outcome.state == server::ParseOutcome::State::NeedMore)
                break;
            progress = {};
            if (outcome.state == server::ParseOutcome::State::Error) {
                if (outcome.errorStatus < 400 || outcome.errorStatus > 599)
                    std::abort();
                (void)server::serializeHead(dispatcher.reject(outcome).plan, false);
                return 0; // the connection closes
            }
            if (outcome.consumed <= 0 || outcome.consumed > buffer.size() || outcome.request.body.size() > limits.maxBodyBytes)
                std::abort();
            buffer.remove(0, outcome.consumed);
            if (forProxy)
                proxyJudges(outcome.request);
            else
                (void)server::serializeHead(dispatcher.handle(outcome.request).plan, outcome.request.keepAlive());
        }
    }
    return 0;
}
