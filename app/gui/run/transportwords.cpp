#include "run/transportwords.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace conform::gui {

namespace {

// The fault itself, without the retry: "rate limited (429)", "connection dropped after 400 bytes".
QString fault(int status, const QString& reason)
{
    static const QRegularExpression cutAfter(QStringLiteral("cut after (\\d+) bytes"));
    static const QRegularExpression silence(QStringLiteral("no bytes for (\\d+) ms"));
    static const QRegularExpression deadline(QStringLiteral("no complete reply within (\\d+) ms"));
    if (const auto m = cutAfter.match(reason); m.hasMatch())
        return QCoreApplication::translate("TransportWords", "connection dropped after %1 bytes").arg(m.captured(1));
    if (const auto m = silence.match(reason); m.hasMatch())
        return QCoreApplication::translate("TransportWords", "the reply stalled (no bytes for %1 s)").arg(m.captured(1).toLongLong() / 1000.0);
    if (const auto m = deadline.match(reason); m.hasMatch())
        return QCoreApplication::translate("TransportWords", "no complete reply within %1 s").arg(m.captured(1).toLongLong() / 1000.0);
    if (status == 429)
        return QCoreApplication::translate("TransportWords", "rate limited (429)");
    if (status == 529)
        return QCoreApplication::translate("TransportWords", "provider overloaded (529)");
    if (status == 408)
        return QCoreApplication::translate("TransportWords", "request timed out at the server (408)");
    if (status >= 500)
        return QCoreApplication::translate("TransportWords", "server error (%1)").arg(status);
    if (reason.contains(QLatin1String("connection error")))
        return QCoreApplication::translate("TransportWords", "connection error");
    return reason;
}

} // namespace

QString describeRetry(const providers::RetryRecord& retry, int number, int allowed)
{
    const QString reason = QString::fromStdString(retry.reason);
    const QString what = fault(retry.status, reason);
    const QString wait = reason.contains(QLatin1String("server asked"))
        ? QCoreApplication::translate("TransportWords", "retried after %1 ms, as the server asked").arg(retry.delayMs)
        : QCoreApplication::translate("TransportWords", "retried after %1 ms").arg(retry.delayMs);
    return QCoreApplication::translate("TransportWords", "%1; %2 — retry %3 of %4 allowed").arg(what, wait).arg(number).arg(allowed);
}

QString describeTransportError(const std::string& error, int status)
{
    const QString text = QString::fromStdString(error);
    static const QRegularExpression hostNotFound(QStringLiteral("[Hh]ost (\\S+) not found"));
    if (const auto m = hostNotFound.match(text); m.hasMatch())
        return QCoreApplication::translate("TransportWords", "host not found: %1 — check the base URL or your network").arg(m.captured(1));
    if (text.contains(QLatin1String("refused"), Qt::CaseInsensitive) && status == 0)
        return QCoreApplication::translate("TransportWords", "connection refused — is the server running at the base URL? (%1)").arg(text);
    if (status == 401 || status == 403)
        return QCoreApplication::translate("TransportWords", "the provider refused the API key (%1) — check the key in the environment or the keychain: %2").arg(status).arg(text);
    if (status == 404)
        return QCoreApplication::translate("TransportWords", "not found (404) — check the model name and the base URL: %1").arg(text);
    if (status == 429)
        return QCoreApplication::translate("TransportWords", "rate limited (429) and out of retries — wait, or allow more retries: %1").arg(text);
    if (text.contains(QLatin1String("no retries left")))
        return QCoreApplication::translate("TransportWords", "%1 — out of transport retries; allow more or try again later").arg(fault(status, text));
    if (text == QLatin1String("the run was cancelled"))
        return QCoreApplication::translate("TransportWords", "cancelled");
    return text;
}

} // namespace conform::gui
