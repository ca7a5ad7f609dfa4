// libFuzzer target: replies of Ollama's /api/chat, plain and streamed, as the engine
// reads them (fuzz_reply.h says how the first byte picks), and the same bytes as the model
// list of GET /api/tags.
#include "fuzz_reply.h"

#include "providers/ollama.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const conform::fuzz::Input in(data, size);
    conform::fuzz::fuzzReply(conform::providers::ProviderKind::Ollama, in);
    (void)conform::providers::parseOllamaTags({200, {}, std::string(in.rest)});
    return 0;
}
