// libFuzzer target: `captures import --format conform`, Conform's own JSONL: each line read
// back into a capture (store/capture.h) and packed for the store, as importConform() does.
#include "fuzz_lines.h"

#include "store/capture.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace conform;
    store::BodyPacker packer;
    fuzz::eachLine(std::string_view(reinterpret_cast<const char*>(data), size), [&](std::string_view line) {
        auto capture = store::captureFromText(line, [line] { return store::idFromContent(line); });
        if (capture)
            packer.pack(capture.value());
    });
    return 0;
}
