#include "grow_store.h"

#include "store/store.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

bool growStore(const QString& path, qint64 target, bool replies)
{
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("grow"));
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        const QString columns = QStringLiteral(
            "schema_hash, prompt_hash, provider, model, mode, outcome, flags, attempts, repairs, parse_ok_first,"
            " first_try_valid, latency_ms, tokens_in, tokens_out, tokens_cached, latency_bin, case_key, cluster");
        q.exec(QStringLiteral("SELECT COUNT(*) FROM captures"));
        qint64 have = q.next() ? q.value(0).toLongLong() : 0;
        ok = ok && have > 0 && db.transaction();
        for (int copy = 1; ok && have < target; ++copy) {
            const qint64 batch = std::min(have, target - have);
            const QString suffix = QStringLiteral("-%1").arg(copy);
            ok = q.exec(QStringLiteral("INSERT INTO captures (id, created_at, %1) SELECT id || '%2', created_at - %3, %1 FROM captures"
                                       " ORDER BY seq LIMIT %4")
                            .arg(columns, suffix)
                            .arg(qint64(copy) * 3600 * 1000)
                            .arg(batch));
            if (ok && replies)
                ok = q.exec(QStringLiteral("INSERT INTO capture_replies (capture_seq, raw, valid, first_issue, coerce, strict_repairs)"
                                           " SELECT n.seq, r.raw, r.valid, r.first_issue, r.coerce, r.strict_repairs FROM captures n"
                                           " JOIN captures o ON n.id = o.id || '%1' JOIN capture_replies r ON r.capture_seq = o.seq")
                                .arg(suffix));
            have += batch;
        }
        // The copies bypass the writer that keeps the hourly rollups: emptied, they are
        // rebuilt from the captures by the next open (below, before any test's clock runs).
        ok = ok && q.exec(QStringLiteral("DELETE FROM capture_rollups"));
        if (!ok)
            qWarning("grow: %s", qPrintable(q.lastError().text()));
        ok = ok && db.commit();
        q.exec(QStringLiteral("ANALYZE"));
    }
    QSqlDatabase::removeDatabase(QStringLiteral("grow"));
    if (ok) {
        auto reopened = conform::store::Store::open(conform::store::StoreLocation::parse(path).value());
        if (!reopened)
            qWarning("grow: %s", reopened.error().toString().c_str());
        ok = bool(reopened);
    }
    return ok;
}
