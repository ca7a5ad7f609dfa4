// Patterns as ECMA-262 reads them (schema/regex.h) and repeated keys as JSON.parse reads them,
// on every entry point of the validator: validate and accepts over a tree, acceptsText and
// validateText over simdjson's tape. Expected verdicts are ajv 8's (new Ajv2020(), which
// compiles patterns with `new RegExp(p, "u")`), written down by hand.
#include "cpu_time.h"
#include "json/parse.h"
#include "schema/formats.h"
#include "schema/schema.h"

#include <QtTest>

using namespace conform;

namespace {

Json parse(const std::string& text)
{
    auto parsed = json::parseStrict(text);
    if (!parsed)
        qFatal("bad JSON in a test row: %s: %s", text.c_str(), parsed.error().toString().c_str());
    return parsed.value();
}

schema::Validator compile(const Json& schemaJson)
{
    auto compiled = schema::Validator::compile(schemaJson);
    if (!compiled)
        qFatal("schema does not compile: %s", compiled.error().toString().c_str());
    return compiled.value();
}

// The verdict of every entry point for the JSON text `text`; they must agree.
std::optional<bool> verdictOf(const schema::Validator& v, const std::string& text)
{
    const Json tree = parse(text);
    const bool byValidate = v.validate(tree).valid;
    const bool byAccepts = v.accepts(tree);
    const bool byAcceptsText = v.acceptsText(text);
    const auto byValidateText = v.validateText(text);
    if (!byValidateText || byValidateText->valid != byValidate || byAccepts != byValidate || byAcceptsText != byValidate)
        return std::nullopt;
    return byValidate;
}

std::string quoted(const std::string& s)
{
    return conform::dump(Json(s));
}

const std::string kManyA(30, 'a');

} // namespace

class TestSchemaPatterns : public QObject
{
    Q_OBJECT

private slots:
    void ecmaVerdicts_data();
    void ecmaVerdicts();
    void patternPropertiesWithLookaround();
    void catastrophicBacktrackingIsBounded();
    void notRegularExpressions_data();
    void notRegularExpressions();
    void repeatedKeysLastWins_data();
    void repeatedKeysLastWins();
    void repeatedKeyWarnings();
};

void TestSchemaPatterns::ecmaVerdicts_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    const auto row = [](const char* name, const char* pattern, const char* text, bool valid) {
        QTest::newRow(name) << QString::fromUtf8(pattern) << QString::fromUtf8(text) << valid;
    };
    // Lookahead (the case of issue 34), negative lookahead.
    row("lookahead: a digit somewhere", R"(^(?=.*[0-9]).{8,}$)", "abcdefg1", true);
    row("lookahead: no digit", R"(^(?=.*[0-9]).{8,}$)", "abcdefgh", false);
    row("negative lookahead: refused word", R"(^(?!admin$)[a-z]+$)", "admin", false);
    row("negative lookahead: longer word", R"(^(?!admin$)[a-z]+$)", "administrator", true);
    // Lookbehind of a fixed width, negative lookbehind.
    row("lookbehind: after $", R"((?<=\$)\d+)", "cost: $42", true);
    row("lookbehind: no $", R"((?<=\$)\d+)", "cost: 42", false);
    row("negative lookbehind: after -", R"((?<!-)\b\d+$)", "-5", false);
    row("negative lookbehind: alone", R"((?<!-)\b\d+$)", "5", true);
    // Backreferences, named ones, and ECMA's reading of one to a group not set yet ("").
    row("backreference: same letter", R"(^(a|b)\1$)", "aa", true);
    row("backreference: other letter", R"(^(a|b)\1$)", "ab", false);
    row("named backreference: same quote", R"(^(?<q>['"]).*\k<q>$)", "'quoted'", true);
    row("named backreference: other quote", R"(^(?<q>['"]).*\k<q>$)", "'mixed\"", false);
    row("backreference before its group matches empty", R"(^\1(a)$)", "a", true);
    row("backreference to a lookahead's group", R"(^(?=(a))\1b$)", "ab", true);
    // The u flag's meaning, on both engines (a lookahead sends a pattern to PCRE2).
    row("RE2: $ not before a final newline", R"(^abc$)", "abc\n", false);
    row("PCRE2: $ not before a final newline", R"(^(?=a)abc$)", "abc\n", false);
    row("RE2: . is not \\r", R"(^a.c$)", "a\rc", false);
    row("PCRE2: . is not U+2028", R"(^(?=a)a.c$)", "a\u2028c", false);
    row("PCRE2: . is one code point", R"(^(?=.).$)", "\U0001F600", true);
    row("PCRE2: \\d is ASCII", R"(^(?=\d)\d+$)", "\u0661", false);
    row("PCRE2: \\w is ASCII", R"(^(?=.)\w+$)", "\u00e9", false);
    row("PCRE2: \\s takes U+00A0", R"(^(?=.)\s$)", "\u00a0", true);
    row("PCRE2: \\u{...}", R"(^(?=.)\u{1F600}$)", "\U0001F600", true);
    row("PCRE2: a surrogate pair of \\u escapes", R"(^(?=.)\uD83D\uDE00$)", "\U0001F600", true);
    row("PCRE2: [^] after (?=.)", R"(^(?=.)[^]$)", "\n", false);
    row("PCRE2: \\p{Lu}", R"(^(?=.)\p{Lu}+$)", "\u00c0B", true);
    row("PCRE2: \\b", R"(^(?=.)\bword\b)", "word", true);
    row("PCRE2: \\B", R"((?=x)\Bx)", "ax", true);
}

