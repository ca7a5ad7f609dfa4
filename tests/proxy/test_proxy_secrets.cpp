// A key never leaves through the proxy's own writing: an upstream answers 401 with the key
// in its body (as OpenAI's "Incorrect API key provided: sk-..." does), and neither
// `conform-cli proxy`'s stderr, nor its store (and WAL), nor either export format holds it;
// the echoed message is kept with the key masked. The secrets scan CTest runs around every
// test (tests/support/secrets_scan.sh) then finds nothing in the files this test leaves.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kCli = QStringLiteral(CONFORM_CLI_PATH);

// Answers every request with `status` and `body`, then closes.
class EchoingUpstream : public QObject
{
public:
    QByteArray body;
    QTcpServer server;

    EchoingUpstream()
    {
        server.listen(QHostAddress::LocalHost);
        connect(&server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = server.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
                    m_seen[socket] += socket->readAll();
                    const QByteArray& seen = m_seen[socket];
                    const qsizetype end = seen.indexOf("\r\n\r\n");
                    const qsizetype length = seen.mid(seen.toLower().indexOf("content-length:") + 15, 12).trimmed().split('\r').first().toLongLong();
                    if (end < 0 || seen.size() < end + 4 + length)
                        return;
                    socket->write("HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
                                  + QByteArray::number(body.size()) + "\r\n\r\n" + body);
                    socket->disconnectFromHost();
                });
        });
    }

private:
    std::map<QTcpSocket*, QByteArray> m_seen;
};

// The upstream runs on this thread too: the client waits with the event loop running.
QByteArray post(quint16 port, const QByteArray& path, const QByteArray& header, const QByteArray& body)
{
    QTcpSocket socket;
    QByteArray reply;
    QObject::connect(&socket, &QTcpSocket::readyRead, &socket, [&] { reply += socket.readAll(); });
    socket.connectToHost(QHostAddress::LocalHost, port);
    socket.write("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + header + "\r\nContent-Length: "
                 + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
    [[maybe_unused]] const bool closed = QTest::qWaitFor([&] { return socket.state() == QAbstractSocket::UnconnectedState; }, 20'000);
    return reply + socket.readAll();
}

QByteArray fileText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// conform-cli's exit code, its output in `out`.
int cli(const QStringList& arguments, QByteArray* out = nullptr)
{
    QProcess process;
    process.start(kCli, arguments);
    process.waitForFinished(60'000);
    if (out)
        *out = process.readAllStandardOutput();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

} // namespace

class ProxySecretsTest : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir; // under the test's own TMPDIR, which the secrets scan searches

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // CTest's secrets scan sets a fake key; run by hand, the test sets its own (never skips).
        if (qEnvironmentVariableIsEmpty("OPENAI_API_KEY"))
            qputenv("OPENAI_API_KEY", "notakey-proxy-own-0123456789");
    }

    void echoedKeyIsMasked_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<QByteArray>("header");  // the application's key header; KEY: its key
        QTest::addColumn<QByteArray>("body");    // the upstream's 401; ECHO: the key it echoes
        QTest::addColumn<QByteArray>("echoed");  // "": the application's key; else a configured one
        const QByteArray openai = R"({"error":{"message":"Incorrect API key provided: ECHO. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","code":"invalid_api_key"}})";
        const QByteArray anthropic = R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key: ECHO"}})";
        QTest::newRow("openai authorization") << QByteArray("/v1/chat/completions") << QByteArray("Authorization: Bearer KEY") << openai << QByteArray();
        QTest::newRow("anthropic x-api-key") << QByteArray("/v1/messages") << QByteArray("x-api-key: KEY") << anthropic << QByteArray();
        QTest::newRow("x-goog-api-key") << QByteArray("/v1/chat/completions") << QByteArray("x-goog-api-key: KEY") << openai << QByteArray();
        // The proxy's own environment's key, which the application never sent.
        QTest::newRow("configured OPENAI_API_KEY") << QByteArray("/v1/chat/completions") << QByteArray("Authorization: Bearer KEY") << openai
                                                   << qgetenv("OPENAI_API_KEY");
    }
    void echoedKeyIsMasked()
    {
        QFETCH(QByteArray, path);
        QFETCH(QByteArray, header);
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, echoed);
        const QByteArray key = "notakey-echo-" + QByteArray(QTest::currentDataTag()).replace(' ', '-') + "-0123456789";
        if (echoed.isEmpty())
            echoed = key;
        EchoingUpstream upstream;
        upstream.body = QByteArray(body).replace("ECHO", echoed);

        const QString name = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        const QString store = m_dir.filePath(name + QStringLiteral(".db"));
        const QString stderrLog = m_dir.filePath(name + QStringLiteral("-stderr.log"));
        QProcess proxy;
        proxy.setStandardErrorFile(stderrLog);
        proxy.start(kCli, {QStringLiteral("proxy"), QStringLiteral("--upstream"), QStringLiteral("http://127.0.0.1:%1").arg(upstream.server.serverPort()),
                           QStringLiteral("--store"), store});
        QVERIFY(proxy.waitForReadyRead(10'000));
        const quint16 port = QString::fromUtf8(proxy.readLine()).trimmed().section(QLatin1Char(':'), -1).toUShort();
        QVERIFY(port > 0);

        const QByteArray request = R"({"model":"m-1","messages":[{"role":"user","content":"Hello."}]})";
        const QByteArray reply = post(port, path, QByteArray(header).replace("KEY", key), request);
        QVERIFY2(reply.startsWith("HTTP/1.1 401"), reply.constData()); // the application gets the upstream's bytes
        QTRY_VERIFY_WITH_TIMEOUT(fileText(stderrLog).contains("conform-cli: proxy: "), 20'000);
        proxy.terminate();
        QVERIFY(proxy.waitForFinished(20'000));

        const QString exported = m_dir.filePath(name + QStringLiteral(".jsonl"));
        const QString exportedOtlp = m_dir.filePath(name + QStringLiteral(".otlp.jsonl"));
        QCOMPARE(cli({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), store, QStringLiteral("-o"), exported}), 0);
        QCOMPARE(cli({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), store, QStringLiteral("--format"),
                      QStringLiteral("otlp"), QStringLiteral("-o"), exportedOtlp}),
                 0);
        QByteArray shown;
        QCOMPARE(cli({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), store}, &shown), 0);

        // The error is kept, with the key masked: in the log line and the capture.
        QVERIFY2(fileText(stderrLog).contains("[redacted]"), fileText(stderrLog).constData());
        QVERIFY2(shown.contains("[redacted]"), shown.constData());
        for (const QString& file : QStringList{stderrLog, store, store + QStringLiteral("-wal"), exported, exportedOtlp})
            QVERIFY2(!fileText(file).contains(echoed) && !fileText(file).contains(key), qPrintable(file + QStringLiteral(" holds the key")));
        QVERIFY(!shown.contains(echoed));
        QVERIFY(!fileText(exported).isEmpty() && !fileText(exportedOtlp).isEmpty());
    }
};

QTEST_GUILESS_MAIN(ProxySecretsTest)
#include "test_proxy_secrets.moc"
