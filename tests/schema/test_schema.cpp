// Unit tests of conform::schema: every Zod code and message in both styles, their fields,
// schemaPath, document order, coercions, lint, compile errors and workspace registries.
#include "json/parse.h"
#include "require_dependency.h"
#include "schema/metaschemas.h"
#include "schema/schema.h"
#include "schema/uri.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace conform;
using schema::ZodStyle;

namespace {

Json parse(const char* text)
{
    auto parsed = json::parseStrict(text);
    if (!parsed)
        qFatal("bad JSON in a test row: %s: %s", text, parsed.error().toString().c_str());
    return parsed.value();
}

schema::Validator compile(const char* schemaText, bool assertFormats = false)
{
    schema::CompileOptions options;
    options.assertFormats = assertFormats;
    auto compiled = schema::Validator::compile(parse(schemaText), options);
    if (!compiled)
        qFatal("schema does not compile: %s", compiled.error().toString().c_str());
    return compiled.value();
}

schema::ValidationResult run(const char* schemaText, const char* instance, ZodStyle style, bool formats = false,
                             schema::CoercionOptions coerce = {})
{
    return compile(schemaText, formats).validate(parse(instance), {style, coerce});
}

QString describe(const schema::ValidationResult& r)
{
    return QString::fromStdString(r.toJson().dump(1));
}

} // namespace

class TestSchema : public QObject
{
    Q_OBJECT

private slots:
    void zodIssues_data();
    void zodIssues();
    void issueFields();
    void unionErrors();
    void documentOrder();
    void validInstancesHaveNoIssues();
    void stringLengthCountsCodePoints();
    void coercions_data();
    void coercions();
    void coercionsAreOffByDefault();
    void compileErrorsSayWhere_data();
    void compileErrorsSayWhere();
    void draftFromSchemaKeyword();
    void schemaFolderRegistry();
    void metaschemasAreFoundByTheirId();
    void referenceLoops_data();
    void referenceLoops();
    void acceptsTextReportsParseErrors();
    void toJsonShape();
    void formatsAssertByDefault();
    void cliSchemaLint();
};

