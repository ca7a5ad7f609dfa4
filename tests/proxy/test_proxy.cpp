// libcore/proxy and `conform-cli proxy`. In process: a scripted upstream (a QTcpServer in
// this test that writes fixed bytes in pieces, with pauses) and a raw client, so every byte
// the application receives is compared with every byte the upstream sent, framing included;
// faults (reset mid-stream, refused) reach the client as they would directly and are
// captured as transport errors. End to end: the official openai and @anthropic-ai/sdk
// clients against `conform-cli serve`, directly and through `conform-cli proxy`.
#include "loopback_socket.h"
#include "node_peers.h"
#include "require_dependency.h"

#include "json/parse.h"
#include "proxy/proxy.h"
#include "providers/response_reader.h"
#include "store/store.h"
#include "store/writer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QEventLoop>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <atomic>
#include <cstring>
#include <memory>
#include <thread>
#include <unistd.h>

using namespace conform;

namespace {

const QString kData = QStringLiteral(CONFORM_TEST_DATA);
const QString kClients = QStringLiteral(CONFORM_SOURCE_DIR "/tests/proxy/clients");
const QString kCli = QStringLiteral(CONFORM_CLI_PATH);

// An upstream that answers every request with the next script: pieces of raw bytes, each
// after a pause; `abortAfter` cuts the connection after that many pieces.
struct Script
{
    QByteArrayList pieces;
    int pauseMs = 0;
    int abortAfter = -1;
};

class ScriptedUpstream : public QObject
{
public:
    std::vector<Script> scripts;
    QByteArray sent;            // everything written, in order
    QByteArray received;        // everything read
    QTcpServer server;

    ScriptedUpstream()
    {
        server.listen(QHostAddress::LocalHost);
        connect(&server, &QTcpServer::newConnection, this, [this] {
            QTcpSocket* socket = server.nextPendingConnection();
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
                received += socket->readAll();
                // One script per request head seen.
                while (received.count("\r\n\r\n") > m_answered && m_next < scripts.size()) {
                    ++m_answered;
                    play(socket, scripts[m_next++], 0);
                }
            });
        });
    }

    quint16 port() const { return server.serverPort(); }

private:
    void play(QTcpSocket* socket, const Script& script, std::size_t index)
    {
        if (static_cast<int>(index) == script.abortAfter) {
            socket->flush();
            socket->abort();
            return;
        }
        if (index == std::size_t(script.pieces.size()))
            return;
        socket->write(script.pieces[index]);
        socket->flush();
        sent += script.pieces[index];
        QTimer::singleShot(script.pauseMs, socket, [this, socket, script, index] { play(socket, script, index + 1); });
    }

    std::size_t m_next = 0;
    qsizetype m_answered = 0;
};

QByteArray chunked(const QByteArrayList& parts)
{
    QByteArray out;
    for (const QByteArray& part : parts)
        out += QByteArray::number(part.size(), 16) + "\r\n" + part + "\r\n";
    return out + "0\r\n\r\n";
}

const QByteArray kOpenAiBody = R"({"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"gpt-4o-mini","choices":[{"index":0,"message":{"role":"assistant","content":"{\"title\":\"Find the cake\"}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":7,"total_tokens":19}})";

