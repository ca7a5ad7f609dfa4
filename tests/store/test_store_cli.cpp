// `conform-cli run --store`, `captures ...` and `serve --captures`, run in process (and
// serve as a child), as scripts and CI use them.
#include "capture_fixture.h"
#include "postgres_cluster.h"
#include "test_registry.h"

#include "cli_in_process.h"
#include "store/store.h"

#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <sstream>

using namespace conform;

namespace {

QString writeFixture(const QString& path)
{
    QFile out(path);
    out.open(QIODevice::WriteOnly);
    for (const Json& document : fixtureDocuments())
        out.write(QByteArray::fromStdString(dump(document) + '\n'));
    return path;
}

QString writeJson(const QString& path, const Json& value)
{
    QFile out(path);
    out.open(QIODevice::WriteOnly);
    out.write(QByteArray::fromStdString(dump(value)));
    return path;
}

int lineCount(const std::string& text)
{
    return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

const QString kSchema = QStringLiteral(CONFORM_SOURCE_DIR "/tests/engine/data/schema.json");
const QString kRepaired = QStringLiteral(CONFORM_SOURCE_DIR "/tests/engine/data/scenarios/repaired.json");

} // namespace

class StoreCliTest : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    QString fixtureStore(const QString& name)
    {
        const QString path = m_dir.filePath(name);
        const CliRun imported = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), writeFixture(m_dir.filePath(name + QStringLiteral(".jsonl"))),
                                        QStringLiteral("--store"), path});
        if (imported.code != 0)
            qWarning("%s", imported.err.c_str());
        return path;
    }

