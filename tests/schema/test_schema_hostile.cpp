// Hostile input: each case must end promptly with a clear issue or error, never a crash,
// a hang or a blown stack. "Promptly" is bounded by the CPU time this thread used (not the wall
// clock, which a loaded machine stretches), with a bound far above a linear pass and far below
// what a backtracking or exponential one would need.
#include "cpu_time.h"
#include "json/parse.h"
#include "schema/schema.h"

#include <QtTest>

using namespace conform;

namespace {

schema::Validator compile(const char* text)
{
    auto compiled = schema::Validator::compile(json::parseStrict(text).value());
    if (!compiled)
        qFatal("%s", compiled.error().toString().c_str());
    return compiled.value();
}

// The CPU time a hostile case may use: the wall-clock bound it replaces, but immune to a busy
// machine. The cases here take 1-20 ms; the failures guarded against (backtracking, pairwise
// comparison, endless $ref) take seconds to minutes or never end.
constexpr double kHostileCpuMs = 2'000;

// A schema that follows the instance all the way down, so depth really is exercised.
const char* kRecursive = R"({"anyOf":[{"type":"number"},{"type":"array","items":{"$ref":"#"}}]})";

} // namespace

class TestSchemaHostile : public QObject
{
    Q_OBJECT

private slots:
    void deepTextIsRejected()
    {
        const std::string deep = std::string(100000, '[') + std::string(100000, ']');
        const auto v = compile(kRecursive);
        std::string error;
        QVERIFY(!v.acceptsText(deep, &error));
        QVERIFY2(error.find("deeper than 512") != std::string::npos, error.c_str());
        auto parsed = json::parseStrict(deep);
        QVERIFY(!parsed.ok());
        // 512 levels are fine.
        const std::string ok = std::string(511, '[') + "1" + std::string(511, ']');
        QVERIFY2(v.acceptsText(ok, &error), error.c_str());
    }

    void deepValueIsRejected()
    {
        Json deep = Json::array();
        Json* at = &deep;
        for (int i = 0; i < 100000; ++i) {
            at->push_back(Json::array());
            at = &at->back();
        }
        const auto v = compile(kRecursive);
        QVERIFY(!v.accepts(deep));
        const auto r = v.validate(deep);
        QVERIFY(!r.valid);
        QCOMPARE(r.issues.size(), 1u);
        QCOMPARE(r.issues[0].code, std::string("custom"));
        QVERIFY(r.issues[0].message.find("nested too deeply") != std::string::npos);
        QVERIFY(!compile("{}").accepts(deep)); // even a schema that looks at nothing
    }

