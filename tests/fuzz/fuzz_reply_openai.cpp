// libFuzzer target: replies of OpenAI's chat completions (and every server speaking it) and of
// its Responses API, plain and streamed, as the engine reads them (fuzz_reply.h says how the
// first byte picks). Both adapters read every input: the seeds hold either API's replies, and
// each must survive the other's too.
#include "fuzz_reply.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    conform::fuzz::fuzzReply(conform::providers::ProviderKind::OpenAI, conform::fuzz::Input(data, size));
    conform::fuzz::fuzzReply(conform::providers::ProviderKind::OpenAIResponses, conform::fuzz::Input(data, size));
    return 0;
}
