// Provider profiles: which schemas each strict mode accepts, and the strict transform.
#include "test_registry.h"

#include "providers/profile.h"

#include <QTest>

// Json in QCOMPARE drags in Qt's float16 traits; compare the serialised forms instead.
#define QCOMPARE_JSON(a, b) QCOMPARE(QString::fromStdString(Json(a).dump()), QString::fromStdString(Json(b).dump()))

using namespace conform;
using namespace conform::providers;

namespace {

const Profile& profileNamed(const QString& name)
{
    if (name == QLatin1String("openai"))
        return openAiStrictProfile();
    if (name == QLatin1String("anthropic"))
        return anthropicStrictProfile();
    return ollamaFormatProfile();
}

const char* kClosed = R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false})";
const char* kOptional = R"({"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a"],"additionalProperties":false})";
const char* kOpen = R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"]})";
const char* kAllOf = R"({"type":"object","properties":{"a":{"allOf":[{"type":"string"}]}},"required":["a"],"additionalProperties":false})";
const char* kOneOf = R"({"type":"object","properties":{"a":{"oneOf":[{"type":"string"},{"type":"integer"}]}},"required":["a"],"additionalProperties":false})";
const char* kArrayRoot = R"({"type":"array","items":{"type":"string"}})";
const char* kMinimum = R"({"type":"object","properties":{"n":{"type":"integer","minimum":1,"maximum":5}},"required":["n"],"additionalProperties":false})";
const char* kMinItems = R"({"type":"object","properties":{"l":{"type":"array","items":{"type":"string"},"minItems":3}},"required":["l"],"additionalProperties":false})";
const char* kBadFormat = R"({"type":"object","properties":{"s":{"type":"string","format":"ipv4-cidr"}},"required":["s"],"additionalProperties":false})";
const char* kNestedOpen = R"({"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"string"}}}},"required":["o"],"additionalProperties":false})";
const char* kIfThen = R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false,"if":{"properties":{"a":{"const":"x"}}},"then":{"required":["a"]}})";

} // namespace