void TestSchemaPatterns::ecmaVerdicts()
{
    QFETCH(QString, pattern);
    QFETCH(QString, text);
    QFETCH(bool, valid);
    const schema::Validator v = compile(Json{{"pattern", pattern.toStdString()}});
    QVERIFY(v.lint().empty());
    const std::optional<bool> got = verdictOf(v, quoted(text.toStdString()));
    QVERIFY2(got, "the entry points disagree");
    QCOMPARE(*got, valid);
}

void TestSchemaPatterns::patternPropertiesWithLookaround()
{
    // ajv: {"x1": 1} valid, {"x1": "a"} invalid (the name matches), {"y": "a"} valid.
    const schema::Validator v = compile(parse(R"({"patternProperties":{"^(?=x)\\w+$":{"type":"integer"}}})"));
    QCOMPARE(verdictOf(v, R"({"x1":1})"), std::optional(true));
    QCOMPARE(verdictOf(v, R"({"x1":"a"})"), std::optional(false));
    QCOMPARE(verdictOf(v, R"({"y":"a"})"), std::optional(true));
}

// ^(a+)+$ backtracks 2^30 times on 30 a's and a b; PCRE2 stops at its match limit and the
// value is invalid with its own code, never "does not match". The bound is CPU time of this
// thread, and generous: the limit is reached in tens of milliseconds.
void TestSchemaPatterns::catastrophicBacktrackingIsBounded()
{
    const std::string text = quoted(kManyA + "b");
    const schema::Validator v = compile(parse(R"({"pattern":"^(?!b)(a+)+$"})"));
    const ThreadCpuTimer timer;
    const schema::ValidationResult byTree = v.validate(parse(text));
    const auto byText = v.validateText(text);
    const bool accepted = v.acceptsText(text);
    const double ms = timer.elapsedMs();
    qInfo("three checks that reach the limit: %.1f ms of CPU", ms);
    QVERIFY2(ms < 3000, qPrintable(QString::number(ms)));
    QVERIFY(!byTree.valid && !accepted && byText && !byText->valid);
    QCOMPARE(byTree.issues.size(), std::size_t(1));
    QCOMPARE(byTree.issues[0].code, std::string("pattern_check_limit"));
    QCOMPARE(byTree.issues[0].message, std::string("The pattern could not be checked within its limit"));
    QCOMPARE(byTree.issues[0].schemaPath, std::string("/pattern"));
    QCOMPARE(byText->toJson(), byTree.toJson());
    // The same text without the b matches at once.
    QCOMPARE(verdictOf(v, quoted(kManyA)), std::optional(true));

    // A property name whose check reaches the limit: the issue stands at the member.
    const schema::Validator names = compile(parse(R"({"patternProperties":{"^(?!b)(a+)+$":{"type":"integer"}},)"
                                                  R"("additionalProperties":false})"));
    const std::string object = "{" + quoted(kManyA + "b") + ":1}";
    const schema::ValidationResult r = names.validate(parse(object));
    QVERIFY(!r.valid && !names.acceptsText(object));
    QCOMPARE(r.issues.size(), std::size_t(1)); // not also an unrecognized key
    QCOMPARE(r.issues[0].code, std::string("pattern_check_limit"));
    QCOMPARE(toPointer(r.issues[0].path), "/" + kManyA + "b");
}

