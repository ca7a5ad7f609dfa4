#include "store/detail/connection.h"

#include <QAtomicInt>
#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlDriver>
#include <QSqlRecord>

#include <sqlite3.h>

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

constexpr std::string_view kLocked = "the store is locked by another process";

} // namespace

Connection::Connection(StoreLocation location, QSqlDatabase db, Dialect dialect)
    : m_location(std::move(location)), m_db(std::move(db)), m_dialect(dialect), m_name(m_db.connectionName())
{
}

Connection::~Connection()
{
    for (auto& [sql, statement] : m_rowStatements)
        sqlite3_finalize(statement);
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
    connection->m_lockWaitMs = options.lockWaitMs;
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
        const QVariant handle = connection->m_db.driver()->handle();
        if (handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0)
            connection->m_sqlite = *static_cast<sqlite3* const*>(handle.data());
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
        message.append(kLocked).append(" (gave up ").append(doing).append(" after waiting)");
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

Result<std::optional<std::int64_t>> Connection::insertRow(const QString& sql, std::initializer_list<RowValue> values, bool returningSeq)
{
    if (!m_sqlite) { // PostgreSQL (or a Qt without SQLite's handle): through Qt
        QVariantList bound;
        for (const RowValue& value : values) {
            if (const auto* number = std::get_if<std::int64_t>(&value))
                bound << QVariant::fromValue<qlonglong>(*number);
            else if (const auto* text = std::get_if<std::string_view>(&value))
                bound << QVariant(QString::fromUtf8(text->data(), qsizetype(text->size())));
            else if (const auto* blob = std::get_if<RowBlob>(&value))
                bound << QVariant(QByteArray(blob->bytes.data(), qsizetype(blob->bytes.size())));
            else
                bound << QVariant();
        }
        auto query = execCached(returningSeq ? sql + QStringLiteral(" RETURNING seq") : sql, bound, "writing");
        if (!query)
            return query.error();
        std::optional<std::int64_t> seq;
        if (!returningSeq)
            seq = query.value()->numRowsAffected() != 0 ? std::optional<std::int64_t>(0) : std::nullopt;
        else if (query.value()->next())
            seq = query.value()->value(0).toLongLong();
        query.value()->finish();
        return seq;
    }
    const auto failed = [this](int code) {
        return error(QSqlError(QString(), QString::fromUtf8(sqlite3_errmsg(m_sqlite)), QSqlError::StatementError, QString::number(code)), "writing");
    };
    sqlite3_stmt*& statement = m_rowStatements[sql];
    if (!statement) {
        const QByteArray text = sql.toUtf8();
        if (const int code = sqlite3_prepare_v3(m_sqlite, text.constData(), int(text.size()), SQLITE_PREPARE_PERSISTENT, &statement, nullptr);
            code != SQLITE_OK) {
            m_rowStatements.erase(sql);
            return failed(code);
        }
    }
    int index = 0;
    for (const RowValue& value : values) {
        ++index;
        int code = SQLITE_OK;
        if (const auto* number = std::get_if<std::int64_t>(&value))
            code = sqlite3_bind_int64(statement, index, *number);
        else if (const auto* text = std::get_if<std::string_view>(&value))
            code = sqlite3_bind_text64(statement, index, text->data(), text->size(), SQLITE_STATIC, SQLITE_UTF8);
        else if (const auto* blob = std::get_if<RowBlob>(&value))
            code = sqlite3_bind_blob64(statement, index, blob->bytes.data(), blob->bytes.size(), SQLITE_STATIC);
        else
            code = sqlite3_bind_null(statement, index);
        if (code != SQLITE_OK) {
            sqlite3_reset(statement);
            return failed(code);
        }
    }
    const int stepped = sqlite3_step(statement);
    const bool added = stepped == SQLITE_DONE && sqlite3_changes(m_sqlite) > 0;
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement); // the text bound is the caller's, gone after the call
    if (stepped != SQLITE_DONE)
        return failed(stepped);
    if (!added)
        return std::optional<std::int64_t>();
    return std::optional<std::int64_t>(returningSeq ? sqlite3_last_insert_rowid(m_sqlite) : 0);
}

bool Connection::isLocked(const Error& error)
{
    return std::string_view(error.message).substr(0, kLocked.size()) == kLocked;
}

Status Connection::begin(bool forWriting)
{
    // SQLite: take the write lock up front, so a busy store fails here and not half-way.
    const QString sql = m_dialect == Dialect::Sqlite && forWriting ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN");
    if (m_dialect != Dialect::Sqlite || !forWriting)
        return execAll({sql}, "reading");
    return retryWhileLocked(m_lockWaitMs, [&] { return execAll({sql}, "writing"); });
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