void TestSchema::zodIssues_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("instance");
    QTest::addColumn<bool>("formats");
    QTest::addColumn<QString>("code3");
    QTest::addColumn<QString>("message3");
    QTest::addColumn<QString>("code4");
    QTest::addColumn<QString>("message4");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("schemaPath");

    auto row = [](const char* name, const char* s, const char* i, bool f, const char* c3, const char* m3, const char* c4,
                  const char* m4, const char* path, const char* sp) {
        QTest::newRow(name) << s << i << f << c3 << m3 << c4 << m4 << path << sp;
    };
    row("string given number", R"({"type":"string"})", "5", false, "invalid_type", "Expected string, received number",
        "invalid_type", "Invalid input: expected string, received number", "", "/type");
    row("nullable string given number", R"({"type":["string","null"]})", "5", false, "invalid_type",
        "Expected string, received number", "invalid_type", "Invalid input: expected string, received number", "", "/type");
    row("missing required", R"({"type":"object","properties":{"name":{"type":"string"}},"required":["name"]})", "{}",
        false, "invalid_type", "Required", "invalid_type", "Invalid input: expected string, received undefined", "/name",
        "/required");
    row("integer given float", R"({"type":"integer"})", "1.5", false, "invalid_type", "Expected integer, received float",
        "invalid_type", "Invalid input: expected int, received number", "", "/type");
    // z.number().int() checks for a number first (zod 3); zod 4 names the int.
    row("integer given string", R"({"type":"integer"})", R"("5")", false, "invalid_type", "Expected number, received string",
        "invalid_type", "Invalid input: expected int, received string", "", "/type");
    row("nullable integer given string", R"({"type":["integer","null"]})", R"("5")", false, "invalid_type",
        "Expected number, received string", "invalid_type", "Invalid input: expected int, received string", "", "/type");
    // anyOf/oneOf [T, null] is T.nullable(): T's own issue, not invalid_union.
    row("anyOf string or null, too short", R"({"anyOf":[{"type":"string","minLength":3},{"type":"null"}]})", R"("ab")",
        false, "too_small", "String must contain at least 3 character(s)", "too_small",
        "Too small: expected string to have >=3 characters", "", "/anyOf/0/minLength");
    row("oneOf null or integer, given a string", R"({"oneOf":[{"type":"null"},{"type":"integer"}]})", R"("x")", false,
        "invalid_type", "Expected number, received string", "invalid_type", "Invalid input: expected int, received string",
        "", "/oneOf/1/type");
    row("object given array", R"({"type":"object"})", "[]", false, "invalid_type", "Expected object, received array",
        "invalid_type", "Invalid input: expected object, received array", "", "/type");
    row("array min 5", R"({"type":"array","minItems":5})", "[1]", false, "too_small",
        "Array must contain at least 5 element(s)", "too_small", "Too small: expected array to have >=5 items", "",
        "/minItems");
    row("array max 2", R"({"maxItems":2})", "[1,2,3]", false, "too_big", "Array must contain at most 2 element(s)",
        "too_big", "Too big: expected array to have <=2 items", "", "/maxItems");
    row("exactly 4 answers, too few", R"({"type":"array","minItems":4,"maxItems":4})", "[1,2]", false, "too_small",
        "Array must contain exactly 4 element(s)", "too_small", "Too small: expected array to have exactly 4 items", "",
        "/minItems");
    row("exactly 4 answers, too many", R"({"type":"array","minItems":4,"maxItems":4})", "[1,2,3,4,5]", false,
        "too_big", "Array must contain exactly 4 element(s)", "too_big", "Too big: expected array to have exactly 4 items",
        "", "/maxItems");
    row("string min 3", R"({"minLength":3})", R"("ab")", false, "too_small", "String must contain at least 3 character(s)",
        "too_small", "Too small: expected string to have >=3 characters", "", "/minLength");
    row("string max 2", R"({"maxLength":2})", R"("abc")", false, "too_big", "String must contain at most 2 character(s)",
        "too_big", "Too big: expected string to have <=2 characters", "", "/maxLength");
    row("string exactly 3, short", R"({"minLength":3,"maxLength":3})", R"("ab")", false, "too_small",
        "String must contain exactly 3 character(s)", "too_small", "Too small: expected string to have exactly 3 characters",
        "", "/minLength");
    row("string exactly 3, long", R"({"minLength":3,"maxLength":3})", R"("abcd")", false, "too_big",
        "String must contain exactly 3 character(s)", "too_big", "Too big: expected string to have exactly 3 characters",
        "", "/maxLength");
    row("number max 100", R"({"maximum":100})", "101", false, "too_big", "Number must be less than or equal to 100",
        "too_big", "Too big: expected number to be <=100", "", "/maximum");
    row("number min 1", R"({"minimum":1})", "0", false, "too_small", "Number must be greater than or equal to 1",
        "too_small", "Too small: expected number to be >=1", "", "/minimum");
    row("exclusive minimum", R"({"exclusiveMinimum":0})", "0", false, "too_small", "Number must be greater than 0",
        "too_small", "Too small: expected number to be >0", "", "/exclusiveMinimum");
    row("exclusive maximum", R"({"exclusiveMaximum":10})", "10", false, "too_big", "Number must be less than 10",
        "too_big", "Too big: expected number to be <10", "", "/exclusiveMaximum");
    row("number exactly 5, low", R"({"minimum":5,"maximum":5})", "4", false, "too_small",
        "Number must be exactly equal to 5", "too_small", "Too small: expected number to be exactly 5", "", "/minimum");
    row("number exactly 5, high", R"({"minimum":5,"maximum":5})", "6", false, "too_big", "Number must be exactly 5",
        "too_big", "Too big: expected number to be exactly 5", "", "/maximum");
    row("fractional bound", R"({"maximum":0.5})", "0.75", false, "too_big", "Number must be less than or equal to 0.5",
        "too_big", "Too big: expected number to be <=0.5", "", "/maximum");
    row("multipleOf", R"({"multipleOf":5})", "7", false, "not_multiple_of", "Number must be a multiple of 5",
        "not_multiple_of", "Invalid number: must be a multiple of 5", "", "/multipleOf");
    row("enum a/b given c", R"({"enum":["a","b"]})", R"("c")", false, "invalid_enum_value",
        "Invalid enum value. Expected 'a' | 'b', received 'c'", "invalid_value", R"(Invalid option: expected one of "a"|"b")",
        "", "/enum");
    row("string enum given number", R"({"enum":["a","b"]})", "5", false, "invalid_type",
        "Expected 'a' | 'b', received number", "invalid_value", R"(Invalid option: expected one of "a"|"b")", "", "/enum");
    row("mixed enum", R"({"enum":[1,"a"]})", "2", false, "invalid_enum_value",
        "Invalid enum value. Expected 1 | 'a', received '2'", "invalid_value", R"(Invalid option: expected one of 1|"a")",
        "", "/enum");
    row("single-value enum", R"({"enum":["only"]})", R"("other")", false, "invalid_enum_value",
        "Invalid enum value. Expected 'only', received 'other'", "invalid_value", R"(Invalid input: expected "only")", "",
        "/enum");
    row("const", R"({"const":"yes"})", R"("no")", false, "invalid_literal", R"(Invalid literal value, expected "yes")",
        "invalid_value", R"(Invalid input: expected "yes")", "", "/const");
    row("const number", R"({"const":3})", "4", false, "invalid_literal", "Invalid literal value, expected 3",
        "invalid_value", "Invalid input: expected 3", "", "/const");
    row("extra key", R"({"type":"object","properties":{"a":{}},"additionalProperties":false})", R"({"a":1,"extra":2})",
        false, "unrecognized_keys", "Unrecognized key(s) in object: 'extra'", "unrecognized_keys",
        R"(Unrecognized key: "extra")", "", "/additionalProperties");
    row("two extra keys", R"({"additionalProperties":false})", R"({"x":1,"y":2})", false, "unrecognized_keys",
        "Unrecognized key(s) in object: 'x', 'y'", "unrecognized_keys", R"(Unrecognized keys: "x", "y")", "",
        "/additionalProperties");
    row("pattern", R"({"pattern":"^a+$"})", R"("b")", false, "invalid_string", "Invalid", "invalid_format",
        "Invalid string: must match pattern /^a+$/", "", "/pattern");
    row("format email", R"({"format":"email"})", R"("nope")", true, "invalid_string", "Invalid email", "invalid_format",
        "Invalid email address", "", "/format");
    row("format uuid", R"({"format":"uuid"})", R"("nope")", true, "invalid_string", "Invalid uuid", "invalid_format",
        "Invalid UUID", "", "/format");
    row("format date-time", R"({"format":"date-time"})", R"("yesterday")", true, "invalid_string", "Invalid datetime",
        "invalid_format", "Invalid ISO datetime", "", "/format");
    row("format uri", R"({"format":"uri"})", R"("not a uri")", true, "invalid_string", "Invalid url", "invalid_format",
        "Invalid URL", "", "/format");
    row("anyOf none", R"({"anyOf":[{"type":"string"},{"type":"number"}]})", "true", false, "invalid_union",
        "Invalid input", "invalid_union", "Invalid input", "", "/anyOf");
    row("oneOf none", R"({"oneOf":[{"type":"string"},{"type":"number"}]})", "null", false, "invalid_union",
        "Invalid input", "invalid_union", "Invalid input", "", "/oneOf");
    row("oneOf both", R"({"oneOf":[{"type":"integer"},{"minimum":0}]})", "3", false, "custom",
        "Input matches more than one option of 'oneOf' (options 0 and 1)", "custom",
        "Input matches more than one option of 'oneOf' (options 0 and 1)", "", "/oneOf");
    row("not", R"({"not":{"type":"string"}})", R"("s")", false, "custom", "Input must not match the schema in 'not'",
        "custom", "Input must not match the schema in 'not'", "", "/not");
    row("uniqueItems", R"({"uniqueItems":true})", "[1,2,1.0]", false, "custom",
        "Array items must be unique (items 0 and 2 are equal)", "custom",
        "Array items must be unique (items 0 and 2 are equal)", "", "/uniqueItems");
    row("contains", R"({"contains":{"type":"string"}})", "[1,2]", false, "custom",
        "Array must contain at least one item matching the schema", "custom",
        "Array must contain at least one item matching the schema", "", "/contains");
    row("minContains", R"({"contains":{"type":"string"},"minContains":2})", R"(["a",1])", false, "custom",
        "Array must contain at least 2 matching item(s)", "custom", "Array must contain at least 2 matching item(s)", "",
        "/minContains");
    row("maxContains", R"({"contains":{"type":"string"},"maxContains":1})", R"(["a","b"])", false, "custom",
        "Array must contain at most 1 matching item(s)", "custom", "Array must contain at most 1 matching item(s)", "",
        "/maxContains");
    row("propertyNames", R"({"propertyNames":{"maxLength":3}})", R"({"abcd":1})", false, "custom",
        "Property name 'abcd' is not allowed", "custom", "Property name 'abcd' is not allowed", "/abcd", "/propertyNames");
    row("dependentRequired", R"({"dependentRequired":{"a":["b"]}})", R"({"a":1})", false, "custom",
        "Property 'b' is required when 'a' is present", "custom", "Property 'b' is required when 'a' is present", "",
        "/dependentRequired/a");
    row("minProperties", R"({"minProperties":2})", R"({"a":1})", false, "custom", "Object must have at least 2 property(ies)",
        "custom", "Object must have at least 2 property(ies)", "", "/minProperties");
    row("maxProperties", R"({"maxProperties":1})", R"({"a":1,"b":2})", false, "custom",
        "Object must have at most 1 property(ies)", "custom", "Object must have at most 1 property(ies)", "",
        "/maxProperties");
    row("unevaluatedProperties", R"({"properties":{"a":{}},"unevaluatedProperties":false})", R"({"a":1,"b":2})", false,
        "custom", "Unevaluated properties are not allowed: 'b'", "custom", "Unevaluated properties are not allowed: 'b'",
        "", "/unevaluatedProperties");
    row("false schema", R"({"properties":{"a":false}})", R"({"a":1})", false, "custom", "No value is allowed here",
        "custom", "No value is allowed here", "/a", "/properties/a");
    row("if/then reports then", R"({"if":{"properties":{"kind":{"const":"x"}}},"then":{"required":["y"]}})",
        R"({"kind":"x"})", false, "invalid_type", "Required", "invalid_type",
        "Invalid input: expected unknown, received undefined", "/y", "/then/required");
    row("nested item", R"({"properties":{"goals":{"type":"array","items":{"type":"string"}}}})", R"({"goals":["a",5]})",
        false, "invalid_type", "Expected string, received number", "invalid_type",
        "Invalid input: expected string, received number", "/goals/1", "/properties/goals/items/type");
    row("through $ref", R"({"$defs":{"s":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/s"}}})", R"({"a":1})",
        false, "invalid_type", "Expected string, received number", "invalid_type",
        "Invalid input: expected string, received number", "/a", "/$defs/s/type");
}

