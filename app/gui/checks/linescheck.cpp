#include "checks/linescheck.h"

#include "base/path.h"
#include "json/parse.h"

namespace conform::gui {

namespace {

QString firstIssue(const schema::Issue& issue)
{
    return QString::fromStdString(pointerText(issue.path) + ": " + issue.message);
}

void checkLine(const CompiledSchema& schema, std::string_view line, LineVerdict& verdict, const CancelFlag& cancel)
{
    const SchemaAnalysis& analysis = schema.analysis;
    if (!analysis.ok()) { // no schema: parsed is all there is to say
        if (Result<Json> value = json::parseStrict(line); !value) {
            verdict.state = LineVerdict::State::NotJson;
            verdict.first = QString::fromStdString(value.error().toString());
        }
        return;
    }
    Result<schema::ValidationResult> result = analysis.validator->validateJsonText(line, schema.settings.validateOptions(&cancel));
    if (!result) {
        verdict.state = LineVerdict::State::NotJson;
        verdict.first = QString::fromStdString(result.error().toString());
        return;
    }
    if (result->valid || result->cancelled)
        return;
    verdict.state = LineVerdict::State::Invalid;
    verdict.issues = result->issues.size();
    if (!result->issues.empty())
        verdict.first = firstIssue(result->issues.front());
}

} // namespace

LinesCheck checkLines(const CompiledSchema& schema, const std::string& text, const CancelFlag& cancel)
{
    LinesCheck check;
    check.noSchema = schema.blank();
    if (!check.noSchema && !schema.analysis.ok()) {
        check.schemaError = schema.analysis.error;
        return check;
    }
    std::size_t start = 0;
    int number = 0;
    while (start < text.size()) {
        if (cancel.load()) {
            check.cancelled = true;
            return check;
        }
        const std::size_t newline = text.find('\n', start);
        const std::size_t end = newline == std::string::npos ? text.size() : newline;
        ++number;
        const std::string_view line(text.data() + start, end - start);
        if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
            LineVerdict verdict;
            verdict.line = number;
            verdict.offset = start;
            verdict.length = end - start;
            checkLine(schema, line, verdict, cancel);
            check.valid += verdict.state == LineVerdict::State::Valid;
            check.invalid += verdict.state == LineVerdict::State::Invalid;
            check.notJson += verdict.state == LineVerdict::State::NotJson;
            check.lines.push_back(std::move(verdict));
        }
        start = end + 1;
    }
    check.cancelled = cancel.load();
    return check;
}

} // namespace conform::gui
