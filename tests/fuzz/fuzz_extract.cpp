// libFuzzer target: extract() on arbitrary bytes, plain and strict. Whatever comes in, the
// call returns, the report serializes, and a success has a value and spans inside the text;
// asked for text only, it gives the tree's value dumped, with the same fixes; a reply holding
// a NUL byte is never a success.
#include "json/extract.h"
#include "json/json_writer.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void check(std::string_view raw)
{
    const std::size_t size = raw.size();
    const bool hasNul = raw.find('\0') != std::string_view::npos;
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
        options.value = false;
        options.text = true;
        const conform::json::Extraction t = conform::json::extract(raw, options);
        std::string dumped;
        if (x.ok)
            conform::json::JsonWriter(dumped).value(x.value);
        if (t.ok != x.ok || t.json != dumped || t.fixes != x.fixes || t.refused != x.refused)
            std::abort();
        if (hasNul && x.ok) // a NUL is refused, never taken for the end of the reply
            std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view raw(reinterpret_cast<const char*>(data), size);
    check(raw);
    // A reply holding a NUL is refused whole; the same bytes with each NUL as a space still
    // exercise the repairer, so NUL-rich inputs keep their coverage.
    if (raw.find('\0') != std::string_view::npos) {
        std::string spaced(raw);
        for (char& c : spaced)
            if (c == '\0')
                c = ' ';
        check(spaced);
    }
    return 0;
}
