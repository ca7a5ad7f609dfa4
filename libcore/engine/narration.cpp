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

// An issue's path as a JSON Pointer ("" is the root).
std::string pointerOf(const Json& path)
{
    std::string pointer;
    if (path.is_array())
        for (const Json& step : path)
            pointer = appendPointer(pointer, step.is_string() ? step.get<std::string>() : dump(step));
    return pointer;
}

// The beat for how the attempt was asked: the first call, or the kind of a later one.
Beat askedBeat(const AttemptRecord& a, std::size_t index)
{
    Beat beat{.attempt = index};
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

void tellAttempt(const AttemptRecord& a, std::size_t index, std::vector<Beat>& beats)
{
    beats.push_back(askedBeat(a, index)); // a run's first call is always an initial one
    for (const providers::RetryRecord& retry : a.retries) {
        const std::string code = steps::ofRetry(retry);
        beats.push_back(Beat{.kind = BeatKind::Retry, .attempt = index, .code = code, .detail = code.substr(code.find(':') + 1)});
    }
    if (a.transportError && a.raw.empty()) {
        beats.push_back(Beat{.kind = BeatKind::NoAnswer, .attempt = index, .detail = a.error});
        return;
    }
    if (a.truncated) {
        beats.push_back(Beat{.kind = BeatKind::Cut, .attempt = index, .code = std::string(steps::kCutAtMaxTokens), .count = a.maxTokens});
        return;
    }
    // Each kind of fix and coercion once, as steps.h counts them, at its first place.
    std::set<std::string> told;
    if (a.candidate) {
        if (std::string code = steps::ofCandidate(*a.candidate); !code.empty())
            beats.push_back(Beat{.kind = BeatKind::Candidate, .attempt = index, .code = std::move(code), .detail = a.candidate->kind,
                                 .span = Span{a.candidate->offset, a.candidate->length}});
    }
    for (const Json& fix : a.fixes) {
        const std::string kind = stringOf(member(fix, "kind"));
        if (!kind.empty() && told.insert(steps::ofFix(kind)).second)
            beats.push_back(Beat{.kind = BeatKind::Fix, .attempt = index, .code = steps::ofFix(kind), .detail = kind, .span = spanAt(fix)});
    }
    for (const Json& coercion : a.coercions) {
        const std::string kind = stringOf(member(coercion, "kind"));
        if (!kind.empty() && told.insert(steps::ofCoercion(kind)).second)
            beats.push_back(Beat{.kind = BeatKind::Coercion, .attempt = index, .code = steps::ofCoercion(kind), .detail = kind,
                                 .message = pointerOf(member(coercion, "path"))});
    }
    if (a.refused)
        beats.push_back(Beat{.kind = BeatKind::Refused, .attempt = index, .code = std::string(steps::kRefused)});
    if (!a.parsed) {
        if (!a.refused)
            beats.push_back(Beat{.kind = BeatKind::NoJson, .attempt = index, .message = a.extractionFailure});
        return;
    }
    if (steps::judgedInvalid(a)) {
        // "invalid" is the step; its issues are what it found, the first few named.
        const int issues = int(a.issues.size());
        beats.push_back(Beat{.kind = BeatKind::Issue, .attempt = index, .code = std::string(steps::kInvalid), .count = issues});
        Beat& first = beats.back();
        for (int i = 0; i < issues && i < kIssuesTold; ++i) {
            const Json& issue = a.issues[std::size_t(i)];
            Beat& beat = i == 0 ? first : beats.emplace_back(Beat{.kind = BeatKind::Issue, .attempt = index, .count = issues});
            beat.detail = pointerOf(member(issue, "path"));
            beat.message = stringOf(member(issue, "message"));
            beat.span = spanAt(member(issue, "span"));
        }
        if (issues > kIssuesTold)
            beats.push_back(Beat{.kind = BeatKind::MoreIssues, .attempt = index, .count = issues - kIssuesTold});
        return;
    }
    if (a.valid)
        beats.push_back(Beat{.kind = BeatKind::Valid, .attempt = index});
    else if (!a.checked)
        beats.push_back(Beat{.kind = BeatKind::Unchecked, .attempt = index});
}

} // namespace

std::vector<Beat> narrate(const RunRecord& record)
{
    std::vector<Beat> beats;
    for (std::size_t i = 0; i < record.attempts.size(); ++i)
        tellAttempt(record.attempts[i], i, beats);
    const std::size_t last = record.attempts.empty() ? 0 : record.attempts.size() - 1;
    beats.push_back(Beat{.kind = BeatKind::Ended, .attempt = record.best && record.outcome == Outcome::Failed ? *record.best : last,
                         .detail = std::string(outcomeName(record.outcome)), .count = int(record.attempts.size())});
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
