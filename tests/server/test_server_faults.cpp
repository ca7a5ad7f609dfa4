// The replay server in-process: scenario faults (status, cut, stall, delay), bad requests,
// connection handling (keep-alive, pipelining, 100-continue, limits, many clients, garbage).
#include "server_fixture.h"

#include "providers/scenario.h"

#include <QRandomGenerator>

using namespace conform;
using namespace conform::test;

namespace {

// The body of a raw response (after the head), or "" when there is no complete head.
QByteArray bodyOf(const QByteArray& response)
{
    const qsizetype end = response.indexOf("\r\n\r\n");
    return end < 0 ? QByteArray() : response.mid(end + 4);
}

int countResponses(const QByteArray& received)
{
    return static_cast<int>(received.count("HTTP/1.1 "));
}

} // namespace

void TestServer::faults_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("request");
    const QByteArray messages = R"({"role":"user","content":"hi"})";
    QTest::newRow("anthropic") << QByteArray("/v1/messages")
                               << R"({"model":"faults","max_tokens":10,"messages":[)" + messages + "]}";
    QTest::newRow("openai") << QByteArray("/v1/chat/completions") << R"({"model":"faults","messages":[)" + messages + "]}";
    QTest::newRow("ollama") << QByteArray("/api/chat") << R"({"model":"faults","stream":false,"messages":[)" + messages + "]}";
}

// 429 with retry headers, 529, a custom JSON body, a raw text body, then success: each in
// the protocol's own error shape where the scenario gives no body.
void TestServer::faults()
{
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, request);
    const QUrl target = url(path.constData());
    const HttpResult limited = send(m_nam, "POST", target, request);
    QCOMPARE(limited.status, 429);
    QCOMPARE(limited.header("retry-after"), QByteArray("2"));
    QCOMPARE(limited.header("retry-after-ms"), QByteArray("1500"));
    const Json body = parse(limited.body);
    if (path == "/v1/messages") {
        QCOMPARE_JSON(body["type"], Json("error"));
        QCOMPARE_JSON(body["error"]["type"], Json("rate_limit_error"));
        QCOMPARE(body["request_id"].get<std::string>(), limited.header("request-id").toStdString());
    } else if (path == "/v1/chat/completions") {
        QCOMPARE_JSON(body["error"]["code"], Json("rate_limit_exceeded"));
        QVERIFY(body["error"]["message"].is_string());
    } else {
        QVERIFY(body["error"].is_string());
    }
    const HttpResult overloaded = send(m_nam, "POST", target, request);
    QCOMPARE(overloaded.status, 529);
    if (path == "/v1/messages")
        QCOMPARE_JSON(parse(overloaded.body)["error"]["type"], Json("overloaded_error"));
    const HttpResult custom = send(m_nam, "POST", target, request);
    QCOMPARE(custom.status, 500);
    QCOMPARE_JSON(parse(custom.body), (Json{{"custom", true}}));
    const HttpResult plain = send(m_nam, "POST", target, request);
    QCOMPARE(plain.status, 503);
    QCOMPARE(plain.body, QByteArray("plain words"));
    QVERIFY(plain.header("content-type").startsWith("text/plain"));
    QCOMPARE(send(m_nam, "POST", target, request).status, 200);
}

// A fault answers the same way whether or not the request asked for a stream.
void TestServer::faultBodies()
{
    Json request = anthropicRequest("faults", true);
    const HttpResult r = post("/v1/messages", request);
    QCOMPARE(r.status, 429);
    QCOMPARE(r.header("content-type"), QByteArray("application/json"));
    QCOMPARE_JSON(parse(r.body)["error"]["type"], Json("rate_limit_error"));
    QVERIFY(!m_logs.back().stream);
}

void TestServer::dropMidBody()
{
    const HttpResult r = post("/v1/chat/completions", openAiRequest("drop", false));
    QVERIFY(r.error != QNetworkReply::NoError);
    QVERIFY2(r.body.size() <= 100, r.body.constData());
    // Through raw TCP: the full Content-Length is announced, 100 bytes follow, then the end.
    const QByteArray body = R"({"model":"drop","messages":[]})";
    const QByteArray request = "POST /v1/chat/completions HTTP/1.1\r\nContent-Length: " + QByteArray::number(body.size()) +
                               "\r\n\r\n" + body;
    const RawResult raw = exchange(m_server->port(), request, nullptr);
    QVERIFY(raw.closed);
    QCOMPARE(bodyOf(raw.received).size(), 100);
    QVERIFY(raw.received.contains("content-length: "));
}