// A loop of references applied to the same value can never finish: a bad schema, with the
// pointer of the keyword that closes the loop; a loop through a keyword that descends into the
// value (properties, items) is ordinary recursion and compiles.
void TestSchema::referenceLoops_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("where"); // empty: compiles
    QTest::newRow("root to itself") << R"({"$ref":"#"})" << "/$ref";
    QTest::newRow("two $defs") << R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"})"
                               << "/$defs/b/$ref";
    QTest::newRow("through allOf") << R"({"allOf":[{"$ref":"#"}]})" << "/allOf/0/$ref";
    QTest::newRow("through an anyOf branch") << R"({"anyOf":[{"type":"string"},{"$ref":"#"}]})" << "/anyOf/1/$ref";
    QTest::newRow("draft 7 definition to itself")
        << R"({"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a":{"$ref":"#/definitions/a"}},"properties":{"x":{"$ref":"#/definitions/a"}}})"
        << "/definitions/a/$ref";
    QTest::newRow("recursion through properties") << R"({"properties":{"next":{"$ref":"#"}}})" << "";
    QTest::newRow("recursion through items") << R"({"type":"array","items":{"$ref":"#"}})" << "";
    QTest::newRow("a chain that ends") << R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"type":"string"}},"$ref":"#/$defs/a"})" << "";
}

