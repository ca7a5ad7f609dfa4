// checkFormat() against tests/<draft>/optional/format/*.json of the JSON-Schema-Test-Suite,
// one row per string case, plus our own cases (hostile input, unknown names).
// Cases listed in known_failures.txt are expected to fail (QEXPECT_FAIL): if one starts to
// pass, the test says so and the list must be updated.
#include "base/json.h"
#include "cpu_time.h"
#include "schema/formats.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTest>

#include <string>

using conform::Json;
using conform::schema::checkFormat;
using conform::schema::FormatCheck;

namespace {

Json readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Json();
    return Json::parse(file.readAll().toStdString(), nullptr, false);
}

// "format<TAB>description" per line; '#' starts a comment.
QSet<QString> knownFailures()
{
    QSet<QString> keys;
    QFile file(QStringLiteral(CONFORM_FORMATS_KNOWN_FAILURES));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return keys;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (!line.isEmpty() && !line.startsWith(u'#'))
            keys.insert(line.section(u'\t', 0, 0) + u'\t' + line.section(u'\t', 1).trimmed());
    }
    return keys;
}

bool accepted(FormatCheck c) { return c != FormatCheck::Invalid; } // Unknown: an annotation

} // namespace

class TestFormats : public QObject
{
    Q_OBJECT

private slots:
    void suite_data();
    void suite();
    void unknownFormats();
    void hostileInputDoesNotHang_data();
    void hostileInputDoesNotHang();
    void ownCases_data();
    void ownCases();
};

void TestFormats::suite_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("description");
    int rows = 0;
    for (const QString& draft : {QStringLiteral("draft2020-12"), QStringLiteral("draft7")}) {
        const QDir dir(QStringLiteral(CONFORM_SCHEMA_TEST_SUITE "/tests/") + draft + u"/optional/format");
        for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
            for (const Json& group : readJson(dir.filePath(name))) {
                const std::string format = group["schema"].value("format", "");
                for (const Json& test : group["tests"]) {
                    if (!test["data"].is_string() || format.empty())
                        continue; // non-strings are never checked against a format
                    const QString description = QString::fromStdString(test["description"].get<std::string>());
                    const QString tag = draft + u'/' + name + u": " + description;
                    QTest::newRow(tag.toUtf8().constData())
                        << QString::fromStdString(format) << QString::fromStdString(test["data"].get<std::string>())
                        << test["valid"].get<bool>() << description;
                    ++rows;
                }
            }
        }
    }
    QVERIFY2(rows > 500, "the JSON-Schema-Test-Suite format files were not found");
}

void TestFormats::suite()
{
    QFETCH(QString, format);
    QFETCH(QString, value);
    QFETCH(bool, valid);
    QFETCH(QString, description);
    static const QSet<QString> known = knownFailures();
    if (known.contains(format + u'\t' + description))
        QEXPECT_FAIL("", "listed in tests/formats/known_failures.txt", Continue);
    const std::string utf8 = value.toStdString();
    QCOMPARE(accepted(checkFormat(format.toStdString(), utf8)), valid);
}

void TestFormats::unknownFormats()
{
    QCOMPARE(checkFormat("no-such-format", "anything"), FormatCheck::Unknown);
    QCOMPARE(checkFormat("Date-Time", "1963-06-19T08:30:06Z"), FormatCheck::Unknown); // names are case-sensitive
    QCOMPARE(checkFormat("", ""), FormatCheck::Unknown);
    QCOMPARE(checkFormat("date", "1963-06-19"), FormatCheck::Valid);
    QCOMPARE(checkFormat("date", "1963-06-31"), FormatCheck::Invalid);
}

