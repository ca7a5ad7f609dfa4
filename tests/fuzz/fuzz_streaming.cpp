// libFuzzer target: the streaming extractor, fed in chunks whose sizes come from the input.
// current() after every chunk must not crash, and finish() must equal extract() on the text.
#include "json/extract.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 1)
        return 0;
    const std::size_t step = 1 + data[0] % 16; // the first byte chooses the chunk size
    const std::string_view raw(reinterpret_cast<const char*>(data) + 1, size - 1);
    conform::json::StreamingExtractor stream;
    for (std::size_t at = 0; at < raw.size(); at += step) {
        stream.feed(raw.substr(at, step));
        (void)stream.current().toJson().dump();
    }
    const conform::json::Extraction streamed = stream.finish();
    const conform::json::Extraction direct = conform::json::extract(raw);
    if (streamed.ok != direct.ok || streamed.value != direct.value)
        std::abort();
    return 0;
}