private slots:
    void runCapturesAndPrintsItsId()
    {
        const QString path = m_dir.filePath(QStringLiteral("run.db"));
        const CliRun run = runCliInProcess({QStringLiteral("run"), QStringLiteral("--schema"), kSchema, QStringLiteral("--user"), QStringLiteral("Review it"),
                                   QStringLiteral("--provider"), QStringLiteral("scenario"), QStringLiteral("--scenario"), kRepaired,
                                   QStringLiteral("--store"), path, QStringLiteral("--label"), QStringLiteral("suite=s"),
                                   QStringLiteral("--label"), QStringLiteral("case=c"), QStringLiteral("--json")});
        QCOMPARE(run.code, 0);
        const Json document = Json::parse(run.out);
        QVERIFY(document.contains("capture_id"));
        const std::string id = document["capture_id"].get<std::string>();
        const CliRun show = runCliInProcess({QStringLiteral("captures"), QStringLiteral("show"), QString::fromStdString(id), QStringLiteral("--store"), path,
                                    QStringLiteral("--json")});
        QCOMPARE(show.code, 0);
        const Json shown = Json::parse(show.out);
        QCOMPARE(shown["id"].get<std::string>(), id);
        for (const auto& [key, value] : document.items())
            if (key != "capture_id")
                QVERIFY2(shown[key] == value, key.c_str());
        QCOMPARE(dump(shown["labels"]), std::string(R"({"case":"c","suite":"s"})"));
        QFile schemaFile(kSchema);
        QVERIFY(schemaFile.open(QIODevice::ReadOnly));
        QVERIFY(shown["spec"]["schema"] == Json::parse(schemaFile.readAll().toStdString()));
        QCOMPARE(shown["spec"]["prompt"]["user"].get<std::string>(), std::string("Review it"));
        QCOMPARE(shown["spec"]["targets"][0]["provider"].get<std::string>(), std::string("scenario"));
        // Without --json the id goes to stderr, so stdout stays the human result.
        const CliRun human = runCliInProcess({QStringLiteral("run"), QStringLiteral("--schema"), kSchema, QStringLiteral("--user"), QStringLiteral("x"),
                                     QStringLiteral("--provider"), QStringLiteral("scenario"), QStringLiteral("--scenario"), kRepaired,
                                     QStringLiteral("--store"), path});
        QVERIFY2(human.err.find("conform-cli: captured as ") != std::string::npos, human.err.c_str());
        const CliRun list = runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), path, QStringLiteral("--json")});
        QCOMPARE(lineCount(list.out), 2);
    }

    void noStoreCapturesNothing()
    {
        const QString path = m_dir.filePath(QStringLiteral("none.db"));
        const QStringList run{QStringLiteral("run"), QStringLiteral("--schema"), kSchema, QStringLiteral("--user"), QStringLiteral("x"),
                              QStringLiteral("--provider"), QStringLiteral("scenario"), QStringLiteral("--scenario"), kRepaired, QStringLiteral("--json")};
        const CliRun result = runCliInProcess(run + QStringList{QStringLiteral("--no-store")});
        QCOMPARE(result.code, 0);
        QVERIFY(!Json::parse(result.out).contains("capture_id"));
        const CliRun both = runCliInProcess(run + QStringList{QStringLiteral("--no-store"), QStringLiteral("--store"), path});
        QCOMPARE(both.code, 2);
        QVERIFY(!QFile::exists(path));
    }

    void exportImportExportIsIdentical()
    {
        const QString a = fixtureStore(QStringLiteral("a.db"));
        const QString first = m_dir.filePath(QStringLiteral("first.jsonl"));
        QCOMPARE(runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), a, QStringLiteral("-o"), first}).code, 0);
        const QString b = m_dir.filePath(QStringLiteral("b.db"));
        QCOMPARE(runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), first, QStringLiteral("--store"), b}).code, 0);
        const CliRun second = runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), b});
        QFile firstFile(first);
        QVERIFY(firstFile.open(QIODevice::ReadOnly));
        const QByteArray firstBytes = firstFile.readAll();
        QCOMPARE(lineCount(firstBytes.toStdString()), 10);
        QCOMPARE(QByteArray::fromStdString(second.out), firstBytes);
        // The fixture as written by hand is what comes back, byte for byte.
        QFile fixture(m_dir.filePath(QStringLiteral("a.db.jsonl")));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        QCOMPARE(firstBytes, fixture.readAll());
        const CliRun again = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), first, QStringLiteral("--store"), b});
        QVERIFY2(again.err.find("imported 0 capture(s)") != std::string::npos && again.err.find("10 already there") != std::string::npos, again.err.c_str());
        // Filters apply to exports too.
        const CliRun failed = runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), b, QStringLiteral("--outcome"), QStringLiteral("failed")});
        QCOMPARE(lineCount(failed.out), 3);
        // Each capture's source survives the round trip, and filters the export.
        const CliRun proxied = runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), b, QStringLiteral("--source"), QStringLiteral("proxy")});
        QCOMPARE(lineCount(proxied.out), 2);
        QVERIFY2(proxied.out.find(R"("source":"proxy")") != std::string::npos, proxied.out.c_str());
    }

    // A line that is no capture is reported as FILE:LINE and the rest imported (exit 1), as
    // the other formats do.
    void importGoesOnPastABadLine_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("not JSON") << QByteArray("{\"id\": ") << QStringLiteral(":3: not a JSON document (");
        QTest::newRow("no outcome") << QByteArray(R"({"spec":{"schema":{}},"attempts":[]})") << QStringLiteral(":3: /outcome: must be valid, repaired, fallback, failed or unchecked");
        QTest::newRow("bad time") << QByteArray(R"({"time":"soon","spec":{"schema":{}},"outcome":"valid","attempts":[]})") << QStringLiteral(":3: /time: 'soon' is not an ISO 8601");
    }
    void importGoesOnPastABadLine()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, message);
        const QString file = m_dir.filePath(QStringLiteral("bad.jsonl"));
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            const std::vector<Json> documents = fixtureDocuments();
            out.write(QByteArray::fromStdString(dump(documents[0]) + '\n' + dump(documents[1]) + '\n'));
            out.write(line + '\n');
            out.write(QByteArray::fromStdString(dump(documents[2]) + '\n'));
        }
        const QString path = m_dir.filePath(QStringLiteral("bad-%1.db").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')));
        const CliRun result = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), file, QStringLiteral("--store"), path});
        QCOMPARE(result.code, 1);
        const QString err = QString::fromStdString(result.err);
        QVERIFY2(err.startsWith(file + message), qPrintable(err));
        QVERIFY2(err.endsWith(QLatin1String("(0 already there; 1 problem(s))\n")), qPrintable(err));
        QVERIFY2(err.contains(QLatin1String("imported 3 capture(s)")), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 2);
        QCOMPARE(lineCount(runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), path}).out), 3);
    }

    void listAndStats()
    {
        const QString path = fixtureStore(QStringLiteral("list.db"));
        const CliRun all = runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), path, QStringLiteral("--json")});
        QCOMPARE(all.code, 0);
        QCOMPARE(lineCount(all.out), 10);
        const Json first = Json::parse(all.out.substr(0, all.out.find('\n')));
        for (const char* key : {"id", "time", "schema_hash", "schema_title", "prompt_hash", "provider", "model", "mode", "source", "outcome", "flags",
                                "attempts", "repairs", "latency_ms", "tokens", "labels"})
            QVERIFY2(first.contains(key), key);
        QCOMPARE(first["id"].get<std::string>(), std::string("00000000-0000-7000-8000-000000000010"));
        const CliRun limited = runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), path, QStringLiteral("--limit"),
                                       QStringLiteral("2"), QStringLiteral("--outcome"), QStringLiteral("failed")});
        QCOMPARE(lineCount(limited.out), 2);
        QVERIFY(limited.out.find("failed [transport_error]") != std::string::npos);
        const CliRun stats = runCliInProcess({QStringLiteral("captures"), QStringLiteral("stats"), QStringLiteral("--store"), path, QStringLiteral("--by"),
                                     QStringLiteral("provider,model"), QStringLiteral("--bucket"), QStringLiteral("day"), QStringLiteral("--json")});
        QCOMPARE(stats.code, 0);
        const Json s = Json::parse(stats.out);
        QCOMPARE(s["final_success_rate"].get<double>(), 0.6);
        QCOMPARE(s["groups"].size(), std::size_t(3));
        QCOMPARE(s["buckets"].size(), std::size_t(3));
        const CliRun human = runCliInProcess({QStringLiteral("captures"), QStringLiteral("stats"), QStringLiteral("--store"), path});
        QVERIFY2(human.out.find("10 run(s): final success 60.0%") != std::string::npos, human.out.c_str());
        const CliRun bySchemaFile = runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), path, QStringLiteral("--schema"),
                                            writeJson(m_dir.filePath(QStringLiteral("v2.json")), fixtureSchemaV2())});
        QCOMPARE(lineCount(bySchemaFile.out), 2);
        const CliRun fromSuites = runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), path, QStringLiteral("--source"),
                                          QStringLiteral("suite"), QStringLiteral("--json")});
        QCOMPARE(lineCount(fromSuites.out), 4);
        const CliRun bySource = runCliInProcess({QStringLiteral("captures"), QStringLiteral("stats"), QStringLiteral("--store"), path, QStringLiteral("--by"),
                                        QStringLiteral("source"), QStringLiteral("--json")});
        QCOMPARE(bySource.code, 0);
        QCOMPARE(Json::parse(bySource.out)["groups"].size(), std::size_t(5));
    }

    // --sort lists in the store's order: the same captures as the default listing, once each,
    // ordered by the key.
    void listSorts_data()
    {
        QTest::addColumn<QString>("sort");
        QTest::addColumn<QString>("field");
        QTest::addColumn<bool>("descending");
        QTest::newRow("latency") << "latency" << "latency_ms" << true;
        QTest::newRow("latency ascending") << "latency:asc" << "latency_ms" << false;
        QTest::newRow("attempts") << "attempts" << "attempts" << true;
        QTest::newRow("provider, A to Z") << "provider" << "provider" << false;
        QTest::newRow("model, Z to A") << "model:desc" << "model" << true;
    }
    void listSorts()
    {
        QFETCH(QString, sort);
        QFETCH(QString, field);
        QFETCH(bool, descending);
        const QString path = fixtureStore(QStringLiteral("sorted.db"));
        const auto rows = [](const std::string& out) {
            std::vector<Json> parsed;
            std::istringstream lines(out);
            for (std::string line; std::getline(lines, line);)
                parsed.push_back(Json::parse(line));
            return parsed;
        };
        const auto ids = [](const std::vector<Json>& listed) {
            std::vector<std::string> found;
            for (const Json& row : listed)
                found.push_back(row["id"].get<std::string>());
            std::sort(found.begin(), found.end());
            return found;
        };
        const CliRun all = runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), path, QStringLiteral("--json")});
        const CliRun sorted = runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), path,
                                               QStringLiteral("--sort"), sort, QStringLiteral("--json")});
        QCOMPARE(sorted.code, 0);
        const std::vector<Json> listed = rows(sorted.out);
        QCOMPARE(ids(listed), ids(rows(all.out)));
        std::vector<Json> values;
        for (const Json& row : listed)
            values.push_back(row[field.toStdString()]);
        QCOMPARE(values.size(), std::size_t(10));
        for (std::size_t i = 1; i < values.size(); ++i)
            QVERIFY2(descending ? !(values[i - 1] < values[i]) : !(values[i] < values[i - 1]),
                     qPrintable(QStringLiteral("%1 then %2").arg(QString::fromStdString(values[i - 1].dump()), QString::fromStdString(values[i].dump()))));
        QVERIFY2(values.front() != values.back(), "the fixture has different values to sort");
        // Failed first, as QA reads them.
        const CliRun byOutcome = runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), path,
                                                  QStringLiteral("--sort"), QStringLiteral("outcome"), QStringLiteral("--limit"), QStringLiteral("1")});
        QVERIFY2(byOutcome.out.find("  failed") != std::string::npos, byOutcome.out.c_str());
    }

    void postgresFromTheCommandLine()
    {
        REQUIRE_POSTGRES(PostgresCluster::shared());
        const QString url = PostgresCluster::shared().createDatabase(QStringLiteral("cli"));
        const QString file = writeFixture(m_dir.filePath(QStringLiteral("pg.jsonl")));
        QCOMPARE(runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), file, QStringLiteral("--store"), url}).code, 0);
        const QString sqlite = fixtureStore(QStringLiteral("pg-twin.db"));
        const QStringList stats{QStringLiteral("captures"), QStringLiteral("stats"), QStringLiteral("--by"), QStringLiteral("provider,mode"),
                                QStringLiteral("--bucket"), QStringLiteral("hour"), QStringLiteral("--json"), QStringLiteral("--store")};
        const CliRun onPostgres = runCliInProcess(stats + QStringList{url});
        QCOMPARE(onPostgres.code, 0);
        QCOMPARE(QString::fromStdString(onPostgres.out), QString::fromStdString(runCliInProcess(stats + QStringList{sqlite}).out));
        const CliRun exported = runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), url});
        QFile original(file);
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(QByteArray::fromStdString(exported.out), original.readAll());
        const CliRun run = runCliInProcess({QStringLiteral("run"), QStringLiteral("--schema"), kSchema, QStringLiteral("--user"), QStringLiteral("x"),
                                            QStringLiteral("--provider"), QStringLiteral("scenario"), QStringLiteral("--scenario"), kRepaired,
                                            QStringLiteral("--store"), url, QStringLiteral("--json")});
        QCOMPARE(run.code, 0);
        const std::string id = Json::parse(run.out)["capture_id"].get<std::string>();
        QCOMPARE(runCliInProcess({QStringLiteral("captures"), QStringLiteral("show"), QString::fromStdString(id), QStringLiteral("--store"), url}).code, 0);
    }

    void replayReportsWhatAnEditBreaks()
    {
        const QString path = fixtureStore(QStringLiteral("replay.db"));
        const CliRun edited = runCliInProcess({QStringLiteral("captures"), QStringLiteral("replay"), QStringLiteral("--store"), path, QStringLiteral("--schema"),
                                      writeJson(m_dir.filePath(QStringLiteral("edited.json")), editedSchema()), QStringLiteral("--json")});
        QCOMPARE(edited.code, 1); // something became invalid
        const Json report = Json::parse(edited.out);
        QCOMPARE(report["became_invalid"].get<int>(), 3);
        QCOMPARE(report["became_valid"].get<int>(), 1);
        QCOMPARE(report["changes"][0]["id"].get<std::string>(), std::string("00000000-0000-7000-8000-000000000002"));
        QCOMPARE(report["changes"][0]["before"].get<std::string>(), std::string("valid"));
        QVERIFY(report["changes"][0]["issue"]["path"] == Json::array({"age"}));
        const CliRun same = runCliInProcess({QStringLiteral("captures"), QStringLiteral("replay"), QStringLiteral("--store"), path, QStringLiteral("--schema"),
                                    writeJson(m_dir.filePath(QStringLiteral("same.json")), fixtureSchema())});
        QCOMPARE(same.code, 0);
        QVERIFY2(same.out.find("0 became invalid, 0 became valid") != std::string::npos, same.out.c_str());
    }

    void usageErrorsAreOneLine_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("outcome") << QStringList{"captures", "list", "--outcome", "bogus"} << "captures list: --outcome must be valid, repaired, fallback, failed or unchecked, not 'bogus'";
        QTest::newRow("flag") << QStringList{"captures", "list", "--flag", "late"} << "captures list: --flag must be truncated";
        QTest::newRow("since") << QStringList{"captures", "stats", "--since", "yesterday"} << "captures stats: --since 'yesterday' is not an ISO 8601";
        QTest::newRow("by") << QStringList{"captures", "stats", "--by", "provider,colour"} << "captures stats: --by takes provider, model, schema, prompt, mode and source";
        QTest::newRow("bucket") << QStringList{"captures", "stats", "--bucket", "week"} << "captures stats: --bucket must be hour or day";
        QTest::newRow("label") << QStringList{"captures", "list", "--label", "nokey"} << "captures list: --label wants K=V";
        QTest::newRow("limit") << QStringList{"captures", "list", "--limit", "0"} << "captures list: --limit must be a whole number from 1";
        QTest::newRow("sort key") << QStringList{"captures", "list", "--sort", "speed"} << "captures list: --sort must be KEY[:asc|desc], KEY one of time";
        QTest::newRow("sort direction") << QStringList{"captures", "list", "--sort", "latency:up"} << "captures list: --sort direction must be asc or desc, not 'up'";
        QTest::newRow("replay without schema") << QStringList{"captures", "replay"} << "captures replay: --schema FILE is required";
        QTest::newRow("show without id") << QStringList{"captures", "show"} << "captures show: give one capture id";
        QTest::newRow("unknown subcommand") << QStringList{"captures", "frobnicate"} << "captures: unknown subcommand 'frobnicate'";
        QTest::newRow("postgres url") << QStringList{"captures", "list", "--store", "postgresql://nohost"} << "postgresql://nohost:5432/: a PostgreSQL store is";
    }
    void usageErrorsAreOneLine()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const QStringList store = arguments.contains(QStringLiteral("--store")) ? QStringList() : QStringList{QStringLiteral("--store"), m_dir.filePath(QStringLiteral("usage.db"))};
        const CliRun result = runCliInProcess(arguments + store);
        QCOMPARE(result.code, 2);
        const QString err = QString::fromStdString(result.err);
        QVERIFY2(err.startsWith(QStringLiteral("conform-cli: error: ") + message), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
    }

    void serveReplaysCaptures()
    {
        const QString path = fixtureStore(QStringLiteral("serve.db"));
        QProcess serve;
        serve.start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("serve"), QStringLiteral("--captures"), path, QStringLiteral("--provider"), QStringLiteral("ollama")});
        QVERIFY(serve.waitForReadyRead(20000));
        const QString line = QString::fromUtf8(serve.readLine()).trimmed();
        QVERIFY2(line.startsWith(QLatin1String("listening on http://127.0.0.1:")), qPrintable(line));
        const QUrl url(line.mid(QStringLiteral("listening on ").size()) + QStringLiteral("/v1/chat/completions"));
        QNetworkAccessManager network;
        const auto ask = [&](const std::string& model) {
            QNetworkRequest request(url);
            request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
            QNetworkReply* reply = network.post(request, QByteArray::fromStdString(dump(Json{{"model", model}, {"messages", Json::array({Json{{"role", "user"}, {"content", "x"}}})}})));
            QEventLoop loop;
            QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
            QTimer::singleShot(10000, &loop, &QEventLoop::quit);
            loop.exec();
            const Json body = Json::parse(reply->readAll().toStdString(), nullptr, false);
            reply->deleteLater();
            return body;
        };
        // Capture 10 ended on a text reply; the server plays it back under the capture's id.
        const Json answer = ask("00000000-0000-7000-8000-000000000010");
        QVERIFY2(answer.contains("choices"), dump(answer).c_str());
        QCOMPARE(answer["choices"][0]["message"]["content"].get<std::string>(), std::string(R"({"name":"h","age":31})"));
        serve.kill();
        serve.waitForFinished();
        QProcess empty;
        empty.start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("serve"), QStringLiteral("--captures"), path, QStringLiteral("--provider"), QStringLiteral("nobody")});
        QVERIFY(empty.waitForFinished(20000));
        QCOMPARE(empty.exitCode(), 2);
        QVERIFY(QString::fromUtf8(empty.readAllStandardError()).contains(QLatin1String("no captures match")));
    }
};

CONFORM_TEST_CLASS(StoreCliTest);
#include "test_store_cli.moc"
