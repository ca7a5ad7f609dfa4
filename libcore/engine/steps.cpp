#include "engine/steps.h"

#include <algorithm>

namespace conform::engine::steps {

std::string ofKind(AttemptKind kind)
{
    switch (kind) {
    case AttemptKind::Initial: return {};
    case AttemptKind::Repair: return "repair";
    case AttemptKind::ReaskLarger: return "reask:max_tokens";
    case AttemptKind::Continuation: return "continue";
    case AttemptKind::Fallback: return "fallback";
    }
    return {};
}

std::string ofMode(providers::Mode mode)
{
    return "mode:" + std::string(providers::modeName(mode));
}

std::string ofRetry(const providers::RetryRecord& retry)
{
    // A retry after a 2xx is a body that broke off; the rest the transport's own words say
    // (providers/retry.cpp, transport.cpp).
    const std::string& why = retry.reason;
    if ((retry.status >= 200 && retry.status < 300) || why.find("cut after") != std::string::npos)
        return "retry:cut";
    if (why.find("no bytes for") != std::string::npos)
        return "retry:stall";
    if (why.find("timeout") != std::string::npos || why.find("within") != std::string::npos)
        return "retry:timeout";
    if (retry.status >= 400)
        return "retry:" + std::to_string(retry.status);
    return "retry:error";
}

std::string ofCandidate(const AttemptRecord::Candidate& candidate)
{
    return candidate.kind.empty() || candidate.kind == "whole" ? std::string() : "candidate:" + candidate.kind;
}

std::string ofFix(std::string_view kind)
{
    return "fix:" + std::string(kind);
}

std::string ofCoercion(std::string_view kind)
{
    return "coerce:" + std::string(kind);
}

namespace {

void addOnce(std::vector<std::string>& codes, std::size_t from, std::string code)
{
    if (!code.empty() && std::find(codes.begin() + std::ptrdiff_t(from), codes.end(), code) == codes.end())
        codes.push_back(std::move(code));
}

std::string kindAt(const Json& entry)
{
    const auto it = entry.find("kind");
    return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

std::vector<std::string> attemptSteps(const AttemptRecord& a, const AttemptRecord* previous)
{
    std::vector<std::string> codes;
    if (std::string kind = ofKind(a.kind); !kind.empty())
        codes.push_back(std::move(kind));
    if (!previous)
        codes.push_back(ofMode(a.mode));
    for (const providers::RetryRecord& retry : a.retries)
        codes.push_back(ofRetry(retry));
    // A cut reply is never the answer: what extraction would have made of it is not shown.
    if (a.truncated) {
        codes.emplace_back(kCutAtMaxTokens);
        return codes;
    }
    const std::size_t read = codes.size();
    if (a.candidate)
        addOnce(codes, read, ofCandidate(*a.candidate));
    for (const Json& fix : a.fixes)
        if (const std::string kind = kindAt(fix); !kind.empty())
            addOnce(codes, read, ofFix(kind));
    for (const Json& coercion : a.coercions)
        if (const std::string kind = kindAt(coercion); !kind.empty())
            addOnce(codes, read, ofCoercion(kind));
    if (a.refused)
        codes.emplace_back(kRefused);
    if (judgedInvalid(a))
        codes.emplace_back(kInvalid);
    return codes;
}

bool judgedInvalid(const AttemptRecord& a)
{
    return a.checked && a.parsed && !a.valid && !a.truncated;
}

std::vector<std::string> runSteps(const RunRecord& record)
{
    std::vector<std::string> codes;
    for (std::size_t i = 0; i < record.attempts.size(); ++i) {
        std::vector<std::string> one = attemptSteps(record.attempts[i], i ? &record.attempts[i - 1] : nullptr);
        codes.insert(codes.end(), std::make_move_iterator(one.begin()), std::make_move_iterator(one.end()));
    }
    return codes;
}

std::vector<std::string> recordable(std::vector<std::string> codes)
{
    codes.erase(std::remove(codes.begin(), codes.end(), std::string(kStall)), codes.end());
    return codes;
}

} // namespace conform::engine::steps
