#include "replycheck.h"

#include "schemaanalysis.h"

namespace conform::gui {

namespace {

json::ExtractOptions extractOptions(const SchemaAnalysis& schema)
{
    json::ExtractOptions options;
    if (schema.ok()) {
        const schema::Validator validator = *schema.validator;
        options.fitness = [validator](const Json& value) { return validator.accepts(value) ? 1.0 : 0.0; };
    }
    return options;
}

void validateExtracted(ReplyCheck& check, const SchemaAnalysis& schema, const std::string& schemaText,
                       const ValidationSettings& settings)
{
    schema::ValidationResult result =
        schema.validator->validate(check.extraction.value, settings.validateOptions());
    check.valid = result.valid;
    check.issues = locateIssues(std::move(result.issues), check.extraction.sourceMap, schema, schemaText);
    const json::SourceMap pretty = json::extract(check.extractedText).sourceMap;
    for (const LocatedIssue& entry : check.issues)
        check.extractedSpans.push_back(pretty.find(entry.issue.path));
}

} // namespace

ReplyCheck checkReply(const std::string& schemaText, const std::string& rawText,
                      const ValidationSettings& settings)
{
    ReplyCheck check;
    if (rawText.empty())
        return check;
    check.empty = false;
    try {
        check.noSchema = schemaText.find_first_not_of(" \t\r\n") == std::string::npos;
        const SchemaAnalysis schema = check.noSchema ? SchemaAnalysis{} : analyseSchema(schemaText, settings);
        check.extraction = json::extract(rawText, extractOptions(schema));
        if (check.extraction.ok)
            check.extractedText = check.extraction.value.dump(2, ' ', false, Json::error_handler_t::replace);
        if (check.noSchema)
            return check;
        if (!schema.ok())
            check.schemaError = schema.error;
        else if (check.extraction.ok)
            validateExtracted(check, schema, schemaText, settings);
    } catch (const std::exception& e) {
        // libcore promises not to throw; if it does, say so instead of crashing the GUI.
        check.extraction = {};
        check.extraction.reason = std::string("internal error: ") + e.what();
    }
    return check;
}

} // namespace conform::gui
