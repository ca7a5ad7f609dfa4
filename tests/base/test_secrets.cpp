// base/secrets.h, the registry every key is masked by, and the command line's masking
// streams (app/cli/masking_stream.h): what is remembered, how it is masked, and that a key
// written in pieces, across flushes or inside a long line still leaves masked.
#include "base/secrets.h"
#include "masking_stream.h"

#include <QTest>

#include <ostream>
#include <sstream>

using namespace conform;

class SecretsTest : public QObject
{
    Q_OBJECT
private slots:
    void init() { secrets::forgetAllForTests(); }
    void cleanupTestCase() { secrets::forgetAllForTests(); }

    void mask_data()
    {
        QTest::addColumn<QString>("header");   // a forwarded header's name, "" for a configured key
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("configured") << "" << "notakey-0123456789" << "bad key notakey-0123456789, twice notakey-0123456789"
                                    << "bad key [redacted], twice [redacted]";
        QTest::newRow("too short to mask") << "" << "abc1234" << "abc1234 stays" << "abc1234 stays";
        QTest::newRow("bearer token alone") << "authorization" << "Bearer notakey-bearer-42" << "Incorrect API key provided: notakey-bearer-42."
                                            << "Incorrect API key provided: [redacted].";
        QTest::newRow("x-api-key") << "x-api-key" << "notakey-anthropic-77" << "invalid x-api-key notakey-anthropic-77" << "invalid x-api-key [redacted]";
        QTest::newRow("not a secret header") << "x-request-id" << "req-0123456789abcdef" << "id req-0123456789abcdef" << "id req-0123456789abcdef";
        // Plain literals: moc cannot read raw strings holding backslashes.
        QTest::newRow("as JSON writes it") << "" << "notakey-\"quoted\"-1" << "{\"m\":\"notakey-\\\"quoted\\\"-1\"}" << "{\"m\":\"[redacted]\"}";
    }
    void mask()
    {
        QFETCH(QString, header);
        QFETCH(QString, value);
        QFETCH(QString, text);
        QFETCH(QString, expected);
        if (header.isEmpty())
            secrets::remember(value.toStdString());
        else
            secrets::rememberHeader(header.toStdString(), value.toStdString());
        QCOMPARE(QString::fromStdString(secrets::mask(text.toStdString())), expected);
        QCOMPARE(secrets::holdsAny(std::string_view(text.toStdString())), text != expected);
    }

    void environmentKeys()
    {
        qputenv("CONFORM_TEST_SECRET_API_KEY", "notakey-from-the-environment");
        secrets::forgetAllForTests(); // read again on next use
        QCOMPARE(QString::fromStdString(secrets::mask("x notakey-from-the-environment y")), QStringLiteral("x [redacted] y"));
        qunsetenv("CONFORM_TEST_SECRET_API_KEY");
    }

    void maskJson()
    {
        secrets::remember("notakey-json-0123");
        Json value = Json::parse(R"({"a":["notakey-json-0123 here",1],"notakey-json-0123":{"b":"clean"}})");
        QVERIFY(secrets::holdsAny(value));
        QVERIFY(secrets::mask(value));
        QCOMPARE(QString::fromStdString(dump(value)), QStringLiteral(R"({"a":["[redacted] here",1],"[redacted]":{"b":"clean"}})"));
        QVERIFY(!secrets::holdsAny(value));
        QVERIFY(!secrets::mask(value));
    }

    void forwardedValuesAreBounded()
    {
        secrets::remember("notakey-configured-stays");
        for (std::size_t i = 0; i < secrets::kMaxForwarded + 5; ++i)
            secrets::rememberHeader("x-api-key", "notakey-forwarded-" + std::to_string(i));
        QCOMPARE(QString::fromStdString(secrets::mask("notakey-forwarded-0")), QStringLiteral("notakey-forwarded-0")); // pushed out
        QCOMPARE(QString::fromStdString(secrets::mask("notakey-forwarded-68")), QStringLiteral("[redacted]"));
        QCOMPARE(QString::fromStdString(secrets::mask("notakey-configured-stays")), QStringLiteral("[redacted]"));
    }

    // What a command prints reaches the stream masked, however it was written.
    void maskingStream_data()
    {
        QTest::addColumn<int>("piece");    // bytes per write; 0: all at once
        QTest::addColumn<bool>("flushes"); // flush after every write (std::cerr's unitbuf)
        QTest::addColumn<int>("lineBytes");
        QTest::newRow("one write") << 0 << false << 100;
        QTest::newRow("byte by byte") << 1 << false << 100;
        QTest::newRow("pieces of 7") << 7 << false << 100;
        QTest::newRow("a line longer than held") << 4096 << false << int(cli::MaskingBuffer::kMaxHeld) * 2 + 333;
        QTest::newRow("unitbuf, whole writes") << 0 << true << 100;
    }
    void maskingStream()
    {
        QFETCH(int, piece);
        QFETCH(bool, flushes);
        QFETCH(int, lineBytes);
        const std::string key = "notakey-stream-0123456789";
        secrets::remember(key);
        std::string line(std::size_t(lineBytes), 'x');
        for (std::size_t at = 50; at + key.size() < line.size(); at += 100'003)
            line.replace(at, key.size(), key);
        const std::string text = "head " + key + "\n" + line + "\ntail " + key;
        std::ostringstream target;
        {
            cli::MaskingBuffer buffer(target.rdbuf());
            std::ostream out(&buffer);
            const std::size_t step = piece == 0 ? text.size() : std::size_t(piece);
            for (std::size_t at = 0; at < text.size(); at += step) {
                out.write(text.data() + at, std::streamsize(std::min(step, text.size() - at)));
                if (flushes)
                    out.flush();
            }
        }
        const std::string written = target.str();
        QVERIFY(written.find(key) == std::string::npos);
        QCOMPARE(written, secrets::mask(text));
    }

    void aFlushPassesEverything()
    {
        std::ostringstream target;
        cli::MaskingBuffer buffer(target.rdbuf());
        std::ostream out(&buffer);
        out << "listening on http://127.0.0.1:1" << std::flush; // no newline: the flush passes it
        QCOMPARE(QString::fromStdString(target.str()), QStringLiteral("listening on http://127.0.0.1:1"));
    }
};

QTEST_GUILESS_MAIN(SecretsTest)
#include "test_secrets.moc"
