// conform-cli schema diff, in-process: each decidable keyword changed both ways on hand-made
// pairs, with the direction worked out by hand (narrower: some value the old schema took the
// new one refuses); --fail-on's exits; and the impact on a store made by construction — the
// replies of the old schema that were valid, judged by the new one.
#include "cli_in_process.h"
#include "command.h"

#include "store/capture.h"
#include "store/store.h"
#include "stored_reply.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace conform;

namespace {

void writeFile(const QString& path, const QByteArray& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

} // namespace

class TestCliSchemaDiff : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    QString file(const char* name, const QByteArray& text)
    {
        const QString path = m_dir.filePath(QLatin1String(name));
        writeFile(path, text);
        return path;
    }

private slots:
    void directions_data()
    {
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<QByteArray>("after");
        QTest::addColumn<QString>("expected"); // "pointer keyword direction", a line each
        const auto row = [](const char* name, const char* before, const char* after, const char* expected) {
            QTest::newRow(name) << QByteArray(before) << QByteArray(after) << QString::fromLatin1(expected);
        };
        row("type narrowed", R"({"type":["string","null"]})", R"({"type":"string"})", "/ type narrower");
        row("type widened", R"({"type":"string"})", R"({"type":["string","null"]})", "/ type wider");
        row("integer within number", R"({"type":"number"})", R"({"type":"integer"})", "/ type narrower");
        row("type swapped", R"({"type":"string"})", R"({"type":"number"})", "/ type both");
        row("enum loses", R"({"enum":["open","done","cancelled"]})", R"({"enum":["open","done"]})", "/ enum narrower");
        row("enum gains", R"({"enum":["open"]})", R"({"enum":["open","done"]})", "/ enum wider");
        row("enum swaps", R"({"enum":["open"]})", R"({"enum":["done"]})", "/ enum both");
        row("enum reordered", R"({"enum":["a","b"]})", R"({"enum":["b","a"]})", "/ enum none");
        row("enum added", R"({"type":"string"})", R"({"type":"string","enum":["a"]})", "/ enum narrower");
        row("enum dropped", R"({"enum":["a"]})", R"({})", "/ enum wider");
        row("const changed", R"({"const":1})", R"({"const":2})", "/ const both");
        row("required added", R"({"required":["a"]})", R"({"required":["a","b"]})", "/ required narrower");
        row("required dropped", R"({"required":["a","b"]})", R"({"required":["a"]})", "/ required wider");
        row("minLength raised", R"({"minLength":1})", R"({"minLength":3})", "/ minLength narrower");
        row("minLength lowered", R"({"minLength":3})", R"({"minLength":1})", "/ minLength wider");
        row("maximum lowered", R"({"maximum":10})", R"({"maximum":5})", "/ maximum narrower");
        row("maximum removed", R"({"maximum":10})", R"({})", "/ maximum wider");
        row("maxItems added", R"({"type":"array"})", R"({"type":"array","maxItems":3})", "/ maxItems narrower");
        row("minItems lowered", R"({"minItems":2})", R"({"minItems":1})", "/ minItems wider");
        row("multipleOf finer", R"({"multipleOf":2})", R"({"multipleOf":1})", "/ multipleOf wider");
        row("multipleOf coarser", R"({"multipleOf":2})", R"({"multipleOf":4})", "/ multipleOf narrower");
        row("uniqueItems on", R"({"uniqueItems":false})", R"({"uniqueItems":true})", "/ uniqueItems narrower");
        row("format added", R"({"type":"string"})", R"({"type":"string","format":"email"})", "/ format narrower");
        row("format swapped", R"({"format":"email"})", R"({"format":"uri"})", "/ format both");
        row("pattern changed", R"({"pattern":"^a"})", R"({"pattern":"^b"})", "/ pattern unknown");
        row("pattern added", R"({})", R"({"pattern":"^b"})", "/ pattern narrower");
        row("a property's bound, deep", R"({"properties":{"a":{"properties":{"b":{"maxLength":5}}}}})",
            R"({"properties":{"a":{"properties":{"b":{"maxLength":9}}}}})", "/properties/a/properties/b maxLength wider");
        row("property added, others free", R"({"properties":{}})", R"({"properties":{"x":{"type":"string"}}})", "/properties/x properties narrower");
        row("property added, others refused", R"({"properties":{},"additionalProperties":false})",
            R"({"properties":{"x":{"type":"string"}},"additionalProperties":false})", "/properties/x properties wider");
        row("property removed, others refused", R"({"properties":{"x":{"type":"string"}},"additionalProperties":false})",
            R"({"properties":{},"additionalProperties":false})", "/properties/x properties narrower");
        row("property removed, others free", R"({"properties":{"x":{"type":"string"}}})", R"({"properties":{}})", "/properties/x properties wider");
        row("additionalProperties closed", R"({})", R"({"additionalProperties":false})", "/ additionalProperties narrower");
        row("items narrowed", R"({"items":{"type":["string","number"]}})", R"({"items":{"type":"string"}})", "/items type narrower");
        row("prefixItems grows", R"({"prefixItems":[{"type":"string"}]})", R"({"prefixItems":[{"type":"string"},{"type":"number"}]})",
            "/prefixItems/1 prefixItems narrower");
        row("a description", R"({"type":"string","description":"old"})", R"({"type":"string","description":"new"})", "/ description none");
        row("anyOf rewritten", R"({"anyOf":[{"type":"string"}]})", R"({"anyOf":[{"type":"number"}]})", "/ anyOf unknown");
        row("nothing", R"({"type":"string"})", R"({"type":"string"})", "");
    }

