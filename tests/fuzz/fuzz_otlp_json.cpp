// libFuzzer target: an OTLP/HTTP JSON body as `collect` takes it on /v1/traces or /v1/logs
// (and as an OTLP file line): parsed strictly, then read, joined and judged (fuzz_otlp.h).
#include "fuzz_otlp.h"

#include "json/parse.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto parsed = conform::json::parseStrict(std::string_view(reinterpret_cast<const char*>(data), size));
    if (parsed)
        conform::fuzz::collect(parsed.value());
    return 0;
}
