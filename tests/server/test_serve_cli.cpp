// `conform-cli serve` as a program: the first line, the request log, usage errors; and the
// official Anthropic, OpenAI and Ollama client libraries (npm) talking to it.
#include "http_client.h"
#include "require_dependency.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace conform::test;

namespace {

const QString kCli = QStringLiteral(CONFORM_CLI_PATH);
const QString kData = QStringLiteral(CONFORM_TEST_DATA);
const QString kClients = QStringLiteral(CONFORM_SOURCE_DIR "/tests/server/clients");

// A running `conform-cli serve`, killed when it goes out of scope.
struct Served
{
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
    QString firstLine;
    QUrl url;

    ~Served()
    {
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(5'000);
        }
    }
};

std::unique_ptr<Served> serve(const QStringList& arguments)
{
    auto served = std::make_unique<Served>();
    served->process->start(kCli, QStringList{QStringLiteral("serve")} + arguments);
    if (!served->process->waitForStarted(10'000))
        return served;
    while (!served->process->canReadLine() && served->process->waitForReadyRead(10'000)) {}
    served->firstLine = QString::fromUtf8(served->process->readLine()).trimmed();
    served->url = QUrl(served->firstLine.mid(QStringLiteral("listening on ").size()));
    return served;
}

// Runs a program to its end; false when it could not start or timed out.
bool run(QProcess& process, const QString& program, const QStringList& arguments, const QString& dir, int timeoutMs)
{
    process.setWorkingDirectory(dir);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    return process.waitForStarted(10'000) && process.waitForFinished(timeoutMs);
}

} // namespace

class TestServeCli : public QObject
{
    Q_OBJECT

private slots:
    void firstLineAndLog()
    {
        auto served = serve({QStringLiteral("--scenario"), QStringLiteral("fenced-reply"), QStringLiteral("--scenario"),
                             kData + QStringLiteral("/sdk.json"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
        QVERIFY2(QRegularExpression(QStringLiteral("^listening on http://127\\.0\\.0\\.1:\\d+$")).match(served->firstLine).hasMatch(),
                 qPrintable(served->firstLine));
        QNetworkAccessManager nam;
        QUrl target = served->url;
        target.setPath(QStringLiteral("/v1/messages"));
        const QByteArray body = R"({"model":"sdk","max_tokens":10,"messages":[{"role":"user","content":"hi"}]})";
        const HttpResult r = send(nam, "POST", target, body, {{"x-api-key", "fake-ant-SECRET-VALUE"}, {"authorization", "Bearer SECRET2"}});
        QCOMPARE(r.status, 200);
        QVERIFY(r.body.contains(R"(\"ok\": true)"));
        target.setPath(QStringLiteral("/api/tags"));
        QVERIFY(send(nam, "GET", target).body.contains("\"fenced-reply\""));
        QByteArray log;
        QTRY_VERIFY((log += served->process->readAllStandardError()).contains("GET /api/tags status=200"));
        QVERIFY2(log.startsWith("POST /v1/messages scenario=sdk turn=1 status=200\n"), log.constData());
        QVERIFY(!log.contains("SECRET"));
    }

    // A number no double holds, in any protocol's request body: 400 naming where, and the
    // server serves the next request (it used to abort on nlohmann's out_of_range).
    void numberOutOfRangeIsA400_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("where");
        QTest::newRow("anthropic") << QStringLiteral("/v1/messages")
                                   << QByteArray(R"({"model":"sdk","max_tokens":1e400,"messages":[{"role":"user","content":"hi"}]})")
                                   << QStringLiteral("line 1, column 29");
        QTest::newRow("openai") << QStringLiteral("/v1/chat/completions")
                                << QByteArray("{\"model\":\"sdk\",\n\"temperature\":-1e400,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}")
                                << QStringLiteral("line 2, column 15");
        QTest::newRow("ollama") << QStringLiteral("/api/chat")
                                << QByteArray(R"({"model":"sdk","options":{"seed":1e999},"messages":[{"role":"user","content":"hi"}]})")
                                << QStringLiteral("line 1, column 34");
    }

    void numberOutOfRangeIsA400()
    {
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(QString, where);
        auto served = serve({QStringLiteral("--scenario"), kData + QStringLiteral("/sdk.json"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
        QVERIFY2(served->url.port() > 0, qPrintable(served->firstLine));
        QNetworkAccessManager nam;
        QUrl target = served->url;
        target.setPath(path);
        const HttpResult refused = send(nam, "POST", target, body);
        QCOMPARE(refused.status, 400);
        QVERIFY2(refused.body.contains(QByteArray(where.toUtf8() + ": number out of range")), refused.body.constData());
        const QByteArray good = QByteArray(body).replace("1e400", "1").replace("1e999", "1");
        const HttpResult served2 = send(nam, "POST", target, good);
        QCOMPARE(served2.status, 200);
        QCOMPARE(served->process->state(), QProcess::Running);
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("captures store missing") << QStringList{"--captures", "x.db"} << "x.db: no capture store here";
        QTest::newRow("scenario and captures") << QStringList{"--captures", "x.db", "--scenario", "fenced-reply"} << "give --scenario FILE (repeatable) or --captures STORE, one of them";
        QTest::newRow("no scenario") << QStringList{} << "give --scenario FILE (repeatable) or --captures STORE, one of them";
        QTest::newRow("remote host") << QStringList{"--scenario", "fenced-reply", "--listen", "0.0.0.0:0"} << "not a loopback address";
        QTest::newRow("bad host") << QStringList{"--scenario", "fenced-reply", "--listen", "example.com:0"} << "--listen: must be HOST:PORT";
        QTest::newRow("bad port") << QStringList{"--scenario", "fenced-reply", "--listen", "127.0.0.1:70000"} << "--listen: must be HOST:PORT";
        QTest::newRow("bad scenario") << QStringList{"--scenario", kData + "/broken.json"}
                                      << "broken.json: /turns/0/delay_ms: must be an integer";
        QTest::newRow("missing scenario") << QStringList{"--scenario", "no-such-scenario"} << "no-such-scenario";
        QTest::newRow("number out of range in a scenario") << QStringList{"--scenario", kData + "/number-out-of-range.json"}
                                                           << "number-out-of-range.json: line 1, column 85: number out of range: 1e400";
    }

    void usageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QProcess process;
        process.start(kCli, QStringList{QStringLiteral("serve")} + arguments);
        QVERIFY(process.waitForFinished(10'000));
        QCOMPARE(process.exitCode(), 2);
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(err.startsWith(QLatin1String("conform-cli: error: ")) && err.contains(message), qPrintable(err));
        QVERIFY(process.readAllStandardOutput().isEmpty());
    }

    // The official SDKs, installed from npm on first use (node_modules is git-ignored).
    void officialClients()
    {
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        const QString npm = QStandardPaths::findExecutable(QStringLiteral("npm"));
        REQUIRE_DEPENDENCY(!node.isEmpty() && !npm.isEmpty(), QStringLiteral("node and npm are not installed: the official-client check needs them"));
        if (!QDir(kClients + QStringLiteral("/node_modules/@anthropic-ai/sdk")).exists()) {
            QProcess install;
            const bool installed = run(install, npm, {"install", "--no-audit", "--no-fund", "--loglevel=error"}, kClients, 300'000)
                && install.exitCode() == 0;
            REQUIRE_DEPENDENCY(installed, QStringLiteral("npm install failed (no network or no registry?): ") + QString::fromUtf8(install.readAll().right(400)));
        }
        auto served = serve({"--scenario", kData + "/sdk.json", "--scenario", kData + "/sdk-tool.json", "--scenario",
                             kData + "/sdk-retry.json"});
        QVERIFY2(served->url.isValid() && served->url.port() > 0, qPrintable(served->firstLine));
        QProcess check;
        QVERIFY(run(check, node, {"check.mjs", served->url.toString()}, kClients, 120'000));
        const QByteArray output = check.readAll();
        qDebug().noquote() << output;
        QVERIFY2(check.exitCode() == 0, output.constData());
        QVERIFY(output.contains("all checks passed"));
        QCOMPARE(output.count("\nok   ") + (output.startsWith("ok   ") ? 1 : 0), 23); // 14 + 9 Responses API
    }
};

QTEST_GUILESS_MAIN(TestServeCli)
#include "test_serve_cli.moc"
