// HTTP/1.1 request framing: complete, partial and hostile inputs.
#include "server/http_request.h"
#include "server/http_response.h"

#include <QRandomGenerator>
#include <QTest>

using namespace conform::server;
using State = ParseOutcome::State;

Q_DECLARE_METATYPE(State)

class TestHttpParser : public QObject
{
    Q_OBJECT

private slots:
    void outcomes_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<State>("state");
        QTest::addColumn<int>("status");
        const QByteArray post = "POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\n";
        QTest::newRow("complete") << post + "abcd" << State::Complete << 0;
        QTest::newRow("body partial") << post + "ab" << State::NeedMore << 0;
        QTest::newRow("head partial") << QByteArray("POST /v1/messages HTTP/1.1\r\nHost:") << State::NeedMore << 0;
        QTest::newRow("bare LF") << QByteArray("GET /api/tags HTTP/1.1\nHost: x\n\n") << State::Complete << 0;
        QTest::newRow("leading blank lines") << QByteArray("\r\n\r\nGET / HTTP/1.1\r\n\r\n") << State::Complete << 0;
        QTest::newRow("no target slash") << QByteArray("GET api HTTP/1.1\r\n\r\n") << State::Error << 400;
        QTest::newRow("two words") << QByteArray("GET /\r\n\r\n") << State::Error << 400;
        QTest::newRow("bad method") << QByteArray("G(T / HTTP/1.1\r\n\r\n") << State::Error << 400;
        QTest::newRow("http 2") << QByteArray("GET / HTTP/2.0\r\n\r\n") << State::Error << 505;
        QTest::newRow("no colon") << QByteArray("GET / HTTP/1.1\r\nHost x\r\n\r\n") << State::Error << 400;
        QTest::newRow("space in name") << QByteArray("GET / HTTP/1.1\r\nHo st: x\r\n\r\n") << State::Error << 400;
        QTest::newRow("length letters") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 4x\r\n\r\n") << State::Error << 400;
        QTest::newRow("length negative") << QByteArray("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") << State::Error << 400;
        QTest::newRow("length conflict") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
                                         << State::Error << 400;
        QTest::newRow("length huge") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 999999999999999999\r\n\r\n")
                                     << State::Error << 413;
        QTest::newRow("chunked") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") << State::Error << 411;
        QTest::newRow("head too big") << "GET / HTTP/1.1\r\nX: " + QByteArray(70 * 1024, 'a') << State::Error << 431;
        QByteArray many = "GET / HTTP/1.1\r\n";
        for (int i = 0; i < 150; ++i)
            many += "X-" + QByteArray::number(i) + ": 1\r\n";
        QTest::newRow("too many headers") << many + "\r\n" << State::Error << 431;
    }

    void outcomes()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(State, state);
        QFETCH(int, status);
        const ParseOutcome outcome = parseRequest(bytes);
        QCOMPARE(outcome.state, state);
        QCOMPARE(outcome.errorStatus, status);
        if (state == State::Complete)
            QCOMPARE(outcome.consumed, bytes.size());
    }

    void fields()
    {
        const QByteArray bytes = "POST /v1/chat/completions?x=1 HTTP/1.1\r\nAuthorization: Bearer k\r\n"
                                 "X-Conform-Session: abc\r\ncontent-length: 2\r\n\r\n{}";
        const ParseOutcome outcome = parseRequest(bytes);
        QCOMPARE(outcome.state, State::Complete);
        QCOMPARE(outcome.request.method, QByteArray("POST"));
        QCOMPARE(outcome.request.path, QByteArray("/v1/chat/completions"));
        QCOMPARE(outcome.request.target, QByteArray("/v1/chat/completions?x=1"));
        QCOMPARE(outcome.request.header("x-conform-session"), QByteArray("abc"));
        QCOMPARE(outcome.request.body, QByteArray("{}"));
        QVERIFY(outcome.request.keepAlive());
    }

    void pipelined()
    {
        const QByteArray one = "POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc";
        const QByteArray two = "GET /b HTTP/1.1\r\n\r\n";
        const ParseOutcome first = parseRequest(one + two);
        QCOMPARE(first.state, State::Complete);
        QCOMPARE(first.consumed, one.size());
        QCOMPARE(first.request.body, QByteArray("abc"));
        const ParseOutcome second = parseRequest(QByteArray(one + two).mid(first.consumed));
        QCOMPARE(second.request.path, QByteArray("/b"));
    }

    void keepAlive_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("keep");
        QTest::newRow("1.1") << QByteArray("GET / HTTP/1.1\r\n\r\n") << true;
        QTest::newRow("1.1 close") << QByteArray("GET / HTTP/1.1\r\nConnection: close\r\n\r\n") << false;
        QTest::newRow("1.0") << QByteArray("GET / HTTP/1.0\r\n\r\n") << false;
        QTest::newRow("1.0 keep-alive") << QByteArray("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n") << true;
    }

    void keepAlive()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, keep);
        QCOMPARE(parseRequest(bytes).request.keepAlive(), keep);
    }

    void expectContinue()
    {
        const ParseOutcome outcome = parseRequest("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n");
        QCOMPARE(outcome.state, State::NeedMore);
        QVERIFY(outcome.headerComplete);
        QVERIFY(outcome.request.expectsContinue());
    }

    void limits()
    {
        HttpLimits small;
        small.maxBodyBytes = 10;
        QCOMPARE(parseRequest("POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n", small).errorStatus, 413);
        QCOMPARE(parseRequest("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n0123456789", small).state, State::Complete);
    }

    // Random bytes never crash the parser and never yield a "complete" request with a
    // consumed count beyond the buffer.
    void garbage()
    {
        QRandomGenerator random(42);
        for (int round = 0; round < 2000; ++round) {
            QByteArray bytes(random.bounded(1, 400), Qt::Uninitialized);
            for (char& c : bytes)
                c = static_cast<char>(random.bounded(256));
            if (round % 3 == 0)
                bytes.prepend("POST / HTTP/1.1\r\nContent-Length: 7\r\n");
            const ParseOutcome outcome = parseRequest(bytes);
            QVERIFY(outcome.consumed <= bytes.size());
        }
    }

    void responseHead()
    {
        ResponsePlan plan;
        plan.status = 429;
        plan.addHeader("retry-after", "2");
        plan.pieces = {"ab", "cd"};
        const QByteArray head = serializeHead(plan, true);
        QVERIFY(head.startsWith("HTTP/1.1 429 Too Many Requests\r\n"));
        QVERIFY(head.contains("\r\nretry-after: 2\r\n"));
        QVERIFY(head.contains("\r\ncontent-length: 4\r\n"));
        QVERIFY(head.endsWith("connection: keep-alive\r\n\r\n"));
        plan.streamed = true;
        QVERIFY(serializeHead(plan, false).contains("transfer-encoding: chunked\r\n"));
        QCOMPARE(chunk("hello"), QByteArray("5\r\nhello\r\n"));
    }
};

QTEST_GUILESS_MAIN(TestHttpParser)
#include "test_http_parser.moc"
