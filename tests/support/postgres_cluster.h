#pragma once
// A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, a server on a free
// loopback port, stopped and deleted on destruction. As root it runs as the `postgres`
// user, since PostgreSQL refuses to run as root.
//
//   PostgresCluster& pg = PostgresCluster::shared();   // started once per test executable
//   if (!pg.ok()) PostgresCluster::failOrSkip(pg.error());
//   QString url = pg.createDatabase("t1");            // "postgresql://conform@127.0.0.1:PORT/t1"
#include "require_dependency.h"

#include <QString>
#include <QTemporaryDir>

#include <memory>

class PostgresCluster
{
public:
    static PostgresCluster& shared();
    ~PostgresCluster();

    bool ok() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    int port() const { return m_port; }
    // Creates an empty database and returns the store URL for it (empty on failure; see error()).
    QString createDatabase(const QString& name);

private:
    PostgresCluster();
    bool run(const QString& program, const QStringList& arguments, int timeoutMs = 60000);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_binaries;
    QString m_error;
    int m_port = 0;
    bool m_started = false;
};

// A cluster that cannot start fails the test (require_dependency.h): make test installs PostgreSQL.
#define REQUIRE_POSTGRES(cluster) \
    REQUIRE_DEPENDENCY((cluster).ok(), QStringLiteral("PostgreSQL cluster did not start: ") + (cluster).error())
