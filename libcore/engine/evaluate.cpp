#include "engine/evaluate.h"

#include "json/extract.h"
#include "providers/profile.h"

namespace conform::engine {

namespace {

Json toArray(const auto& items)
{
    Json out = Json::array();
    for (const auto& item : items)
        out.push_back(item.toJson());
    return out;
}

schema::CoercionOptions coercions(const Policy& policy)
{
    return policy.coerce ? schema::CoercionOptions::all() : schema::CoercionOptions{};
}

} // namespace

void evaluate(AttemptRecord& record, const std::string& raw, const schema::Validator& validator, const Json& schema,
              bool nullableOptionals, const Policy& policy)
{
    json::ExtractOptions options;
    options.strict = policy.strictRepairs;
    options.fitness = [&validator](const Json& candidate) { return validator.accepts(candidate) ? 1.0 : 0.0; };
    const json::Extraction extraction = json::extract(raw, options);
    record.fixes = toArray(extraction.fixes);
    record.parsed = extraction.ok;
    if (!extraction.ok) {
        record.extractionFailure = extraction.reason.empty() ? std::string("no JSON found") : extraction.reason;
        record.value = nullptr;
        record.valid = false;
        return;
    }
    record.candidate = AttemptRecord::Candidate{extraction.candidateKind, extraction.candidate.offset, extraction.candidate.length};
    const Json value = nullableOptionals ? providers::removeNullOptionals(extraction.value, schema) : extraction.value;
    schema::ValidateOptions validateOptions;
    validateOptions.coerce = coercions(policy);
    schema::ValidationResult result = validator.validate(value, validateOptions);
    for (schema::Issue& issue : result.issues)
        if (!issue.span)
            if (auto span = extraction.sourceMap.find(issue.path))
                issue.span = span; // where the culprit sits in the raw reply
    record.valid = result.valid;
    record.value = std::move(result.value);
    record.issues = toArray(result.issues);
    record.coercions = toArray(result.coercions);
}

std::optional<std::size_t> bestAttempt(const std::vector<AttemptRecord>& attempts)
{
    // A complete reply beats a cut one whatever their issues: a cut reply's value was closed by
    // the repairer and misses whatever came after the cut.
    const auto rank = [&](std::size_t i) { return std::make_pair(attempts[i].truncated, attempts[i].issues.size()); };
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < attempts.size(); ++i) {
        if (!attempts[i].parsed)
            continue;
        if (!best || rank(i) <= rank(*best))
            best = i;
    }
    return best;
}

std::vector<std::string> validFields(const AttemptRecord& attempt)
{
    std::vector<std::string> fields;
    if (!attempt.value.is_object())
        return fields;
    for (auto it = attempt.value.begin(); it != attempt.value.end(); ++it) {
        bool clean = true;
        for (const Json& issue : attempt.issues) {
            const Json& path = issue.is_object() && issue.contains("path") ? issue["path"] : Json();
            if (path.is_array() && !path.empty() && path[0] == it.key())
                clean = false;
        }
        if (clean)
            fields.push_back(it.key());
    }
    return fields;
}

} // namespace conform::engine
