#include "engine/narration.h"

#include "base/json_access.h"
#include "base/path.h"
#include "engine/steps.h"
#include "json/parse.h"

#include <set>

namespace conform::engine {

namespace {

std::optional<Span> spanAt(const Json& object)
{
    if (!object.is_object() || !object.contains("offset") || !object["offset"].is_number_unsigned())
        return std::nullopt;
    const Json& length = member(object, "length");
    return Span{object["offset"].get<std::size_t>(), length.is_number_unsigned() ? length.get<std::size_t>() : 0};
}

// The beat for how the attempt was asked: the first call, or the kind of a later one.
Beat askedBeat(const AttemptRecord& a, std::size_t index)
{
    Beat beat;
    beat.attempt = index;
    beat.detail = std::string(providers::modeName(a.mode));
    switch (a.kind) {
    case AttemptKind::Initial: beat.kind = index == 0 ? BeatKind::Asked : BeatKind::Fallback; break;
    case AttemptKind::Repair: beat.kind = BeatKind::Repair; beat.count = a.repair; break;
    case AttemptKind::ReaskLarger: beat.kind = BeatKind::Reask; beat.count = a.maxTokens; break;
    case AttemptKind::Continuation: beat.kind = BeatKind::Continue; break;
    case AttemptKind::Fallback: beat.kind = BeatKind::Fallback; break;
    }
    beat.code = index == 0 ? steps::ofMode(a.mode) : steps::ofKind(a.kind);
    return beat;
}

// Appends a beat of `kind` about attempt `index`, with its step code when it is a step.
Beat& told(std::vector<Beat>& beats, BeatKind kind, std::size_t index, std::string code = {})
{
    Beat& beat = beats.emplace_back();
    beat.kind = kind;
    beat.attempt = index;
    beat.code = std::move(code);
    return beat;
}

void tellAttempt(const AttemptRecord& a, std::size_t index, std::vector<Beat>& beats)
{
    beats.push_back(askedBeat(a, index)); // a run's first call is always an initial one
    for (const providers::RetryRecord& retry : a.retries) {
        const std::string code = steps::ofRetry(retry);
        told(beats, BeatKind::Retry, index, code).detail = code.substr(code.find(':') + 1);
    }
    if (a.transportError && a.raw.empty()) {
        told(beats, BeatKind::NoAnswer, index).detail = a.error;
        return;
    }
    if (a.truncated) {
        told(beats, BeatKind::Cut, index, std::string(steps::kCutAtMaxTokens)).count = a.maxTokens;
        return;
    }
    // Each kind of fix and coercion once, as steps.h counts them, at its first place.
    std::set<std::string> once;
    if (a.candidate) {
        if (std::string code = steps::ofCandidate(*a.candidate); !code.empty()) {
            Beat& beat = told(beats, BeatKind::Candidate, index, std::move(code));
            beat.detail = a.candidate->kind;
            beat.span = Span{a.candidate->offset, a.candidate->length};
        }
    }
    for (const Json& fix : a.fixes) {
        const std::string kind = stringOf(member(fix, "kind"));
        if (!kind.empty() && once.insert(steps::ofFix(kind)).second) {
            Beat& beat = told(beats, BeatKind::Fix, index, steps::ofFix(kind));
            beat.detail = kind;
            beat.span = spanAt(fix);
        }
    }
    for (const Json& coercion : a.coercions) {
        const std::string kind = stringOf(member(coercion, "kind"));
        if (!kind.empty() && once.insert(steps::ofCoercion(kind)).second) {
            Beat& beat = told(beats, BeatKind::Coercion, index, steps::ofCoercion(kind));
            beat.detail = kind;
            beat.message = pointerOfJsonPath(member(coercion, "path"));
        }
    }
    if (a.refused)
        told(beats, BeatKind::Refused, index, std::string(steps::kRefused));
    if (!a.parsed) {
        if (!a.refused)
            told(beats, BeatKind::NoJson, index).message = a.extractionFailure;
        return;
    }
    if (steps::judgedInvalid(a)) {
        // "invalid" is the step (on the first issue's beat); its issues are what it found, the
        // first few named one by one.
        const int issues = int(a.issues.size());
        for (int i = 0; i < std::max(1, std::min(issues, kIssuesTold)); ++i) {
            Beat& beat = told(beats, BeatKind::Issue, index, i == 0 ? std::string(steps::kInvalid) : std::string());
            beat.count = issues;
            if (i < issues) {
                const Json& issue = a.issues[std::size_t(i)];
                beat.detail = pointerOfJsonPath(member(issue, "path"));
                beat.message = stringOf(member(issue, "message"));
                beat.span = spanAt(member(issue, "span"));
            }
        }
        if (issues > kIssuesTold)
            told(beats, BeatKind::MoreIssues, index).count = issues - kIssuesTold;
        return;
    }
    if (a.valid)
        told(beats, BeatKind::Valid, index);
    else if (!a.checked)
        told(beats, BeatKind::Unchecked, index);
}

} // namespace

std::vector<Beat> narrate(const RunRecord& record)
{
    std::vector<Beat> beats;
    for (std::size_t i = 0; i < record.attempts.size(); ++i)
        tellAttempt(record.attempts[i], i, beats);
    const std::size_t last = record.attempts.empty() ? 0 : record.attempts.size() - 1;
    Beat& ended = told(beats, BeatKind::Ended, record.best && record.outcome == Outcome::Failed ? *record.best : last);
    ended.detail = std::string(outcomeName(record.outcome));
    ended.count = int(record.attempts.size());
    return beats;
}

ClosingCard closingCard(const RunRecord& record)
{
    ClosingCard card;
    card.outcome = record.outcome;
    card.calls = int(record.attempts.size());
    for (const AttemptRecord& a : record.attempts) {
        card.repairs += a.kind == AttemptKind::Repair ? 1 : 0;
        card.inputTokens += std::max<std::int64_t>(a.usage.inputTokens, 0);
        card.outputTokens += std::max<std::int64_t>(a.usage.outputTokens, 0);
        card.latencyMs += a.latencyMs;
    }
    if (record.attempts.empty() || record.attempts.front().raw.empty())
        return card;
    const AttemptRecord& first = record.attempts.front();
    // JSON.parse reads exactly one JSON text, as parseStrict does: prose, a fence or a
    // trailing comma fail it where they start.
    if (auto parsed = json::parseStrict(first.raw); !parsed) {
        card.withoutConform = {WithoutConform::Kind::ParseFails, parsed.error().where, 0};
    } else if (first.checked && !first.valid) {
        card.withoutConform = {WithoutConform::Kind::BreaksSchema, {}, int(first.issues.size())};
    } else {
        card.withoutConform = {WithoutConform::Kind::Same, {}, 0};
    }
    return card;
}

} // namespace conform::engine
