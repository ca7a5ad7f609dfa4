#include "engine/run_record.h"

#include <array>

namespace conform::engine {

namespace {

Json usageJson(const providers::Usage& usage)
{
    return Json{{"input", usage.inputTokens}, {"output", usage.outputTokens}, {"cached", usage.cachedTokens}};
}

} // namespace

std::string_view outcomeName(Outcome outcome)
{
    static constexpr std::array<std::string_view, 4> names{"valid", "repaired", "fallback", "failed"};
    return names[static_cast<std::size_t>(outcome)];
}

std::string_view attemptKindName(AttemptKind kind)
{
    static constexpr std::array<std::string_view, 5> names{"initial", "repair", "continuation", "reask_larger", "fallback"};
    return names[static_cast<std::size_t>(kind)];
}

Json AttemptRecord::toJson() const
{
    Json retryList = Json::array();
    for (const providers::RetryRecord& retry : retries)
        retryList.push_back(retry.toJson());
    Json out{{"kind", std::string(attemptKindName(kind))}, {"target", target},
             {"mode", std::string(providers::modeName(mode))}, {"repair", repair}, {"request", request},
             {"request_bytes", requestBytes}, {"max_tokens", maxTokens}, {"raw", raw}, {"parsed", parsed}, {"value", value}, {"valid", valid},
             {"fixes", fixes}, {"coercions", coercions}, {"issues", issues},
             {"stop_reason", stopReason.empty() ? Json(nullptr) : Json(stopReason)}, {"usage", usageJson(usage)},
             {"latency_ms", latencyMs}, {"http_status", httpStatus}, {"retries", std::move(retryList)},
             {"truncated", truncated}, {"not_enforced", notEnforced}};
    if (kind == AttemptKind::Continuation)
        out["joined_at"] = joinedAt;
    if (!extractionFailure.empty())
        out["extraction_failure"] = extractionFailure;
    if (!error.empty())
        out["error"] = error;
    return out;
}

bool RunRecord::failedInTransport() const
{
    return outcome == Outcome::Failed && !attempts.empty() && attempts.back().transportError;
}

Json RunRecord::metrics() const
{
    providers::Usage tokens;
    long long latency = 0;
    int retries = 0;
    int repairs = 0;
    for (const AttemptRecord& a : attempts) {
        tokens.inputTokens += a.usage.inputTokens;
        tokens.outputTokens += a.usage.outputTokens;
        tokens.cachedTokens += a.usage.cachedTokens;
        for (const providers::RetryRecord& retry : a.retries) { // billed failed tries
            tokens.inputTokens += retry.usage.inputTokens;
            tokens.outputTokens += retry.usage.outputTokens;
            tokens.cachedTokens += retry.usage.cachedTokens;
        }
        latency += a.latencyMs;
        retries += static_cast<int>(a.retries.size());
        repairs += a.kind == AttemptKind::Repair ? 1 : 0;
    }
    Json out{{"attempts", attempts.size()}, {"repairs", repairs}, {"transport_retries", retries},
             {"latency_ms", latency}, {"tokens", usageJson(tokens)},
             {"parse_ok_first", !attempts.empty() && attempts.front().parsed},
             {"first_try_valid", !attempts.empty() && attempts.front().valid}};
    for (const AttemptRecord& a : attempts)
        if (a.valid) {
            out["final_mode"] = std::string(providers::modeName(a.mode));
            out["final_target"] = a.target;
        }
    return out;
}

Json RunRecord::toJson() const
{
    Json attemptList = Json::array();
    for (const AttemptRecord& a : attempts)
        attemptList.push_back(a.toJson());
    Json out{{"outcome", std::string(outcomeName(outcome))}, {"flags", Json(std::vector<std::string>(flags.begin(), flags.end()))},
             {"ended_by", endedBy},
             {"value", value}, {"attempts", std::move(attemptList)}, {"metrics", metrics()}};
    if (best) {
        out["best_attempt"] = *best;
        out["valid_fields"] = validFields;
    }
    if (!error.empty())
        out["error"] = error;
    if (!notes.empty())
        out["notes"] = notes;
    return out;
}

} // namespace conform::engine
