#include "run/outcomewords.h"

#include <QStringList>

namespace conform::gui {

QString OutcomeWords::outcome(engine::Outcome outcome)
{
    switch (outcome) {
    case engine::Outcome::Valid: return tr("valid");
    case engine::Outcome::Repaired: return tr("repaired");
    case engine::Outcome::Fallback: return tr("fallback");
    case engine::Outcome::Failed: return tr("failed");
    case engine::Outcome::Unchecked: return tr("unchecked");
    }
    return {};
}

QString OutcomeWords::outcomeOfCode(int code)
{
    if (code < 0 || code > static_cast<int>(engine::Outcome::Unchecked))
        return QString::number(code);
    return outcome(static_cast<engine::Outcome>(code));
}

QString OutcomeWords::flag(engine::RunFlag flag)
{
    switch (flag) {
    case engine::RunFlag::Truncated: return tr("truncated");
    case engine::RunFlag::Refused: return tr("refused");
    case engine::RunFlag::TransportError: return tr("transport error");
    case engine::RunFlag::Cancelled: return tr("cancelled");
    case engine::RunFlag::NotEnforced: return tr("not enforced");
    case engine::RunFlag::TokensUnknown: return tr("token counts unknown");
    }
    return {};
}

QString OutcomeWords::flagNamed(std::string_view name)
{
    if (const auto known = engine::parseRunFlag(name))
        return flag(*known);
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

QString OutcomeWords::badge(const QString& outcome, const std::vector<std::string>& flagNames)
{
    QStringList flags;
    for (const std::string& name : flagNames)
        flags << flagNamed(name);
    return flags.isEmpty() ? outcome : outcome + QStringLiteral(" · ") + flags.join(QStringLiteral(", "));
}

} // namespace conform::gui
