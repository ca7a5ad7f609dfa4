#include "instancecheck.h"

#include "json/parse.h"
#include "textspans.h"

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
    // Most texts are valid: the verdict straight from the text (simdjson, no tree, no issues)
    // is the CLI's fast path and settles them. A valid text needs no coercion either.
    if (analysis.validator->acceptsText(instanceText))
        return withState(InstanceCheck::State::Valid);
    auto parsed = std::make_shared<std::pair<Result<Json>, json::SourceMap>>(json::parseStrict(instanceText), json::SourceMap());
    Result<Json>& instance = parsed->first;
    if (!instance) {
        InstanceCheck check = withState(InstanceCheck::State::InstanceError, instance.error().toString());
        check.instanceErrorSpan = spanOfLineColumn(instanceText, instance.error().where);
        return check;
    }
    if (cancel.load())
        return withState(InstanceCheck::State::Cancelled);
    schema::ValidationResult result = analysis.validator->validate(instance.value(), schema.settings.validateOptions(&cancel));
    if (result.cancelled)
        return withState(InstanceCheck::State::Cancelled);
    InstanceCheck check = withState(result.valid ? InstanceCheck::State::Valid : InstanceCheck::State::Invalid);
    check.coercions = std::move(result.coercions);
    check.scratch = parsed;
    if (result.issues.empty())
        return check;
    json::SourceMap& spans = parsed->second;
    spans = json::sourceMapOf(instanceText, &cancel);
    if (cancel.load())
        return withState(InstanceCheck::State::Cancelled);
    check.unshown = splitShown(result.issues);
    check.issues = locateIssues(std::move(result.issues), spans, analysis, schema.text);
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
