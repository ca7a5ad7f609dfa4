// libFuzzer target: `captures import --format openai-batch`, an OpenAI Batch API output file with its input file
// (fuzz_batch.h says how the input holds both).
#include "fuzz_batch.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    conform::fuzz::importBatch(conform::ingest::BatchFormat::OpenAi, std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