void TestSchema::referenceLoops()
{
    QFETCH(QString, schema);
    QFETCH(QString, where);
    const auto compiled = schema::Validator::compile(parse(schema.toStdString().c_str()));
    if (where.isEmpty()) {
        QVERIFY2(compiled.ok(), compiled.ok() ? "" : compiled.error().toString().c_str());
        return;
    }
    QVERIFY(!compiled.ok());
    QCOMPARE(QString::fromStdString(compiled.error().where), where);
    QVERIFY2(compiled.error().message.find("refers to itself without consuming input") != std::string::npos,
             compiled.error().message.c_str());
}

void TestSchema::zodIssues()
{
    QFETCH(QString, schema);
    QFETCH(QString, instance);
    QFETCH(bool, formats);
    QFETCH(QString, path);
    QFETCH(QString, schemaPath);
    const std::string s = schema.toStdString(), i = instance.toStdString();
    for (ZodStyle style : {ZodStyle::Zod3, ZodStyle::Zod4}) {
        const bool zod3 = style == ZodStyle::Zod3;
        const auto r = run(s.c_str(), i.c_str(), style, formats);
        QVERIFY2(!r.valid, qPrintable(describe(r)));
        QVERIFY2(r.issues.size() == 1, qPrintable(describe(r)));
        const schema::Issue& issue = r.issues.front();
        QString wantCode, wantMessage;
        if (zod3) {
            QFETCH(QString, code3);
            QFETCH(QString, message3);
            wantCode = code3;
            wantMessage = message3;
        } else {
            QFETCH(QString, code4);
            QFETCH(QString, message4);
            wantCode = code4;
            wantMessage = message4;
        }
        QCOMPARE(QString::fromStdString(issue.code), wantCode);
        QCOMPARE(QString::fromStdString(issue.message), wantMessage);
        QCOMPARE(QString::fromStdString(toPointer(issue.path)), path);
        QCOMPARE(QString::fromStdString(issue.schemaPath), schemaPath);
        // The verdict paths agree with validate(), and issues read from the text are the same.
        const auto validator = compile(s.c_str(), formats);
        QVERIFY(!validator.accepts(parse(i.c_str())));
        QVERIFY(!validator.acceptsText(i));
        const auto fromText = validator.validateText(i, {style, {}});
        QVERIFY(fromText);
        QCOMPARE(fromText->toJson(), r.toJson());
    }
}

