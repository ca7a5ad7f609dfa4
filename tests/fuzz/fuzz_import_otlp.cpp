// libFuzzer target: `captures import --format otlp`, an OTLP file (one ExportTraceService or
// ExportLogsService request a line): each line parsed and read, spans joined with events
// from any line and judged in the file's order, as importOtlp() does.
#include "fuzz_lines.h"

#include "json/parse.h"
#include "otlp/genai.h"
#include "otlp/joiner.h"
#include "store/capture.h"

#include <cstddef>
#include <cstdint>
#include <limits>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace conform;
    otlp::SpanJoiner joiner(std::numeric_limits<std::int64_t>::max() / 4);
    ingest::Judge judge;
    const auto judgeAll = [&](const std::vector<otlp::GenAiSpan>& spans) {
        for (const otlp::GenAiSpan& span : spans)
            (void)judge.capture(otlp::callOfSpan(span));
    };
    fuzz::eachLine(std::string_view(reinterpret_cast<const char*>(data), size), [&](std::string_view line) {
        auto parsed = json::parseStrictFast(line);
        if (!parsed)
            return;
        auto batch = otlp::readRequest(parsed.value());
        if (!batch)
            return;
        for (const std::string& document : batch->captures)
            (void)store::captureFromText(document);
        for (otlp::GenAiSpan& span : batch->spans)
            joiner.addSpan(std::move(span), 0);
        for (otlp::GenAiEvent& event : batch->events)
            joiner.addEvent(std::move(event), 0);
        judgeAll(joiner.completeInOrder());
    });
    judgeAll(joiner.drain());
    return 0;
}
