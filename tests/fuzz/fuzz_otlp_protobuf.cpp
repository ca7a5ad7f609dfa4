// libFuzzer target: an OTLP/HTTP protobuf body (application/x-protobuf) as `collect` takes it:
// decoded into the OTLP/JSON shape (otlp/protobuf.h), then read, joined and judged as a JSON
// body is (fuzz_otlp.h). The first byte: bit 0 a logs request instead of a traces one.
#include "fuzz_input.h"
#include "fuzz_otlp.h"

#include "otlp/protobuf.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using conform::otlp::ProtobufMessage;
    const conform::fuzz::Input in(data, size);
    auto decoded = conform::otlp::jsonOfProtobuf(in.rest, in.options & 1 ? ProtobufMessage::Logs : ProtobufMessage::Traces);
    if (decoded)
        conform::fuzz::collect(decoded.value());
    return 0;
}
