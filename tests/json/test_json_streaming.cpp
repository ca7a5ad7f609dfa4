// StreamingExtractor: partial values after each chunk, the same result as extract() at the
// end, and linear total work however small the chunks.
#include "json/extract.h"
#include "work_counter.h"

#include <QTest>

using conform::Json;
namespace json = conform::json;

Q_DECLARE_METATYPE(std::string)
Q_DECLARE_METATYPE(std::vector<std::string>)

class TestJsonStreaming : public QObject
{
    Q_OBJECT

private slots:
    void partials_data()
    {
        QTest::addColumn<std::vector<std::string>>("chunks");
        QTest::addColumn<std::vector<std::string>>("values"); // current().value after each chunk
        QTest::newRow("object") << std::vector<std::string>{"{\"a\": [1, 2", ", 3], \"b\": \"hel", "lo\"}"}
                                << std::vector<std::string>{"{\"a\":[1,2]}", "{\"a\":[1,2,3],\"b\":\"hel\"}",
                                                            "{\"a\":[1,2,3],\"b\":\"hello\"}"};
        QTest::newRow("prose and fence")
            << std::vector<std::string>{"Here you go:\n```js", "on\n{\"a\"", ": {\"b\": tr", "ue}}\n```\nDone"}
            << std::vector<std::string>{"null", "{}", "{\"a\":{}}", "{\"a\":{\"b\":true}}"};
        QTest::newRow("split escapes and marks")
            << std::vector<std::string>{"[\"\\u00", "e9\", \"\xE2\x80", "\x9C\", \"x\\", "n\"]"}
            << std::vector<std::string>{"[\"\"]", "[\"\xC3\xA9\",\"\"]", "[\"\xC3\xA9\",\"\xE2\x80\x9C\",\"x\"]",
                                        "[\"\xC3\xA9\",\"\xE2\x80\x9C\",\"x\\n\"]"};
        // A repeated key reopens a member that is not the last: the partial goes into it.
        QTest::newRow("repeated key reopens an earlier member")
            << std::vector<std::string>{"{\"a\": {\"x\": 1}, \"b\": 2, \"a\": {\"y\": \"par", "tial\", \"z\": [3, 4", "]}}"}
            << std::vector<std::string>{"{\"a\":{\"y\":\"par\"},\"b\":2}", "{\"a\":{\"y\":\"partial\",\"z\":[3,4]},\"b\":2}",
                                        "{\"a\":{\"y\":\"partial\",\"z\":[3,4]},\"b\":2}"};
        QTest::newRow("one byte at a time")
            << std::vector<std::string>{"[", "1", "0", ",", " ", "'", "a", "'", "]"}
            << std::vector<std::string>{"null", "[1]", "[10]", "[10]", "[10]", "[10,\"\"]", "[10,\"a\"]", "[10,\"a\"]",
                                        "[10,\"a\"]"};
    }
    void partials()
    {
        QFETCH(std::vector<std::string>, chunks);
        QFETCH(std::vector<std::string>, values);
        json::StreamingExtractor stream;
        std::string all;
        for (std::size_t i = 0; i < chunks.size(); ++i) {
            stream.feed(chunks[i]);
            all += chunks[i];
            QCOMPARE(QString::fromStdString(stream.current().value.dump()), QString::fromStdString(values[i]));
        }
        QCOMPARE(stream.text(), all);
        const json::Extraction whole = json::extract(all);
        const json::Extraction finished = stream.finish();
        QCOMPARE(finished.value.dump(), whole.value.dump());
        QCOMPARE(finished.fixes.size(), whole.fixes.size());
    }

    void endsLikeExtract_data()
    {
        QTest::addColumn<std::string>("raw");
        QTest::newRow("truncated") << std::string("{\"a\": [1, {\"b\": \"x");
        QTest::newRow("repairs") << std::string("{'a': True, b: [1 2,], // c\n}");
        QTest::newRow("complete") << std::string("{\"a\": {\"b\": [1, 2, 3]}, \"c\": \"d\"}");
    }
    void endsLikeExtract()
    {
        QFETCH(std::string, raw);
        for (std::size_t size : {1, 2, 3, 7, 64}) {
            json::StreamingExtractor stream;
            for (std::size_t at = 0; at < raw.size(); at += size)
                stream.feed(std::string_view(raw).substr(at, size));
            // Before finish(), the partial view of all the text already equals extract()'s value.
            QCOMPARE(stream.current().value.dump(), json::extract(raw).value.dump());
            QCOMPARE(stream.finish().value.dump(), json::extract(raw).value.dump());
        }
    }

    void nothingYet()
    {
        json::StreamingExtractor stream;
        stream.feed("I can't help");
        QVERIFY(!stream.current().ok);
        stream.feed(" with that.");
        QVERIFY(!stream.finish().ok);
    }

    // A reply fed one byte at a time costs work proportional to its size: 1 MB about four
    // times 250 kB, not sixteen times. Counted as bytes allocated and thread CPU time, never
    // wall-clock time; and feeding allocates a bounded amount per byte (no source map, which
    // current() does not give and finish() builds again).
    void linearInOneByteChunks()
    {
        const auto reply = [](std::size_t bytes) {
            std::string s = "Sure:\n```json\n{\"items\": [";
            for (int i = 0; s.size() < bytes; ++i)
                s += "{\"id\": " + std::to_string(i) + ", \"text\": \"line with \\\"quotes\\\" and \\u00e9\"}, ";
            s += "{\"long\": \"" + std::string(bytes / 4, 'x') + "\"}]}\n```";
            return s;
        };
        const auto feed = [](const std::string& text) {
            json::Extraction x;
            const conform::test::Work work = conform::test::measureWork([&] {
                json::StreamingExtractor stream;
                for (char c : text)
                    stream.feed(std::string_view(&c, 1));
                x = stream.current();
            });
            return std::pair{work, x};
        };
        const std::string small = reply(250'000), large = reply(1'000'000);
        feed(small); // warm up
        const auto [wSmall, xSmall] = feed(small);
        const auto [wLarge, xLarge] = feed(large);
        QVERIFY(xLarge.ok);
        QCOMPARE(xLarge.value.dump(), json::extract(large).value.dump());
        const double ratio = double(large.size()) / double(small.size());
        qInfo("1-byte chunks: %.1f and %.1f bytes allocated per byte, %.3f and %.3f s CPU at 250 kB and 1 MB",
              double(wSmall.allocatedBytes) / small.size(), double(wLarge.allocatedBytes) / large.size(),
              wSmall.cpuSeconds, wLarge.cpuSeconds);
        QVERIFY2(wLarge.allocatedBytes < 2 * ratio * wSmall.allocatedBytes, "feeding allocates super-linearly");
        QVERIFY2(wLarge.allocatedBytes < 16 * large.size(), "feeding allocates too much per byte");
        QVERIFY2(wLarge.cpuSeconds < 4 * ratio * wSmall.cpuSeconds + 0.5, "feeding is not linear");
    }
};

QTEST_APPLESS_MAIN(TestJsonStreaming)
#include "test_json_streaming.moc"
