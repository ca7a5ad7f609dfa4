// Paths, pointers and strict parsing: the small pieces every module leans on.
#include "base/path.h"
#include "json/parse.h"

#include <QTest>

using namespace conform;

class TestBase : public QObject
{
    Q_OBJECT

private slots:
    void pointerRoundTrip_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("zodPath");
        QTest::newRow("root") << "" << "[]";
        QTest::newRow("key and index") << "/goals/3" << R"(["goals",3])";
        QTest::newRow("escapes") << "/a~1b/c~0d" << R"(["a/b","c~d"])";
        QTest::newRow("empty key") << "/" << R"([""])";
        QTest::newRow("leading zero stays a key") << "/01" << R"(["01"])";
    }

    void pointerRoundTrip()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, zodPath);
        const auto path = parsePointer(pointer.toStdString());
        QVERIFY(path.ok());
        QCOMPARE(QString::fromStdString(toJsonPath(path.value()).dump()), zodPath);
        QCOMPARE(QString::fromStdString(toPointer(path.value())), pointer);
    }

    void badPointers_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::newRow("no slash") << "goals";
        QTest::newRow("bad escape") << "/a~2";
        QTest::newRow("dangling tilde") << "/a~";
    }

    void badPointers()
    {
        QFETCH(QString, pointer);
        QVERIFY(!parsePointer(pointer.toStdString()).ok());
    }

    void parseErrorsSayWhere_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");
        QTest::newRow("bad literal") << "{\n  \"a\": tru\n}" << "line 2, column 11";
        QTest::newRow("trailing comma") << "[1,\n2,\n]" << "line 3, column 1";
        QTest::newRow("empty") << "" << "line 1, column 1";
        QTest::newRow("two values") << "{} {}" << "line 1, column 4";
    }

    void parseErrorsSayWhere()
    {
        QFETCH(QString, text);
        QFETCH(QString, where);
        const auto parsed = json::parseStrict(text.toStdString());
        QVERIFY(!parsed.ok());
        QCOMPARE(QString::fromStdString(parsed.error().where), where);
        QVERIFY(!parsed.error().message.empty());
    }

    void deepNestingIsAnErrorNotACrash()
    {
        const std::string hostile = std::string(100000, '[') + std::string(100000, ']');
        const auto parsed = json::parseStrict(hostile);
        QVERIFY(!parsed.ok());
        QVERIFY(parsed.error().message.find("nesting deeper than") != std::string::npos);
        QCOMPARE(QString::fromStdString(parsed.error().where), QStringLiteral("line 1, column 513"));
    }

    void bracketsInsideStringsDoNotCount()
    {
        const std::string text = "{\"a\": \"" + std::string(2000, '[') + "\\\"\"}";
        QVERIFY(json::parseStrict(text).ok());
    }

    void invalidUtf8IsAnError()
    {
        const auto parsed = json::parseStrict("\"\xff\xfe\"");
        QVERIFY(!parsed.ok());
    }

    void orderIsKept()
    {
        const auto parsed = json::parseStrict(R"({"reasoning":"x","verdict":"y","a":1})");
        QVERIFY(parsed.ok());
        QCOMPARE(QString::fromStdString(parsed.value().dump()), QStringLiteral(R"({"reasoning":"x","verdict":"y","a":1})"));
    }
};

QTEST_APPLESS_MAIN(TestBase)
#include "test_base.moc"