void TestFormats::hostileInputDoesNotHang_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::newRow("a megabyte of dots") << QByteArray(1 << 20, '.');
    QTest::newRow("a megabyte of 'a'") << QByteArray(1 << 20, 'a');
    QTest::newRow("a megabyte of colons") << QByteArray(1 << 20, ':');
    QTest::newRow("a megabyte of braces") << QByteArray(1 << 20, '{');
    QTest::newRow("a megabyte of tildes") << QByteArray(1 << 20, '~');
    QTest::newRow("invalid UTF-8") << QByteArray("\xff\xfe\xc0\x80\xed\xa0\x80 xn--", 12);
    QTest::newRow("truncated UTF-8") << QByteArray("a.\xe3\x80", 4);
    QTest::newRow("punycode overflow") << QByteArray("xn--99999999999999999999999999999999999");
    QTest::newRow("nested groups") << QByteArray(20000, '(') + QByteArray(20000, ')');
}

void TestFormats::hostileInputDoesNotHang()
{
    QFETCH(QByteArray, value);
    static const char* const formats[] = {"date-time", "date", "time", "duration", "email", "idn-email",
        "hostname", "idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference",
        "uri-template", "uuid", "json-pointer", "relative-json-pointer", "regex"};
    // Bounded by this thread's CPU time, not the wall clock: a linear check of a megabyte takes
    // milliseconds, a backtracking one minutes.
    const ThreadCpuTimer cpu;
    for (const char* format : formats)
        QVERIFY(checkFormat(format, std::string_view(value.constData(), value.size())) != FormatCheck::Unknown);
    QVERIFY2(cpu.elapsedMs() < 2'000, qPrintable(QStringLiteral("the format checks took %1 ms of CPU on hostile input").arg(cpu.elapsedMs())));
}

void TestFormats::ownCases_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("valid");
    const auto row = [](const char* f, const char* v, bool ok) {
        QTest::addRow("%s %s", f, v) << QString::fromUtf8(f) << QString::fromUtf8(v) << ok;
    };
    row("date-time", "2026-11-22T15:10:00+01:00", true);
    row("date-time", "2026-11-22T15:10:00", false);       // no offset
    row("date-time", "2026-11-22 15:10:00Z", false);      // space instead of T
    row("time", "00:29:60-23:30", true);                  // 23:59:60 UTC
    row("duration", "P3Y6M4DT12H30M5S", true);
    row("duration", "PT", false);
    row("email", "reviewer@planning.example.gov.uk", true);
    row("email", "a@b", true);
    row("email", "a@@b", false);
    row("idn-email", "\"a\\\u00e9\"@example.com", false); // a quoted pair is ASCII only
    row("idn-email", "\"a\u00e9\"@example.com", true);
    row("hostname", "conform.example", true);
    row("hostname", "-conform.example", false);
    row("ipv6", "::ffff:10.0.0.1", true);
    row("ipv6", "1::2::3", false);
    row("uri", "https://conform.example/schemas/review-structure.json", true);
    row("uri", "https://conform.example/a b", false);
    row("uri-reference", "../schemas/goal-generator.json#/$defs/goal", true);
    row("iri", "https://例え.テスト/パス", true);
    row("uri-template", "/v1/{model}/messages{?stream,max_tokens}", true);
    row("uri-template", "/v1/{model", false);
    row("uuid", "2EB8AA08-AA98-11EA-B4AA-73B441D16380", true);
    row("json-pointer", "/properties/goals/items/0", true);
    row("relative-json-pointer", "0#", true);
    row("regex", "^(red|amber|green)$", true);
    row("regex", "(?<rating>red|amber)", true);           // ECMA named group, run as RE2 (?P<...>)
    row("regex", "^(?=.*\\d)(\\w)\\1", true);                // lookahead and a backreference, run on PCRE2
    row("regex", "a++", false);                           // possessive: PCRE2 syntax, not ECMA-262
    row("regex", "(a+", false);
    row("regex", "\\Qliteral\\E", false);                 // Perl-only quoting is not ECMA-262
}

void TestFormats::ownCases()
{
    QFETCH(QString, format);
    QFETCH(QString, value);
    QFETCH(bool, valid);
    QCOMPARE(accepted(checkFormat(format.toStdString(), value.toStdString())), valid);
}

QTEST_GUILESS_MAIN(TestFormats)
#include "test_formats.moc"
