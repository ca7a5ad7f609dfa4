// Paths, pointers and strict parsing: the small pieces every module leans on.
#include "base/bounded_input.h"
#include "base/path.h"
#include "json/parse.h"

#include <QTest>

#include <sstream>

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

    // How messages print a path: the pointer, "/" for the root, whatever the path came as.
    void pointerText_data()
    {
        QTest::addColumn<QString>("zodPath");
        QTest::addColumn<QString>("shown");
        QTest::newRow("root") << "[]" << "/";
        QTest::newRow("no path at all") << "null" << "/";
        QTest::newRow("key and index") << R"(["items",0,"price"])" << "/items/0/price";
        QTest::newRow("escapes") << R"(["a/b","c~d"])" << "/a~1b/c~0d";
    }

    void pointerText()
    {
        QFETCH(QString, zodPath);
        QFETCH(QString, shown);
        const Json path = Json::parse(zodPath.toStdString());
        QCOMPARE(QString::fromStdString(jsonPathText(path)), shown);
        const Json issue{{"path", path}, {"message", "Required"}};
        QCOMPARE(QString::fromStdString(issueText(issue)), shown + QStringLiteral(": Required"));
        if (path.is_array())
            QCOMPARE(QString::fromStdString(conform::pointerText(parsePointer(pointerOfJsonPath(path)).value())), shown);
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

    // BoundedLineReader hands out lines that end inside its 1 MiB buffer where they stand and
    // gathers the rest: either way the same lines, numbers and stops, wherever lines fall
    // against the buffer's edge.
    void lineReaderReadsEveryLine_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<quint64>("maxBytes");
        QTest::addColumn<QStringList>("lines");
        QTest::addColumn<QString>("error"); // after the lines, or empty
        QTest::newRow("plain") << QByteArray("a\nbb\n\nccc") << quint64(100) << QStringList{"a", "bb", "", "ccc"} << QString();
        QTest::newRow("CR LF") << QByteArray("a\r\nb\r\n") << quint64(100) << QStringList{"a", "b"} << QString();
        QTest::newRow("at the bound, and CR") << QByteArray("abcd\r\nabcd\n") << quint64(4) << QStringList{"abcd", "abcd"} << QString();
        QTest::newRow("past the bound") << QByteArray("abcd\nabcde\nz\n") << quint64(4) << QStringList{"abcd"} << QString("<stdin>:2: line larger than");
        QTest::newRow("past the bound with CR") << QByteArray("ab\nabcde\r\n") << quint64(4) << QStringList{"ab"} << QString("<stdin>:2: line larger than");
        const QByteArray mib(1 << 20, 'x');
        QTest::newRow("a line across the buffer's edge")
            << QByteArray(QByteArray(1000, 'a') + "\n" + mib + "\nend\n") << quint64(4 << 20)
            << QStringList{QString(1000, 'a'), QString::fromLatin1(mib), "end"} << QString();
        QTest::newRow("CR at the buffer's edge, LF after it")
            << QByteArray(QByteArray((1 << 20) - 1, 'b') + "\r\nnext") << quint64(4 << 20)
            << QStringList{QString((1 << 20) - 1, 'b'), "next"} << QString();
        QTest::newRow("a long line past the bound across the edge")
            << QByteArray("ok\n" + mib + mib + "\n") << quint64(1 << 20) << QStringList{"ok"} << QString("<stdin>:2: line larger than");
    }
    void lineReaderReadsEveryLine()
    {
        QFETCH(QByteArray, input);
        QFETCH(quint64, maxBytes);
        QFETCH(QStringList, lines);
        QFETCH(QString, error);
        std::istringstream in(input.toStdString());
        conform::BoundedLineReader reader(QStringLiteral("-"), in, maxBytes);
        QStringList got;
        std::string_view line;
        std::size_t number = 0;
        while (reader.next(line)) {
            got.push_back(QString::fromLatin1(line.data(), qsizetype(line.size())));
            QCOMPARE(reader.lineNumber(), ++number);
        }
        QCOMPARE(got, lines);
        QCOMPARE(reader.ok(), error.isEmpty());
        if (!error.isEmpty())
            QVERIFY2(QString::fromStdString(reader.error()).startsWith(error), reader.error().c_str());
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
