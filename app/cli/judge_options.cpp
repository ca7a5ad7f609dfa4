#include "judge_options.h"

#include "proxy/schema_map.h"

namespace conform::cli {

Result<ingest::JudgeOptions> JudgeOptionFlags::read(const QCommandLineParser& parser, const std::string& command, bool withSchema) const
{
    auto readingOptions = reading.read(parser, command);
    if (!readingOptions)
        return readingOptions.error();
    ingest::JudgeOptions options;
    if (withSchema && parser.isSet(schema)) {
        LoadedSchema loaded = loadSchema(parser.value(schema), readingOptions.value());
        if (!loaded.ok)
            return Error{command + ": --schema " + loaded.error, {}};
        options.fallback = proxy::MappedSchema{loaded.document, std::make_shared<const schema::Validator>(std::move(*loaded.validator))};
    }
    if (parser.isSet(schemaMap)) {
        auto map = proxy::loadSchemaMap(parser.value(schemaMap), readingOptions.value());
        if (!map)
            return Error{command + ": --schema-map " + map.error().toString(), {}};
        options.schemaMap = std::move(map.value());
    }
    return options;
}

} // namespace conform::cli