class ProfileTest : public QObject
{
    Q_OBJECT
private slots:
    void accepts_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("schema");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("reason"); // a substring of one reason
        QTest::newRow("openai closed") << "openai" << kClosed << true << "";
        QTest::newRow("openai optional") << "openai" << kOptional << false << "every property must be listed in required";
        QTest::newRow("openai open") << "openai" << kOpen << false << "additionalProperties must be false";
        QTest::newRow("openai allOf") << "openai" << kAllOf << false << "/properties/a: allOf is not supported";
        QTest::newRow("openai oneOf") << "openai" << kOneOf << false << "oneOf is not supported";
        QTest::newRow("openai array root") << "openai" << kArrayRoot << false << "/: the root must be of type \"object\""; // the root as every message names it
        QTest::newRow("openai minimum ok") << "openai" << kMinimum << true << "";
        QTest::newRow("openai nested open") << "openai" << kNestedOpen << false << "/properties/o: additionalProperties";
        QTest::newRow("openai if") << "openai" << kIfThen << false << "if is not supported";
        QTest::newRow("anthropic closed") << "anthropic" << kClosed << true << "";
        QTest::newRow("anthropic optional ok") << "anthropic" << kOptional << true << "";
        QTest::newRow("anthropic allOf ok") << "anthropic" << kAllOf << true << "";
        QTest::newRow("anthropic oneOf") << "anthropic" << kOneOf << false << "oneOf is not supported";
        QTest::newRow("anthropic minimum") << "anthropic" << kMinimum << false << "minimum is not supported";
        QTest::newRow("anthropic minItems 3") << "anthropic" << kMinItems << false << "minItems must be 0 or 1";
        QTest::newRow("anthropic format") << "anthropic" << kBadFormat << false << "format \"ipv4-cidr\"";
        QTest::newRow("anthropic array root") << "anthropic" << kArrayRoot << true << "";
        QTest::newRow("ollama anything typed") << "ollama" << kAllOf << true << "";
        QTest::newRow("ollama untyped") << "ollama" << R"({"description":"x"})" << false << "must name a type";
        QTest::newRow("not an object") << "openai" << "true" << false << "must be a JSON object";
    }

    void accepts()
    {
        QFETCH(QString, profile);
        QFETCH(QString, schema);
        QFETCH(bool, ok);
        QFETCH(QString, reason);
        const Verdict v = profileNamed(profile).accepts(Json::parse(schema.toStdString()));
        QCOMPARE(v.ok, ok);
        QCOMPARE(v.reasons.empty(), ok);
        if (reason.isEmpty())
            return;
        bool found = false;
        for (const std::string& r : v.reasons)
            found = found || r.find(reason.toStdString()) != std::string::npos;
        QVERIFY2(found, (v.reasons.empty() ? std::string("(no reasons)") : v.reasons.front()).c_str());
    }

    void makeStrict_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("schema");
        QTest::addColumn<bool>("ok");
        QTest::newRow("openai optional") << "openai" << kOptional << true;
        QTest::newRow("openai open") << "openai" << kOpen << true;
        QTest::newRow("openai oneOf") << "openai" << kOneOf << true;
        QTest::newRow("openai nested open") << "openai" << kNestedOpen << true;
        QTest::newRow("openai allOf of one branch merged") << "openai" << kAllOf << true;
        QTest::newRow("openai array root stays refused") << "openai" << kArrayRoot << false;
        QTest::newRow("anthropic minimum") << "anthropic" << kMinimum << true;
        QTest::newRow("anthropic oneOf") << "anthropic" << kOneOf << true;
        QTest::newRow("anthropic minItems") << "anthropic" << kMinItems << true;
        QTest::newRow("anthropic format") << "anthropic" << kBadFormat << true;
        QTest::newRow("anthropic open") << "anthropic" << kOpen << true;
    }

    void makeStrict()
    {
        QFETCH(QString, profile);
        QFETCH(QString, schema);
        QFETCH(bool, ok);
        const Profile& p = profileNamed(profile);
        const Transformed t = p.makeStrict(Json::parse(schema.toStdString()));
        QCOMPARE(t.verdict.ok, ok);
        QCOMPARE(p.accepts(t.schema).ok, ok);
        if (ok && !p.accepts(Json::parse(schema.toStdString())).ok)
            QVERIFY(!t.changes.empty());
    }

    void strictOptionalsBecomeNullableAndMapBack()
    {
        const Json original = Json::parse(kOptional);
        const Transformed t = openAiStrictProfile().makeStrict(original);
        QCOMPARE_JSON(t.schema["required"], Json::parse(R"(["a","b"])"));
        QCOMPARE_JSON(t.schema["properties"]["b"]["type"], Json::parse(R"(["integer","null"])"));
        const Json answer = Json::parse(R"({"a":"x","b":null})");
        QCOMPARE_JSON(removeNullOptionals(answer, original), Json::parse(R"({"a":"x"})"));
        const Json kept = Json::parse(R"({"a":null,"b":2})"); // a is required: its null is the model's error
        QCOMPARE_JSON(removeNullOptionals(kept, original), kept);
    }

    void anthropicMovesConstraintsIntoDescription()
    {
        const Transformed t = anthropicStrictProfile().makeStrict(Json::parse(kMinimum));
        const Json n = t.schema["properties"]["n"];
        QVERIFY(!n.contains("minimum"));
        QVERIFY(n["description"].get<std::string>().find("minimum: 1") != std::string::npos);
        QVERIFY(n["description"].get<std::string>().find("maximum: 5") != std::string::npos);
    }

    void hostileDepthIsRefusedNotCrashed()
    {
        Json schema = Json::parse(R"({"type":"object"})");
        for (int i = 0; i < 1000; ++i)
            schema = Json{{"type", "object"}, {"properties", Json{{"x", std::move(schema)}}}, {"required", Json::array({"x"})},
                          {"additionalProperties", false}};
        QVERIFY(!openAiStrictProfile().accepts(schema).ok);
        QVERIFY(!anthropicStrictProfile().accepts(schema).ok);
        QVERIFY(!openAiStrictProfile().makeStrict(schema).verdict.ok);
    }
};

CONFORM_TEST_CLASS(ProfileTest);

#include "test_profiles.moc"
