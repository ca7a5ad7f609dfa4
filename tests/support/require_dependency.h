#pragma once
// A test that needs something the deps script installs (conform-cli built, node and npm,
// PostgreSQL, xmllint, a keyring daemon): when the piece is missing the test fails, naming it
// and the script that installs it. It never skips: `make test` runs packaging/install-deps.sh
// first, so a missing piece is a broken set-up, and a skip would hide it (in CI above all).
#include <QString>
// QFAIL comes from <QTest>, which every test includes before this.

#define REQUIRE_DEPENDENCY(available, reason)                                                                         \
    do {                                                                                                              \
        if (!(available))                                                                                             \
            QFAIL(qPrintable(QStringLiteral("missing dependency (packaging/install-deps.sh installs it): ")           \
                             + QString(reason)));                                                                     \
    } while (false)
