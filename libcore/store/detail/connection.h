#pragma once
// One open database connection of the store (internal to the module). QtSql connections
// belong to the thread that opened them, so every Store, and so every thread, has its own.
#include "base/result.h"
#include "store/location.h"

#include <QDeadlineTimer>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QThread>
#include <QSqlQuery>
#include <QVariantList>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <variant>

struct sqlite3;
struct sqlite3_stmt;

namespace conform::store {

// Bytes stored as a BLOB (SQLite) or BYTEA (PostgreSQL), not as text.
struct RowBlob
{
    std::string_view bytes;
};
// A value for insertRow(): NULL, an integer, UTF-8 text or bytes (not copied: they must
// outlive the call).
using RowValue = std::variant<std::nullptr_t, std::int64_t, std::string_view, RowBlob>;

class Connection
{
public:
    // Connects and checks that it is a Conform store (or an empty database it may become).
    // Nothing is written to a database that is not a Conform store.
    static Result<std::unique_ptr<Connection>> open(const StoreLocation& location, const OpenOptions& options);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    QSqlDatabase& database() { return m_db; }
    Dialect dialect() const { return m_dialect; }
    const StoreLocation& location() const { return m_location; }

    // Prepares and runs `sql` with `values` bound in order. The Error is one line naming
    // the store and what was being done, with any password scrubbed.
    Result<QSqlQuery> exec(const QString& sql, const QVariantList& values = {}, const char* doing = "reading");
    // The same, keeping the prepared statement for the next call with the same text: for
    // statements run once per capture. The query stays valid until the next call with `sql`.
    Result<QSqlQuery*> execCached(const QString& sql, const QVariantList& values, const char* doing);
    Status execAll(const QStringList& statements, const char* doing);
    // An INSERT ... ON CONFLICT DO NOTHING run once per row of a bulk write, prepared once.
    // Returns the new row's seq (with `returningSeq`; else 0), or nullopt when the conflict
    // skipped the row. On SQLite the statement runs on the database's own API: the text is
    // bound as it is, where Qt's binding would take each value through UTF-16 and back.
    Result<std::optional<std::int64_t>> insertRow(const QString& sql, std::initializer_list<RowValue> values, bool returningSeq);
    Error error(const QSqlError& error, const char* doing) const;
    // Whether an Error came from a store locked by another process (see OpenOptions::lockWaitMs).
    static bool isLocked(const Error& error);

    // For writing on SQLite: BEGIN IMMEDIATE, retried with backoff while another process
    // holds the lock, up to OpenOptions::lockWaitMs.
    Status begin(bool forWriting);
    Status commit();
    void rollback();

private:
    Connection(StoreLocation location, QSqlDatabase db, Dialect dialect);
    Status checkIsStore(bool create);

    StoreLocation m_location;
    QSqlDatabase m_db;
    Dialect m_dialect;
    QString m_name;
    int m_lockWaitMs = 0;
    std::map<QString, std::unique_ptr<QSqlQuery>> m_statements;
    sqlite3* m_sqlite = nullptr; // SQLite's handle under Qt's, for insertRow()
    std::map<QString, sqlite3_stmt*> m_rowStatements;
};

// Calls `attempt` (returning a Result or Status) until it succeeds, fails for a reason other
// than another process's lock, or `waitMs` have passed: with a growing, jittered pause
// between tries, so that processes started together do not retry in step.
template <typename Attempt>
auto retryWhileLocked(int waitMs, Attempt attempt) -> decltype(attempt())
{
    const QDeadlineTimer deadline(waitMs);
    int pauseMs = 5;
    for (;;) {
        auto result = attempt();
        if (result || !Connection::isLocked(result.error()) || deadline.hasExpired())
            return result;
        const int pause = pauseMs / 2 + int(QRandomGenerator::global()->bounded(pauseMs / 2 + 1));
        QThread::msleep(static_cast<unsigned long>(std::clamp<qint64>(deadline.remainingTime(), 1, pause)));
        pauseMs = std::min(pauseMs * 2, 400);
    }
}

} // namespace conform::store
