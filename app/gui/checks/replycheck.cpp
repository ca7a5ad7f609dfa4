#include "checks/replycheck.h"

#include "checks/fixtable.h"

namespace conform::gui {

namespace {

json::ExtractOptions extractOptions(const SchemaAnalysis& schema, const CancelFlag& cancel)
{
    json::ExtractOptions options;
    options.cancel = &cancel;
    if (schema.ok()) {
        const schema::Validator validator = *schema.validator;
        options.fitness = [validator](const Json& value) { return validator.accepts(value) ? 1.0 : 0.0; };
    }
    return options;
}

void validateExtracted(ReplyCheck& check, const CompiledSchema& schema, const CancelFlag& cancel)
{
    schema::ValidationResult result =
        schema.analysis.validator->validate(check.extraction.value, schema.settings.validateOptions(&cancel));
    if (result.cancelled) {
        check.cancelled = true;
        return;
    }
    check.valid = result.valid;
    check.unshown = splitShown(result.issues);
    check.issues = locateIssues(std::move(result.issues), check.extraction.sourceMap, schema.analysis, schema.text);
    const json::SourceMap pretty = json::sourceMapOf(check.extractedText, &cancel);
    for (const LocatedIssue& entry : check.issues)
        check.extractedSpans.push_back(pretty.find(entry.issue.path));
}

} // namespace

ReplyCheck checkReply(const CompiledSchema& schema, const std::string& rawText, const CancelFlag& cancel)
{
    ReplyCheck check;
    if (rawText.empty())
        return check;
    check.empty = false;
    try {
        check.noSchema = schema.blank();
        check.extraction = json::extract(rawText, extractOptions(schema.analysis, cancel));
        if (check.extraction.cancelled) {
            check.cancelled = true;
            return check;
        }
        check.extraction.sourceMap.index(); // one lookup per issue follows
        // What the GUI thread shows, made here: for a 20 MB reply each is tens of
        // milliseconds of copying and reading the raw text again.
        check.fixPlaces = fixPlaces(rawText, check.extraction.fixes);
        if (check.extraction.ok) {
            check.extractedText = check.extraction.value.dump(2, ' ', false, Json::error_handler_t::replace);
            check.extractedUtf8 = QByteArray::fromStdString(check.extractedText);
        }
        if (check.noSchema)
            return check;
        if (!schema.analysis.ok())
            check.schemaError = schema.analysis.error;
        else if (check.extraction.ok)
            validateExtracted(check, schema, cancel);
    } catch (const std::exception& e) {
        // libcore promises not to throw; if it does, say so instead of crashing the GUI.
        check.extraction = {};
        check.extraction.reason = std::string("internal error: ") + e.what();
    }
    check.cancelled = check.cancelled || cancel.load();
    return check;
}

} // namespace conform::gui
