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
        QTest::newRow("chunked, no chunk yet") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") << State::NeedMore << 0;
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

    // Chunked and compressed bodies: the request's body is the decoded bytes. The gzip and
    // zlib streams were made by `gzip -n -9` and Python's zlib.compress, not by Conform.
    void bodies_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<State>("state");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        const QByteArray chunked = "POST /v1/traces HTTP/1.1\r\nTransfer-Encoding: chunked\r\n";
        const QByteArray gzipped = QByteArray::fromHex("1f8b0800000000000203ab56ca48cdc9c957b2522acf2fca4951aa0500d14109d811000000");
        const QByteArray zlibbed = QByteArray::fromHex("789cab56ca48cdc9c957b2522acf2fca4951aa0500356b05f7");
        const QByteArray hello = R"({"hello":"world"})";
        const auto sized = [](const QByteArray& head, const QByteArray& body) -> QByteArray {
            return head + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        };
        QTest::newRow("chunked") << QByteArray(chunked + "\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n") << State::Complete << 0 << QByteArray("hello world");
        QTest::newRow("chunked, upper-case hex and extension") << QByteArray(chunked + "\r\nB;name=v\r\nhello world\r\n0\r\n\r\n") << State::Complete << 0
                                                               << QByteArray("hello world");
        QTest::newRow("chunked with trailers") << QByteArray(chunked + "\r\n2\r\nok\r\n0\r\nX-Checksum: 1\r\n\r\n") << State::Complete << 0 << QByteArray("ok");
        QTest::newRow("chunked, bare LF") << QByteArray(chunked + "\r\n2\nok\n0\n\n") << State::Complete << 0 << QByteArray("ok");
        QTest::newRow("chunked, data partial") << QByteArray(chunked + "\r\n5\r\nhel") << State::NeedMore << 0 << QByteArray();
        QTest::newRow("chunked, no last chunk") << QByteArray(chunked + "\r\n2\r\nok\r\n") << State::NeedMore << 0 << QByteArray();
        QTest::newRow("chunked, trailers partial") << QByteArray(chunked + "\r\n2\r\nok\r\n0\r\nX-A: 1\r\n") << State::NeedMore << 0 << QByteArray();
        QTest::newRow("chunk size not hex") << QByteArray(chunked + "\r\nzz\r\nhello\r\n0\r\n\r\n") << State::Error << 400 << QByteArray();
        QTest::newRow("chunk size negative") << QByteArray(chunked + "\r\n-5\r\nhello\r\n0\r\n\r\n") << State::Error << 400 << QByteArray();
        QTest::newRow("chunk longer than it says") << QByteArray(chunked + "\r\n2\r\nhello\r\n0\r\n\r\n") << State::Error << 400 << QByteArray();
        QTest::newRow("chunk size over the limit") << QByteArray(chunked + "\r\n7fffffff\r\n") << State::Error << 413 << QByteArray();
        QTest::newRow("chunk size of 40 digits") << QByteArray(chunked + "\r\n" + QByteArray(40, 'f') + "\r\n") << State::Error << 413 << QByteArray();
        QTest::newRow("chunk size line without end") << QByteArray(chunked + "\r\n" + QByteArray(5000, '1')) << State::Error << 400 << QByteArray();
        QTest::newRow("chunked and content-length") << QByteArray(chunked + "Content-Length: 2\r\n\r\n2\r\nok\r\n0\r\n\r\n") << State::Error << 400 << QByteArray();
        QTest::newRow("another transfer coding") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") << State::Error << 501
                                                 << QByteArray();
        QTest::newRow("gzip") << QByteArray(sized("POST /v1/logs HTTP/1.1\r\nContent-Encoding: gzip\r\n", gzipped)) << State::Complete << 0 << hello;
        QTest::newRow("deflate (zlib)") << QByteArray(sized("POST / HTTP/1.1\r\nContent-Encoding: deflate\r\n", zlibbed)) << State::Complete << 0 << hello;
        QByteArray gzipChunks = chunked + "Content-Encoding: gzip\r\n\r\n";
        for (qsizetype i = 0; i < gzipped.size(); i += 7)
            gzipChunks += QByteArray::number(std::min<qsizetype>(7, gzipped.size() - i), 16) + "\r\n" + gzipped.mid(i, 7) + "\r\n";
        QTest::newRow("gzip in chunks") << QByteArray(gzipChunks + "0\r\n\r\n") << State::Complete << 0 << hello;
        QTest::newRow("gzip cut short") << QByteArray(sized("POST / HTTP/1.1\r\nContent-Encoding: gzip\r\n", gzipped.left(20))) << State::Error << 400 << QByteArray();
        QTest::newRow("gzip that is not") << QByteArray(sized("POST / HTTP/1.1\r\nContent-Encoding: gzip\r\n", hello)) << State::Error << 400 << QByteArray();
        QTest::newRow("gzip with garbage after") << QByteArray(sized("POST / HTTP/1.1\r\nContent-Encoding: gzip\r\n", gzipped + "junk")) << State::Error << 400
                                                 << QByteArray();
        QTest::newRow("two gzip members") << QByteArray(sized("POST / HTTP/1.1\r\nContent-Encoding: gzip\r\n", gzipped + gzipped)) << State::Complete << 0
                                          << QByteArray(hello + hello);
        QTest::newRow("brotli") << QByteArray(sized("POST / HTTP/1.1\r\nContent-Encoding: br\r\n", hello)) << State::Error << 415 << QByteArray();
    }

    void bodies()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(State, state);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        const ParseOutcome outcome = parseRequest(bytes);
        QCOMPARE(outcome.state, state);
        QCOMPARE(outcome.errorStatus, status);
        if (state == State::Complete) {
            QCOMPARE(outcome.request.body, body);
            QCOMPARE(outcome.consumed, bytes.size());
        }
        // Fed a byte at a time, resuming where it stopped, the parser reaches the same verdict.
        ChunkedProgress progress;
        ParseOutcome fed;
        for (qsizetype n = 1; n <= bytes.size(); ++n) {
            fed = parseRequest(bytes.left(n), {}, &progress);
            if (fed.state != State::NeedMore)
                break;
        }
        QCOMPARE(fed.state, state);
        QCOMPARE(fed.errorStatus, status);
        if (state == State::Complete)
            QCOMPARE(fed.request.body, body);
    }

    // The decoded size is what the limit holds: a small gzip body that inflates past it is
    // 413 (2,000 zero bytes from `head -c 2000 /dev/zero | gzip -n -9`, 35 bytes on the wire),
    // and so are chunks adding up past it. A pipelined request after a chunked one is read.
    void decodedLimits()
    {
        HttpLimits small;
        small.maxBodyBytes = 1000;
        const QByteArray bomb = QByteArray::fromHex("1f8b080000000000020363601805a360148c8251300a46c150070044f4c902d0070000");
        const QByteArray gz = "POST / HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: " + QByteArray::number(bomb.size()) + "\r\n\r\n" + bomb;
        QCOMPARE(parseRequest(gz, small).errorStatus, 413);
        small.maxBodyBytes = 2000;
        const ParseOutcome fits = parseRequest(gz, small);
        QCOMPARE(fits.state, State::Complete);
        QCOMPARE(fits.request.body, QByteArray(2000, '\0'));
        small.maxBodyBytes = 10;
        QCOMPARE(parseRequest("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n5\r\nabcde\r\n", small).errorStatus, 413);
        const QByteArray one = "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n";
        const QByteArray two = "GET /b HTTP/1.1\r\n\r\n";
        const ParseOutcome first = parseRequest(one + two);
        QCOMPARE(first.state, State::Complete);
        QCOMPARE(first.consumed, one.size());
        QCOMPARE(parseRequest(QByteArray(one + two).mid(first.consumed)).request.path, QByteArray("/b"));
        // The proxy frames by Content-Length only and forwards bodies as sent.
        HttpLimits forwarded;
        forwarded.decodeBodies = false;
        QCOMPARE(parseRequest(one, forwarded).errorStatus, 411);
        const QByteArray gzipped = QByteArray::fromHex("1f8b0800000000000203ab56ca48cdc9c957b2522acf2fca4951aa0500d14109d811000000");
        const ParseOutcome asSent = parseRequest("POST / HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: " + QByteArray::number(gzipped.size())
                                                     + "\r\n\r\n" + gzipped, forwarded);
        QCOMPARE(asSent.request.body, gzipped);
    }

    // A body of 200,000 one-byte chunks arriving in 2,000 pieces: the progress kept between
    // calls holds exactly the chunks complete so far, so each call reads only the new ones.
    void chunksAreReadOnce()
    {
        const QByteArray head = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
        QByteArray bytes = head;
        for (int i = 0; i < 200'000; ++i)
            bytes += "1\r\nx\r\n";
        bytes += "0\r\n\r\n";
        ChunkedProgress progress;
        ParseOutcome outcome;
        const qsizetype step = bytes.size() / 2000 + 1;
        for (qsizetype n = step;; n = std::min(n + step, bytes.size())) {
            outcome = parseRequest(bytes.left(n), {}, &progress);
            if (outcome.state != State::NeedMore)
                break;
            const qsizetype complete = std::min<qsizetype>(200'000, std::max<qsizetype>(0, (n - head.size()) / 6));
            QCOMPARE(progress.body.size(), complete);
            QCOMPARE(progress.offset, head.size() + 6 * complete);
        }
        QCOMPARE(outcome.state, State::Complete);
        QCOMPARE(outcome.request.body, QByteArray(200'000, 'x'));
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
            if (round % 3 == 1)
                bytes.prepend("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n");
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