void TestServer::dropMidStream()
{
    const QByteArray body = R"({"model":"drop","max_tokens":5,"stream":true,"messages":[]})";
    const QByteArray request = "POST /v1/messages HTTP/1.1\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    const RawResult raw = exchange(m_server->port(), request, nullptr);
    QVERIFY(raw.closed);
    QVERIFY(!raw.timedOut);
    QVERIFY(raw.received.contains("transfer-encoding: chunked"));
    QVERIFY(raw.received.contains("event: message_start"));
    QVERIFY(!raw.received.contains("message_stop"));
    QVERIFY(!raw.received.endsWith("0\r\n\r\n"));
    // Qt 6.4's QNetworkAccessManager reports NoError for a chunked body cut mid-chunk, so a
    // client must notice the missing message_stop itself; what it receives is the first 100 bytes.
    const HttpResult viaNam = post("/v1/messages", anthropicRequest("drop", true));
    QCOMPARE(viaNam.body.size(), 100);
    QVERIFY(viaNam.body.startsWith("event: message_start\n"));
    QVERIFY(!viaNam.body.contains("message_stop"));
}

// The head and the first event arrive at once; the rest after the stall. The first read is
// checked by what it holds, not by when it came: it ends before the stalled part (a server that
// held the stream back would deliver it whole). No clock is read: a busy machine stretches time.
void TestServer::stallThenFinish()
{
    const HttpResult r = post("/v1/chat/completions", openAiRequest("stall", true));
    QCOMPARE(r.status, 200);
    QVERIFY(r.firstRead.startsWith("data: "));
    QVERIFY2(!r.firstRead.contains("[DONE]") && r.firstRead.size() < r.body.size(), r.firstRead.constData());
    QVERIFY(r.body.endsWith("data: [DONE]\n\n"));
    QVERIFY(r.body.contains("slow"));
}

void TestServer::delayBeforeAnything()
{
    const HttpResult r = post("/api/chat", ollamaRequest("delay", false));
    QCOMPARE(r.status, 200);
    QVERIFY(!r.timedOut);
    QCOMPARE_JSON(parse(r.body)["message"]["content"], Json("late"));
}

void TestServer::badRequests_data()
{
    QTest::addColumn<QByteArray>("verb");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("shape"); // the JSON pointer that must hold a string
    QTest::addColumn<QByteArray>("says");  // what the message must contain ("" : anything)
    QTest::newRow("anthropic not JSON") << QByteArray("POST") << QByteArray("/v1/messages") << QByteArray("{oops") << 400
                                        << QByteArray("/error/message") << QByteArray();
    QTest::newRow("anthropic no max_tokens") << QByteArray("POST") << QByteArray("/v1/messages")
                                             << QByteArray(R"({"model":"x","messages":[]})") << 400 << QByteArray("/error/type") << QByteArray();
    QTest::newRow("anthropic array body") << QByteArray("POST") << QByteArray("/v1/messages") << QByteArray("[]") << 400
                                          << QByteArray("/error/message") << QByteArray();
    QTest::newRow("openai no messages") << QByteArray("POST") << QByteArray("/v1/chat/completions")
                                        << QByteArray(R"({"model":"x"})") << 400 << QByteArray("/error/message") << QByteArray();
    QTest::newRow("openai stream not bool") << QByteArray("POST") << QByteArray("/v1/chat/completions")
                                            << QByteArray(R"({"model":"x","messages":[],"stream":"yes"})") << 400
                                            << QByteArray("/error/message") << QByteArray();
    QTest::newRow("ollama no model") << QByteArray("POST") << QByteArray("/api/chat") << QByteArray(R"({"messages":[]})")
                                     << 400 << QByteArray("/error") << QByteArray();
    QTest::newRow("deep nesting") << QByteArray("POST") << QByteArray("/api/chat") << QByteArray(100000, '[') << 400
                                  << QByteArray("/error") << QByteArray();
    QTest::newRow("unknown path") << QByteArray("POST") << QByteArray("/v2/whatever") << QByteArray("{}") << 404
                                  << QByteArray("/error/message") << QByteArray("no route for /v2/whatever");
    QTest::newRow("wrong method") << QByteArray("GET") << QByteArray("/v1/messages") << QByteArray() << 405
                                  << QByteArray("/error/message") << QByteArray("use POST for /v1/messages");
}

