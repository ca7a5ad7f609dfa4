#include "store/detail/connection.h"

#include <QAtomicInt>
#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlRecord>

namespace conform::store {

namespace {

QString uniqueConnectionName()
{
    static QAtomicInt counter;
    return QStringLiteral("conform-store-%1").arg(counter.fetchAndAddRelaxed(1));
}

bool isBusy(const QSqlError& error)
{
    const QString text = error.databaseText() + error.driverText();
    return text.contains(QLatin1String("locked")) || text.contains(QLatin1String("busy"));
}

} // namespace

Connection::Connection(StoreLocation location, QSqlDatabase db, Dialect dialect)
    : m_location(std::move(location)), m_db(std::move(db)), m_dialect(dialect), m_name(m_db.connectionName())
{
}

Connection::~Connection()
{
    m_statements.clear();
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_name);
}

Result<std::unique_ptr<Connection>> Connection::open(const StoreLocation& location, const OpenOptions& options)
{
    const QString name = uniqueConnectionName();
    const bool sqlite = location.kind == StoreLocation::Kind::Sqlite;
    if (sqlite) {
        const QFileInfo file(location.path);
        if (!file.exists() && !options.create)
            return Error{"no capture store here (run something with --store to start one)", location.display()};
        if (file.exists() && !file.isFile())
            return Error{"not a file", location.display()};
        if (!file.exists() && !QDir().mkpath(file.absolutePath()))
            return Error{"cannot create the folder " + file.absolutePath().toStdString(), location.display()};
    }
    const QString driver = sqlite ? QStringLiteral("QSQLITE") : QStringLiteral("QPSQL");
    if (!QSqlDatabase::isDriverAvailable(driver))
        return Error{"Qt's " + driver.toStdString() + " driver is not installed (Debian: " +
                         (sqlite ? "libqt6sql6-sqlite" : "libqt6sql6-psql") + ")", location.display()};
    QSqlDatabase db = QSqlDatabase::addDatabase(driver, name);
    if (sqlite) {
        db.setDatabaseName(location.path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(options.busyTimeoutMs));
    } else {
        db.setHostName(location.host);
        db.setPort(location.port);
        db.setDatabaseName(location.database);
        db.setUserName(location.user);
        db.setPassword(location.password);
        db.setConnectOptions(QStringLiteral("connect_timeout=5"));
    }
    std::unique_ptr<Connection> connection(new Connection(location, db, sqlite ? Dialect::Sqlite : Dialect::Postgres));
    db = QSqlDatabase(); // one handle, the connection's: removeDatabase() wants no others left
    if (!connection->m_db.open())
        return connection->error(connection->m_db.lastError(), "opening");
    if (auto checked = connection->checkIsStore(options.create); !checked)
        return checked.error();
    if (sqlite) {
        // WAL: readers never wait for the writer; NORMAL: a killed process loses nothing
        // committed (only a power cut could lose the last transactions). A new store gets
        // 16 KiB pages (an existing one keeps its size): a capture of a few KB then fits a
        // page, and an import writes a quarter as many log frames (two system calls each).
        if (auto set = connection->execAll({QStringLiteral("PRAGMA page_size=16384"), QStringLiteral("PRAGMA journal_mode=WAL"), QStringLiteral("PRAGMA synchronous=NORMAL"),
                                            QStringLiteral("PRAGMA foreign_keys=ON")}, "opening");
            !set)
            return set.error();
    }
    return connection;
}

Status Connection::checkIsStore(bool create)
{
    const QString sql = m_dialect == Dialect::Sqlite
        ? QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table'")
        : QStringLiteral("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()");
    auto tables = exec(sql, {}, "opening");
    if (!tables)
        return tables.error();
    bool any = false, meta = false, clash = false;
    while (tables->next()) {
        const QString table = tables->value(0).toString();
        any = true;
        meta = meta || table == QLatin1String("conform_meta");
        clash = clash || table == QLatin1String("captures");
    }
    if (meta)
        return Done{};
    // A SQLite file is the store's own; a PostgreSQL database may hold other tables, but not
    // a "captures" table that is not ours.
    if ((m_dialect == Dialect::Sqlite && any) || clash)
        return Error{"not a Conform capture store (it holds other tables)", m_location.display()};
    if (!create)
        return Error{"no capture store here (run something with --store to start one)", m_location.display()};
    return Done{};
}

Error Connection::error(const QSqlError& e, const char* doing) const
{
    QString text = e.databaseText().trimmed();
    if (text.isEmpty())
        text = e.driverText().trimmed();
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    std::string message;
    if (m_dialect == Dialect::Sqlite && isBusy(e))
        message = "the store is locked by another process (gave up " + std::string(doing) + " after waiting)";
    else if (m_dialect == Dialect::Sqlite && text.contains(QLatin1String("not a database")))
        message = "not a Conform capture store (not a SQLite database)";
    else
        message = std::string(doing) + ": " + m_location.scrub(text).toStdString();
    return Error{message, m_location.display()};
}

Result<QSqlQuery> Connection::exec(const QString& sql, const QVariantList& values, const char* doing)
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    if (!query.prepare(sql))
        return error(query.lastError(), doing);
    for (const QVariant& value : values)
        query.addBindValue(value);
    if (!query.exec())
        return error(query.lastError(), doing);
    return query;
}

Result<QSqlQuery*> Connection::execCached(const QString& sql, const QVariantList& values, const char* doing)
{
    auto& slot = m_statements[sql];
    if (!slot) {
        slot = std::make_unique<QSqlQuery>(m_db);
        slot->setForwardOnly(true);
        if (!slot->prepare(sql)) {
            const Error failed = error(slot->lastError(), doing);
            m_statements.erase(sql);
            return failed;
        }
    }
    QSqlQuery* query = slot.get();
    query->finish();
    for (int i = 0; i < values.size(); ++i)
        query->bindValue(i, values[i]);
    if (!query->exec())
        return error(query->lastError(), doing);
    return query;
}

Status Connection::execAll(const QStringList& statements, const char* doing)
{
    for (const QString& sql : statements) {
        QSqlQuery query(m_db);
        if (!query.exec(sql))
            return error(query.lastError(), doing);
    }
    return Done{};
}

Status Connection::begin(bool forWriting)
{
    // SQLite: take the write lock up front, so a busy store fails here and not half-way.
    const QString sql = m_dialect == Dialect::Sqlite && forWriting ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN");
    return execAll({sql}, forWriting ? "writing" : "reading");
}

Status Connection::commit()
{
    return execAll({QStringLiteral("COMMIT")}, "writing");
}

void Connection::rollback()
{
    QSqlQuery query(m_db);
    query.exec(QStringLiteral("ROLLBACK"));
}

} // namespace conform::store