void TestSchema::issueFields()
{
    auto first = [](const char* s, const char* i, ZodStyle style) { return run(s, i, style).issues.at(0).params; };
    QCOMPARE(first(R"({"minItems":5})", "[1]", ZodStyle::Zod3),
             parse(R"({"minimum":5,"type":"array","inclusive":true,"exact":false})"));
    QCOMPARE(first(R"({"minItems":5})", "[1]", ZodStyle::Zod4),
             parse(R"({"origin":"array","minimum":5,"inclusive":true,"exact":false})"));
    QCOMPARE(first(R"({"exclusiveMaximum":1.5})", "2", ZodStyle::Zod3),
             parse(R"({"maximum":1.5,"type":"number","inclusive":false,"exact":false})"));
    QCOMPARE(first(R"({"type":"string"})", "5", ZodStyle::Zod3), parse(R"({"expected":"string","received":"number"})"));
    QCOMPARE(first(R"({"type":"string"})", "5", ZodStyle::Zod4), parse(R"({"expected":"string"})"));
    QCOMPARE(first(R"({"required":["a"]})", "{}", ZodStyle::Zod3), parse(R"({"expected":"unknown","received":"undefined"})"));
    QCOMPARE(first(R"({"enum":["a","b"]})", R"("c")", ZodStyle::Zod3), parse(R"({"received":"c","options":["a","b"]})"));
    QCOMPARE(first(R"({"enum":["a","b"]})", R"("c")", ZodStyle::Zod4), parse(R"({"values":["a","b"]})"));
    QCOMPARE(first(R"({"const":{"k":1}})", "1", ZodStyle::Zod3), parse(R"({"expected":{"k":1},"received":1})"));
    QCOMPARE(first(R"({"additionalProperties":false})", R"({"x":1})", ZodStyle::Zod3), parse(R"({"keys":["x"]})"));
    QCOMPARE(first(R"({"multipleOf":2})", "3", ZodStyle::Zod3), parse(R"({"multipleOf":2})"));
    QCOMPARE(first(R"({"multipleOf":2})", "3", ZodStyle::Zod4), parse(R"({"divisor":2})"));
    QCOMPARE(first(R"({"pattern":"^a$"})", R"("b")", ZodStyle::Zod3), parse(R"({"validation":"regex"})"));
    QCOMPARE(first(R"({"pattern":"^a$"})", R"("b")", ZodStyle::Zod4), parse(R"({"format":"regex","pattern":"/^a$/"})"));
    QCOMPARE(first(R"({"uniqueItems":true})", "[1,1]", ZodStyle::Zod3),
             parse(R"({"keyword":"uniqueItems","duplicates":[0,1]})"));
}

void TestSchema::unionErrors()
{
    const char* s = R"({"anyOf":[{"type":"string"},{"type":"object","required":["a"]}]})";
    const auto zod3 = run(s, "{}", ZodStyle::Zod3).issues.at(0).params;
    QCOMPARE(zod3["unionErrors"].size(), 2u);
    QCOMPARE(zod3["unionErrors"][0]["issues"][0]["message"], Json("Expected string, received object"));
    QCOMPARE(zod3["unionErrors"][1]["issues"][0]["path"], parse(R"(["a"])"));
    QCOMPARE(zod3["unionErrors"][1]["issues"][0]["schemaPath"], Json("/anyOf/1/required"));
    const auto zod4 = run(s, "{}", ZodStyle::Zod4).issues.at(0).params;
    QCOMPARE(zod4["errors"].size(), 2u);
    QCOMPARE(zod4["errors"][1][0]["message"], Json("Invalid input: expected unknown, received undefined"));
}

void TestSchema::documentOrder()
{
    const char* s = R"({"type":"object","properties":{"a":{"type":"string"},"b":{"minimum":5},
        "list":{"items":{"type":"integer"}},"c":{"type":"number"}},"required":["a","b","c"],"additionalProperties":false})";
    const auto r = run(s, R"({"b":1,"list":[1,"x",3,4.5],"a":2,"zz":0})", ZodStyle::Zod3);
    QStringList got;
    for (const auto& issue : r.issues)
        got << QString::fromStdString(toPointer(issue.path) + " " + issue.code);
    QCOMPARE(got, QStringList({"/b too_small", "/list/1 invalid_type", "/list/3 invalid_type", "/a invalid_type",
                               "/c invalid_type", " unrecognized_keys"}));
}

void TestSchema::validInstancesHaveNoIssues()
{
    const auto r = run(R"({"type":"object","properties":{"n":{"type":"integer","minimum":1}},"required":["n"]})",
                       R"({"n":1.0})", ZodStyle::Zod3);
    QVERIFY2(r.valid && r.issues.empty(), qPrintable(describe(r)));
    QCOMPARE(r.value, parse(R"({"n":1.0})"));
}