    void directions()
    {
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        QFETCH(QString, expected);
        const CliRun run = runCliInProcess({"schema", "diff", file("old.json", before), file("new.json", after), "--json"});
        QVERIFY2(run.code == 0 || run.code == 1, run.err.c_str());
        const Json report = Json::parse(run.out);
        QStringList got;
        for (const Json& change : report["changes"])
            got << QString::fromStdString((change["pointer"].get<std::string>().empty() ? std::string("/") : change["pointer"].get<std::string>())
                                          + " " + change["keyword"].get<std::string>() + " " + change["direction"].get<std::string>());
        QCOMPARE(got.join(QLatin1Char('\n')), expected);
        // Exit 1 exactly when a change narrows (the default --fail-on).
        const bool narrows = expected.contains(QLatin1String("narrower")) || expected.contains(QLatin1String("both"));
        QCOMPARE(run.code, narrows ? 1 : 0);
    }

    void failOn_data()
    {
        QTest::addColumn<QString>("failOn");
        QTest::addColumn<QByteArray>("after");
        QTest::addColumn<int>("code");
        const QByteArray before = R"({"enum":["a","b"],"pattern":"^x"})";
        QTest::newRow("wider under narrower") << "narrower" << QByteArray(R"({"enum":["a","b","c"],"pattern":"^x"})") << 0;
        QTest::newRow("wider under wider") << "wider" << QByteArray(R"({"enum":["a","b","c"],"pattern":"^x"})") << 1;
        QTest::newRow("narrower under wider") << "wider" << QByteArray(R"({"enum":["a"],"pattern":"^x"})") << 0;
        QTest::newRow("unknown under narrower") << "narrower" << QByteArray(R"({"enum":["a","b"],"pattern":"^y"})") << 0;
        QTest::newRow("unknown under any") << "any" << QByteArray(R"({"enum":["a","b"],"pattern":"^y"})") << 1;
        QTest::newRow("a bad choice") << "sideways" << QByteArray(R"({"enum":["a"]})") << 2;
    }

    void failOn()
    {
        QFETCH(QString, failOn);
        QFETCH(QByteArray, after);
        QFETCH(int, code);
        const QString before = file("fail-old.json", R"({"enum":["a","b"],"pattern":"^x"})");
        const CliRun run = runCliInProcess({"schema", "diff", before, file("fail-new.json", after), "--fail-on", failOn});
        QCOMPARE(run.code, code);
    }

    void unreadableIsExit2()
    {
        const CliRun run = runCliInProcess({"schema", "diff", file("good.json", "{}"), file("bad.json", "{\"pattern\": \"(\"}")});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.rfind("conform-cli: error: ", 0) == 0, run.err.c_str());
    }

    // Five stored replies of "order": four valid under the old enum (open, cancelled twice,
    // done) and one that was not (lost). The new enum drops "cancelled": two of the four fail,
    // at /status; the invalid one is not judged.
    void impactOnTheStore()
    {
        const Json before = Json::parse(R"({"title":"order","type":"object","properties":{"status":{"enum":["open","done","cancelled"]}}})");
        const Json after = Json::parse(R"({"title":"order","type":"object","properties":{"status":{"enum":["open","done"]}}})");
        const QString store = m_dir.filePath(QStringLiteral("history.db"));
        {
            auto opened = store::Store::open(store::StoreLocation::parse(store).value());
            QVERIFY(opened);
            std::vector<store::Capture> captures;
            for (const Json& document : test::orderHistory(before))
                captures.push_back(store::captureFromDocument(document).value());
            QVERIFY(opened.value()->insert(captures));
        }
        const CliRun run = runCliInProcess({"schema", "diff", file("order-old.json", QByteArray::fromStdString(dump(before))),
                                                    file("order-new.json", QByteArray::fromStdString(dump(after))), "--store", store, "--json"});
        QCOMPARE(run.code, 1);
        const Json report = Json::parse(run.out);
        QCOMPARE(dump(report["changes"][0]["words"]), dump(Json("/properties/status: enum loses \"cancelled\" — narrower")));
        QCOMPARE(report["impact"]["judged"].get<int>(), 4);
        QCOMPARE(report["impact"]["became_invalid"].get<int>(), 2);
        QCOMPARE(dump(report["impact"]["by_pointer"]), dump(Json{{"/status", 2}}));
        QCOMPARE(dump(report["impact"]["examples"]), dump(Json::array({"order-2", "order-3"})));
        const CliRun human = runCliInProcess({"schema", "diff", m_dir.filePath(QStringLiteral("order-old.json")),
                                                      m_dir.filePath(QStringLiteral("order-new.json")), "--store", store});
        QVERIFY2(human.out.find("2 of 4 stored replies that were valid fail the new schema: /status 2") != std::string::npos, human.out.c_str());
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
};

QTEST_GUILESS_MAIN(TestCliSchemaDiff)
#include "test_cli_schema_diff.moc"
