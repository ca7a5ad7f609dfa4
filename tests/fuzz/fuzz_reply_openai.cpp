// libFuzzer target: replies of OpenAI's chat completions (and every server speaking it), plain and streamed, as the engine
// reads them (fuzz_reply.h says how the first byte picks).
#include "fuzz_reply.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    conform::fuzz::fuzzReply(conform::providers::ProviderKind::OpenAI, conform::fuzz::Input(data, size));
    return 0;
}
