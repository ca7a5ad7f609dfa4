#include "triage/clusterwords.h"

#include "run/outcomewords.h"
#include "schema/schema.h"

#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

namespace conform::gui {

namespace {

bool isIdentifier(const QString& key)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_$][A-Za-z0-9_$]*$"));
    return identifier.match(key).hasMatch();
}

} // namespace

QString ClusterWords::path(const std::vector<std::string>& path)
{
    if (path.empty())
        return tr("the value");
    QString text;
    for (const std::string& step : path) {
        const QString key = QString::fromStdString(step);
        if (key == QLatin1String("*"))
            text += QStringLiteral("[*]");
        else if (isIdentifier(key))
            text += (text.isEmpty() ? QString() : QStringLiteral(".")) + key;
        else
            text += QStringLiteral("[\"%1\"]").arg(key);
    }
    return text;
}

QString ClusterWords::finding(const store::Finding& finding)
{
    const QString at = path(finding.path);
    const QString message = QString::fromStdString(finding.message);
    const std::string& code = finding.code;
    if (code == "no_json")
        return tr("the reply holds no JSON value");
    if (code == "no_call")
        return tr("no call was made");
    if (code.rfind("http_", 0) == 0)
        return tr("the request was refused (HTTP %1)").arg(QString::fromStdString(code.substr(5)));
    if (code == "invalid_type" && schema::saysMissing(finding.message))
        return tr("%1 is missing").arg(at);
    if (code == "unrecognized_keys")
        return tr("%1 has keys the schema does not allow").arg(at);
    if (code == "invalid_enum_value" || code == "invalid_value")
        return tr("%1 is not one of the allowed values").arg(at);
    if (message.isEmpty())
        return tr("%1: %2").arg(at, QString::fromStdString(code));
    return tr("%1: %2").arg(at, message);
}

QString ClusterWords::cause(const store::Cluster& cluster)
{
    if (cluster.flags & store::Truncated)
        return tr("the reply was cut at the token limit");
    if (cluster.flags & store::Refused)
        return tr("the model refused");
    if (cluster.flags & store::TransportError)
        return tr("no reply arrived (transport error)");
    if (cluster.flags & store::Cancelled)
        return tr("the run was cancelled");
    if (cluster.findings.empty())
        return tr("no finding recorded");
    const QString first = finding(cluster.findings.front());
    const auto others = qsizetype(cluster.findings.size()) - 1;
    return others == 0 ? first : tr("%1 and %n more", nullptr, int(others)).arg(first);
}

QString ClusterWords::spread(const store::Cluster& cluster, std::int64_t nowMs)
{
    const QLocale locale;
    const QDateTime first = QDateTime::fromMSecsSinceEpoch(cluster.firstSeenMs).toLocalTime();
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(nowMs).toLocalTime();
    const qint64 days = first.date().daysTo(now.date());
    const int count = int(std::min<std::int64_t>(cluster.count, INT32_MAX));
    const QString since = days == 1  ? tr("yesterday")
                          : days < 7 ? locale.dayName(first.date().dayOfWeek())
                                     : locale.toString(first.date(), QLocale::ShortFormat);
    QStringList parts{days <= 0 ? tr("%n capture(s) today", nullptr, count) : tr("%n capture(s) since %1", nullptr, count).arg(since)};
    if (cluster.schemaVersions > 1)
        parts << tr("%n schema version(s)", nullptr, int(cluster.schemaVersions));
    QStringList models;
    for (const store::TargetCount& target : cluster.targets)
        if (!target.model.empty() && !models.contains(QString::fromStdString(target.model)))
            models << QString::fromStdString(target.model);
    constexpr qsizetype kModelsShown = 2;
    if (models.size() > kModelsShown)
        parts << tr("%1 and %n other model(s)", nullptr, int(models.size() - kModelsShown)).arg(models.mid(0, kModelsShown).join(QStringLiteral(", ")));
    else if (!models.isEmpty())
        parts << models.join(QStringLiteral(", "));
    return parts.join(QStringLiteral(", "));
}

QString ClusterWords::state(store::ReviewState state)
{
    switch (state) {
    case store::ReviewState::New: return tr("new");
    case store::ReviewState::Confirmed: return tr("confirmed");
    case store::ReviewState::Expected: return tr("expected");
    case store::ReviewState::Fixed: return tr("fixed");
    case store::ReviewState::Ignored: return tr("ignored");
    case store::ReviewState::Regressed: return tr("regressed");
    }
    return {};
}

QString ClusterWords::stateMeaning(store::ReviewState state)
{
    switch (state) {
    case store::ReviewState::New: return tr("Nobody has looked at it yet");
    case store::ReviewState::Confirmed: return tr("A real failure someone has to fix");
    case store::ReviewState::Expected: return tr("Fails as it should (a test of a failure, a bad input)");
    case store::ReviewState::Fixed: return tr("A fix is in: a capture newer than the fix reopens it as regressed");
    case store::ReviewState::Ignored: return tr("Not worth a fix");
    case store::ReviewState::Regressed: return tr("Marked fixed, and a capture newer than the fix has this cause again");
    }
    return {};
}

QString ClusterWords::outcome(int outcome)
{
    return OutcomeWords::outcomeOfCode(outcome);
}

} // namespace conform::gui