void TestSchemaPatterns::notRegularExpressions_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    // ajv refuses each of these (new RegExp throws), but for the lookbehind of variable
    // width, which ECMA-262 allows and PCRE2 10.42 cannot run (the manual, resources/manual/designing-a-schema.md, "How a schema is read").
    QTest::newRow("unterminated class") << R"({"properties":{"code":{"pattern":"(["}}})" << "/properties/code/pattern"
                                        << "not a regular expression: missing terminating ] for character class";
    QTest::newRow("numbers out of order") << R"({"pattern":"a{2,1}"})" << "/pattern" << "not a regular expression: ";
    QTest::newRow("nothing to repeat") << R"({"pattern":"x**"})" << "/pattern" << "not a regular expression: ";
    QTest::newRow("possessive") << R"({"pattern":"a++"})" << "/pattern" << "not a regular expression: nothing to repeat";
    QTest::newRow("inline flags") << R"({"pattern":"(?i)abc"})" << "/pattern"
                                  << "not a regular expression: (?i) is not ECMA-262 syntax";
    QTest::newRow("Python group") << R"~({"pattern":"(?P<n>a)"})~" << "/pattern" << "not a regular expression: (?P<n>a) is not";
    QTest::newRow("\\A") << R"({"pattern":"\\Aa"})" << "/pattern" << "not a regular expression: \\A is not ECMA-262 syntax";
    QTest::newRow("\\c and a digit") << R"({"pattern":"\\c5"})" << "/pattern" << "not a regular expression: \\c must be";
    QTest::newRow("a name twice") << R"~({"pattern":"(?<n>a)(?<n>b)"})~" << "/pattern" << "not a regular expression: ";
    QTest::newRow("in patternProperties") << R"({"patternProperties":{"([":{}}})" << "/patternProperties/(["
                                          << "not a regular expression: missing terminating ]";
    QTest::newRow("variable-width lookbehind") << R"({"pattern":"(?<=a+)b"})" << "/pattern"
                                               << "a lookbehind of variable width in \"(?<=a+)b\": ECMA-262 allows it";
}

void TestSchemaPatterns::notRegularExpressions()
{
    QFETCH(QString, schema);
    QFETCH(QString, where);
    QFETCH(QString, message);
    const auto compiled = schema::Validator::compile(parse(schema.toStdString()));
    QVERIFY(!compiled);
    QCOMPARE(QString::fromStdString(compiled.error().where), where);
    QVERIFY2(QString::fromStdString(compiled.error().message).startsWith(message), compiled.error().message.c_str());
    // format "regex" reads patterns the same way: none of these is one.
    const std::string pointer = where.toStdString();
    const std::size_t names = pointer.find("/patternProperties/");
    const std::string pattern = names == std::string::npos
        ? parse(schema.toStdString()).at(Json::json_pointer(pointer)).get<std::string>()
        : pointer.substr(names + std::string("/patternProperties/").size());
    QCOMPARE(schema::checkFormat("regex", pattern), schema::FormatCheck::Invalid);
}

void TestSchemaPatterns::repeatedKeysLastWins_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    // ajv, Zod and Python's json read the last value; so does every path here.
    QTest::newRow("const = the last") << R"({"const":{"a":2}})" << R"({"a":1,"a":2})" << true;
    QTest::newRow("const = the first") << R"({"const":{"a":1}})" << R"({"a":1,"a":2})" << false;
    QTest::newRow("type of the last") << R"({"properties":{"a":{"type":"integer"}}})" << R"({"a":"x","a":2})" << true;
    QTest::newRow("type of the first") << R"({"properties":{"a":{"type":"integer"}}})" << R"({"a":2,"a":"x"})" << false;
    QTest::newRow("counted once") << R"({"maxProperties":1})" << R"({"a":1,"a":2})" << true;
    QTest::newRow("nested, last") << R"({"properties":{"o":{"const":{"b":true}}}})" << R"({"o":{"b":false,"b":true}})"
                                  << true;
    QTest::newRow("nested, first") << R"({"properties":{"o":{"const":{"b":false}}}})" << R"({"o":{"b":false,"b":true}})"
                                   << false;
    QTest::newRow("in an array") << R"({"items":{"required":["c"],"properties":{"c":{"minimum":5}}}})"
                                 << R"([{"c":9},{"c":1,"c":7}])" << true;
    QTest::newRow("a large object") << R"({"properties":{"k0":{"const":"last"}}})"
                                    << R"({"k0":"first","k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k0":"last"})"
                                    << true;
    QTest::newRow("enum of objects") << R"({"enum":[{"a":2}]})" << R"({"a":1,"a":2})" << true;
}

void TestSchemaPatterns::repeatedKeysLastWins()
{
    QFETCH(QString, schema);
    QFETCH(QString, text);
    QFETCH(bool, valid);
    const schema::Validator v = compile(parse(schema.toStdString()));
    QCOMPARE(verdictOf(v, text.toStdString()), std::optional(valid)); // the tree and simdjson paths agree
    // validateJsonText, what conform-cli validate calls, and the coercing path.
    QCOMPARE(v.validateJsonText(text.toStdString())->valid, valid);
    schema::ValidateOptions coercing;
    coercing.coerce = schema::CoercionOptions::all();
    QCOMPARE(v.validateText(text.toStdString(), coercing)->valid, valid);
}

void TestSchemaPatterns::repeatedKeyWarnings()
{
    const schema::Validator v = compile(parse(R"({"type":"object"})"));
    const auto r = v.validateText(R"({"a":1,"o":{"b":1,"b":2,"b":3},"a":2,"l":[{"c":0,"c":1}]})");
    QVERIFY(r && r->valid);
    QCOMPARE(r->warnings.size(), std::size_t(3));
    QCOMPARE(toPointer(r->warnings[0].path), std::string());
    QCOMPARE(r->warnings[0].message, std::string("key \"a\" appears 2 times; the last value is used, as JSON.parse does"));
    QCOMPARE(toPointer(r->warnings[1].path), std::string("/o"));
    QCOMPARE(r->warnings[1].message, std::string("key \"b\" appears 3 times; the last value is used, as JSON.parse does"));
    QCOMPARE(toPointer(r->warnings[2].path), std::string("/l/0"));
    const Json second{{"path", Json::array({"o"})}, {"message", r->warnings[1].message}};
    QCOMPARE(r->toJson()["warnings"][1], second);
    // No repeat, no warnings member: the document keeps its shape.
    const auto plain = v.validateText(R"({"a":1})");
    QVERIFY(plain && plain->warnings.empty() && !plain->toJson().contains("warnings"));
}

QTEST_GUILESS_MAIN(TestSchemaPatterns)
#include "test_schema_patterns.moc"
