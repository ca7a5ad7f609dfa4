#include "store/signature.h"

#include "base/json_access.h"

#include <algorithm>
#include <tuple>

namespace conform::store {

namespace {

bool trueAt(const Json& object, const char* key)
{
    const Json& value = member(object, key);
    return value.is_boolean() && value.get<bool>();
}

std::int64_t integerAt(const Json& object, const char* key)
{
    const Json& value = member(object, key);
    return value.is_number_integer() ? value.get<std::int64_t>() : 0;
}

} // namespace

std::optional<std::size_t> judgedAttempt(int outcome, const Json& attempts)
{
    if (!attempts.is_array() || attempts.empty())
        return std::nullopt;
    if (outcome == static_cast<int>(OutcomeCode::Repaired))
        return 0;
    if (outcome == static_cast<int>(OutcomeCode::Fallback))
        for (std::size_t i = attempts.size(); i-- > 0;)
            if (!trueAt(attempts[i], "valid"))
                return i;
    return attempts.size() - 1;
}

namespace {

// A status that refuses the request itself, as opposed to the network or the server failing
// it (which retry.h retries): a 4xx other than timeout, conflict and rate limit.
bool refusesRequest(std::int64_t status)
{
    return status >= 400 && status < 500 && status != 408 && status != 409 && status != 429;
}

void addFindings(const Json& attempt, Signature& signature)
{
    if (trueAt(attempt, "truncated")) {
        signature.flags |= Truncated;
        return;
    }
    const bool answered = !stringOf(member(attempt, "raw")).empty() || trueAt(attempt, "parsed");
    if (!answered && member(attempt, "error").is_string()) {
        const std::int64_t status = integerAt(attempt, "http_status");
        if (refusesRequest(status))
            signature.findings.push_back({{}, "http_" + std::to_string(status), stringOf(member(attempt, "error"))});
        else
            signature.flags |= TransportError;
        return;
    }
    if (!trueAt(attempt, "parsed")) {
        const std::string why = stringOf(member(attempt, "extraction_failure"));
        signature.findings.push_back({{}, "no_json", why.empty() ? std::string("no JSON value in the reply") : why});
        return;
    }
    const Json& issues = member(attempt, "issues");
    if (issues.is_array())
        for (const Json& issue : issues)
            if (issue.is_object())
                signature.findings.push_back({normalisedPath(member(issue, "path")), stringOf(member(issue, "code")),
                                              stringOf(member(issue, "message"))});
    if (signature.findings.empty())
        signature.findings.push_back({{}, "invalid", "the reply did not validate"});
}

// Sorted by (path, code), each pair once: the first message of a pair is kept.
void makeSet(std::vector<Finding>& findings)
{
    const auto key = [](const Finding& f) { return std::tie(f.path, f.code); };
    std::stable_sort(findings.begin(), findings.end(), [&](const Finding& a, const Finding& b) { return key(a) < key(b); });
    findings.erase(std::unique(findings.begin(), findings.end(), [&](const Finding& a, const Finding& b) { return key(a) == key(b); }),
                   findings.end());
}

} // namespace

SchemaKey schemaKeyOf(const std::string& schemaId, const std::string& schemaTitle, const std::string& schemaHash)
{
    if (!schemaId.empty())
        return {"$id", schemaId};
    if (!schemaTitle.empty())
        return {"title", schemaTitle};
    return {"hash", schemaHash};
}

std::vector<std::string> normalisedPath(const Json& path)
{
    std::vector<std::string> out;
    if (!path.is_array())
        return out;
    for (const Json& step : path)
        out.push_back(step.is_number() ? std::string("*") : step.is_string() ? step.get<std::string>() : dump(step));
    return out;
}

Json Finding::toJson() const
{
    return Json{{"path", path}, {"code", code}, {"message", message}};
}

std::optional<Finding> Finding::fromJson(const Json& json)
{
    const Json& path = member(json, "path");
    if (!path.is_array() || !member(json, "code").is_string())
        return std::nullopt;
    Finding finding;
    for (const Json& step : path) {
        if (!step.is_string())
            return std::nullopt;
        finding.path.push_back(step.get<std::string>());
    }
    finding.code = stringOf(member(json, "code"));
    finding.message = stringOf(member(json, "message"));
    return finding;
}

std::string Signature::canonicalText() const
{
    Json pairs = Json::array();
    for (const Finding& finding : findings)
        pairs.push_back(Json::array({finding.path, finding.code}));
    return dump(Json::array({std::string(outcomeNameOf(outcome)), schema.by, schema.value, flagNames(flags), std::move(pairs)}));
}

std::string Signature::clusterId() const
{
    return shortHash(canonicalText());
}

std::optional<Signature> signatureOf(const CaptureSummary& summary, const Json& run)
{
    const int outcome = summary.outcome;
    if (outcome != static_cast<int>(OutcomeCode::Failed) && outcome != static_cast<int>(OutcomeCode::Fallback)
        && outcome != static_cast<int>(OutcomeCode::Repaired))
        return std::nullopt;
    Signature signature;
    signature.outcome = outcome;
    signature.schema = schemaKeyOf(summary.schemaId, summary.schemaTitle, summary.schemaHash);
    if (outcome == static_cast<int>(OutcomeCode::Failed))
        signature.flags = summary.flags & kSignatureFlags;
    if (signature.flags == 0) {
        const Json& attempts = member(run, "attempts");
        if (const auto index = judgedAttempt(outcome, attempts))
            addFindings(attempts[*index], signature);
        else // the run never called a model (a schema that does not compile, no target)
            signature.findings.push_back({{}, "no_call", stringOf(member(run, "error"))});
    }
    if (signature.flags != 0)
        signature.findings.clear();
    makeSet(signature.findings);
    return signature;
}

} // namespace conform::store
