// Hostile input for conform::json: the fuzz seed corpus, and generated 10 MB replies (deep
// brackets, endless quotes, commas, random bytes) through extract() and the streaming
// extractor. Nothing may crash, and 10 MB must cost about ten times 1 MB, not a hundred:
// counted as bytes allocated and thread CPU time, never wall-clock time.
#include "json/extract.h"
#include "work_counter.h"

#include <QDir>
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

using conform::test::measureWork;
using conform::test::Work;

Work extractWork(const std::string& text)
{
    return measureWork([&] { (void)json::extract(text); });
}

// Fed in chunks, with a partial value now and then as a GUI would ask for it: ten times over
// the text whatever its size, so that the partials cost the same share at every size.
Work streamWork(const std::string& text, std::size_t chunk)
{
    return measureWork([&] {
        json::StreamingExtractor stream;
        const std::size_t every = std::max<std::size_t>(chunk, text.size() / 10);
        for (std::size_t at = 0; at < text.size(); at += chunk) {
            stream.feed(std::string_view(text).substr(at, chunk));
            if (at % every < chunk)
                (void)stream.current();
        }
        (void)stream.current();
    });
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
        // The most extract() may allocate per byte of text: generous for hostile text, whose
        // every fix is a record; tight for a clean reply, which needs no fix and no source map
        // yet (an entry per item, tens of bytes, made the cost per MB grow with the size).
        QTest::addColumn<double>("maxBytesPerByte");
        QTest::newRow("deep brackets") << Generator([](std::size_t n) { return std::string(n, '['); }) << 200.0;
        QTest::newRow("deep objects") << Generator([](std::size_t n) { return repeat("{\"a\": ", n); }) << 200.0;
        QTest::newRow("endless quotes") << Generator([](std::size_t n) { return std::string(n, '"'); }) << 200.0;
        QTest::newRow("one open string") << Generator([](std::size_t n) { return "{\"a\": \"" + std::string(n, 'x'); }) << 200.0;
        QTest::newRow("many commas") << Generator([](std::size_t n) { return "[" + std::string(n, ','); }) << 200.0;
        QTest::newRow("commas in an object") << Generator([](std::size_t n) { return "{" + std::string(n, ','); }) << 200.0;
        QTest::newRow("random bytes") << Generator([](std::size_t n) { return randomText(n, {}); }) << 200.0;
        QTest::newRow("random json punctuation")
            << Generator([](std::size_t n) { return randomText(n, "{}[]\",:' ab1\\\n.tT/*"); }) << 200.0;
        QTest::newRow("brackets in prose") << Generator([](std::size_t n) { return repeat("see [note] and {x} ", n); }) << 200.0;
        QTest::newRow("big valid array") << Generator([](std::size_t n) { return "[" + repeat("1234,", n) + "0]"; }) << 24.0;
        QTest::newRow("unclosed fences") << Generator([](std::size_t n) { return repeat("```json\n{\"a\": [\n", n); }) << 200.0;
        QTest::newRow("unclosed tags") << Generator([](std::size_t n) { return repeat("<function_calls><invoke name=\"x\"><parameter name=\"y\">[", n); }) << 200.0;
    }
    void linearTime()
    {
        QFETCH(Generator, generate);
        QFETCH(double, maxBytesPerByte);
        const std::string small = generate(1 << 20), large = generate(10 << 20);
        const double mb = static_cast<double>(large.size()) / static_cast<double>(small.size());
        extractWork(small); // warm up
        const Work extract1 = extractWork(small), extract10 = extractWork(large);
        const Work stream1 = streamWork(small, 4096), stream10 = streamWork(large, 4096);
        qInfo("extract: %.1f and %.1f bytes allocated per byte at 1 and 10 MB, %.3f and %.3f s/MB CPU; "
              "streaming: %.1f and %.1f bytes per byte, %.3f and %.3f s/MB CPU",
              double(extract1.allocatedBytes) / small.size(), double(extract10.allocatedBytes) / large.size(),
              extract1.cpuSeconds, extract10.cpuSeconds / mb, double(stream1.allocatedBytes) / small.size(),
              double(stream10.allocatedBytes) / large.size(), stream1.cpuSeconds, stream10.cpuSeconds / mb);
        // Linear work: 10 MB allocates about ten times what 1 MB does (twice that for buffers
        // that grow by doubling), and no more than a bounded amount per byte of text: every
        // allocated byte is written, so this is the memory traffic a big reply costs.
        QVERIFY2(extract10.allocatedBytes < 2 * mb * extract1.allocatedBytes + (4 << 20), "extract() allocates super-linearly");
        QVERIFY2(stream10.allocatedBytes < 2 * mb * stream1.allocatedBytes + (4 << 20), "streaming allocates super-linearly");
        QVERIFY2(extract10.allocatedBytes < maxBytesPerByte * large.size(), "extract() allocates too much per byte");
        // Thread CPU time leaves out the time a busy machine keeps this thread waiting; the
        // margin (four times the cost per MB, and a second) is for caches shared with other
        // work. A quadratic step costs a hundred times.
        QVERIFY2(extract10.cpuSeconds < 4 * mb * extract1.cpuSeconds + 1, "extract() is not linear");
        QVERIFY2(stream10.cpuSeconds < 4 * mb * stream1.cpuSeconds + 1, "streaming is not linear");
    }
};

QTEST_APPLESS_MAIN(TestJsonHostile)
#include "test_json_hostile.moc"