void TestServer::badRequests()
{
    QFETCH(QByteArray, verb);
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QByteArray, shape);
    QFETCH(QByteArray, says);
    const HttpResult r = send(m_nam, verb, url(path.constData()), body);
    QCOMPARE(r.status, status);
    const Json json = parse(r.body);
    QVERIFY2(json.contains(Json::json_pointer(shape.toStdString())) && json[Json::json_pointer(shape.toStdString())].is_string(),
             r.body.constData());
    QVERIFY2(r.body.contains(says), r.body.constData());
    QCOMPARE(m_logs.back().status, status);
    QCOMPARE(m_logs.back().turn, 0); // a refused request uses no turn
}

void TestServer::badFraming_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QByteArray>("statusLine");
    QTest::newRow("request line") << QByteArray("HELLO\r\n\r\n") << QByteArray("HTTP/1.1 400 ");
    QTest::newRow("version") << QByteArray("GET / HTTP/3\r\n\r\n") << QByteArray("HTTP/1.1 505 ");
    QTest::newRow("bad chunk size") << QByteArray("POST /api/chat HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
                                    << QByteArray("HTTP/1.1 400 ");
    QTest::newRow("chunks over the limit") << QByteArray("POST /api/chat HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nffffffff\r\n")
                                           << QByteArray("HTTP/1.1 413 ");
    QTest::newRow("gzip that is not") << QByteArray("POST /api/chat HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}")
                                      << QByteArray("HTTP/1.1 400 ");
    QTest::newRow("head too large") << "GET / HTTP/1.1\r\nX-Big: " + QByteArray(80 * 1024, 'y') << QByteArray("HTTP/1.1 431 ");
    QTest::newRow("body too large") << QByteArray("POST /v1/messages HTTP/1.1\r\nContent-Length: 900000000\r\n\r\n")
                                    << QByteArray("HTTP/1.1 413 ");
}

// Framing errors get a status, an error body, and the connection closed.
void TestServer::badFraming()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QByteArray, statusLine);
    const RawResult raw = exchange(m_server->port(), bytes, nullptr);
    QVERIFY2(raw.received.startsWith(statusLine), raw.received.left(80).constData());
    QVERIFY(raw.closed);
    QVERIFY(raw.received.contains("connection: close"));
    QVERIFY(!parse(bodyOf(raw.received)).is_null());
}

void TestServer::keepAliveAndPipelining()
{
    const QByteArray body = R"({"model":"seq","stream":false,"messages":[]})";
    const QByteArray one = "POST /api/chat HTTP/1.1\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    const RawResult raw = exchange(m_server->port(), one + one + "GET /api/tags HTTP/1.1\r\n\r\n",
                                   [](const QByteArray& got) { return countResponses(got) == 3 && got.endsWith("]}"); });
    QVERIFY(!raw.closed);
    QCOMPARE(countResponses(raw.received), 3);
    const qsizetype first = raw.received.indexOf("\"one\"");
    const qsizetype second = raw.received.indexOf("\"two\"");
    QVERIFY(first > 0 && second > first);
    QVERIFY(raw.received.indexOf("\"models\"") > second);
}

// Bodies as the OpenTelemetry and other Node exporters send them: chunked, gzip-compressed
// (the stream made by `printf '{"model":"seq","stream":false,"messages":[]}' | gzip -n -9`),
// several requests on one kept-alive connection.
void TestServer::chunkedAndGzipBodies()
{
    const QByteArray body = R"({"model":"seq","stream":false,"messages":[]})";
    QByteArray chunks;
    for (qsizetype i = 0; i < body.size(); i += 7)
        chunks += QByteArray::number(std::min<qsizetype>(7, body.size() - i), 16) + "\r\n" + body.mid(i, 7) + "\r\n";
    const QByteArray chunked = "POST /api/chat HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + "0\r\n\r\n";
    const QByteArray gzipped = QByteArray::fromHex("1f8b0800000000000203ab56cacd4f49cd51b2522a4e2d54d2512a2e294a4dcc55b24a4bcc294ed551ca4d2d2e4e4c4f2d56b28a8ead0500db471dfc2c000000");
    const QByteArray zipped = "POST /api/chat HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: " + QByteArray::number(gzipped.size()) + "\r\n\r\n" + gzipped;
    const RawResult raw = exchange(m_server->port(), chunked + zipped + "GET /api/tags HTTP/1.1\r\n\r\n",
                                   [](const QByteArray& got) { return countResponses(got) == 3 && got.endsWith("]}"); });
    QVERIFY(!raw.closed);
    QCOMPARE(countResponses(raw.received), 3);
    QCOMPARE(raw.received.count("HTTP/1.1 200 "), 3);
    const qsizetype first = raw.received.indexOf("\"one\"");
    const qsizetype second = raw.received.indexOf("\"two\"");
    QVERIFY2(first > 0 && second > first, raw.received.constData());
}

