// conform::json::extract: candidates, repairs with their exact fix logs, strict refusals and
// the replies that hold nothing.
#include "fix_check.h"

#include <QTest>

// The rows live in test_json_rows.cpp: moc cannot read raw string literals.
void rows_candidates();
void rows_repairs();
void rows_strictRefuses();

using conform::Json;
namespace json = conform::json;
using conform::test::applyFixes;
using conform::test::fixList;

Q_DECLARE_METATYPE(std::string)

class TestJson : public QObject
{
    Q_OBJECT

private:
    static void checkRow()
    {
        QFETCH(std::string, raw);
        QFETCH(std::string, value);
        QFETCH(std::string, fixes);
        QFETCH(std::string, kind);
        const json::Extraction x = json::extract(raw);
        QVERIFY2(x.ok, x.reason.c_str());
        QCOMPARE(x.value.dump(), Json::parse(value).dump());
        QCOMPARE(fixList(x.fixes).dump(), Json::parse(fixes).dump());
        QCOMPARE(x.candidateKind, kind);
        QVERIFY(x.refused.empty());
        if (kind != "function_calls" && kind != "double_encoded") {
            const auto replayed = applyFixes(raw, x);
            QVERIFY2(replayed.ok(), replayed.ok() ? "" : replayed.error().toString().c_str());
            QCOMPARE(replayed.value().dump(), x.value.dump());
        }
    }


private slots:
    void candidates_data() { rows_candidates(); }
    void candidates() { checkRow(); }

    void repairs_data() { rows_repairs(); }
    void repairs() { checkRow(); }

    void strictRefuses_data() { rows_strictRefuses(); }
    void strictRefuses()
    {
        QFETCH(std::string, raw);
        QFETCH(std::string, refused);
        QFETCH(std::string, fixes);
        json::ExtractOptions options;
        options.strict = true;
        const json::Extraction x = json::extract(raw, options);
        QVERIFY(!x.ok);
        QVERIFY(x.value.is_null());
        QVERIFY2(x.reason.starts_with("strict mode refused"), x.reason.c_str());
        QCOMPARE(fixList(x.refused).dump(), Json::parse(refused).dump());
        QCOMPARE(fixList(x.fixes).dump(), Json::parse(fixes).dump());
        QVERIFY(json::extract(raw).ok); // the same reply without strict is repaired
    }

    void strictAllowsSyntax()
    {
        json::ExtractOptions options;
        options.strict = true;
        const json::Extraction x = json::extract("```json\n{'a': [1, 2,], b: True\n", options);
        QVERIFY2(x.ok, x.reason.c_str());
        QCOMPARE(x.value.dump(), std::string("{\"a\":[1,2],\"b\":true}"));
        QVERIFY(x.refused.empty());
    }

    void fitnessDecides()
    {
        const std::string raw = "```json\n{\"b\": 1}\n```\nor\n```json\n{\"a\": 1}\n```";
        QCOMPARE(json::extract(raw).value.dump(), std::string("{\"a\":1}")); // the last block
        json::ExtractOptions options;
        options.fitness = [](const Json& v) { return v.contains("b") ? 1.0 : 0.0; };
        QCOMPARE(json::extract(raw, options).value.dump(), std::string("{\"b\":1}"));
    }

    void functionCallParameters()
    {
        const std::string raw = "<function_calls><invoke name=\"f\"><parameter name=\"obj\">{'k': 1,}</parameter>"
                                "<parameter name=\"text\">Tuesday</parameter></invoke></function_calls>";
        const json::Extraction x = json::extract(raw);
        QVERIFY(x.ok);
        QCOMPARE(x.value.dump(), std::string("{\"obj\":{\"k\":1},\"text\":\"Tuesday\"}"));
        // The parameter's own repairs are logged at their offsets in the raw text.
        const std::size_t obj = raw.find("{'k'");
        QCOMPARE(x.fixes.size(), std::size_t(3));
        QCOMPARE(x.fixes[0].offset, obj + 1);
        QCOMPARE(x.fixes[2].kind, std::string("trailing_comma"));
        QCOMPARE(x.fixes[2].offset, obj + 7);
        QCOMPARE(x.sourceMap.find(std::string("/obj/k"))->offset, obj + 6);
        QCOMPARE(x.sourceMap.find(std::string("/text"))->offset, raw.find("Tuesday"));
    }

    void nothingRecoverable_data()
    {
        QTest::addColumn<std::string>("raw");
        QTest::addColumn<std::string>("reason");
        QTest::newRow("empty") << std::string() << std::string("no JSON found: the reply is empty");
        QTest::newRow("blank") << std::string(" \n\t ") << std::string("no JSON found: the reply is empty");
        QTest::newRow("refusal") << std::string("I can't help with that.")
                                 << std::string("no JSON found: the reply is prose without a JSON object or array");
        QTest::newRow("prose with brackets") << std::string("Use {name} and [citation needed] here.")
                                             << std::string("no JSON found: the reply is prose without a JSON object or array");
        QTest::newRow("scalar in prose") << std::string("42 is the answer")
                                         << std::string("no JSON found: the reply is prose without a JSON object or array");
        QTest::newRow("too deep") << std::string(600, '[')
                                  << std::string("no JSON found: the JSON nests deeper than 512 levels at offset 512");
    }
    void nothingRecoverable()
    {
        QFETCH(std::string, raw);
        QFETCH(std::string, reason);
        const json::Extraction x = json::extract(raw);
        QVERIFY(!x.ok);
        QVERIFY(x.value.is_null());
        QCOMPARE(x.reason, reason);
        QCOMPARE(x.toJson()["reason"].get<std::string>(), reason);
    }

    void reportShape()
    {
        const json::Extraction x = json::extract("[1,]");
        const Json j = x.toJson();
        QCOMPARE(j["ok"].get<bool>(), true);
        QCOMPARE(j["value"].dump(), std::string("[1]"));
        QCOMPARE(j["fixes"][0].dump(), std::string("{\"kind\":\"trailing_comma\",\"offset\":2,\"length\":1,\"before\":\",\",\"after\":\"\"}"));
    }

    void invalidUtf8IsReplaced()
    {
        const json::Extraction x = json::extract("[\"a\xFF\"]");
        QVERIFY(x.ok);
        QCOMPARE(x.value[0].get<std::string>(), std::string("a\xEF\xBF\xBD"));
        QCOMPARE(x.fixes.at(0).kind, std::string("invalid_utf8"));
        QVERIFY(!x.toJson().dump().empty()); // would throw on invalid UTF-8
    }

    void duplicateKeysKeepTheLastValue()
    {
        std::string raw = "{";
        for (int i = 0; i < 40; ++i)
            raw += "\"k" + std::to_string(i % 20) + "\": " + std::to_string(i) + ",";
        raw += "\"z\": 0}";
        const json::Extraction x = json::extract(raw);
        QVERIFY(x.ok);
        QCOMPARE(x.value.size(), std::size_t(21));
        QCOMPARE(x.value["k3"].get<int>(), 23);
        QCOMPARE(x.value.begin().key(), std::string("k0"));
    }
};

QTEST_APPLESS_MAIN(TestJson)
#include "test_json.moc"
