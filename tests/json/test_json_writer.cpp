// JsonWriter against nlohmann's dump (the peer whose bytes it must reproduce) on hostile
// strings and values, and a few escapes written by hand; then Extraction::write against
// Extraction::toJson on damaged replies. Expected bytes are nlohmann's, never the writer's.
#include "json/extract.h"
#include "json/json_writer.h"

#include <QTest>

#include <cfloat>
#include <cmath>
#include <limits>
#include <random>

Q_DECLARE_METATYPE(std::string)

using namespace conform;

namespace {

std::string written(const Json& value)
{
    std::string out;
    json::JsonWriter writer(out);
    writer.value(value);
    return out;
}

} // namespace

class TestJsonWriter : public QObject
{
    Q_OBJECT

private slots:
    void escapesByHand_data()
    {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<std::string>("expected");
        QTest::newRow("plain") << std::string("abc") << std::string("\"abc\"");
        QTest::newRow("quote and backslash") << std::string("a\"b\\c") << std::string("\"a\\\"b\\\\c\"");
        QTest::newRow("short escapes") << std::string("\b\f\n\r\t") << std::string("\"\\b\\f\\n\\r\\t\"");
        QTest::newRow("other controls, lower-case hex") << std::string("\x01\x1f", 2) << std::string("\"\\u0001\\u001f\"");
        QTest::newRow("nul") << std::string("a\0b", 3) << std::string("\"a\\u0000b\"");
        QTest::newRow("DEL is not escaped") << std::string("\x7f") << std::string("\"\x7f\"");
        QTest::newRow("slash is not escaped") << std::string("a/b") << std::string("\"a/b\"");
        QTest::newRow("UTF-8 kept as is") << std::string("caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80")
                                          << std::string("\"caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80\"");
        QTest::newRow("line separator kept") << std::string("\xe2\x80\xa8") << std::string("\"\xe2\x80\xa8\"");
        QTest::newRow("lone continuation byte") << std::string("a\x80z") << std::string("\"a\xef\xbf\xbdz\"");
    }
    void escapesByHand()
    {
        QFETCH(std::string, text);
        QFETCH(std::string, expected);
        std::string out;
        json::appendQuoted(out, text);
        QCOMPARE(out, expected);
    }

    void stringsAsNlohmann_data()
    {
        QTest::addColumn<std::string>("text");
        std::string controls;
        for (int c = 0; c < 0x20; ++c)
            controls += char(c);
        QTest::newRow("every control character") << controls;
        QTest::newRow("truncated sequence") << std::string("ab\xe2\x80");
        QTest::newRow("truncated sequence mid-string") << std::string("a\xe2\x80z");
        QTest::newRow("overlong slash") << std::string("\xc0\xaf");
        QTest::newRow("surrogate half") << std::string("x\xed\xa0\x80y");
        QTest::newRow("beyond U+10FFFF") << std::string("\xf4\x90\x80\x80");
        QTest::newRow("0xFF and 0xFE") << std::string("\xff\xfe");
        QTest::newRow("valid then invalid") << std::string("\xc3\xa9\"\n\xe9t\xc3\xa9");
        QTest::newRow("invalid then control") << std::string("\x80\x01\"");
        QTest::newRow("four-byte emoji cut") << std::string("\xf0\x9f\x98");
        QTest::newRow("empty") << std::string();
    }
    void stringsAsNlohmann()
    {
        QFETCH(std::string, text);
        QCOMPARE(written(Json(text)), conform::dump(Json(text)));
    }

    // Random bytes, biased towards the interesting ones; every string must match the peer.
    void randomStringsAsNlohmann()
    {
        std::mt19937 random(20261122);
        const unsigned char interesting[] = {0x00, 0x1f, 0x22, 0x5c, 0x7f, 0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xed, 0xf0, 0xf4, 0xff, 0x61};
        for (int round = 0; round < 20000; ++round) {
            std::string text(random() % 12, '\0');
            for (char& c : text)
                c = char(random() % 3 ? interesting[random() % sizeof interesting] : random() % 256);
            const std::string expected = conform::dump(Json(text));
            if (written(Json(text)) != expected)
                QFAIL(("differs on " + expected).c_str());
        }
    }

    void valuesAsNlohmann()
    {
        const Json values[] = {
            nullptr, true, false, 0, -1, std::numeric_limits<std::int64_t>::min(),
            std::numeric_limits<std::uint64_t>::max(), 60.0, -0.0, 0.1, 1e21, 1e-7, 5e-324, DBL_MAX, 123456789.125,
            std::nan(""), INFINITY, Json::array(), Json::object(),
            Json::parse(R"({"b":[1,2.5,{"c":null}],"a":{},"\u0001":"\n","é":[[],[[]]]})"),
            Json{{"z", 1}, {"a", 2}, {std::string("k\xff"), std::string("v\x80")}},
        };
        for (const Json& value : values)
            QCOMPARE(written(value), conform::dump(value));
    }

    void commasBetweenMembers()
    {
        std::string out;
        json::JsonWriter w(out);
        w.beginObject();
        w.key("a");
        w.beginArray();
        w.integer(1);
        w.beginObject();
        w.endObject();
        w.string("x");
        w.endArray();
        w.key("b");
        w.null();
        w.endObject();
        QCOMPARE(out, std::string(R"({"a":[1,{},"x"],"b":null})"));
    }

    void extractionWritesItsTree_data()
    {
        QTest::addColumn<std::string>("raw");
        QTest::addColumn<bool>("strict");
        QTest::newRow("clean") << std::string(R"({"a":1})") << false;
        QTest::newRow("fenced with fixes") << std::string("Here:\n```json\n{'a': [1, 2,], b: True}\n```") << false;
        QTest::newRow("strict refuses") << std::string("{\"a\": \"cut off") << true;
        QTest::newRow("strict, nothing refused") << std::string(R"({"a": 1,})") << true;
        QTest::newRow("nothing recoverable") << std::string("just prose, no JSON") << false;
        QTest::newRow("invalid UTF-8 in a fix") << std::string("{\"a\": \"x\xff\", 'b\x80': 1}") << false;
    }
    void extractionWritesItsTree()
    {
        QFETCH(std::string, raw);
        QFETCH(bool, strict);
        json::ExtractOptions options;
        options.strict = strict;
        const json::Extraction x = json::extract(raw, options);
        Json tree = x.toJson();
        if (strict && !tree.contains("refused"))
            tree["refused"] = Json::array();
        std::string out;
        json::JsonWriter writer(out);
        x.write(writer, strict);
        QCOMPARE(out, conform::dump(tree));
    }
};

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "test_json_writer.moc"