void TestSchema::stringLengthCountsCodePoints()
{
    const auto v = compile(R"({"maxLength":2,"minLength":2})");
    QVERIFY(v.accepts(Json("\xC3\xA9\xF0\x9F\x98\x80"))); // é and 😀: 6 bytes, 2 code points
    QVERIFY(v.acceptsText("\"\xC3\xA9\xF0\x9F\x98\x80\""));
    QVERIFY(!v.accepts(Json("abc")));
}

void TestSchema::coercions_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("instance");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("kinds");
    QTest::addColumn<QString>("paths");
    QTest::newRow("enum case") << R"({"enum":["amber","red"]})" << R"("Amber")" << R"("amber")" << "enum_case" << "";
    QTest::newRow("yes") << R"({"type":"boolean"})" << R"("yes")" << "true" << "boolean_word" << "";
    QTest::newRow("No") << R"({"type":"boolean"})" << R"("No")" << "false" << "boolean_word" << "";
    QTest::newRow("1") << R"({"type":"boolean"})" << R"("1")" << "true" << "boolean_word" << "";
    QTest::newRow("false") << R"({"type":"boolean"})" << R"("false")" << "false" << "boolean_word" << "";
    QTest::newRow("integer string") << R"({"type":"integer"})" << R"("5")" << "5" << "numeric_string" << "";
    QTest::newRow("number string") << R"({"type":"number"})" << R"(" 2.5 ")" << "2.5" << "numeric_string" << "";
    QTest::newRow("no fraction for integer") << R"({"type":"integer"})" << R"("2.5")" << R"("2.5")" << "" << "";
    QTest::newRow("not a number") << R"({"type":"number"})" << R"("5 apples")" << R"("5 apples")" << "" << "";
    QTest::newRow("wrap") << R"({"type":"array","items":{"type":"string"}})" << R"("x")" << R"(["x"])" << "wrap_in_array"
                          << "";
    QTest::newRow("nested") << R"({"properties":{"tags":{"type":"array","items":{"enum":["a"]}}}})" << R"({"tags":"A"})"
                            << R"({"tags":["a"]})" << "wrap_in_array,enum_case" << "/tags,/tags/0";
    QTest::newRow("through $ref and anyOf")
        << R"({"$defs":{"n":{"type":"integer"}},"properties":{"k":{"anyOf":[{"type":"null"},{"$ref":"#/$defs/n"}]}}})"
        << R"({"k":"7"})" << R"({"k":7})" << "numeric_string" << "/k";
}

void TestSchema::coercions()
{
    QFETCH(QString, schema);
    QFETCH(QString, instance);
    QFETCH(QString, expected);
    QFETCH(QString, kinds);
    QFETCH(QString, paths);
    const auto r = run(schema.toUtf8().constData(), instance.toUtf8().constData(), ZodStyle::Zod3, false,
                       schema::CoercionOptions::all());
    QCOMPARE(r.value, parse(expected.toUtf8().constData()));
    QStringList gotKinds, gotPaths;
    for (const auto& c : r.coercions) {
        gotKinds << QString::fromStdString(c.kind);
        gotPaths << QString::fromStdString(toPointer(c.path));
        QVERIFY(c.before != c.after);
    }
    QCOMPARE(gotKinds.join(','), kinds);
    QCOMPARE(gotPaths.join(','), kinds.isEmpty() ? QString() : paths);
    QCOMPARE(r.valid, !kinds.isEmpty());
}

void TestSchema::coercionsAreOffByDefault()
{
    const auto r = run(R"({"type":"integer"})", R"("5")", ZodStyle::Zod3);
    QVERIFY(!r.valid);
    QVERIFY(r.coercions.empty());
    QCOMPARE(r.value, Json("5"));
    schema::CoercionOptions onlyBooleans;
    onlyBooleans.booleanWords = true;
    QVERIFY(!run(R"({"type":"integer"})", R"("5")", ZodStyle::Zod3, false, onlyBooleans).valid);
}

