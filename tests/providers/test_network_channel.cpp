// The provider channel over its own sockets (providers/network_channel.h), against servers
// this test runs on 127.0.0.1: replies framed every way HTTP/1.1 frames them decode exactly;
// a reply over the limit is refused with no more read than the limit and one read buffer,
// counted in bytes the channel took from its socket; a stream is handed on as it arrives;
// https is verified against the CAs the process trusts; proxies come from the environment.
#include "providers/network_channel.h"
#include "providers/provider.h"
#include "providers/transport.h"
#include "request_gatherer.h"

#include <QProcess>
#include <QSignalSpy>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace conform;
using namespace conform::providers;

Q_DECLARE_METATYPE(conform::providers::ExchangeResult)

namespace {

QByteArray chunked(const QList<QByteArray>& chunks)
{
    QByteArray out;
    for (const QByteArray& chunk : chunks)
        out += QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n";
    return out + "0\r\n\r\n";
}

// One byte a piece: the reply arrives as slowly as it can.
QList<QByteArray> bytewise(const QByteArray& bytes)
{
    QList<QByteArray> pieces;
    for (char c : bytes)
        pieces.push_back(QByteArray(1, c));
    return pieces;
}

// Answers each request, once it is whole, with `reply` (one piece per turn of the event
// loop), then `filler` body bytes more (chunked or raw) written only as fast as the client
// takes them, then closes. With `hold`, the connection is left to the test (send(), close()).
class ReplyServer : public QObject
{
public:
    QList<QByteArray> reply;
    qint64 filler = 0;
    bool fillerChunked = false;
    bool hold = false;
    std::vector<QByteArray> requests; // each whole request as it came