    void hundredMegabytes()
    {
        // ~100 MB: 1,000,000 objects of ~100 bytes.
        std::string text = "[";
        text.reserve(105u << 20);
        const std::string name(70, 'x');
        for (int i = 0; i < 1000000; ++i)
            text += (i ? ",{\"id\":" : "{\"id\":") + std::to_string(i) + ",\"name\":\"" + name + "\",\"ok\":true}";
        text += "]";
        QVERIFY(text.size() > 100'000'000);
        const auto v = compile(R"({"type":"array","items":{"type":"object","required":["id","name"],
            "properties":{"id":{"type":"integer","minimum":0},"name":{"type":"string","maxLength":80},"ok":{"type":"boolean"}}}})");
        ThreadCpuTimer timer; // what the work cost, not how long a busy machine took
        std::string error;
        QVERIFY2(v.acceptsText(text, &error), error.c_str());
        qInfo("acceptsText, %zu bytes: %.0f ms of CPU", text.size(), timer.elapsedMs());
        text.back() = '}'; // now not JSON
        QVERIFY(!v.acceptsText(text, &error));
        text.back() = ']';
        timer.restart();
        auto parsed = json::parseStrict(text);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        const auto r = v.validate(parsed.value());
        QVERIFY(r.valid);
        qInfo("parseStrict + validate, %zu bytes: %.0f ms of CPU", text.size(), timer.elapsedMs());
    }

    void invalidUtf8()
    {
        const auto v = compile(R"({"type":"string","maxLength":10,"pattern":"^a"})");
        std::string error;
        QVERIFY(!v.acceptsText("\"a\xFF\xFE\"", &error));
        QVERIFY2(error.find("UTF-8") != std::string::npos, error.c_str());
        QVERIFY(!v.acceptsText("\"\xC3\"", &error));
        // A value built in memory may hold any bytes; checking it must not crash.
        const auto r = v.validate(Json(std::string("a\xFF\xFE\xC3", 4)));
        Q_UNUSED(r);
        const auto bad = v.validate(Json(std::string("\xFF", 1)), {schema::ZodStyle::Zod3, {}});
        QVERIFY(!bad.valid);
        QVERIFY(!bad.toJson().empty());
    }

    void catastrophicPattern()
    {
        const auto v = compile(R"({"pattern":"^(a+)+$"})");
        const std::string evil = std::string(100000, 'a') + "!";
        const ThreadCpuTimer cpu;
        QVERIFY(!v.accepts(Json(evil)));
        QVERIFY(!v.acceptsText("\"" + evil + "\""));
        const auto r = v.validate(Json(evil));
        QCOMPARE(r.issues.at(0).code, std::string("invalid_string"));
        QVERIFY(v.accepts(Json(std::string(100000, 'a'))));
        qInfo("catastrophic pattern on 100,000 characters: %.1f ms of CPU", cpu.elapsedMs());
        QVERIFY2(cpu.elapsedMs() < kHostileCpuMs, qPrintable(QString::number(cpu.elapsedMs())));
    }

    void uniqueItemsOnAHugeArray()
    {
        const auto v = compile(R"({"uniqueItems":true})");
        std::string text = "[";
        for (int i = 0; i < 100000; ++i)
            text += i ? ",7" : "7";
        text += "]";
        std::string distinct = "[";
        for (int i = 0; i < 100000; ++i)
            distinct += (i ? "," : "") + std::to_string(i);
        distinct += "]";
        const ThreadCpuTimer cpu;
        QVERIFY(!v.acceptsText(text));
        QVERIFY(v.acceptsText(distinct));
        qInfo("uniqueItems over 100,000 items, twice: %.1f ms of CPU", cpu.elapsedMs());
        // Pairwise comparison of the distinct items would be 5e9 steps: seconds at the least.
        QVERIFY2(cpu.elapsedMs() < kHostileCpuMs, qPrintable(QString::number(cpu.elapsedMs())));
    }

    void referenceLoops_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::newRow("self") << R"({"$ref":"#"})";
        QTest::newRow("exponential") << R"({"allOf":[{"$ref":"#"},{"$ref":"#"}],"anyOf":[{"$ref":"#"},{"$ref":"#"}]})";
        QTest::newRow("mutual") << R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"})";
    }

    // A loop that consumes no input is a bad schema, refused when compiled (quickly, however
    // the references multiply), never a validation that runs forever.
    void referenceLoops()
    {
        QFETCH(QString, schema);
        const ThreadCpuTimer cpu;
        const auto compiled = schema::Validator::compile(json::parseStrict(schema.toStdString()).value());
        QVERIFY2(!compiled, "a loop that consumes no input compiled");
        QVERIFY2(compiled.error().toString().find("refers to itself without consuming input") != std::string::npos,
                 compiled.error().toString().c_str());
        QVERIFY2(cpu.elapsedMs() < kHostileCpuMs, qPrintable(QString::number(cpu.elapsedMs())));
    }

    // A raised cancel flag stops a validation of 200,000 items early, from another thread, and
    // the result says so instead of giving a verdict.
    void cancelStopsValidation()
    {
        auto validator = schema::Validator::compile(Json::parse(R"({"type": "array", "items": {"type": "integer", "minimum": 0}})"));
        QVERIFY(validator.ok());
        Json items = Json::array();
        for (int i = 0; i < 200000; ++i)
            items.push_back(-1);
        CancelFlag cancel = false;
        schema::ValidateOptions options;
        options.cancel = &cancel;
        const schema::ValidationResult whole = validator.value().validate(items, options);
        QVERIFY(!whole.cancelled);
        QCOMPARE(whole.issues.size(), std::size_t(200000));
        cancel = true;
        const schema::ValidationResult stopped = validator.value().validate(items, options);
        QVERIFY(stopped.cancelled);
        QVERIFY(!stopped.valid);
        QVERIFY(stopped.issues.empty());
    }
};

QTEST_GUILESS_MAIN(TestSchemaHostile)
#include "test_schema_hostile.moc"