void TestSchema::compileErrorsSayWhere_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("where");
    QTest::newRow("unknown ref") << R"({"properties":{"a":{"$ref":"#/$defs/missing"}}})" << "/properties/a/$ref";
    QTest::newRow("unknown remote") << R"({"$ref":"http://example.com/nope.json"})" << "/$ref";
    QTest::newRow("bad type") << R"({"items":{"type":"strin"}})" << "/items/type";
    QTest::newRow("negative minLength") << R"({"minLength":-1})" << "/minLength";
    QTest::newRow("not a schema") << R"({"properties":{"a":5}})" << "/properties/a";
    QTest::newRow("not a pattern") << R"({"properties":{"code":{"pattern":"(["}}})" << "/properties/code/pattern";
    QTest::newRow("not a pattern name") << R"({"patternProperties":{"a{2,1}":{}}})" << "/patternProperties/a{2,1}";
}

void TestSchema::compileErrorsSayWhere()
{
    QFETCH(QString, schema);
    QFETCH(QString, where);
    auto compiled = schema::Validator::compile(parse(schema.toUtf8().constData()));
    QVERIFY(!compiled.ok());
    QCOMPARE(QString::fromStdString(compiled.error().where), where);
}

void TestSchema::draftFromSchemaKeyword()
{
    auto d7 = schema::Validator::compile(parse(R"({"$schema":"http://json-schema.org/draft-07/schema#",
        "items":[{"type":"string"}],"additionalItems":false})"));
    QVERIFY(d7.ok());
    QCOMPARE(d7->draft(), schema::Draft::Draft7);
    QVERIFY(d7->accepts(parse(R"(["a"])")));
    QVERIFY(!d7->accepts(parse(R"(["a",1])")));
    auto d2020 = schema::Validator::compile(parse(R"({"prefixItems":[{"type":"string"}],"items":false})"));
    QCOMPARE(d2020->draft(), schema::Draft::Draft2020_12);
    QVERIFY(!d2020->accepts(parse(R"(["a",1])")));
    // The embedded metaschemas resolve offline.
    auto meta = schema::Validator::compile(parse(R"({"$ref":"https://json-schema.org/draft/2020-12/schema"})"));
    QVERIFY2(meta.ok(), meta.ok() ? "" : meta.error().toString().c_str());
    QVERIFY(meta->accepts(parse(R"({"type":"string"})")));
    QVERIFY(!meta->accepts(parse(R"({"type":5})")));
    auto meta7 = schema::Validator::compile(parse(R"({"$ref":"http://json-schema.org/draft-07/schema#"})"));
    QVERIFY(meta7.ok());
    QVERIFY(!meta7->accepts(parse(R"({"minLength":-1})")));
}

void TestSchema::schemaFolderRegistry()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto write = [&](const char* name, const char* text) {
        std::ofstream(QDir(dir.path()).filePath(name).toStdString()) << text;
    };
    write("person.json", R"({"type":"object","required":["name"],
        "properties":{"name":{"type":"string"},"pet":{"$ref":"pet.json"}}})");
    write("pet.json", R"({"$id":"https://conform.test/pet","properties":{"species":{"enum":["cat","dog"]}}})");
    write("broken.json", "{ not json"); // never named by a $ref: never read
    const std::string folder = QDir(dir.path()).canonicalPath().toStdString();
    std::vector<Error> problems;
    const schema::Registry registry = schema::Registry::forWorkspace(folder, &problems);
    const std::string base = "file://" + folder + "/";
    // A workspace schema refers to another by relative path, resolved against its file:// URI.
    schema::CompileOptions options;
    options.registry = &registry;
    options.baseUri = base + "main.json";
    auto compiled = schema::Validator::compile(parse(R"({"$ref":"person.json"})"), options);
    QVERIFY2(compiled.ok(), compiled.ok() ? "" : compiled.error().toString().c_str());
    QVERIFY(compiled->accepts(parse(R"({"name":"Ada","pet":{"species":"cat"}})")));
    QVERIFY(!compiled->accepts(parse(R"({"name":"Ada","pet":{"species":"cow"}})")));
    auto byId = schema::Validator::compile(parse(R"({"$ref":"https://conform.test/pet"})"), options);
    QVERIFY(byId.ok());
    QVERIFY(!byId->accepts(parse(R"({"species":"cow"})")));
    QVERIFY(problems.empty()); // broken.json is named by no $ref: never read
    // A broken file says what and where when a $ref does name it.
    auto broken = schema::Validator::compile(parse(R"({"properties":{"b":{"$ref":"broken.json"}}})"), options);
    QVERIFY(!broken.ok());
    QCOMPARE(broken.error().where, std::string("/properties/b/$ref"));
    QVERIFY2(broken.error().message.find("broken.json: line 1, column ") != std::string::npos, broken.error().message.c_str());
    QCOMPARE(problems.size(), std::size_t(1));
}

// The metaschemas are read when first asked for, under their URI alone: each must be found there
// and say that URI as its "$id", or a $ref by that $id would miss it. A workspace file with a
// metaschema's URI does not shadow it, and $refs into them still resolve.
void TestSchema::metaschemasAreFoundByTheirId()
{
    const auto& embedded = schema::detail::embeddedMetaschemas();
    QVERIFY(embedded.size() >= 2);
    QTemporaryDir dir;
    const schema::Registry registry = schema::Registry::forWorkspace(QDir(dir.path()).canonicalPath().toStdString());
    for (const auto& meta : embedded) {
        const Json* found = registry.find(std::string(meta.uri) + "#");
        QVERIFY2(found, std::string(meta.uri).c_str());
        QVERIFY(*found == parse(std::string(meta.text).c_str()));
        const std::string id = found->value("$id", std::string());
        QCOMPARE(std::string(schema::uri::withoutFragment(schema::uri::resolve(std::string(meta.uri), id))), std::string(meta.uri));
        QCOMPARE(registry.find(std::string(meta.uri)), found); // read once
    }
    schema::CompileOptions options;
    options.registry = &registry;
    auto draft7 = schema::Validator::compile(parse(R"({"$ref":"http://json-schema.org/draft-07/schema#"})"), options);
    QVERIFY2(draft7.ok(), draft7.ok() ? "" : draft7.error().toString().c_str());
    QVERIFY(draft7->accepts(parse(R"({"type":"string"})")));
    QVERIFY(!draft7->accepts(parse(R"({"type":"strin"})")));
}

void TestSchema::acceptsTextReportsParseErrors()
{
    const auto v = compile("{}");
    std::string error;
    QVERIFY(!v.acceptsText("{\"a\": ", &error));
    QVERIFY(!error.empty());
    QVERIFY(v.acceptsText("  {\"a\": [1, 2.5, null]}  ", &error));
    QVERIFY(!v.acceptsText("", &error));
}

void TestSchema::toJsonShape()
{
    const auto r = run(R"({"properties":{"a":{"maxLength":1}}})", R"({"a":"xy"})", ZodStyle::Zod3);
    const char* expected = R"json({"valid":false,"issues":[{"code":"too_big","path":["a"],
        "message":"String must contain at most 1 character(s)","maximum":1,"type":"string","inclusive":true,
        "exact":false,"schemaPath":"/properties/a/maxLength"}],"coercions":[]})json";
    QCOMPARE(r.toJson(), parse(expected));
    const auto c = run(R"({"type":"boolean"})", R"("yes")", ZodStyle::Zod3, false, schema::CoercionOptions::all());
    QCOMPARE(c.coercions.at(0).toJson(), parse(R"({"path":[],"kind":"boolean_word","before":"yes","after":true})"));
}

// As z.string().email() and ajv-formats: "format" fails by default; annotate turns it off.
void TestSchema::formatsAssertByDefault()
{
    const Json schemaJson = parse(R"({"type":"string","format":"email"})");
    const auto asserting = schema::Validator::compile(schemaJson);
    QVERIFY(asserting);
    const auto r = asserting->validate(parse(R"("not an address")"));
    QVERIFY(!r.valid);
    QCOMPARE(r.issues.at(0).code, std::string("invalid_string"));
    QCOMPARE(r.issues.at(0).message, std::string("Invalid email"));
    QVERIFY(asserting->accepts(parse(R"("ada@example.org")")));
    schema::CompileOptions annotate;
    annotate.assertFormats = false;
    QVERIFY(schema::Validator::compile(schemaJson, annotate)->accepts(parse(R"("not an address")")));
}

// conform-cli schema lint FILE: "FILE: /pointer: message" per problem, exit 1 on errors; a
// schema that does not compile is bad input, exit 2.
void TestSchema::cliSchemaLint()
{
    REQUIRE_DEPENDENCY(QFileInfo::exists(QStringLiteral(CONFORM_CLI_PATH)), QStringLiteral("conform-cli is not built"));
    QTemporaryDir dir;
    const QString bad = QDir(dir.path()).filePath("bad.json"), good = QDir(dir.path()).filePath("good.json"),
                  unknown = QDir(dir.path()).filePath("unknown.json");
    std::ofstream(bad.toStdString()) << R"({"properties":{"x":{"pattern":"(?<=a+)b"},"y":{"$ref":"good.json"}}})";
    std::ofstream(good.toStdString()) << R"({"type":"string"})";
    std::ofstream(unknown.toStdString()) << R"({"properties":{"x":{"format":"colour"},"y":{"$ref":"good.json"}}})";
    QProcess cli;
    cli.start(QStringLiteral(CONFORM_CLI_PATH), {"schema", "lint", bad});
    QVERIFY(cli.waitForFinished(20000));
    QCOMPARE(cli.exitCode(), 2);
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(err.startsWith("conform-cli: error: " + bad + ": /properties/x/pattern: a lookbehind of variable width"),
             qPrintable(err));
    cli.start(QStringLiteral(CONFORM_CLI_PATH), {"schema", "lint", unknown});
    QVERIFY(cli.waitForFinished(20000));
    QCOMPARE(cli.exitCode(), 0); // an unknown format is a warning
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QVERIFY2(out.startsWith(unknown + ": /properties/x/format: warning: unknown format"), qPrintable(out));
    cli.start(QStringLiteral(CONFORM_CLI_PATH), {"schema", "lint", good});
    QVERIFY(cli.waitForFinished(20000));
    QCOMPARE(cli.exitCode(), 0);
    // A clean schema says so, rather than printing nothing.
    QCOMPARE(QString::fromUtf8(cli.readAllStandardOutput()), good + QStringLiteral(": no findings\n"));
}

QTEST_GUILESS_MAIN(TestSchema)
#include "test_schema.moc"