QByteArray openAiRequest(bool stream, const QByteArray& extraHeaders = {})
{
    const QByteArray body = R"({"model":"gpt-4o-mini","messages":[{"role":"user","content":"A task."}],"stream":)" + QByteArray(stream ? "true" : "false")
        + R"(,"response_format":{"type":"json_schema","json_schema":{"name":"task","schema":{"type":"object"},"strict":true}}})";
    return "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer notakey-live-SECRET-0123456789\r\n"
        + extraHeaders + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

QByteArray sseOpenAi()
{
    return chunked({"data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"{\\\"title\\\":\"}}]}\n\n",
                    "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\\\"Find it\\\"}\"},\"finish_reason\":\"stop\"}]}\n\n",
                    "data: [DONE]\n\n"});
}

struct ClientResult
{
    QByteArray bytes;
    bool errored = false;         // the connection failed (reset), rather than closing cleanly
    QByteArray firstRead; // what the first read delivered
};

// A raw client: sends `request`, collects every byte until `expected` bytes arrived or the
// connection ends.
ClientResult exchange(quint16 port, const QByteArray& request, qsizetype expected, int timeoutMs = 10'000)
{
    ClientResult result;
    QTcpSocket socket;
    QEventLoop loop;
    QObject::connect(&socket, &QTcpSocket::readyRead, &loop, [&] {
        const bool first = result.bytes.isEmpty();
        result.bytes += socket.readAll();
        if (first)
            result.firstRead = result.bytes;
        if (result.bytes.size() >= expected)
            loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::errorOccurred, &loop, [&](QAbstractSocket::SocketError error) {
        result.errored = error != QAbstractSocket::RemoteHostClosedError;
        loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::disconnected, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    socket.connectToHost(QHostAddress::LocalHost, port);
    socket.write(request);
    loop.exec();
    result.bytes += socket.readAll();
    return result;
}

// The same over a plain POSIX socket on a thread of its own (the proxy needs this thread's
// event loop meanwhile), because it tells a reset (ECONNRESET) from an orderly close,
// which QTcpSocket reports alike.
ClientResult rawExchange(quint16 port, const QByteArray& request)
{
    ClientResult result;
    bool done = false;
    std::thread client([&] {
        const int fd = connectLoopback(port, 10);
        if (fd >= 0) {
            ::send(fd, request.constData(), static_cast<std::size_t>(request.size()), MSG_NOSIGNAL);
            char buffer[4096];
            for (;;) {
                const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
                if (n > 0) {
                    result.bytes.append(buffer, n);
                    continue;
                }
                result.errored = n < 0 && errno == ECONNRESET;
                break;
            }
            ::close(fd);
        }
        done = true;
    });
    // Keeps the event loop turning while the client runs; join() waits for it either way.
    [[maybe_unused]] const bool finished = QTest::qWaitFor([&] { return done; }, 15'000);
    client.join();
    return result;
}


// An upstream that reads each request whole without keeping it (the test measures the
// proxy, not this) and answers it with a small OpenAI reply, closing the connection.
class DiscardingUpstream : public QObject
{
public:
    QTcpServer server;
    int answered = 0;

    DiscardingUpstream()
    {
        server.listen(QHostAddress::LocalHost);
        connect(&server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = server.nextPendingConnection()) {
                auto head = std::make_shared<QByteArray>();
                auto left = std::make_shared<qint64>(-1);
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket, head, left] {
                    while (*left != -2 && socket->bytesAvailable() > 0) {
                        if (*left == -1) {
                            *head += socket->read(4096);
                            const qsizetype end = head->indexOf("\r\n\r\n");
                            if (end < 0)
                                continue;
                            const qsizetype at = head->toLower().indexOf("content-length:");
                            *left = head->mid(at + 15, head->indexOf('\r', at) - at - 15).trimmed().toLongLong() - (head->size() - end - 4);
                        } else {
                            *left -= socket->read(*left > 0 ? std::min<qint64>(*left, 1 << 20) : 0).size();
                        }
                        if (*left == 0) {
                            ++answered;
                            socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
                                          + QByteArray::number(kOpenAiBody.size()) + "\r\n\r\n" + kOpenAiBody);
                            socket->disconnectFromHost();
                            *left = -2; // answered; the rest is ignored
                        }
                    }
                });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }
    quint16 port() const { return server.serverPort(); }
};

// A process's resident memory in KiB (VmRSS, or VmHWM for its peak), 0 when unreadable.
qint64 residentKiB(qint64 pid, const char* field = "VmRSS:")
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(qsizetype(std::strlen(field))).trimmed().split(' ').constFirst().toLongLong();
    return 0;
}

// POSTs `body` to 127.0.0.1:port/v1/chat/completions from a plain socket; the reply's bytes.
QByteArray postRaw(quint16 port, const QByteArray& body)
{
    QByteArray received;
    const int fd = connectLoopback(port, 60);
    if (fd >= 0) {
        const QByteArray head = "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n";
        ::send(fd, head.constData(), std::size_t(head.size()), MSG_NOSIGNAL);
        for (qsizetype sent = 0; sent < body.size();) {
            const ssize_t n = ::send(fd, body.constData() + sent, std::size_t(body.size() - sent), MSG_NOSIGNAL);
            if (n <= 0)
                break;
            sent += n;
        }
        char buffer[4096];
        for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;)
            received.append(buffer, n);
        ::close(fd);
    }
    return received;
}

} // namespace

class TestProxy : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    struct Rig
    {
        std::unique_ptr<store::CaptureWriter> writer;
        std::unique_ptr<proxy::MonitoringProxy> proxy;
        QString store;
    };

    Rig rig(const QString& name, quint16 upstreamPort)
    {
        Rig r;
        r.store = m_dir.filePath(name + QStringLiteral(".db"));
        r.writer = std::make_unique<store::CaptureWriter>(store::StoreLocation::resolve(r.store).value());
        r.writer->waitUntilOpen();
        proxy::ProxyOptions options;
        options.upstream = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(upstreamPort));
        options.schemas = proxy::loadSchemaMap(kData + QStringLiteral("/schema-map.json")).value();
        r.proxy = std::make_unique<proxy::MonitoringProxy>(std::move(options), r.writer.get());
        r.proxy->listen();
        return r;
    }

    static std::vector<store::Capture> captures(Rig& r)
    {
        r.writer->flush();
        auto opened = store::Store::open(store::StoreLocation::resolve(r.store).value());
        std::vector<store::Capture> out;
        opened.value()->forEachCapture({}, [&](const store::Capture& c) { out.push_back(c); return true; });
        return out;
    }

    // conform-cli's standard output (its exit code must be 0).
    static QByteArray cli(const QStringList& arguments)
    {
        QProcess process;
        process.start(kCli, arguments);
        if (!process.waitForFinished(60'000) || process.exitCode() != 0)
            qWarning() << "conform-cli" << arguments << "failed:" << process.readAllStandardError();
        return process.readAllStandardOutput();
    }

    static void settle() { QTest::qWait(50); } // the exchange is judged right after its last byte

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void responseReaderFraming_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("complete");
        QTest::newRow("content-length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello") << 200 << QByteArray("hello") << true;
        QTest::newRow("chunked") << ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked({"he", "llo"})) << 200 << QByteArray("hello") << true;
        QTest::newRow("chunk extension and trailer") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n0\r\nX-T: 1\r\n\r\n") << 200 << QByteArray("hello") << true;
        QTest::newRow("interim 100 first") << QByteArray("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok") << 201 << QByteArray("ok") << true;
        QTest::newRow("no body on 204") << QByteArray("HTTP/1.1 204 No Content\r\n\r\n") << 204 << QByteArray() << true;
        QTest::newRow("cut body") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhel") << 200 << QByteArray("hel") << false;
        QTest::newRow("bad chunk size") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n") << 200 << QByteArray() << false;
    }

    void responseReaderFraming()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(bool, complete);
        // Byte by byte and all at once give the same result.
        for (const bool oneByOne : {false, true}) {
            providers::ResponseReader reader;
            qsizetype used = 0;
            if (oneByOne)
                for (qsizetype i = 0; i < bytes.size() && !reader.complete() && !reader.failed(); ++i)
                    used += reader.feed(bytes.constData() + i, 1);
            else
                used = reader.feed(bytes.constData(), bytes.size());
            QCOMPARE(reader.status(), status);
            QCOMPARE(QByteArray::fromStdString(reader.body()), body);
            QCOMPARE(reader.complete(), complete);
            if (complete)
                QCOMPARE(used, bytes.size());
        }
    }

    // A reply past the judged limit is let go as it passes (nothing kept, its size counted) and
    // captured as forwarded, not judged; an error body keeps only its start.
    void bodiesOverTheLimits()
    {
        const QByteArray big = "HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n" + QByteArray(5000, 'x');
        providers::ResponseReader reader(false, 4096);
        QCOMPARE(reader.feed(big.constData(), big.size()), big.size());
        QVERIFY(reader.complete());
        QVERIFY(reader.bodyOverLimit());
        QVERIFY(reader.body().empty());
        QCOMPARE(reader.bodyBytes(), std::uint64_t(5000));

        const QByteArray error = "HTTP/1.1 502 Bad Gateway\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked({QByteArray(60'000, 'e'), QByteArray(60'000, 'f')});
        providers::ResponseReader errorReader(false, 4096);
        errorReader.feed(error.constData(), error.size());
        QVERIFY(errorReader.complete());
        QVERIFY(!errorReader.bodyOverLimit());
        QCOMPARE(errorReader.body().size(), providers::kMaxErrorBodyBytes);
        QCOMPARE(errorReader.bodyBytes(), std::uint64_t(120'000));

        proxy::Exchange e;
        e.request.method = "POST";
        e.request.body = R"({"model":"gpt-4o-mini","messages":[{"role":"user","content":"A task."}]})";
        e.upstream = "http://127.0.0.1:1";
        e.status = 200;
        e.complete = true;
        e.responseBodyBytes = 200 * 1024 * 1024;
        e.responseOverLimit = true;
        const proxy::Judged judged = proxy::judgeExchange(e, providers::ProviderKind::OpenAI, {}, 32 * 1024 * 1024);
        const engine::AttemptRecord& a = judged.record.attempts.front();
        QCOMPARE(QString::fromStdString(a.error),
                 QStringLiteral("a reply of 200 MB was forwarded but not judged: the proxy judges replies up to 32 MB (--max-reply-bytes)"));
        QVERIFY(a.transportError);
        QVERIFY(!a.valid);
        QCOMPARE(judged.record.outcome, engine::Outcome::Failed);

        e.status = 502;
        e.responseOverLimit = false;
        e.responseBodyBytes = 120'000;
        e.responseBody = errorReader.body();
        const proxy::Judged failed = proxy::judgeExchange(e, providers::ProviderKind::OpenAI, {});
        const std::string& words = failed.record.attempts.front().error;
        QVERIFY2(words.ends_with("(an error body of 117 KB, of which the first 16 KB were kept)"), words.c_str());
        QVERIFY2(words.size() < 1000, words.c_str());
    }

    // Every byte the upstream sent, and only those, in the order sent; streamed pieces reach
    // the client while the upstream is still pausing between them.
    void bytesPassUntouched_data()
    {
        QTest::addColumn<QByteArrayList>("pieces");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QByteArray>("reply"); // the text the capture must keep as the raw reply
        QTest::newRow("content-length") << QByteArrayList{"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Request-Id: r1\r\nContent-Length: "
                                                                + QByteArray::number(kOpenAiBody.size()) + "\r\n\r\n" + kOpenAiBody}
                                        << true << QByteArray(R"({"title":"Find the cake"})");
        const QByteArray sse = sseOpenAi();
        QTest::newRow("chunked event stream, in pieces") << QByteArrayList{"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n",
                                                                                     sse.left(40), sse.mid(40, 100), sse.mid(140)}
                                                         << true << QByteArray(R"({"title":"Find it"})");
        QTest::newRow("an invalid answer") << QByteArrayList{"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                                                   + QByteArray::number(QByteArray(kOpenAiBody).replace("title", "name").size()) + "\r\n\r\n" + QByteArray(kOpenAiBody).replace("title", "name")}
                                           << false << QByteArray(R"({"name":"Find the cake"})");
    }

    void bytesPassUntouched()
    {
        QFETCH(QByteArrayList, pieces);
        QFETCH(bool, valid);
        QFETCH(QByteArray, reply);
        ScriptedUpstream upstream;
        upstream.scripts.push_back({pieces, 150});
        Rig r = rig(QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_').replace(',', '_'), upstream.port());
        QByteArray total;
        for (const QByteArray& p : pieces)
            total += p;
        const bool stream = pieces.size() > 1;
        const ClientResult got = exchange(r.proxy->port(), openAiRequest(stream), total.size());
        QCOMPARE(got.bytes, total);
        QCOMPARE(got.bytes, upstream.sent);
        // Forwarded as it comes: the first read ends before the last piece, which the upstream
        // sends only after its pauses (a proxy that buffered would deliver everything at once).
        if (stream)
            QVERIFY2(got.firstRead.size() <= total.size() - pieces.last().size(), got.firstRead.constData());
        // The upstream got the request as sent, Host aside.
        QVERIFY(upstream.received.contains("Authorization: Bearer notakey-live-SECRET-0123456789\r\n"));
        QVERIFY(upstream.received.contains(QByteArray(QByteArray("Host: 127.0.0.1:") + QByteArray::number(upstream.port()))));
        settle();
        const auto stored = captures(r);
        QCOMPARE(stored.size(), std::size_t(1));
        const store::Capture& c = stored.front();
        QCOMPARE(c.summary.outcome, int(valid ? store::OutcomeCode::Valid : store::OutcomeCode::Failed));
        QCOMPARE(c.summary.provider, std::string("openai"));
        QCOMPARE(c.summary.mode, std::string("strict"));
        // The reply it was judged on is kept, so `captures replay` re-checks what came back.
        QCOMPARE(QByteArray::fromStdString(c.run["attempts"][0]["raw"].get<std::string>()), reply);
        const std::string document = dump(c.document());
        QVERIFY2(document.find("SECRET") == std::string::npos, "a key reached the capture");
        Json labels = Json::object();
        for (const auto& [k, v] : c.summary.labels)
            labels[k] = v;
        QCOMPARE(labels.value("source", std::string()), std::string("proxy"));
        QCOMPARE(labels.value("schema", std::string()), std::string("task"));
        if (!valid)
            QVERIFY(document.find("\"code\":\"invalid_type\"") != std::string::npos || document.find("unrecognized_keys") != std::string::npos);
    }

    // Requests the proxy refuses itself get RFC 9110's reason phrase for their status (the
    // table the replay server uses), not "Bad Request" for all.
    void ownErrorsNameTheirStatus_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QByteArray>("statusLine");
        QTest::newRow("400") << QByteArray("HELLO\r\n\r\n") << QByteArray("HTTP/1.1 400 Bad Request\r\n");
        QTest::newRow("505") << QByteArray("GET / HTTP/3\r\n\r\n") << QByteArray("HTTP/1.1 505 HTTP Version Not Supported\r\n");
        QTest::newRow("411") << QByteArray("POST /v1/chat/completions HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")
                             << QByteArray("HTTP/1.1 411 Length Required\r\n");
        QTest::newRow("431") << "GET / HTTP/1.1\r\nX-Big: " + QByteArray(80 * 1024, 'y') << QByteArray("HTTP/1.1 431 Request Header Fields Too Large\r\n");
        // Bodies stream through whatever their size (a 90 GB one too); only a length past 1 PiB is refused.
        QTest::newRow("413") << QByteArray("POST /v1/chat/completions HTTP/1.1\r\nContent-Length: 900000000000000000\r\n\r\n")
                             << QByteArray("HTTP/1.1 413 Content Too Large\r\n");
    }

    void ownErrorsNameTheirStatus()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QByteArray, statusLine);
        ScriptedUpstream upstream;
        Rig r = rig(QStringLiteral("own-errors-") + QString::fromLatin1(QTest::currentDataTag()), upstream.port());
        const ClientResult got = exchange(r.proxy->port(), bytes, 1 << 20);
        QVERIFY2(got.bytes.startsWith(statusLine), got.bytes.left(80).constData());
        QVERIFY(upstream.received.isEmpty());
    }

    void keepAliveRequestsPair()
    {
        ScriptedUpstream upstream;
        const QByteArray one = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(kOpenAiBody.size()) + "\r\n\r\n" + kOpenAiBody;
        upstream.scripts = {{{one}, 0}, {{one}, 0}};
        Rig r = rig(QStringLiteral("keepalive"), upstream.port());
        const ClientResult got = exchange(r.proxy->port(), openAiRequest(false) + openAiRequest(false, "x-conform-schema: none\r\n"), 2 * one.size());
        QCOMPARE(got.bytes, one + one);
        settle();
        const auto stored = captures(r);
        QCOMPARE(stored.size(), std::size_t(2));
        int validated = 0;
        for (const auto& c : stored)
            for (const auto& [k, v] : c.summary.labels)
                validated += k == "validated" && v == "true";
        QCOMPARE(validated, 1); // the second named a schema the map does not have
    }

    // A number no double holds, in a request and in a reply: both pass through untouched, the
    // exchange is captured (the reply as unreadable, with where), and the next one is served.
    void numbersOutOfRangePassThrough()
    {
        ScriptedUpstream upstream;
        QByteArray hostileBody = kOpenAiBody;
        hostileBody.replace("\"prompt_tokens\":12", "\"prompt_tokens\":1e400");
        const QByteArray hostile = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(hostileBody.size()) + "\r\n\r\n" + hostileBody;
        const QByteArray one = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(kOpenAiBody.size()) + "\r\n\r\n" + kOpenAiBody;
        upstream.scripts = {{{hostile}, 0}, {{one}, 0}};
        Rig r = rig(QStringLiteral("numbers"), upstream.port());
        const QByteArray body = R"({"model":"gpt-4o-mini","temperature":1e400,"messages":[{"role":"user","content":"A task."}],"stream":false})";
        const QByteArray request = "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        const ClientResult got = exchange(r.proxy->port(), request + openAiRequest(false), hostile.size() + one.size());
        QCOMPARE(got.bytes, hostile + one);
        QVERIFY(upstream.received.contains("\"temperature\":1e400"));
        settle();
        const auto stored = captures(r);
        QCOMPARE(stored.size(), std::size_t(2));
        int unreadable = 0;
        for (const auto& c : stored)
            unreadable += dump(c.document()).find("number out of range: 1e400") != std::string::npos;
        QCOMPARE(unreadable, 1);
    }

    void resetMidStreamReachesTheClient()
    {
        ScriptedUpstream upstream;
        const QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";
        upstream.scripts.push_back({{head, sseOpenAi().left(60)}, 30, 2});
        Rig r = rig(QStringLiteral("reset"), upstream.port());
        const ClientResult got = rawExchange(r.proxy->port(), openAiRequest(true));
        QCOMPARE(got.bytes, head + sseOpenAi().left(60));
        QVERIFY(got.errored); // reset, as it would have been directly
        settle();
        const auto stored = captures(r);
        QCOMPARE(stored.size(), std::size_t(1));
        QVERIFY(stored.front().summary.flags & store::TransportError);
    }

    void refusedUpstreamReachesTheClient()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        Rig r = rig(QStringLiteral("refused"), port);
        const ClientResult got = rawExchange(r.proxy->port(), openAiRequest(false));
        QVERIFY(got.bytes.isEmpty());
        QVERIFY(got.errored);
        settle();
        const auto stored = captures(r);
        QCOMPARE(stored.size(), std::size_t(1));
        QVERIFY(stored.front().summary.flags & store::TransportError);
        QVERIFY(dump(stored.front().document()).find("Connection refused") != std::string::npos);
    }

    void slowUpstreamIsSlow()
    {
        ScriptedUpstream upstream;
        const QByteArray one = "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(kOpenAiBody.size()) + "\r\n\r\n" + kOpenAiBody;
        upstream.scripts.push_back({{one.left(20), one.mid(20)}, 600});
        Rig r = rig(QStringLiteral("slow"), upstream.port());
        const ClientResult got = exchange(r.proxy->port(), openAiRequest(false), one.size());
        QCOMPARE(got.bytes, one);
        // The first piece was passed on before the pause ended: the first read is a part only.
        QVERIFY2(!got.firstRead.isEmpty() && got.firstRead.size() < one.size(), got.firstRead.constData());
    }

    // Header values are recorded by allowlist: the credential headers a denylist missed, and
    // one made up here, never reach the store's bytes (database and WAL) nor an export.
    void credentialHeadersNeverStored()
    {
        const std::vector<std::pair<QByteArray, QByteArray>> secrets = {
            {"x-goog-api-key", "notakey-goog-Q7W2E9"},
            {"Ocp-Apim-Subscription-Key", "notakey-apim-R4T8Y1"},
            {"x-subscription-key", "notakey-subs-U6I3O5"},
            {"x-forwarded-authorization", "Bearer notakey-fwda-P0A2S4"},
            {"x-acme-token", "notakey-acme-D6F8G0"},
            {"OpenAI-Organization", "notakey-orgn-H1J3K5"},
        };
        QByteArray extra = "anthropic-version: 2023-06-01\r\nUser-Agent: conform-test/1\r\n";
        for (const auto& [name, value] : secrets)
            extra += name + ": " + value + "\r\n";
        ScriptedUpstream upstream;
        const QByteArray one = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(kOpenAiBody.size()) + "\r\n\r\n" + kOpenAiBody;
        upstream.scripts.push_back({{one}, 0});
        Rig r = rig(QStringLiteral("credentials"), upstream.port());
        const ClientResult got = exchange(r.proxy->port(), openAiRequest(false, extra), one.size());
        QCOMPARE(got.bytes, one);
        for (const auto& [name, value] : secrets)
            QVERIFY(upstream.received.contains(QByteArray(name + ": " + value + "\r\n"))); // forwarded untouched
        settle();
        const auto stored = captures(r); // flushes the writer; the WAL still holds the pages
        QCOMPARE(stored.size(), std::size_t(1));
        const Json headers = stored.front().run["attempts"][0]["request"]["headers"];
        QCOMPARE(headers.value("anthropic-version", std::string()), std::string("2023-06-01")); // harmless: kept
        QCOMPARE(headers.value("user-agent", std::string()), std::string("conform-test/1"));
        QCOMPARE(headers.value("x-acme-token", std::string()), std::string("***"));
        QCOMPARE(headers.value("authorization", std::string()), std::string("***"));
        QByteArray bytes;
        for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
            QFile file(r.store + suffix);
            if (file.open(QIODevice::ReadOnly))
                bytes += file.readAll();
        }
        QVERIFY(bytes.size() > 4096);
        QByteArray exported = cli({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), r.store});
        QVERIFY(exported.contains("\"x-acme-token\":\"***\""));
        for (const auto& [name, value] : secrets) {
            const QByteArray secret = value.mid(value.indexOf("notakey-"));
            QVERIFY2(!bytes.contains(secret), name.constData());
            QVERIFY2(!exported.contains(secret), name.constData());
        }
        QVERIFY(!bytes.contains("notakey-live-SECRET"));

        // A capture recorded before the allowlist (its header value in plain text) is
        // exported without it.
        QByteArray legacy = exported;
        legacy.replace("\"x-acme-token\":\"***\"", "\"x-acme-token\":\"notakey-acme-LEGACY1\"");
        QVERIFY(legacy.contains("notakey-acme-LEGACY1"));
        const QString legacyFile = m_dir.filePath(QStringLiteral("legacy.jsonl"));
        QFile out(legacyFile);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(legacy);
        out.close();
        const QString legacyStore = m_dir.filePath(QStringLiteral("legacy.db"));
        cli({QStringLiteral("captures"), QStringLiteral("import"), legacyFile, QStringLiteral("--store"), legacyStore});
        const QByteArray again = cli({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), legacyStore});
        QVERIFY(again.contains("\"x-acme-token\":\"***\""));
        QVERIFY(!again.contains("notakey-acme-LEGACY1"));
    }

    // Ten 30 MB requests at once through `conform-cli proxy`: the bodies stream through, the
    // proxy's resident memory afterwards is back under twice what it was after a warm-up
    // request, and each capture keeps only the first bytes of its body (with the size sent).
    void largeBodiesStreamThrough()
    {
        DiscardingUpstream upstream;
        const QString store = m_dir.filePath(QStringLiteral("large.db"));
        QProcess proxyProcess;
        proxyProcess.start(kCli, {QStringLiteral("proxy"), QStringLiteral("--upstream"), QStringLiteral("http://127.0.0.1:%1").arg(upstream.port()),
                                  QStringLiteral("--store"), store});
        QVERIFY(proxyProcess.waitForReadyRead(10'000));
        const quint16 port = QString::fromUtf8(proxyProcess.readLine()).trimmed().section(QLatin1Char(':'), -1).toUShort();
        QVERIFY(port > 0);
        int judged = 0;
        connect(&proxyProcess, &QProcess::readyReadStandardError, this, [&] { judged += int(proxyProcess.readAllStandardError().count("conform-cli: proxy: ")); });

        auto post = [&](int count, qsizetype bytes) {
            const QByteArray body = "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"" + QByteArray(bytes, 'x') + "\"}]}";
            std::vector<QByteArray> replies;
            replies.resize(std::size_t(count));
            std::atomic<int> finished = 0;
            std::vector<std::thread> clients;
            for (int i = 0; i < count; ++i)
                clients.emplace_back([&, i] {
                    replies[std::size_t(i)] = postRaw(port, body);
                    ++finished;
                });
            [[maybe_unused]] const bool done = QTest::qWaitFor([&] { return finished == count; }, 120'000);
            for (std::thread& t : clients)
                t.join();
            for (const QByteArray& reply : replies)
                if (!reply.startsWith("HTTP/1.1 200 OK\r\n"))
                    return false;
            return true;
        };
        QVERIFY(post(1, 1000)); // warm-up: the store open, the first capture written
        QTRY_COMPARE_WITH_TIMEOUT(judged, 1, 20'000);
        QTest::qWait(500);
        const qint64 pid = proxyProcess.processId();
        const qint64 start = residentKiB(pid);
        const auto storeBytes = [&] { return QFileInfo(store).size() + QFileInfo(store + QStringLiteral("-wal")).size(); };
        const qint64 storeStart = storeBytes();
        QVERIFY(start > 0);

        QVERIFY(post(10, 30 * 1024 * 1024));
        QTRY_COMPARE_WITH_TIMEOUT(judged, 11, 60'000);
        QTest::qWait(1000); // the judging threads let go of their last buffers
        const qint64 after = residentKiB(pid);
        const qint64 peak = residentKiB(pid, "VmHWM:");
        qInfo("proxy resident memory: %lld KiB after warm-up, %lld KiB after ten 30 MB requests (peak %lld KiB); store grew %lld bytes",
              start, after, peak, storeBytes() - storeStart);
        QVERIFY2(after < 2 * start, qPrintable(QStringLiteral("%1 KiB -> %2 KiB").arg(start).arg(after)));
        QCOMPARE(upstream.answered, 11);
        // Ten captures of 30 MB bodies: each keeps at most the capture's cap (1 MiB) and a marker.
        QVERIFY2(storeBytes() - storeStart < 10 * 2 * 1024 * 1024, qPrintable(QString::number(storeBytes() - storeStart)));
        // Past the 32 MiB a server takes, a request body still streams to the upstream.
        QVERIFY(post(1, 40 * 1024 * 1024));
        QTRY_COMPARE_WITH_TIMEOUT(judged, 12, 60'000);
        QCOMPARE(upstream.answered, 12);

        proxyProcess.terminate();
        QVERIFY(proxyProcess.waitForFinished(20'000));
        auto opened = store::Store::open(store::StoreLocation::resolve(store).value());
        QVERIFY(opened.ok());
        int cut = 0;
        std::vector<Json> markers;
        std::vector<std::string> heads;
        opened.value()->forEachCapture({}, [&](const store::Capture& c) {
            const Json& body = c.run["attempts"][0]["request"]["body"];
            if (body.is_object() && body.contains("conform_cut")) {
                ++cut;
                markers.push_back(body["conform_cut"]);
                heads.push_back(body["head"].get<std::string>().substr(0, 40));
            }
            return true;
        });
        int of30 = 0, of40 = 0;
        for (const Json& marker : markers) {
            of30 += marker["bytes_sent"].get<qint64>() == qint64(30 * 1024 * 1024 + 65);
            of40 += marker["bytes_sent"].get<qint64>() == qint64(40 * 1024 * 1024 + 65);
        }
        QCOMPARE(of30, 10);
        QCOMPARE(of40, 1);
        for (const std::string& head : heads)
            QVERIFY(head.rfind("{\"model\":\"gpt-4o-mini\"", 0) == 0);
        QCOMPARE(cut, 11);
    }

    void badSchemaMapIsAnError()
    {
        const auto map = proxy::loadSchemaMap(kData + QStringLiteral("/bad-map.json"));
        QVERIFY(!map.ok());
        QVERIFY2(map.error().toString().find("/missing: nowhere.json") != std::string::npos, map.error().toString().c_str());
    }

    // The official clients, directly and through `conform-cli proxy`, against `conform-cli serve`.
    void officialClients()
    {
        const NodePeers peers = nodePeers(kClients, {QStringLiteral("openai"), QStringLiteral("@anthropic-ai/sdk")});
        REQUIRE_DEPENDENCY(peers.ok(), peers.problem);
        const QString& node = peers.node;
        QProcess serve;
        serve.start(kCli, {QStringLiteral("serve"), QStringLiteral("--scenario"), kData + QStringLiteral("/sdk-task.json"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
        QVERIFY(serve.waitForReadyRead(10'000));
        const QString serveUrl = QString::fromUtf8(serve.readLine()).trimmed().section(QLatin1Char(' '), 2);
        const QString store = m_dir.filePath(QStringLiteral("clients.db"));
        QProcess proxyProcess;
        proxyProcess.start(kCli, {QStringLiteral("proxy"), QStringLiteral("--upstream"), serveUrl, QStringLiteral("--schema-map"),
                                  kData + QStringLiteral("/schema-map.json"), QStringLiteral("--store"), store});
        QVERIFY(proxyProcess.waitForReadyRead(10'000));
        const QString proxyUrl = QString::fromUtf8(proxyProcess.readLine()).trimmed().section(QLatin1Char(' '), 2);
        QVERIFY2(proxyUrl.startsWith(QLatin1String("http://127.0.0.1:")), qPrintable(proxyUrl));

        QProcess check;
        check.setWorkingDirectory(kClients);
        check.setProcessChannelMode(QProcess::MergedChannels);
        check.start(node, {QStringLiteral("check_proxy.mjs"), serveUrl, proxyUrl});
        QVERIFY(check.waitForFinished(120'000));
        const QByteArray output = check.readAll();
        qDebug().noquote() << output;
        QVERIFY2(check.exitCode() == 0, output.constData());
        const int calls = output.count("\nok   ") + (output.startsWith("ok   ") ? 1 : 0);
        QCOMPARE(calls, 10); // 6 Chat Completions and Anthropic, 4 Responses API

        proxyProcess.terminate(); // SIGTERM: the proxy commits what is queued, then exits
        QVERIFY(proxyProcess.waitForFinished(10'000));
        QCOMPARE(proxyProcess.exitCode(), 0);
        serve.kill();
        serve.waitForFinished();
        auto opened = store::Store::open(store::StoreLocation::resolve(store).value());
        QVERIFY(opened.ok());
        store::Filter proxied;
        proxied.labels = {{"source", "proxy"}, {"schema", "task"}};
        QCOMPARE(opened.value()->count(proxied).value(), std::int64_t(9)); // one capture per proxied call
        proxied.outcome = int(store::OutcomeCode::Valid);
        QCOMPARE(opened.value()->count(proxied).value(), std::int64_t(9));
        // A Responses format the map does not name: judged by the schema the request carried.
        store::Filter inline_;
        inline_.labels = {{"source", "proxy"}, {"schema", "inline_task"}, {"validated", "true"}};
        inline_.outcome = int(store::OutcomeCode::Valid);
        QCOMPARE(opened.value()->count(inline_).value(), std::int64_t(1));
        store::Filter responses;
        responses.labels = {{"source", "proxy"}};
        responses.provider = "openai-responses";
        QCOMPARE(opened.value()->count(responses).value(), std::int64_t(4));
        std::string everything;
        opened.value()->forEachCapture({}, [&](const store::Capture& c) { everything += dump(c.document()); return true; });
        QVERIFY2(everything.find("not-a-real-key") == std::string::npos, "a key reached a capture");
    }
};

QTEST_GUILESS_MAIN(TestProxy)
#include "test_proxy.moc"
