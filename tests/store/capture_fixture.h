#pragma once
// Hand-written captures with known figures, for the store's tests. The expected metrics in
// the tests are worked out by hand from the table in capture_fixture.cpp, not by Conform.
#include "base/json.h"
#include "postgres_cluster.h"
#include "store/store.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

// The ten documents of the table, in time order, shaped as `captures show --json` prints.
std::vector<conform::Json> fixtureDocuments();
// Schema "people" the fixture ran with (captures 1-8) and "people-v2" (9 and 10).
conform::Json fixtureSchema();
conform::Json fixtureSchemaV2();
// The edited schema of the replay test: any name, age at most 30.
conform::Json editedSchema();

// The data column "backend" with a row for each: "sqlite" and "postgres".
void addBackendRows();

// A store location for one test: a fresh SQLite file, or a fresh database on the shared
// PostgreSQL cluster. `backend` is "sqlite" or "postgres"; empty when it cannot be made.
QString freshStore(const QString& backend, const QString& name);

// The statements that take a store of the current version (10) back to what version 7 wrote
// (bodies already packed as version 7 did), for the upgrade tests.
QStringList versionEightUndone();

// In a test of rows from addBackendRows(): opens a fresh store named `name` on the row's
// backend as `Store& var` (its location in `location_<var>`), failing when PostgreSQL
// cannot start.
#define OPEN_FRESH_STORE(var, name)                                                                        \
    QFETCH(QString, backend);                                                                                \
    if (backend == QLatin1String("postgres"))                                                                \
        REQUIRE_POSTGRES(PostgresCluster::shared());                                                         \
    const QString location_##var = freshStore(backend, QStringLiteral(name));                              \
    QVERIFY2(!location_##var.isEmpty(), qPrintable(PostgresCluster::shared().error()));                    \
    auto opened_##var = conform::store::Store::open(conform::store::StoreLocation::parse(location_##var).value()); \
    QVERIFY2(opened_##var, opened_##var ? "" : opened_##var.error().toString().c_str());               \
    conform::store::Store& var = *opened_##var.value()
