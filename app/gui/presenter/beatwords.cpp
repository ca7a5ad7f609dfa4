#include "presenter/beatwords.h"

#include "base/path.h"
#include "checks/fixwords.h"
#include "schema/schema.h"

#include <QLocale>

namespace conform::gui {

namespace {

QString fromStd(const std::string& text)
{
    return QString::fromStdString(text);
}

QString pointerWords(const std::string& pointer)
{
    return fromStd(conform::pointerText(pointer));
}

QString retryWhy(const std::string& why)
{
    if (why == "cut")
        return BeatWords::tr("the reply broke off");
    if (why == "stall")
        return BeatWords::tr("the stream went quiet");
    if (why == "timeout")
        return BeatWords::tr("it timed out");
    if (why == "error")
        return BeatWords::tr("no connection");
    return BeatWords::tr("HTTP %1").arg(fromStd(why));
}

QString issueWords(const engine::Beat& beat)
{
    return schema::saysMissing(beat.message) ? BeatWords::tr("%1 is missing.").arg(pointerWords(beat.detail))
                                     : BeatWords::tr("%1: %2.").arg(pointerWords(beat.detail), fromStd(beat.message));
}

} // namespace

QString BeatWords::caption(const engine::Beat& beat, const engine::RunRecord& record)
{
    using engine::BeatKind;
    const engine::AttemptRecord* attempt = beat.attempt < record.attempts.size() ? &record.attempts[beat.attempt] : nullptr;
    const QString mode = attempt ? fromStd(std::string(providers::modeName(attempt->mode))) : fromStd(beat.detail);
    switch (beat.kind) {
    case BeatKind::Asked:
        return tr("Conform asks %1 for JSON, in %2 mode.").arg(attempt ? fromStd(attempt->target) : QString(), mode);
    case BeatKind::Repair:
        return tr("Conform shows the model its issues and asks it to fix just those.");
    case BeatKind::Reask:
        return tr("The reply was cut off, so Conform asks again with room for %1 tokens.").arg(QLocale().toString(beat.count));
    case BeatKind::Continue:
        return tr("The reply was cut off, so Conform asks the model to go on from where it stopped.");
    case BeatKind::Fallback:
        return tr("Conform falls back to %1 mode.").arg(mode);
    case BeatKind::Retry:
        return tr("The call failed (%1); Conform waits and tries again.").arg(retryWhy(beat.detail));
    case BeatKind::NoAnswer:
        return beat.detail.empty() ? tr("No answer arrived.") : tr("No answer arrived: %1.").arg(fromStd(beat.detail));
    case BeatKind::Cut:
        return tr("The reply stopped at the token limit; a cut reply is never taken as the answer.");
    case BeatKind::Candidate:
        if (beat.detail == "fenced")
            return tr("The model wrapped its JSON in a code fence; Conform takes the fenced block.");
        if (beat.detail == "xml")
            return tr("The model wrapped its JSON in XML tags; Conform takes what is inside.");
        if (beat.detail == "function_calls")
            return tr("The model answered with a function call; Conform takes its argument.");
        if (beat.detail == "embedded")
            return tr("The JSON sits inside prose; Conform takes it out.");
        if (beat.detail == "double_encoded")
            return tr("The JSON came as a string holding JSON; Conform reads the string.");
        return tr("Conform reads the JSON from part of the reply (%1).").arg(fromStd(beat.detail));
    case BeatKind::Fix: {
        const auto kind = json::parseFixKind(beat.detail);
        return tr("The JSON text is broken; Conform repairs it: %1.").arg(kind ? fixWords(*kind) : fromStd(beat.detail));
    }
    case BeatKind::Coercion:
        return tr("A value has the wrong type; Conform changes it at %1: %2.").arg(pointerWords(beat.message), coercionWords(beat.detail));
    case BeatKind::Refused:
        return tr("The model refused.");
    case BeatKind::NoJson:
        return beat.message.empty() ? tr("There is no JSON in the reply.") : tr("There is no JSON in the reply: %1.").arg(fromStd(beat.message));
    case BeatKind::Issue:
        if (beat.count > 1 && !beat.code.empty())
            return tr("%n issue(s) against the schema. First: %1", nullptr, beat.count).arg(issueWords(beat));
        return issueWords(beat);
    case BeatKind::MoreIssues:
        return tr("… and %n more issue(s).", nullptr, beat.count);
    case BeatKind::Valid:
        return tr("The value passes the schema.");
    case BeatKind::Unchecked:
        return tr("A value, checked against no schema.");
    case BeatKind::Ended: {
        int repairs = 0;
        for (const engine::AttemptRecord& a : record.attempts)
            repairs += a.kind == engine::AttemptKind::Repair ? 1 : 0;
        switch (record.outcome) {
        case engine::Outcome::Valid: return tr("Valid at the first try.");
        case engine::Outcome::Repaired: return tr("Valid after %n repair(s).", nullptr, repairs);
        case engine::Outcome::Fallback: return tr("Valid after falling back to %1 mode.").arg(mode);
        case engine::Outcome::Failed: return tr("Failed: no valid value after %n call(s).", nullptr, beat.count);
        case engine::Outcome::Unchecked: return tr("It ended with a value no schema judged.");
        }
        return {};
    }
    }
    return {};
}

QStringList BeatWords::closing(const engine::ClosingCard& card)
{
    const QLocale locale;
    QStringList lines;
    lines << tr("Outcome: %1").arg(fromStd(std::string(engine::outcomeName(card.outcome))));
    lines << tr("%n call(s)", nullptr, card.calls) + QStringLiteral(" · ") + tr("%n repair(s)", nullptr, card.repairs);
    lines << tr("%1 tokens in, %2 out").arg(locale.toString(qlonglong(card.inputTokens)), locale.toString(qlonglong(card.outputTokens)));
    lines << tr("%1 s of calls").arg(locale.toString(double(card.latencyMs) / 1000.0, 'f', 2));
    using Kind = engine::WithoutConform::Kind;
    switch (card.withoutConform.kind) {
    case Kind::NoReply: lines << tr("Without Conform: no reply to parse."); break;
    case Kind::ParseFails: lines << tr("Without Conform: JSON.parse fails at %1.").arg(fromStd(card.withoutConform.where)); break;
    case Kind::BreaksSchema:
        lines << tr("Without Conform: JSON.parse succeeds, and the value breaks the schema (%n issue(s)).", nullptr, card.withoutConform.issues);
        break;
    case Kind::Same: lines << tr("Without Conform: the same value, at the first try."); break;
    }
    return lines;
}

} // namespace conform::gui