    explicit ReplyServer(std::unique_ptr<QTcpServer> server = std::make_unique<QTcpServer>()) : m_server(std::move(server))
    {
        m_server->listen(QHostAddress::LocalHost);
        connect(m_server.get(), &QTcpServer::pendingConnectionAvailable, this, [this] {
            while (QTcpSocket* socket = m_server->nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
        });
    }
    quint16 port() const { return m_server->serverPort(); }
    QString url(const QString& scheme = QStringLiteral("http")) const
    {
        return scheme + QStringLiteral("://127.0.0.1:%1/v1/chat/completions").arg(port());
    }
    bool holding() const { return m_held; }
    void send(const QByteArray& bytes) { m_held->write(bytes); }
    void close() { m_held->disconnectFromHost(); }

private:
    void read(QTcpSocket* socket)
    {
        const auto request = m_requests.take(socket);
        if (!request)
            return;
        requests.push_back(*request);
        if (hold) {
            m_held = socket;
            return;
        }
        writeFrom(socket, 0);
    }

    void writeFrom(QPointer<QTcpSocket> socket, qsizetype piece)
    {
        if (!socket)
            return;
        if (piece < reply.size()) {
            socket->write(reply[piece]);
            socket->flush();
            QTimer::singleShot(1, this, [this, socket, piece] { writeFrom(socket, piece + 1); });
            return;
        }
        auto left = std::make_shared<qint64>(filler);
        const auto pump = [this, socket, left] {
            const QByteArray block(16 * 1024, 'x');
            while (socket && *left > 0 && socket->bytesToWrite() < 256 * 1024) {
                const QByteArray piece = block.left(qsizetype(std::min<qint64>(*left, block.size())));
                socket->write(fillerChunked ? QByteArray::number(piece.size(), 16) + "\r\n" + piece + "\r\n" : piece);
                *left -= piece.size();
            }
            if (socket && *left == 0) {
                if (fillerChunked)
                    socket->write("0\r\n\r\n");
                *left = -1;
                socket->disconnectFromHost();
            }
        };
        connect(socket, &QTcpSocket::bytesWritten, this, pump);
        pump();
    }

    std::unique_ptr<QTcpServer> m_server;
    RequestGatherer m_requests;
    QPointer<QTcpSocket> m_held;
};

struct Heard
{
    std::vector<int> statuses;
    QByteArray body;
    int pieces = 0;
    std::optional<std::pair<bool, QString>> ended;
    QString refused;
};

// Runs one exchange on a bare channel to its end.
Heard hear(const HttpRequest& request)
{
    NetworkChannel channel;
    Heard heard;
    QObject::connect(&channel, &Channel::responseStarted, [&](int status, const std::vector<Header>&) { heard.statuses.push_back(status); });
    QObject::connect(&channel, &Channel::bytesReceived, [&](const QByteArray& bytes) { heard.body += bytes; ++heard.pieces; });
    QObject::connect(&channel, &Channel::ended, [&](bool error, const QString& detail) { heard.ended = {error, detail}; });
    QObject::connect(&channel, &Channel::redirectRefused, [&](const QString& why) { heard.refused = why; });
    channel.start(request);
    if (!QTest::qWaitFor([&] { return heard.ended || !heard.refused.isEmpty(); }, 20'000))
        qWarning("the channel never ended");
    return heard;
}

HttpRequest post(const QString& url)
{
    HttpRequest request;
    request.url = url.toStdString();
    request.headers = {{"content-type", "application/json"}};
    request.credentials = {{"authorization", "Bearer notakey-channel-7"}};
    request.body = R"({"model":"m"})";
    return request;
}

// A self-signed certificate for 127.0.0.1, made by openssl for this run.
struct TestCertificate
{
    QSslCertificate certificate;
    QSslKey key;
};

std::optional<TestCertificate> makeCertificate(const QTemporaryDir& dir)
{
    QProcess openssl;
    openssl.start(QStringLiteral("openssl"), {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                                              QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                                              QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                                              QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1"), QStringLiteral("-keyout"),
                                              dir.filePath(QStringLiteral("key.pem")), QStringLiteral("-out"), dir.filePath(QStringLiteral("cert.pem"))});
    if (!openssl.waitForFinished(60'000) || openssl.exitCode() != 0)
        return std::nullopt;
    QFile certFile(dir.filePath(QStringLiteral("cert.pem"))), keyFile(dir.filePath(QStringLiteral("key.pem")));
    if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly))
        return std::nullopt;
    return TestCertificate{QSslCertificate(certFile.readAll()), QSslKey(keyFile.readAll(), QSsl::Ec)};
}

} // namespace

class NetworkChannelTest : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { qRegisterMetaType<ExchangeResult>(); }

    void repliesDecode_data()
    {
        QTest::addColumn<QList<QByteArray>>("reply");
        QTest::addColumn<int>("status"); // 0: no response reported
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("error"); // "" when the exchange ended cleanly
        const QByteArray ok = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n";
        const QByteArray chunkedHead = ok + "Transfer-Encoding: chunked\r\n\r\n";
        QTest::newRow("content-length") << QList<QByteArray>{ok + "Content-Length: 11\r\n\r\nhello world"} << 200 << QByteArray("hello world") << "";
        QTest::newRow("chunked") << QList<QByteArray>{chunkedHead + chunked({"hello", " world"})} << 200 << QByteArray("hello world") << "";
        QTest::newRow("1-byte chunks, a byte a piece") << bytewise(chunkedHead + chunked(QList<QByteArray>(bytewise("hello world"))))
                                                       << 200 << QByteArray("hello world") << "";
        QTest::newRow("chunk extensions and trailers")
            << QList<QByteArray>{chunkedHead, "5;name=value\r\nhello\r\n6 ; ext=\"q\"\r\n world\r\n", "0\r\nX-Checksum: 1\r\nX-Other: 2\r\n\r\n"}
            << 200 << QByteArray("hello world") << "";
        QTest::newRow("upper-case hex, split inside the size line")
            << QList<QByteArray>{chunkedHead + "1", "A\r\n" + QByteArray(26, 'z') + "\r\n0\r\n\r\n"} << 200 << QByteArray(26, 'z') << "";
        QTest::newRow("close-delimited") << QList<QByteArray>{ok + "\r\nhello", " world"} << 200 << QByteArray("hello world") << "";
        QTest::newRow("interim 100 first") << QList<QByteArray>{"HTTP/1.1 100 Continue\r\n\r\n", ok + "Content-Length: 2\r\n\r\nok"} << 200 << QByteArray("ok") << "";
        QTest::newRow("error body passes") << QList<QByteArray>{"HTTP/1.1 500 Oops\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked({"{\"error\":", "1}"})}
                                           << 500 << QByteArray("{\"error\":1}") << "";
        QTest::newRow("cut mid-chunk") << QList<QByteArray>{chunkedHead + "a\r\nhello"} << 200 << QByteArray("hello") << "the connection closed mid-response";
        QTest::newRow("short of its length") << QList<QByteArray>{ok + "Content-Length: 10\r\n\r\nhel"} << 200 << QByteArray("hel") << "the connection closed mid-response";
        QTest::newRow("bad chunk size") << QList<QByteArray>{chunkedHead + "zz\r\n"} << 200 << QByteArray() << "unreadable response: bad chunk size";
        QTest::newRow("not HTTP") << QList<QByteArray>{"SSH-2.0-OpenSSH\r\n\r\n"} << 0 << QByteArray() << "unreadable response: not an HTTP/1.x response";
        QTest::newRow("nothing") << QList<QByteArray>{} << 0 << QByteArray() << "the connection closed before a response";
        QTest::newRow("compressed all the same") << QList<QByteArray>{ok + "Content-Encoding: gzip\r\nContent-Length: 3\r\n\r\nabc"} << 0 << QByteArray()
                                                 << "the reply came with Content-Encoding gzip, though only identity was asked for";
    }
    void repliesDecode()
    {
        QFETCH(QList<QByteArray>, reply);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QString, error);
        ReplyServer server;
        server.reply = reply;
        const Heard heard = hear(post(server.url()));
        QVERIFY(heard.ended);
        QCOMPARE(heard.statuses, status ? std::vector<int>{status} : std::vector<int>{});
        QCOMPARE(heard.body, body);
        QCOMPARE(heard.ended->first, !error.isEmpty());
        QCOMPARE(heard.ended->second, error);
    }

