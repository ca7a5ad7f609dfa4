#include "instancecheck.h"

#include "json/extract.h"
#include "json/parse.h"
#include "schemaanalysis.h"
#include "textspans.h"

namespace conform::gui {

namespace {

bool isBlank(const std::string& text)
{
    return text.find_first_not_of(" \t\r\n") == std::string::npos;
}

InstanceCheck failure(InstanceCheck::State state, std::string error)
{
    InstanceCheck check;
    check.state = state;
    check.error = std::move(error);
    return check;
}

InstanceCheck validate(const SchemaAnalysis& schema, const std::string& schemaText,
                       const Json& instance, const std::string& instanceText,
                       const ValidationSettings& settings)
{
    schema::ValidationResult result = schema.validator->validate(instance, settings.validateOptions());
    InstanceCheck check;
    check.state = result.valid ? InstanceCheck::State::Valid : InstanceCheck::State::Invalid;
    check.coercions = std::move(result.coercions);
    if (!result.issues.empty()) {
        const json::SourceMap spans = json::extract(instanceText).sourceMap;
        check.issues = locateIssues(std::move(result.issues), spans, schema, schemaText);
    }
    return check;
}

} // namespace

InstanceCheck checkInstance(const std::string& schemaText, const std::string& instanceText,
                            const ValidationSettings& settings)
{
    if (isBlank(schemaText))
        return {};
    try {
        // The schema is checked even without an instance: its errors are worth showing alone.
        const SchemaAnalysis schema = analyseSchema(schemaText, settings);
        if (!schema.ok()) {
            InstanceCheck check = failure(InstanceCheck::State::SchemaError, schema.error);
            check.schemaErrorSpan = schema.errorSpan;
            return check;
        }
        if (isBlank(instanceText))
            return {};
        Result<Json> instance = json::parseStrict(instanceText);
        if (!instance) {
            InstanceCheck check = failure(InstanceCheck::State::InstanceError, instance.error().toString());
            check.instanceErrorSpan = spanOfLineColumn(instanceText, instance.error().where);
            return check;
        }
        return validate(schema, schemaText, instance.value(), instanceText, settings);
    } catch (const std::exception& e) {
        // libcore promises not to throw; if it does, say so instead of crashing the GUI.
        return failure(InstanceCheck::State::SchemaError, std::string("internal error: ") + e.what());
    }
}

} // namespace conform::gui
