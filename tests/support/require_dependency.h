#pragma once
// A test that needs something the deps script installs (conform-cli built, node and npm,
// PostgreSQL): outside CI a missing piece skips the test with the reason; under CI
// (CI=true) it fails it, since CI installs everything and a skip would hide a broken set-up.
#include <QString>
// QFAIL and QSKIP come from <QTest>, which every test includes before this.

inline bool underCi()
{
    return qEnvironmentVariable("CI") == QLatin1String("true");
}

#define REQUIRE_DEPENDENCY(available, reason)                                                                         \
    do {                                                                                                              \
        if (!(available)) {                                                                                           \
            const QString why_ = (reason);                                                                            \
            if (underCi())                                                                                            \
                QFAIL(qPrintable(QStringLiteral("missing under CI: ") + why_));                                       \
            QSKIP(qPrintable(why_));                                                                                  \
        }                                                                                                             \
    } while (false)
