// What must never happen to a store: writing into a file that is not one, hanging on a
// locked one, losing or half-writing captures when the process is killed, or keeping a key
// or a password.
#include "capture_fixture.h"
#include "postgres_cluster.h"
#include "test_registry.h"

#include "cli_in_process.h"
#include "providers/scenario.h"
#include "server/server.h"
#include "store/store.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>


using namespace conform;
using namespace conform::store;

namespace {

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(bytes);
    return path;
}

// Checks a SQLite store from outside the library: integrity, and no capture without its body
// or reply. Returns "" when all is well, else what is wrong.
QString checkStoreFile(const QString& path, const QStringList& mustHold, int* count = nullptr)
{
    QString problem;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("checker"));
        db.setDatabaseName(path);
        if (!db.open())
            return QStringLiteral("cannot open");
        QSqlQuery q(db);
        q.exec(QStringLiteral("PRAGMA integrity_check"));
        if (!q.next() || q.value(0).toString() != QLatin1String("ok"))
            problem = QStringLiteral("integrity_check: ") + q.value(0).toString();
        q.exec(QStringLiteral("SELECT COUNT(*) FROM captures c LEFT JOIN capture_bodies b ON b.capture_seq = c.seq"
                              " LEFT JOIN capture_replies r ON r.capture_seq = c.seq WHERE b.capture_seq IS NULL OR r.capture_seq IS NULL"));
        if (q.next() && q.value(0).toInt() != 0)
            problem = QString::number(q.value(0).toInt()) + QStringLiteral(" partial capture(s)");
        q.exec(QStringLiteral("SELECT COUNT(*) FROM captures"));
        if (q.next() && count)
            *count = q.value(0).toInt();
        for (const QString& id : mustHold) {
            q.prepare(QStringLiteral("SELECT COUNT(*) FROM captures WHERE id = ?"));
            q.addBindValue(id);
            q.exec();
            if (!q.next() || q.value(0).toInt() != 1) {
                problem = QStringLiteral("lost capture ") + id;
                break;
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("checker"));
    return problem;
}

} // namespace