    // What goes on the wire: ours (Host, length, identity, close) after the request's own
    // headers, the credential, and a URL's user information as Basic authorization.
    void requestOnTheWire_data()
    {
        QTest::addColumn<QString>("userInfo");
        QTest::addColumn<bool>("credential");
        QTest::addColumn<QByteArray>("authorization");
        QTest::newRow("credential") << "" << true << QByteArray("Bearer notakey-channel-7");
        QTest::newRow("user information") << "qa:pw-1@" << false << QByteArray("Basic " + QByteArray("qa:pw-1").toBase64());
        QTest::newRow("the credential wins") << "qa:pw-1@" << true << QByteArray("Bearer notakey-channel-7");
    }
    void requestOnTheWire()
    {
        QFETCH(QString, userInfo);
        QFETCH(bool, credential);
        QFETCH(QByteArray, authorization);
        ReplyServer server;
        server.reply = {"HTTP/1.1 204 No Content\r\n\r\n"};
        HttpRequest request = post(QStringLiteral("http://") + userInfo + QStringLiteral("127.0.0.1:%1/v1/chat/completions?x=1").arg(server.port()));
        if (!credential)
            request.credentials.clear();
        request.headers.push_back({"Connection", "keep-alive"}); // ours wins
        const Heard heard = hear(request);
        QVERIFY2(!heard.ended->first, qPrintable(heard.ended->second));
        QCOMPARE(server.requests.size(), std::size_t(1));
        const QByteArray& sent = server.requests.front();
        const QByteArray expectedHead = "POST /v1/chat/completions?x=1 HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(server.port())
            + "\r\ncontent-type: application/json\r\n";
        QVERIFY2(sent.startsWith(expectedHead), sent.constData());
        QVERIFY2(sent.toLower().contains(QByteArray("\r\nauthorization: " + authorization.toLower() + "\r\n")), sent.constData());
        QCOMPARE(sent.count("uthorization:"), 1);
        QVERIFY(sent.contains("\r\nContent-Length: 13\r\n"));
        QVERIFY(sent.contains("\r\nAccept-Encoding: identity\r\n"));
        QVERIFY(sent.contains("\r\nConnection: close\r\n"));
        QVERIFY(!sent.contains("keep-alive"));
        QVERIFY(!sent.contains("qa:pw-1"));
        QVERIFY(sent.endsWith("\r\n\r\n{\"model\":\"m\"}"));
    }

