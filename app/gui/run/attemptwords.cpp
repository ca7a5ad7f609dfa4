#include "run/attemptwords.h"

#include "engine/steps.h"

#include <QCoreApplication>

namespace conform::gui {

namespace {

QString modeWord(providers::Mode mode)
{
    return QString::fromStdString(std::string(providers::modeName(mode)));
}

} // namespace

QString askedWhy(const engine::AttemptRecord& a, const engine::AttemptRecord* previous)
{
    switch (a.kind) {
    case engine::AttemptKind::Initial:
        return {};
    case engine::AttemptKind::Repair:
        return QCoreApplication::translate("AttemptWords", "repair %1: the model was told the issues and asked again").arg(a.repair);
    case engine::AttemptKind::ReaskLarger:
        if (previous && previous->maxTokens > 0)
            return QCoreApplication::translate("AttemptWords", "cut at max_tokens %1 → asked again with %2").arg(previous->maxTokens).arg(a.maxTokens);
        return QCoreApplication::translate("AttemptWords", "the reply was cut → asked again with max_tokens %1").arg(a.maxTokens);
    case engine::AttemptKind::Continuation:
        if (previous && previous->maxTokens > 0)
            return QCoreApplication::translate("AttemptWords", "cut at max_tokens %1 → continued from where it stopped").arg(previous->maxTokens);
        return QCoreApplication::translate("AttemptWords", "the reply was cut → continued from where it stopped");
    case engine::AttemptKind::Fallback:
        if (previous)
            return QCoreApplication::translate("AttemptWords", "%1 mode gave no valid answer → fell back to %2 mode").arg(modeWord(previous->mode), modeWord(a.mode));
        return QCoreApplication::translate("AttemptWords", "fell back to %1 mode").arg(modeWord(a.mode));
    }
    return {};
}

QString modeText(const engine::AttemptRecord& a)
{
    const QString mode = modeWord(a.mode);
    switch (a.kind) {
    case engine::AttemptKind::Initial:
        return a.repair > 0 ? QCoreApplication::translate("AttemptWords", "%1 (repair %2)").arg(mode).arg(a.repair) : mode;
    case engine::AttemptKind::Repair:
        return QCoreApplication::translate("AttemptWords", "%1 (repair %2)").arg(mode).arg(a.repair);
    case engine::AttemptKind::ReaskLarger:
        return QCoreApplication::translate("AttemptWords", "%1 (asked again, %2 tokens)").arg(mode).arg(a.maxTokens);
    case engine::AttemptKind::Continuation:
        return QCoreApplication::translate("AttemptWords", "%1 (continued)").arg(mode);
    case engine::AttemptKind::Fallback:
        return QCoreApplication::translate("AttemptWords", "%1 (fallback)").arg(mode);
    }
    return mode;
}

QStringList askedSteps(const engine::AttemptRecord& a, const engine::AttemptRecord* previous)
{
    QStringList codes;
    if (const std::string kind = engine::steps::ofKind(a.kind); !kind.empty())
        codes << QString::fromStdString(kind);
    if (!previous)
        codes << QString::fromStdString(engine::steps::ofMode(a.mode));
    return codes;
}

QString cutLine(const engine::AttemptRecord& a)
{
    if (!a.truncated)
        return {};
    return a.maxTokens > 0 ? QCoreApplication::translate("AttemptWords", "cut at max_tokens %1: the reply is incomplete and never taken as the answer").arg(a.maxTokens)
                           : QCoreApplication::translate("AttemptWords", "the reply was cut: incomplete, never taken as the answer");
}

} // namespace conform::gui
