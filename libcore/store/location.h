#pragma once
// Where a capture store lives: a SQLite file (the default) or a PostgreSQL database.
//
//   Result<StoreLocation> where = StoreLocation::parse("postgresql://qa:secret@db:5432/conform");
//   where->display();   // "postgresql://qa:***@db:5432/conform": the only form errors and logs use
//
// The password is kept for connecting and appears in no string this module builds.
#include "base/result.h"

#include <QString>

namespace conform::store {

struct StoreLocation
{
    enum class Kind { Sqlite, Postgres };

    Kind kind = Kind::Sqlite;
    QString path;      // SQLite: the file
    QString host;      // PostgreSQL: host, port, database, user, password
    int port = 5432;
    QString database;
    QString user;
    QString password;

    // A file path, or a postgresql:// (or postgres://) URL.
    static Result<StoreLocation> parse(const QString& text);
    // conform-cli's order: `given` (a --store value) when not empty, else $CONFORM_STORE when
    // set, else the default (defaultLocation()). The workbench's order is chooseStore()'s.
    static Result<StoreLocation> resolve(const QString& given = {});
    // captures.db in Conform's data folder, which the workbench and conform-cli share.
    static StoreLocation defaultLocation();

    // For messages: the file path, or the URL with the password replaced by ***.
    std::string display() const;
    // `text` with every occurrence of the password replaced by ***: driver messages are
    // passed through this before they go anywhere.
    QString scrub(QString text) const;
};

// Which rule picked the store the workbench uses.
enum class StoreOrigin { Environment, Setting, Default };

// The workbench's store and why it is that one (chooseStore()). `location` is an error when
// the chosen text does not parse; `origin` still says whose text it was.
struct StoreChoice
{
    StoreOrigin origin = StoreOrigin::Default;
    Result<StoreLocation> location = StoreLocation{};
};

// The workbench's order, deliberate: $CONFORM_STORE when set (scripts and tests pin the store
// with it, whatever the user chose), else `setting` (Settings ▸ Store) when not empty, else
// the default. An unparsable choice is an error naming CONFORM_STORE or the setting, never a
// silent fall-back to another store.
StoreChoice chooseStore(const QString& setting);

// Which database a store is on.
enum class Dialect { Sqlite, Postgres };

// How a store is opened.
struct OpenOptions
{
    bool create = true;        // false: a store that does not exist yet is an error
    int busyTimeoutMs = 5000;  // SQLite: how long one statement waits for another writer
    // SQLite: how long opening a store and taking its write lock keep trying, with backoff,
    // while other processes hold it. SQLite answers BUSY at once, without waiting, in a few
    // cases (a store being created or recovered by another process, a read lock that cannot
    // become a write lock), so waiting one's turn needs retries on top of the busy timeout.
    int lockWaitMs = 60000;
};

} // namespace conform::store