class StoreSafetyTest : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void notAStoreIsLeftAlone_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("random bytes") << "random" << "not a Conform capture store (not a SQLite database)";
        QTest::newRow("another program's database") << "foreign" << "not a Conform capture store (it holds other tables)";
        QTest::newRow("a folder") << "folder" << "not a file";
    }
    void notAStoreIsLeftAlone()
    {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        const QString path = m_dir.filePath(kind + QStringLiteral(".db"));
        if (kind == QLatin1String("random")) {
            QByteArray bytes(8192, Qt::Uninitialized);
            for (char& b : bytes)
                b = char(QRandomGenerator::global()->bounded(256));
            writeFile(path, bytes);
        } else if (kind == QLatin1String("foreign")) {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("foreign"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QVERIFY(QSqlQuery(db).exec(QStringLiteral("CREATE TABLE notes (body TEXT)")));
            db.close();
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(QStringLiteral("foreign"));
        } else {
            QVERIFY(QDir().mkpath(path));
        }
        const QByteArray before = fileBytes(path);
        auto store = Store::open(StoreLocation::parse(path).value());
        QVERIFY(!store);
        QCOMPARE(QString::fromStdString(store.error().toString()), path + QStringLiteral(": ") + message);
        QCOMPARE(fileBytes(path), before);
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
        const CliRun cli = runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), path});
        QCOMPARE(cli.code, 2);
        QCOMPARE(QString::fromStdString(cli.err), QStringLiteral("conform-cli: error: ") + path + QStringLiteral(": ") + message + QLatin1Char('\n'));
    }

    void readingNeverCreates()
    {
        const QString path = m_dir.filePath(QStringLiteral("missing/none.db"));
        auto store = Store::open(StoreLocation::parse(path).value(), OpenOptions{false});
        QVERIFY(!store);
        QVERIFY(QString::fromStdString(store.error().message).startsWith(QLatin1String("no capture store here")));
        QVERIFY(!QFile::exists(path));
    }

    // Another process's write lock is waited for (OpenOptions::lockWaitMs), then reported.
    void lockedStoreIsWaitedFor()
    {
        const QString path = m_dir.filePath(QStringLiteral("locked.db"));
        QVERIFY(Store::open(StoreLocation::parse(path).value()));
        QSqlDatabase holder = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("holder"));
        holder.setDatabaseName(path);
        QVERIFY(holder.open());
        QSqlQuery lock(holder);
        QVERIFY(lock.exec(QStringLiteral("BEGIN IMMEDIATE")));
        // Past its wait it returns (the test's own timeout catches a hang) with the reason.
        auto store = Store::open(StoreLocation::parse(path).value(), OpenOptions{true, 300, 600});
        QVERIFY(!store);
        QVERIFY2(QString::fromStdString(store.error().message).contains(QLatin1String("locked by another process")), store.error().message.c_str());
        // Readers are not held up by a writer (WAL).
        QVERIFY(Store::open(StoreLocation::parse(path).value(), OpenOptions{false, 300, 300}));
        // The CLI waits its turn: once the lock goes, its run is stored.
        QProcess cli;
        cli.start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("run"), QStringLiteral("--schema"), QStringLiteral(CONFORM_SOURCE_DIR "/tests/engine/data/schema.json"),
                                                     QStringLiteral("--user"), QStringLiteral("x"), QStringLiteral("--provider"), QStringLiteral("scenario"),
                                                     QStringLiteral("--scenario"), QStringLiteral("trailing-commas"), QStringLiteral("--store"), path});
        QVERIFY(!cli.waitForFinished(1500)); // still waiting for the lock
        lock.exec(QStringLiteral("ROLLBACK"));
        QVERIFY(cli.waitForFinished(60000));
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QVERIFY2(cli.exitCode() != 2 && err.contains(QLatin1String("captured as")), qPrintable(err)); // its outcome is the scenario's
        holder.close();
        lock = QSqlQuery();
        holder = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("holder"));
    }

    void passwordNeverShown()
    {
        const QString url = QStringLiteral("postgresql://qa:pw-SECRET-42@127.0.0.1:1/captures");
        auto store = Store::open(StoreLocation::parse(url).value());
        QVERIFY(!store);
        const std::string error = store.error().toString();
        QVERIFY2(error.find("pw-SECRET-42") == std::string::npos, error.c_str());
        QVERIFY2(error.find("postgresql://qa:***@127.0.0.1:1/captures") == 0, error.c_str());
        const CliRun cli = runCliInProcess({QStringLiteral("captures"), QStringLiteral("stats"), QStringLiteral("--store"), url});
        QCOMPARE(cli.code, 2);
        QVERIFY(cli.err.find("pw-SECRET-42") == std::string::npos);
        QVERIFY(StoreLocation::parse(url)->display().find("pw-SECRET-42") == std::string::npos);
    }

    void killedWriterLosesNothing()
    {
        const QString path = m_dir.filePath(QStringLiteral("crash.db"));
        QStringList printed;
        for (int round = 0; round < 5; ++round) {
            QProcess child;
            child.start(QStringLiteral(CONFORM_CRASH_WRITER), {path});
            QVERIFY(child.waitForStarted());
            QVERIFY(child.waitForReadyRead(20000));
            QTest::qWait(QRandomGenerator::global()->bounded(50, 600));
            child.kill(); // SIGKILL, wherever it is
            QVERIFY(child.waitForFinished(10000));
            const QString out = QString::fromUtf8(child.readAllStandardOutput());
            QStringList ids = out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            if (!out.endsWith(QLatin1Char('\n')) && !ids.isEmpty())
                ids.removeLast(); // a line cut off by the kill was not fully printed
            QVERIFY(!ids.isEmpty());
            printed += ids;
            int count = 0;
            const QString problem = checkStoreFile(path, printed, &count);
            QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("round %1: ").arg(round) + problem));
            QVERIFY(count >= printed.size());
        }
        QVERIFY(Store::open(StoreLocation::parse(path).value()));
    }

    void interruptedImportResumes()
    {
        // 20,000 lines without ids (so the importer derives them from the content).
        const QString file = m_dir.filePath(QStringLiteral("big.jsonl"));
        QByteArray firstHalf;
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            const std::vector<Json> documents = fixtureDocuments();
            for (int i = 0; i < 20000; ++i) {
                Json document = documents[std::size_t(i) % documents.size()];
                document.erase("id");
                document["time"] = isoTime(1'790'000'000'000 + i);
                const QByteArray line = QByteArray::fromStdString(dump(document) + '\n');
                out.write(line);
                if (i < 10000)
                    firstHalf += line;
            }
        }
        // The first import reads half the lines from a pipe left open, and is killed once it has
        // committed some: however fast the import, it is interrupted in the middle.
        const QString path = m_dir.filePath(QStringLiteral("import.db"));
        QProcess first;
        first.start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("captures"), QStringLiteral("import"), QStringLiteral("-"), QStringLiteral("--store"), path});
        QVERIFY(first.waitForStarted());
        first.write(firstHalf);
        int partial = 0;
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(path) && checkStoreFile(path, {}, &partial).isEmpty() && partial > 0, 60000);
        first.kill();
        QVERIFY(first.waitForFinished(10000));
        QCOMPARE(checkStoreFile(path, {}, &partial), QString());
        QVERIFY2(partial > 0 && partial <= 10000, qPrintable(QString::number(partial)));
        const CliRun again = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), file, QStringLiteral("--store"), path});
        QCOMPARE(again.code, 0);
        int count = 0;
        QCOMPARE(checkStoreFile(path, {}, &count), QString());
        QCOMPARE(count, 20000);
        const CliRun third = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), file, QStringLiteral("--store"), path});
        QVERIFY2(third.err.find("imported 0 capture(s)") != std::string::npos, third.err.c_str());
    }

    void keysAndPasswordsNeverStored()
    {
        auto scenario = providers::loadScenario(QStringLiteral(":/scenarios/trailing-commas.json"));
        QVERIFY(scenario);
        server::ReplayServer replay({scenario.value()});
        QVERIFY(replay.listen());
        const QString path = m_dir.filePath(QStringLiteral("keys.db"));
        qputenv("OPENAI_API_KEY", "notakey-fake-KEY-4242");
        const QString base = QStringLiteral("http://qa:pw-SECRET-42@127.0.0.1:%1/v1?api_key=qk-SECRET-77").arg(replay.port());
        const CliRun run = runCliInProcess({QStringLiteral("run"), QStringLiteral("--schema"), QStringLiteral(CONFORM_SOURCE_DIR "/tests/engine/data/schema.json"),
                                      QStringLiteral("--user"), QStringLiteral("x"), QStringLiteral("--provider"), QStringLiteral("openai"),
                                      QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--base-url"), base, QStringLiteral("--store"), path,
                                      QStringLiteral("--json")});
        qunsetenv("OPENAI_API_KEY");
        QVERIFY2(run.out.find("\"capture_id\"") != std::string::npos, (run.out + run.err).c_str());
        const CliRun exported = runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), path});
        QVERIFY(exported.out.find("qa:***@") != std::string::npos || exported.out.find("***@") != std::string::npos);
        const QByteArray stored = fileBytes(path) + fileBytes(path + QStringLiteral("-wal"));
        for (const char* secret : {"notakey-fake-KEY-4242", "pw-SECRET-42", "qk-SECRET-77"}) {
            QVERIFY2(!stored.contains(secret), secret);
            QVERIFY2(exported.out.find(secret) == std::string::npos, secret);
            QVERIFY2(run.out.find(secret) == std::string::npos && run.err.find(secret) == std::string::npos, secret);
        }
    }
};

CONFORM_TEST_CLASS(StoreSafetyTest);
#include "test_store_safety.moc"
