// Hostile input for conform::json: the fuzz seed corpus, and generated 10 MB replies (deep
// brackets, endless quotes, commas, random bytes) through extract() and the streaming
// extractor. Nothing may crash, and 10 MB must cost about ten times 1 MB, not a hundred.
#include "json/extract.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <functional>

namespace json = conform::json;

using Generator = std::function<std::string(std::size_t)>;
Q_DECLARE_METATYPE(Generator)

namespace {

std::string repeat(std::string_view unit, std::size_t bytes)
{
    std::string s;
    s.reserve(bytes + unit.size());
    while (s.size() < bytes)
        s += unit;
    return s;
}

// Deterministic bytes from a small LCG, drawn from `alphabet` (all bytes when empty).
std::string randomText(std::size_t bytes, std::string_view alphabet)
{
    std::string s(bytes, '\0');
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    for (char& c : s) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const auto r = static_cast<unsigned>(state >> 33);
        c = alphabet.empty() ? static_cast<char>(r & 0xFF) : alphabet[r % alphabet.size()];
    }
    return s;
}

double secondsToExtract(const std::string& text)
{
    QElapsedTimer timer;
    timer.start();
    const json::Extraction x = json::extract(text);
    (void)x;
    return timer.nsecsElapsed() / 1e9;
}

double secondsToStream(const std::string& text, std::size_t chunk)
{
    QElapsedTimer timer;
    timer.start();
    json::StreamingExtractor stream;
    for (std::size_t at = 0; at < text.size(); at += chunk) {
        stream.feed(std::string_view(text).substr(at, chunk));
        if (at % (1 << 20) == 0)
            (void)stream.current(); // as a GUI would, now and then
    }
    (void)stream.current();
    return timer.nsecsElapsed() / 1e9;
}

} // namespace

class TestJsonHostile : public QObject
{
    Q_OBJECT

private slots:
    void corpus()
    {
        const QDir dir(QStringLiteral(CONFORM_FUZZ_CORPUS));
        const QStringList files = dir.entryList(QDir::Files);
        QVERIFY(files.size() >= 30);
        for (const QString& name : files) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            const std::string raw(bytes.constData(), static_cast<std::size_t>(bytes.size()));
            const json::Extraction x = json::extract(raw);
            QVERIFY(!x.toJson().dump(-1, ' ', false).empty());
            if (!x.ok)
                QVERIFY2(x.reason.starts_with("no JSON found"), qPrintable(name));
            for (const auto& f : x.fixes)
                QVERIFY2(f.offset + f.length <= raw.size(), qPrintable(name));
            json::ExtractOptions strict;
            strict.strict = true;
            const json::Extraction s = json::extract(raw, strict);
            QVERIFY2(s.ok || !s.reason.empty(), qPrintable(name));
            for (std::size_t chunk : {1, 3, 64}) {
                json::StreamingExtractor stream;
                for (std::size_t at = 0; at < raw.size(); at += chunk) {
                    stream.feed(std::string_view(raw).substr(at, chunk));
                    (void)stream.current().toJson().dump();
                }
                const json::Extraction finished = stream.finish();
                QCOMPARE(finished.ok, x.ok);
                QVERIFY2(finished.value == x.value, qPrintable(name));
            }
        }
    }

    void linearTime_data()
    {
        QTest::addColumn<Generator>("generate");
        QTest::newRow("deep brackets") << Generator([](std::size_t n) { return std::string(n, '['); });
        QTest::newRow("deep objects") << Generator([](std::size_t n) { return repeat("{\"a\": ", n); });
        QTest::newRow("endless quotes") << Generator([](std::size_t n) { return std::string(n, '"'); });
        QTest::newRow("one open string") << Generator([](std::size_t n) { return "{\"a\": \"" + std::string(n, 'x'); });
        QTest::newRow("many commas") << Generator([](std::size_t n) { return "[" + std::string(n, ','); });
        QTest::newRow("commas in an object") << Generator([](std::size_t n) { return "{" + std::string(n, ','); });
        QTest::newRow("random bytes") << Generator([](std::size_t n) { return randomText(n, {}); });
        QTest::newRow("random json punctuation")
            << Generator([](std::size_t n) { return randomText(n, "{}[]\",:' ab1\\\n.tT/*"); });
        QTest::newRow("brackets in prose") << Generator([](std::size_t n) { return repeat("see [note] and {x} ", n); });
        QTest::newRow("big valid array") << Generator([](std::size_t n) { return "[" + repeat("1234,", n) + "0]"; });
        QTest::newRow("unclosed fences") << Generator([](std::size_t n) { return repeat("```json\n{\"a\": [\n", n); });
        QTest::newRow("unclosed tags") << Generator([](std::size_t n) { return repeat("<function_calls><invoke name=\"x\"><parameter name=\"y\">[", n); });
    }
    void linearTime()
    {
        QFETCH(Generator, generate);
        const std::string small = generate(1 << 20), large = generate(10 << 20);
        const double extract1 = std::min(secondsToExtract(small), secondsToExtract(small));
        const double extract10 = secondsToExtract(large);
        const double stream1 = std::min(secondsToStream(small, 4096), secondsToStream(small, 4096));
        const double stream10 = secondsToStream(large, 4096);
        qInfo("extract %.3f s/MB at 1 MB, %.3f s/MB at 10 MB; streaming %.3f and %.3f s/MB", extract1,
              extract10 / 10, stream1, stream10 / 10);
        // Linear work keeps the cost per MB flat; allow for noise on a shared machine.
        QVERIFY2(extract10 / 10 < 4 * extract1 + 0.05, "extract() is not linear");
        QVERIFY2(stream10 / 10 < 4 * stream1 + 0.05, "streaming is not linear");
        QVERIFY2(extract10 < 30, "extract() is too slow");
    }
};

QTEST_APPLESS_MAIN(TestJsonHostile)
#include "test_json_hostile.moc"
