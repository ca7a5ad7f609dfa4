// What `run` says when the upstream answers something that is no reply: each kind of body
// named once, for what it is (an HTML page and its title, an empty body, bytes that are not
// text, JSON cut short), with the status it came with. The upstream is a socket this test
// serves on 127.0.0.1; conform-cli runs as a child process.
#include "request_gatherer.h"

#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

namespace {

// Answers every request with `status` and `body`, then closes.
class CannedUpstream : public QObject
{
public:
    CannedUpstream(int status, QByteArray body) : m_status(status), m_body(std::move(body))
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] { answer(socket); });
        });
    }
    quint16 port() const { return m_server.serverPort(); }

private:
    void answer(QTcpSocket* socket)
    {
        if (!m_requests.take(socket))
            return; // not all of it yet
        socket->write("HTTP/1.1 " + QByteArray::number(m_status) + " Whatever\r\nContent-Type: text/html\r\nContent-Length: "
                      + QByteArray::number(m_body.size()) + "\r\nConnection: close\r\n\r\n" + m_body);
        socket->disconnectFromHost();
    }

    int m_status;
    QByteArray m_body;
    QTcpServer m_server;
    RequestGatherer m_requests;
};

// A schema file any object satisfies, in `dir`.
QString anyObjectSchema(const QTemporaryDir& dir)
{
    QFile schema(dir.filePath(QStringLiteral("schema.json")));
    if (!schema.open(QIODevice::WriteOnly) || schema.write(R"({"type":"object"})") < 0)
        qFatal("cannot write %s", qPrintable(schema.fileName()));
    return schema.fileName();
}

} // namespace

class CliUpstreamTest : public QObject
{
    Q_OBJECT
private slots:
    void unreadableRepliesAreNamedOnce_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("words");
        QTest::newRow("gateway's HTML page")
            << 502 << QByteArray("<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>")
            << "upstream answered 502 with an HTML page (104 bytes): 502 Bad Gateway";
        QTest::newRow("a login page as 200") << 200 << QByteArray("<html><body><h1>Sign in</h1></body></html>")
                                             << "upstream answered 200 with an HTML page (42 bytes): Sign in";
        QTest::newRow("empty") << 200 << QByteArray() << "upstream answered 200 with an empty body";
        QTest::newRow("not text") << 200 << QByteArray("\xff\xfe\x00" "abc", 6) << "upstream answered 200 with a body that is not UTF-8 text (6 bytes)";
        QTest::newRow("cut JSON") << 200 << QByteArray("{\"choices\":[{\"message\":{\"content\":\"{\\\"a\\\":1") // cut: braces left open
                                  << "upstream answered 200 with not JSON (43 bytes) at line 1, column 44";
        QTest::newRow("JSON, not a reply") << 200 << QByteArray(R"({"id":"x"})") << "upstream answered 200 with a JSON object with no choices";
    }
    void unreadableRepliesAreNamedOnce()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QString, words);
        CannedUpstream upstream(status, body);
        QTemporaryDir dir;
        const QString schema = anyObjectSchema(dir);
        QProcess cli;
        cli.start(QStringLiteral(CONFORM_CLI_PATH),
                  {QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("openai"), QStringLiteral("--model"), QStringLiteral("m"),
                   QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:%1/v1").arg(upstream.port()), QStringLiteral("--schema"),
                   schema, QStringLiteral("--user"), QStringLiteral("hi"), QStringLiteral("--retries"), QStringLiteral("0"),
                   QStringLiteral("--store"), dir.filePath(QStringLiteral("captures.db"))});
        QTRY_VERIFY_WITH_TIMEOUT(cli.state() == QProcess::NotRunning, 60'000);
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QCOMPARE(cli.exitCode(), 3); // no provider answered
        QCOMPARE(err.count(words), 1);
        QVERIFY2(!err.contains(QLatin1String("unreadable response body")) && !err.contains(QLatin1String("connection error")), qPrintable(err));
    }

    // No provider but the offline scenario has a model Conform could assume.
    void modelIsRequired_data()
    {
        QTest::addColumn<QString>("provider");
        for (const char* provider : {"anthropic", "openai", "ollama"})
            QTest::newRow(provider) << QString::fromLatin1(provider);
    }
    void modelIsRequired()
    {
        QFETCH(QString, provider);
        QTemporaryDir dir;
        const QString schema = anyObjectSchema(dir);
        QProcess cli;
        cli.start(QStringLiteral(CONFORM_CLI_PATH), {QStringLiteral("run"), QStringLiteral("--provider"), provider, QStringLiteral("--schema"),
                                                     schema, QStringLiteral("--user"), QStringLiteral("hi")});
        QVERIFY(cli.waitForFinished(60'000));
        QCOMPARE(cli.exitCode(), 2);
        QCOMPARE(QString::fromUtf8(cli.readAllStandardError()).trimmed(),
                 QStringLiteral("conform-cli: error: run: --provider %1 needs --model M (the model to ask; %1 has no default)").arg(provider));
    }
};

QTEST_GUILESS_MAIN(CliUpstreamTest)
#include "test_cli_upstream.moc"
