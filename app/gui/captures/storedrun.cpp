#include "captures/storedrun.h"

#include "base/json_access.h"
#include "base/path.h"
#include "json/extract.h"

#include <algorithm>
#include <optional>

namespace conform::gui {

namespace {

std::string stringAt(const Json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

long long integerAt(const Json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_number() ? it->get<long long>() : 0;
}

bool trueAt(const Json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_boolean() && it->get<bool>();
}

Json arrayAt(const Json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_array() ? *it : Json::array();
}

engine::AttemptKind kindNamed(const std::string& name)
{
    for (auto kind : {engine::AttemptKind::Initial, engine::AttemptKind::Repair, engine::AttemptKind::Continuation,
                      engine::AttemptKind::ReaskLarger, engine::AttemptKind::Fallback})
        if (engine::attemptKindName(kind) == name)
            return kind;
    return engine::AttemptKind::Initial;
}

std::optional<Span> spanOf(const Json& object)
{
    if (!object.is_object() || !object.contains("offset") || !object["offset"].is_number_unsigned())
        return std::nullopt;
    return Span{object["offset"].get<std::size_t>(), static_cast<std::size_t>(std::max(0LL, integerAt(object, "length")))};
}

// A Zod path (["items", 3, "price"]) as base/path.h's Path.
Path pathOf(const Json& path)
{
    Path out;
    if (!path.is_array())
        return out;
    for (const Json& step : path) {
        if (step.is_string())
            out.emplace_back(step.get<std::string>());
        else if (step.is_number_unsigned() || (step.is_number_integer() && step.get<std::int64_t>() >= 0))
            out.emplace_back(step.get<std::size_t>());
    }
    return out;
}

// Whether `value` has something at `path`.
bool reaches(const Json& value, const Path& path)
{
    const Json* at = &value;
    for (const PathElement& step : path) {
        if (const auto* key = std::get_if<std::string>(&step)) {
            if (!at->is_object() || !at->contains(*key))
                return false;
            at = &(*at)[*key];
        } else {
            const std::size_t index = std::get<std::size_t>(step);
            if (!at->is_array() || index >= at->size())
                return false;
            at = &(*at)[index];
        }
    }
    return true;
}

} // namespace

engine::AttemptRecord attemptFromJson(const Json& a)
{
    engine::AttemptRecord r;
    if (!a.is_object())
        return r;
    r.target = stringAt(a, "target");
    r.mode = providers::parseMode(stringAt(a, "mode")).value_or(providers::Mode::Text);
    r.kind = kindNamed(stringAt(a, "kind"));
    r.repair = static_cast<int>(integerAt(a, "repair"));
    r.request = a.value("request", Json());
    r.requestBytes = static_cast<std::size_t>(std::max(0LL, integerAt(a, "request_bytes")));
    r.maxTokens = static_cast<int>(integerAt(a, "max_tokens"));
    r.raw = stringAt(a, "raw");
    r.joinedAt = static_cast<std::size_t>(std::max(0LL, integerAt(a, "joined_at")));
    r.parsed = trueAt(a, "parsed");
    r.value = a.value("value", Json());
    r.fixes = arrayAt(a, "fixes");
    r.coercions = arrayAt(a, "coercions");
    r.issues = arrayAt(a, "issues");
    if (const Json candidate = a.value("candidate", Json()); candidate.is_object())
        r.candidate = engine::AttemptRecord::Candidate{stringAt(candidate, "kind"), std::size_t(std::max(0LL, integerAt(candidate, "offset"))),
                                                       std::size_t(std::max(0LL, integerAt(candidate, "length")))};
    r.extractionFailure = stringAt(a, "extraction_failure");
    r.valid = trueAt(a, "valid");
    r.checked = !(a.contains("checked") && a["checked"] == Json(false));
    r.stopReason = stringAt(a, "stop_reason");
    const Json usage = a.value("usage", Json::object());
    if (usage.is_object())
        r.usage = {tokenCount(member(usage, "input")), tokenCount(member(usage, "output")), tokenCount(member(usage, "cached"))};
    r.latencyMs = integerAt(a, "latency_ms");
    r.httpStatus = static_cast<int>(integerAt(a, "http_status"));
    for (const Json& retry : arrayAt(a, "retries")) {
        if (!retry.is_object())
            continue;
        // What a failed try billed: RetryRecord::toJson writes "usage" only then.
        const Json billed = retry.contains("usage") && retry["usage"].is_object() ? retry["usage"] : Json::object();
        r.retries.push_back({static_cast<int>(integerAt(retry, "status")), integerAt(retry, "delay_ms"), stringAt(retry, "reason"),
                             integerAt(retry, "try_ms"),
                             {integerAt(billed, "input"), integerAt(billed, "output"), integerAt(billed, "cached")}});
    }
    r.error = stringAt(a, "error");
    r.truncated = trueAt(a, "truncated");
    r.notEnforced = trueAt(a, "not_enforced");
    return r;
}

std::vector<engine::AttemptRecord> attemptsOfRun(const Json& run)
{
    std::vector<engine::AttemptRecord> out;
    for (const Json& attempt : arrayAt(run, "attempts"))
        out.push_back(attemptFromJson(attempt));
    return out;
}

engine::RunRecord recordOfRun(const Json& run)
{
    engine::RunRecord record;
    const std::string outcome = stringAt(run, "outcome");
    for (std::size_t i = 0; i < engine::kOutcomeNames.size(); ++i)
        if (engine::kOutcomeNames[i] == outcome)
            record.outcome = engine::Outcome(i);
    for (const Json& flag : arrayAt(run, "flags"))
        if (flag.is_string())
            record.flags.insert(flag.get<std::string>());
    record.endedBy = stringAt(run, "ended_by");
    record.value = run.is_object() ? run.value("value", Json()) : Json();
    record.attempts = attemptsOfRun(run);
    if (const Json& best = member(run, "best_attempt"); best.is_number_unsigned() && best.get<std::size_t>() < record.attempts.size())
        record.best = best.get<std::size_t>();
    return record;
}

QString issueSummary(const Json& issue)
{
    if (!issue.is_object())
        return {};
    return QString::fromStdString(issueText(issue));
}

std::vector<Span> fixSpans(const engine::AttemptRecord& attempt)
{
    std::vector<Span> spans;
    for (const Json& fix : attempt.fixes)
        if (auto span = spanOf(fix))
            spans.push_back(*span);
    return spans;
}

namespace {

// One issue's span: the recorded one, else found by its path in the reply (read once into
// `extraction` for all the issues of an attempt).
std::optional<Span> spanOfIssue(const Json& issue, const std::string& raw, std::optional<json::Extraction>& extraction)
{
    if (!issue.is_object())
        return std::nullopt;
    if (issue.contains("span"))
        return spanOf(issue["span"]);
    if (!extraction)
        extraction = json::extract(raw);
    if (!extraction->ok)
        return std::nullopt;
    const Path path = pathOf(issue.value("path", Json()));
    const auto span = extraction->sourceMap.find(path);
    if (!span)
        return std::nullopt;
    // What is missing has no text: the bracket opening the value that lacks it is marked,
    // not the whole of a value that may fill the screen.
    return reaches(extraction->value, path) ? *span : Span{span->offset, std::min<std::size_t>(span->length, 1)};
}

} // namespace

std::vector<Span> issueSpans(const engine::AttemptRecord& attempt, std::size_t limit)
{
    std::vector<Span> spans;
    std::optional<json::Extraction> extraction;
    for (const Json& issue : attempt.issues) {
        if (spans.size() >= limit || !issue.is_object())
            break;
        if (const auto span = spanOfIssue(issue, attempt.raw, extraction))
            spans.push_back(*span);
    }
    std::sort(spans.begin(), spans.end(), [](const Span& x, const Span& y) { return std::pair(x.offset, x.length) < std::pair(y.offset, y.length); });
    spans.erase(std::unique(spans.begin(), spans.end()), spans.end());
    return spans;
}

std::vector<Span> issueSpans(const engine::AttemptRecord& attempt, const Json& issue)
{
    std::optional<json::Extraction> extraction;
    if (const auto span = spanOfIssue(issue, attempt.raw, extraction))
        return {*span};
    return {};
}

} // namespace conform::gui
