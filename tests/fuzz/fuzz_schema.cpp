// libFuzzer target: a schema file as `validate --schema`, `schema lint|example` and suites
// read it (schema/schema_file.h: parsed, compiled with its folder as the $ref registry), then
// used: the schema document and a fixed instance validated against it, from a tree and from
// text, an example made and checked, the providers' strict modes asked whether they take it,
// and every engine's rules (engines/engines.h) judging and exporting it.
#include "fuzz_input.h"

#include "engines/engines.h"
#include "providers/provider.h"
#include "schema/example.h"
#include "schema/schema_file.h"

using namespace conform;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString path = fuzz::writeFile(QStringLiteral("schema.json"), std::string_view(reinterpret_cast<const char*>(data), size));
    const schema::SchemaFile file = schema::loadSchemaFile(path);
    if (!file.ok)
        return 0;
    const schema::Validator& validator = *file.validator;
    (void)validator.validate(file.document);
    (void)validator.validateJsonText(R"({"a": [1, "two", {"b": null}], "name": "x", "n": 3.5})");
    (void)validator.validateJsonText(R"({"a": 1, "a": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "name": {"x": 1, "x": 2}})");
    (void)validator.acceptsText(R"([true, false, {"": ""}])");
    const schema::Example example = schema::makeExample(file.document, &validator);
    (void)validator.validate(example.value);
    for (auto kind : {providers::ProviderKind::Anthropic, providers::ProviderKind::OpenAI, providers::ProviderKind::Ollama})
        (void)providers::adapterFor(kind).accepts(providers::Mode::Strict, file.document);
    for (engines::Engine engine : engines::allEngines()) {
        (void)engines::lintForEngine(file.document, engine);
        (void)engines::exportForEngine(file.document, engine);
    }
    return 0;
}
