// Source maps: every value's JSON pointer -> its span in the raw reply.
#include "json/extract.h"
#include "json/validity.h"

#include <QTest>

#include <algorithm>

using conform::Json;
using conform::Span;
namespace json = conform::json;

Q_DECLARE_METATYPE(std::string)

class TestJsonSourceMap : public QObject
{
    Q_OBJECT

private slots:
    void spans_data()
    {
        QTest::addColumn<std::string>("raw");
        QTest::addColumn<std::string>("pointer");
        QTest::addColumn<std::string>("text"); // what the span covers
        const std::string doc = "{\"goals\": [\"a\", \"b\", {\"c\": 3}], \"x~/y\": null}";
        QTest::newRow("root") << doc << std::string() << doc;
        QTest::newRow("array") << doc << std::string("/goals") << std::string("[\"a\", \"b\", {\"c\": 3}]");
        QTest::newRow("element") << doc << std::string("/goals/1") << std::string("\"b\"");
        QTest::newRow("nested") << doc << std::string("/goals/2/c") << std::string("3");
        QTest::newRow("escaped key") << doc << std::string("/x~0~1y") << std::string("null");
        QTest::newRow("missing index falls back") << doc << std::string("/goals/9") << std::string("[\"a\", \"b\", {\"c\": 3}]");
        const std::string fenced = "Here:\n```json\n{'a': [1, 2,], b: True}\n```";
        QTest::newRow("fenced repaired") << fenced << std::string("/a/1") << std::string("2");
        QTest::newRow("fenced literal") << fenced << std::string("/b") << std::string("True");
        QTest::newRow("truncated") << std::string("{\"a\": \"hel") << std::string("/a") << std::string("\"hel");
    }
    void spans()
    {
        QFETCH(std::string, raw);
        QFETCH(std::string, pointer);
        QFETCH(std::string, text);
        const json::Extraction x = json::extract(raw);
        QVERIFY(x.ok);
        const std::optional<Span> span = x.sourceMap.find(pointer);
        QVERIFY(span.has_value());
        QCOMPARE(raw.substr(span->offset, span->length), text);
    }

    void everyValueIsMapped()
    {
        const std::string doc = "{\"a\": [1, {\"b\": [true, \"x\"]}], \"c\": {\"d\": 1}}";
        const json::Extraction x = json::extract(doc);
        QCOMPARE(x.sourceMap.size(), std::size_t(9));
        const Json flat = x.value.flatten(); // the leaves, by pointer
        for (const auto& item : flat.items()) {
            const auto span = x.sourceMap.find(item.key());
            QVERIFY(span.has_value());
            QCOMPARE(Json::parse(doc.substr(span->offset, span->length)).dump(), item.value().dump());
        }
    }

    void plainDocumentMapIsCheap()
    {
        const std::string doc = "{\n  \"title\": \"T\",\n  \"n\": [1, 2]\n}\n";
        const json::Extraction x = json::extract(doc);
        QVERIFY(x.fixes.empty());
        const json::SourceMap map = json::sourceMapOf(doc);
        QCOMPARE(map.size(), x.sourceMap.size());
        for (const char* p : {"", "/title", "/n", "/n/0", "/n/1"})
            QCOMPARE(map.find(std::string(p)), x.sourceMap.find(std::string(p)));
        QCOMPARE(map.find(std::string("/n/1"))->offset, doc.find("2]"));
    }

    // The fast path: a reply that is strict JSON as it stands is read without building its
    // map, which is read from a copy of the text when first used. On mutated replies, the
    // check says strict exactly when the repairer needs no fix (but the mark of a repeated
    // key), and the deferred map is the map the repairer gives.
    void cleanRepliesDeferTheirMap()
    {
        const std::vector<std::string> seeds{"{\"a\": [1, -2.5e3, {\"b\": [true, \"x\\n\\u00e9\"]}], \"c\": null}",
                                             "[{\"i\":1},{\"i\":2,\"i\":3}]", "\"just a string\"", "  [ ]\n"};
        const std::vector<std::string> tokens{"\"", ",", "{", "}", "[", "]", ":", " ", "\n", "0", "-", ".", "e",
                                              "\\", "\\u", "\\ud800", "\xC3", "\xC2\xA0", "tru", "//", "'"};
        std::uint64_t state = 7;
        const auto next = [&] { return static_cast<std::size_t>((state = state * 6364136223846793005ull + 1442695040888963407ull) >> 33); };
        int clean = 0;
        for (int n = 0; n < 5000; ++n) {
            std::string raw = seeds[next() % seeds.size()];
            for (std::size_t k = 0, edits = next() % 3; k < edits; ++k) {
                const std::size_t at = next() % (raw.size() + 1);
                if (next() % 3 == 0 && at < raw.size())
                    raw.erase(at, 1);
                else
                    raw.insert(at, tokens[next() % tokens.size()]);
            }
            const json::Extraction x = json::extract(raw);
            if (x.candidateKind == "double_encoded") // a string holding JSON: decoded, not deferred
                continue;
            const bool strict = json::detail::isStrictJson(raw);
            // A repeated key is strict JSON, marked (repeated_key) and read by the repairer.
            const bool marksOnly = std::all_of(x.fixes.begin(), x.fixes.end(),
                                               [](const json::Fix& f) { return f.kind == "repeated_key"; });
            const bool needsNothing = x.ok && marksOnly && x.candidateKind == "whole";
            QVERIFY2(strict == needsNothing, raw.c_str());
            if (!strict || !x.fixes.empty())
                continue;
            ++clean;
            QVERIFY2(x.sourceMap.deferred(), raw.c_str());
            QCOMPARE(x.sourceMap.size(), json::sourceMapOf(raw).size()); // builds it
            const json::SourceMap eager = json::sourceMapOf(raw);
            const Json flat = x.value.flatten();
            for (const auto& item : flat.items())
                QCOMPARE(x.sourceMap.find(item.key()), eager.find(item.key()));
        }
        QVERIFY(clean > 500);
    }

    void byPath()
    {
        const std::string doc = "{\"goals\": [\"a\", \"b\"]}";
        const json::Extraction x = json::extract(doc);
        const conform::Path path{std::string("goals"), std::size_t(1)};
        QCOMPARE(x.sourceMap.find(path)->offset, doc.find("\"b\""));
    }

    // A raised cancel flag ends extraction early with `cancelled`, and sourceMapOf with an
    // empty map; a lowered one changes nothing.
    void cancelStopsExtraction()
    {
        std::string raw = "Here: [";
        for (int i = 0; i < 30000; ++i)
            raw += R"({"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],},)"; // one fix per item
        raw += "]";
        conform::CancelFlag cancel = false;
        json::ExtractOptions options;
        options.cancel = &cancel;
        const json::Extraction whole = json::extract(raw, options);
        QVERIFY(whole.ok);
        QVERIFY(!whole.cancelled);
        QCOMPARE(whole.value.size(), std::size_t(30000));
        QVERIFY(json::sourceMapOf(raw.substr(6), &cancel).size() > 300000);
        cancel = true;
        const json::Extraction stopped = json::extract(raw, options);
        QVERIFY(stopped.cancelled);
        QVERIFY(!stopped.ok);
        QVERIFY(json::sourceMapOf(raw.substr(6), &cancel).empty());
    }
};

QTEST_APPLESS_MAIN(TestJsonSourceMap)
#include "test_json_sourcemap.moc"
