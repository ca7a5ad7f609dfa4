// libFuzzer target: a suite file as `conform-cli suite` reads it (suite/suite.h), and the same
// file as `compare` reads a comparison (suite/comparison_file.h). The file sits in a folder
// with a schema (schema.json), a prompt (prompt.md) and a scenario (reply.scenario.json) it
// may name, so the references are followed too.
#include "fuzz_input.h"

#include "suite/comparison_file.h"
#include "suite/suite.h"

using namespace conform;

namespace {

void writeNeighbours()
{
    fuzz::writeFile(QStringLiteral("schema.json"),
                    R"({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]})");
    fuzz::writeFile(QStringLiteral("prompt.md"), "Answer with {{thing}}.\n");
    fuzz::writeFile(QStringLiteral("reply.scenario.json"), R"({"name": "reply", "description": "One valid reply.", "turns": [{"text": "{\"a\": 1}"}]})");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const bool ready = (writeNeighbours(), true);
    (void)ready;
    const QString path = fuzz::writeFile(QStringLiteral("fuzz.suite.json"), std::string_view(reinterpret_cast<const char*>(data), size));
    std::vector<Error> problems;
    if (auto suite = suite::loadSuite(path, {true}, &problems))
        (void)suite::checkPlannedRuns(suite.value());
    (void)suite::loadComparison(path, {true}, &problems);
    return 0;
}
