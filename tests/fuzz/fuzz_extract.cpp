// libFuzzer target: extract() on arbitrary bytes, plain and strict. Whatever comes in, the
// call returns, the report serializes, and a success has a value and spans inside the text.
#include "json/extract.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view raw(reinterpret_cast<const char*>(data), size);
    for (bool strict : {false, true}) {
        conform::json::ExtractOptions options;
        options.strict = strict;
        const conform::json::Extraction x = conform::json::extract(raw, options);
        (void)x.toJson().dump();
        if (x.ok && x.candidate.end() > size)
            std::abort();
        for (const auto& fix : x.fixes)
            if (fix.offset + fix.length > size)
                std::abort();
    }
    return 0;
}
