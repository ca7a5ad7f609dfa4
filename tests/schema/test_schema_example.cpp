// The example generator (schema/example.h): hand-picked rows for each keyword it honours, then
// a property test over every schema of the workspace (schemas/, the seeds' schemas) and of the
// official JSON-Schema-Test-Suite (draft 7 and 2020-12): each example must validate, unless
// the schema is unsatisfiable (no instance in the suite's own tests of it is valid). Schemas
// the generator cannot serve are listed with their reason in example_known_gaps.txt; an
// unlisted one fails this test.
#include "json/parse.h"
#include "schema/example.h"
#include "suite_files.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace conform;
namespace fs = std::filesystem;

namespace {

using test::readFile;

} // namespace

class TestSchemaExample : public QObject
{
    Q_OBJECT
private slots:
    void examples_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("expected"); // the exact example, or "" to check validity only
        QTest::newRow("enum") << R"({"enum":["x","y"]})" << R"("x")";
        QTest::newRow("const") << R"({"const":{"a":[1]}})" << R"({"a":[1]})";
        QTest::newRow("required only where maxProperties allows") << R"({"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["b"],"maxProperties":1})" << R"({"b":0})";
        QTest::newRow("minItems and minLength") << R"({"type":"array","minItems":5,"maxItems":7,"items":{"type":"string","minLength":10}})" << "";
        QTest::newRow("uniqueItems") << R"({"type":"array","minItems":3,"uniqueItems":true,"items":{"type":"integer","minimum":1,"maximum":9}})" << "";
        QTest::newRow("range") << R"({"type":"number","minimum":0,"maximum":1})" << "0.5";
        QTest::newRow("exclusive range and multipleOf") << R"({"type":"integer","exclusiveMinimum":10,"multipleOf":7})" << "14";
        QTest::newRow("fractional multipleOf") << R"({"type":"number","minimum":0.3,"multipleOf":0.25})" << "";
        QTest::newRow("formats") << R"({"type":"object","properties":{"d":{"type":"string","format":"date-time"},"e":{"type":"string","format":"email"},"u":{"type":"string","format":"uuid"}},"required":["d","e","u"]})" << "";
        QTest::newRow("simple pattern") << R"({"type":"string","pattern":"^[A-Z]{3}-\\d{4}$"})" << R"("AAA-0000")";
        QTest::newRow("pattern and minLength") << R"({"type":"string","pattern":"^ab+$","minLength":5})" << R"("abbbb")";
        QTest::newRow("local ref") << R"({"$defs":{"n":{"type":"integer","minimum":3}},"type":"object","properties":{"n":{"$ref":"#/$defs/n"}},"required":["n"]})" << R"({"n":3})";
        QTest::newRow("self ref is bounded") << R"({"type":"object","properties":{"me":{"$ref":"#"}}})" << "";
        QTest::newRow("allOf merges") << R"({"allOf":[{"type":"object","required":["a"]},{"properties":{"a":{"type":"string","minLength":2}}}]})" << "";
        QTest::newRow("anyOf: a branch that fits") << R"({"anyOf":[{"type":"string","maxLength":0,"minLength":1},{"type":"boolean"}]})" << "";
        QTest::newRow("oneOf with not") << R"({"type":"integer","not":{"const":0}})" << "";
        QTest::newRow("dependentRequired") << R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"dependentRequired":{"a":["b"]}})" << "";
    }

    void examples()
    {
        QFETCH(QString, schema);
        QFETCH(QString, expected);
        const Json document = Json::parse(schema.toStdString());
        const auto compiled = schema::Validator::compile(document);
        QVERIFY(compiled.ok());
        const schema::Example example = schema::makeExample(document, &compiled.value());
        QVERIFY2(example.valid, example.value.dump().c_str());
        QVERIFY(compiled->accepts(example.value));
        if (!expected.isEmpty())
            QCOMPARE(QString::fromStdString(example.value.dump()), expected);
    }

    // What cannot be satisfied gets a placeholder and a note, never a crash or a false "valid".
    void unsatisfiableOrBeyondTheGenerator_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("note");
        QTest::newRow("false") << "false" << "false";
        QTest::newRow("empty enum") << R"({"enum":[]})" << "enum";
        QTest::newRow("contradictory range") << R"({"type":"integer","minimum":5,"maximum":4})" << "range";
        QTest::newRow("lookahead pattern") << R"({"type":"string","pattern":"^(?=a)a+$"})" << "cannot write";
        QTest::newRow("bad ref") << R"({"$ref":"#/nope/~9"})" << "";
    }

    void unsatisfiableOrBeyondTheGenerator()
    {
        QFETCH(QString, schema);
        QFETCH(QString, note);
        const Json document = Json::parse(schema.toStdString());
        const auto compiled = schema::Validator::compile(document);
        const schema::Example example = schema::makeExample(document, compiled ? &compiled.value() : nullptr);
        if (note.isEmpty())
            return; // an unresolvable $ref: the schema does not compile; the generator still answers
        QVERIFY(!example.valid);
        QVERIFY(!example.notes.empty());
        std::string all;
        for (const auto& n : example.notes)
            all += n.message + "\n";
        QVERIFY2(all.find(note.toStdString()) != std::string::npos, all.c_str());
    }

    // Every schema of the example workspace (the seeds' schemas among them).
    void workspaceSchemas()
    {
        const fs::path root = fs::path(CONFORM_SOURCE_DIR) / "schemas";
        const schema::Registry registry = schema::Registry::forWorkspace(root.string());
        int checked = 0;
        for (const auto& entry : fs::recursive_directory_iterator(root)) {
            if (entry.path().filename() != "schema.json")
                continue;
            auto document = json::parseStrict(readFile(entry.path()));
            QVERIFY(document.ok());
            schema::CompileOptions options;
            options.registry = &registry;
            options.baseUri = "file://" + fs::absolute(entry.path()).generic_string();
            const auto compiled = schema::Validator::compile(document.value(), options);
            QVERIFY2(compiled.ok(), entry.path().c_str());
            const schema::Example example = schema::makeExample(document.value(), &compiled.value());
            QVERIFY2(example.valid, (entry.path().string() + ": " + example.value.dump()).c_str());
            ++checked;
        }
        QVERIFY(checked >= 9);
    }

    // Every schema of the official suite's draft 7 and 2020-12 tests.
    void officialSuite()
    {
        const schema::Registry registry = test::suiteRemotes(CONFORM_SCHEMA_TEST_SUITE);
        const std::set<std::string> known = test::listedIds(fs::path(CONFORM_SOURCE_DIR) / "tests/schema/example_known_gaps.txt");
        int valid = 0, unsatisfiable = 0, gaps = 0;
        QStringList failures;
        for (const char* draft : {"draft7", "draft2020-12"}) {
            const fs::path dir = fs::path(CONFORM_SCHEMA_TEST_SUITE) / "tests" / draft;
            for (const auto& entry : fs::directory_iterator(dir)) {
                if (entry.path().extension() != ".json")
                    continue;
                auto cases = json::parseStrict(readFile(entry.path()));
                QVERIFY(cases.ok());
                for (const Json& c : cases.value()) {
                    const std::string id = std::string(draft) + "/" + entry.path().filename().string() + ": " + c["description"].get<std::string>();
                    schema::CompileOptions options;
                    options.registry = &registry;
                    options.defaultDraft = std::string(draft) == "draft7" ? schema::Draft::Draft7 : schema::Draft::Draft2020_12;
                    const auto compiled = schema::Validator::compile(c["schema"], options);
                    if (!compiled)
                        continue; // the validator's own suite test covers schemas it cannot compile
                    const schema::Example example = schema::makeExample(c["schema"], &compiled.value());
                    if (example.valid) {
                        ++valid;
                        continue;
                    }
                    const bool anyValid = std::any_of(c["tests"].begin(), c["tests"].end(), [](const Json& t) { return t["valid"] == true; });
                    if (!anyValid) {
                        ++unsatisfiable;
                        continue;
                    }
                    if (known.count(id)) {
                        ++gaps;
                        continue;
                    }
                    failures << QString::fromStdString(id + " -> " + example.value.dump());
                }
            }
        }
        qInfo("official suite: %d examples valid, %d schemas with no valid instance, %d known gaps", valid, unsatisfiable, gaps);
        for (const QString& failure : failures)
            qWarning("no valid example: %s", qPrintable(failure));
        QVERIFY2(failures.isEmpty(), qPrintable(QStringLiteral("%1 schemas without a valid example").arg(failures.size())));
    }
};

QTEST_GUILESS_MAIN(TestSchemaExample)

#include "test_schema_example.moc"
