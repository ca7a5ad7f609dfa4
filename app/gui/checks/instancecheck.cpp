#include "checks/instancecheck.h"

#include "checks/textspans.h"

namespace conform::gui {

namespace {

bool isBlank(const std::string& text)
{
    return text.find_first_not_of(" \t\r\n") == std::string::npos;
}

InstanceCheck withState(InstanceCheck::State state, std::string error = {})
{
    InstanceCheck check;
    check.state = state;
    check.error = std::move(error);
    return check;
}

InstanceCheck validate(const CompiledSchema& schema, const std::string& instanceText, const CancelFlag& cancel)
{
    const SchemaAnalysis& analysis = schema.analysis;
    // The CLI's path: one simdjson parse, a verdict pass that settles most texts, issues read
    // from the same parse for the others; only text simdjson refuses gets parseStrict.
    Result<schema::ValidationResult> validated =
        analysis.validator->validateJsonText(instanceText, schema.settings.validateOptions(&cancel));
    if (!validated) {
        InstanceCheck check = withState(InstanceCheck::State::InstanceError, validated.error().toString());
        check.instanceErrorSpan = spanOfLineColumn(instanceText, validated.error().where);
        return check;
    }
    schema::ValidationResult& result = validated.value();
    if (result.cancelled)
        return withState(InstanceCheck::State::Cancelled);
    InstanceCheck check = withState(result.valid ? InstanceCheck::State::Valid : InstanceCheck::State::Invalid);
    check.coercions = std::move(result.coercions);
    if (result.issues.empty())
        return check;
    auto spans = std::make_shared<json::SourceMap>(json::sourceMapOf(instanceText, &cancel));
    if (cancel.load())
        return withState(InstanceCheck::State::Cancelled);
    check.unshown = splitShown(result.issues);
    check.issues = locateIssues(std::move(result.issues), *spans, analysis, schema.text);
    check.scratch = std::move(spans);
    return check;
}

} // namespace

InstanceCheck checkInstance(const CompiledSchema& schema, const std::string& instanceText, const CancelFlag& cancel)
{
    if (schema.blank())
        return {};
    try {
        // The schema is checked even without an instance: its errors are worth showing alone.
        if (!schema.analysis.ok()) {
            InstanceCheck check = withState(InstanceCheck::State::SchemaError, schema.analysis.error);
            check.schemaErrorSpan = schema.analysis.errorSpan;
            return check;
        }
        if (isBlank(instanceText))
            return {};
        return validate(schema, instanceText, cancel);
    } catch (const std::exception& e) {
        // libcore promises not to throw; if it does, say so instead of crashing the GUI.
        return withState(InstanceCheck::State::SchemaError, std::string("internal error: ") + e.what());
    }
}

} // namespace conform::gui