    // The issue's case: a reply far over --max-reply-bytes that does not say its size up
    // front is refused once the limit passed, and the channel has read at most the limit and
    // one read buffer (and the head, and the chunks' framing) of it.
    void replyOverTheLimitIsBounded_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<bool>("fillerChunked");
        QTest::addColumn<qint64>("maxRead");
        constexpr qint64 limit = 1 << 20;
        constexpr qint64 slack = 4096; // the head, and 8 bytes of framing per 16 KB chunk
        QTest::newRow("chunked") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n") << true << limit + NetworkChannel::kReadBuffer + slack;
        QTest::newRow("close-delimited") << QByteArray("HTTP/1.1 200 OK\r\n\r\n") << false << limit + NetworkChannel::kReadBuffer + slack;
        QTest::newRow("content-length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 67108864\r\n\r\n") << false << NetworkChannel::kReadBuffer;
    }
    void replyOverTheLimitIsBounded()
    {
        QFETCH(QByteArray, head);
        QFETCH(bool, fillerChunked);
        QFETCH(qint64, maxRead);
        ReplyServer server;
        server.reply = {head};
        server.filler = qint64(64) << 20;
        server.fillerChunked = fillerChunked;
        TransportOptions options;
        options.maxReplyBytes = 1 << 20;
        QPointer<NetworkChannel> channel;
        Transport transport(
            [&channel](QObject* parent) -> Channel* {
                channel = new NetworkChannel(parent);
                return channel;
            },
            options);
        std::uint64_t read = 0;
        // Before the channel is let go: it has read all it ever will.
        connect(&transport, &Transport::finished, this, [&] { read = channel ? channel->bytesRead() : ~std::uint64_t(0); });
        QSignalSpy finished(&transport, &Transport::finished);
        transport.send(post(server.url()), adapterFor(ProviderKind::OpenAI));
        QVERIFY(finished.wait(60'000));
        const ExchangeResult result = finished.takeFirst().at(0).value<ExchangeResult>();
        QVERIFY(result.reply.error);
        QCOMPARE(QString::fromStdString(result.reply.error->type), QStringLiteral("reply_too_large"));
        QVERIFY(result.retries.empty());
        QVERIFY2(read > 0 && read <= std::uint64_t(maxRead), qPrintable(QStringLiteral("read %1 bytes, at most %2").arg(read).arg(maxRead)));
    }

    // A streamed reply reaches the transport's decoder event by event as the server sends
    // it: the first event is decoded while the server still holds the rest.
    void streamArrivesInPieces()
    {
        ReplyServer server;
        server.hold = true;
        Transport transport(networkChannels());
        std::vector<std::string> deltas;
        connect(&transport, &Transport::streamEvent, this, [&](const StreamEvent& e) {
            if (e.kind == StreamEvent::Kind::TextDelta)
                deltas.push_back(e.text);
        });
        QSignalSpy finished(&transport, &Transport::finished);
        HttpRequest request = post(server.url());
        request.stream = true;
        transport.send(request, adapterFor(ProviderKind::OpenAI));
        QTRY_VERIFY_WITH_TIMEOUT(server.holding(), 10'000);
        const auto event = [](const char* content) -> QByteArray {
            return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + QByteArray(content) + "\"}}]}\n\n";
        };
        server.send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked({event("{\\\"a\\\":")}).chopped(5));
        QTRY_COMPARE_WITH_TIMEOUT(deltas.size(), std::size_t(1), 10'000);
        QCOMPARE(deltas.front(), std::string("{\"a\":"));
        // The rest split inside an event, inside a chunk's size line and byte by byte.
        const QByteArray rest = chunked({event("1"), event("}").left(9), event("}").mid(9),
                                         "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n"});
        server.send(rest.left(3));
        for (const QByteArray& piece : bytewise(rest.mid(3, 40)))
            server.send(piece);
        server.send(rest.mid(43));
        QVERIFY(finished.wait(10'000));
        const ExchangeResult result = finished.takeFirst().at(0).value<ExchangeResult>();
        QVERIFY2(result.ok(), result.reply.error ? result.reply.error->message.c_str() : "");
        QCOMPARE(result.reply.text, std::string("{\"a\":1}"));
        QCOMPARE(deltas.size(), std::size_t(3));
    }

    // https: the server's certificate is checked against the CAs the process trusts (here the
    // test's own, added to the default configuration), and a redirect out of https is refused.
    void https_data()
    {
        QTest::addColumn<QByteArray>("reply");
        QTest::addColumn<QString>("error");
        QTest::addColumn<QString>("refused");
        QTest::newRow("chunked reply") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked({"{\"a\":", "1}"})) << "" << "";
        QTest::newRow("redirect out of https") << QByteArray("HTTP/1.1 307 Temporary\r\nLocation: http://127.0.0.1:9/v1\r\nContent-Length: 0\r\n\r\n") << ""
                                               << "redirect from https://127.0.0.1:PORT/v1/chat/completions to http://127.0.0.1:9/v1 refused: it would leave https";
    }
    void https()
    {
        QFETCH(QByteArray, reply);
        QFETCH(QString, error);
        QFETCH(QString, refused);
        if (!QSslSocket::supportsSsl())
            QFAIL("this Qt has no TLS backend");
        QTemporaryDir dir;
        const auto made = makeCertificate(dir);
        QVERIFY2(made, "openssl could not make a test certificate (packaging/install-deps.sh installs openssl)");
        auto tls = std::make_unique<QSslServer>();
        QSslConfiguration serving = QSslConfiguration::defaultConfiguration();
        serving.setLocalCertificate(made->certificate);
        serving.setPrivateKey(made->key);
        tls->setSslConfiguration(serving);
        ReplyServer server(std::move(tls));
        server.reply = {reply};
        const QSslConfiguration before = QSslConfiguration::defaultConfiguration();
        QSslConfiguration trusting = before;
        trusting.addCaCertificate(made->certificate);
        QSslConfiguration::setDefaultConfiguration(trusting);
        const Heard heard = hear(post(server.url(QStringLiteral("https"))));
        QSslConfiguration::setDefaultConfiguration(before);
        QCOMPARE(heard.refused, QString(refused).replace(QLatin1String("PORT"), QString::number(server.port())));
        if (!refused.isEmpty())
            return;
        QVERIFY(heard.ended);
        QCOMPARE(heard.ended->second, error);
        QCOMPARE(heard.body, QByteArray("{\"a\":1}"));
        QCOMPARE(server.requests.size(), std::size_t(1));
    }

    // Proxies as QNetworkAccessManager took them from the environment: http in absolute form
    // to the proxy, https through a CONNECT tunnel (refused here, so the exchange fails).
    void proxyFromTheEnvironment_data()
    {
        QTest::addColumn<QString>("variable");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QByteArray>("requestLine");
        QTest::addColumn<bool>("connectionError");
        QTest::newRow("http") << "http_proxy" << "http://api.example.invalid:8080/v1/x?y=1" << QByteArray("POST http://api.example.invalid:8080/v1/x?y=1 HTTP/1.1")
                              << false;
        QTest::newRow("https") << "https_proxy" << "https://api.example.invalid/v1/x" << QByteArray("CONNECT api.example.invalid:443 HTTP/1.1") << true;
    }
    void proxyFromTheEnvironment()
    {
        QFETCH(QString, variable);
        QFETCH(QString, url);
        QFETCH(QByteArray, requestLine);
        QFETCH(bool, connectionError);
        ReplyServer proxy;
        proxy.reply = {"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n"};
        qputenv(variable.toUtf8().constData(), QStringLiteral("http://127.0.0.1:%1").arg(proxy.port()).toUtf8());
        const Heard heard = hear(post(url));
        qunsetenv(variable.toUtf8().constData());
        QCOMPARE(proxy.requests.size(), std::size_t(1));
        QVERIFY2(proxy.requests.front().startsWith(QByteArray(requestLine + "\r\n")), proxy.requests.front().constData());
        QVERIFY(heard.ended);
        QCOMPARE(heard.ended->first, connectionError);
        if (!connectionError)
            QCOMPARE(heard.statuses, std::vector<int>{403});
    }
};

QTEST_GUILESS_MAIN(NetworkChannelTest)
#include "test_network_channel.moc"