void TestServer::expectContinue()
{
    const QByteArray body = R"({"model":"seq","stream":false,"messages":[]})";
    QTcpSocket socket;
    socket.connectToHost(QStringLiteral("127.0.0.1"), m_server->port());
    QTRY_VERIFY(socket.state() == QAbstractSocket::ConnectedState);
    socket.write("POST /api/chat HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n");
    QByteArray got;
    QTRY_VERIFY((got += socket.readAll()).startsWith("HTTP/1.1 100 Continue\r\n\r\n"));
    socket.write(body);
    QTRY_VERIFY((got += socket.readAll()).contains("\"one\""));
    QVERIFY(got.contains("HTTP/1.1 200 OK"));
}

void TestServer::bodyLimit()
{
    server::ServerOptions options;
    options.limits.maxBodyBytes = 1000;
    auto scenario = providers::parseScenarioText(R"({"name": "n", "description": "d", "turns": [{"text": "ok"}]})");
    server::ReplayServer small({scenario.value()}, options);
    QVERIFY(small.listen().ok());
    QUrl target = small.url();
    target.setPath(QStringLiteral("/api/chat"));
    const HttpResult tooBig = send(m_nam, "POST", target, QByteArray(2000, ' '));
    QCOMPARE(tooBig.status, 413);
    const HttpResult fine = send(m_nam, "POST", target, R"({"model":"n","stream":false})");
    QCOMPARE(fine.status, 200);
}

// Fifty clients at once, each answered after a 300 ms delay: they overlap, nobody waits
// for anybody else.
void TestServer::concurrentConnections()
{
    const QByteArray body = R"({"model":"delay","stream":false})";
    const QByteArray request = "POST /api/chat HTTP/1.1\r\nConnection: close\r\nContent-Length: " +
                               QByteArray::number(body.size()) + "\r\n\r\n" + body;
    const int before = m_server->connectionCount(); // QNAM keeps its own connections open
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    std::vector<QByteArray> received(50);
    int closed = 0;
    for (int i = 0; i < 50; ++i) {
        auto socket = std::make_unique<QTcpSocket>();
        QTcpSocket* s = socket.get();
        connect(s, &QTcpSocket::connected, this, [s, request] { s->write(request); });
        connect(s, &QTcpSocket::readyRead, this, [s, &received, i] { received[i] += s->readAll(); });
        connect(s, &QTcpSocket::disconnected, this, [&closed] { ++closed; });
        s->connectToHost(QStringLiteral("127.0.0.1"), m_server->port());
        sockets.push_back(std::move(socket));
    }
    // One after the other they would need 50 x 300 ms = 15 s at the very least; the wait is
    // bounded well below that and well above what overlapping answers need on a loaded machine.
    QTRY_COMPARE_WITH_TIMEOUT(closed, 50, 10'000);
    for (const QByteArray& r : received)
        QVERIFY(r.startsWith("HTTP/1.1 200 OK") && r.contains("\"late\""));
    QTRY_COMPARE(m_server->connectionCount(), before);
}

// Random bytes on many connections: each gets an error or nothing, and the server still
// answers a proper request afterwards.
void TestServer::garbageDoesNotHurt()
{
    QRandomGenerator random(7);
    for (int round = 0; round < 20; ++round) {
        QByteArray bytes(random.bounded(1, 3000), Qt::Uninitialized);
        for (char& c : bytes)
            c = static_cast<char>(random.bounded(256));
        if (round % 2)
            bytes.prepend("POST /v1/messages HTTP/1.1\r\nContent-Length: 40\r\n\r\n");
        exchange(m_server->port(), bytes, [](const QByteArray& got) { return got.size() > 0; }, 150);
    }
    QCOMPARE(get("/api/tags").status, 200);
}
