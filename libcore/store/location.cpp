#include "store/location.h"

#include <QDir>
#include <QStandardPaths>
#include <QUrl>

namespace conform::store {

Result<StoreLocation> StoreLocation::parse(const QString& text)
{
    StoreLocation location;
    if (text.isEmpty())
        return Error{"a store location is empty", {}};
    if (!text.startsWith(QLatin1String("postgresql://")) && !text.startsWith(QLatin1String("postgres://"))) {
        location.path = text;
        return location;
    }
    // Parsed by hand as well as by QUrl: QUrl's error strings would echo the whole URL.
    const QUrl url(text, QUrl::StrictMode);
    location.kind = Kind::Postgres;
    location.host = url.host();
    location.port = url.port(5432);
    location.database = url.path().mid(1);
    location.user = url.userName();
    location.password = url.password();
    StoreLocation shown = location;
    if (!url.isValid() || location.host.isEmpty() || location.database.isEmpty() || location.database.contains(QLatin1Char('/')))
        return Error{"a PostgreSQL store is postgresql://user[:password]@host[:port]/database", shown.display()};
    return location;
}

Result<StoreLocation> StoreLocation::resolve(const QString& given)
{
    if (!given.isEmpty())
        return parse(given);
    const QString fromEnvironment = qEnvironmentVariable("CONFORM_STORE");
    if (!fromEnvironment.isEmpty()) {
        auto parsed = parse(fromEnvironment);
        if (!parsed)
            return Error{parsed.error().toString(), "CONFORM_STORE"};
        return parsed;
    }
    return defaultLocation();
}

StoreLocation StoreLocation::defaultLocation()
{
    StoreLocation location;
    const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    location.path = QDir(data).filePath(QStringLiteral("conform/captures.db"));
    return location;
}

StoreChoice chooseStore(const QString& setting)
{
    const QString fromEnvironment = qEnvironmentVariable("CONFORM_STORE");
    if (!fromEnvironment.isEmpty()) {
        auto parsed = StoreLocation::parse(fromEnvironment);
        if (!parsed)
            return {StoreOrigin::Environment, Error{parsed.error().toString(), "CONFORM_STORE"}};
        return {StoreOrigin::Environment, std::move(parsed)};
    }
    if (!setting.trimmed().isEmpty()) {
        auto parsed = StoreLocation::parse(setting.trimmed());
        if (!parsed)
            return {StoreOrigin::Setting, Error{parsed.error().toString(), "Settings > Store"}};
        return {StoreOrigin::Setting, std::move(parsed)};
    }
    return {StoreOrigin::Default, StoreLocation::defaultLocation()};
}

std::string StoreLocation::display() const
{
    if (kind == Kind::Sqlite)
        return path.toStdString();
    QString out = QStringLiteral("postgresql://");
    if (!user.isEmpty())
        out += user + (password.isEmpty() ? QString() : QStringLiteral(":***")) + QLatin1Char('@');
    out += host + QLatin1Char(':') + QString::number(port) + QLatin1Char('/') + database;
    return out.toStdString();
}

QString StoreLocation::scrub(QString text) const
{
    if (!password.isEmpty())
        text.replace(password, QStringLiteral("***"));
    return text;
}

} // namespace conform::store
