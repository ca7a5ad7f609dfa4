// libFuzzer target: a scenario file (providers/scenario.h) as `serve --scenario`, `run
// --provider scenario` and suites read it, then played as the replay server plays it: three
// turns asked over each wire protocol, plain and streamed (server/dispatcher.h), so every
// turn a file can hold is rendered in every protocol.
#include "providers/scenario.h"
#include "server/dispatcher.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace conform;

namespace {

server::HttpRequest request(const char* path, bool stream)
{
    server::HttpRequest r;
    r.method = "POST";
    r.path = r.target = path;
    r.headers = {{"content-type", "application/json"}, {"anthropic-version", "2023-06-01"}};
    r.body = QByteArray(R"({"model": "m", "max_tokens": 64, "stream": )") + (stream ? "true" : "false")
             + R"(, "messages": [{"role": "user", "content": "hi"}]})";
    return r;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto scenario = providers::parseScenarioText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
    if (!scenario)
        return 0;
    server::Dispatcher dispatcher({scenario.value()});
    for (const char* path : {"/v1/messages", "/v1/chat/completions", "/api/chat"})
        for (bool stream : {false, true})
            for (int turn = 0; turn < 3; ++turn)
                (void)server::serializeHead(dispatcher.handle(request(path, stream)).plan, true);
    return 0;
}
