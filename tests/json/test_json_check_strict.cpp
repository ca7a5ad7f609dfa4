// json::checkStrict (json/check_strict.h) against parseStrict: the same verdict and, for text
// that is not JSON, the same error, message and place, byte for byte; and the same exception
// where parseStrict throws one. Over hand-written texts, every file of the fuzz seed corpus and
// every prefix of each (cut text is what models send most).
#include "json/check_strict.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <optional>

namespace json = conform::json;

namespace {

// "ok", the error as text, or "throws: what" for a text.
std::string outcome(const std::function<std::optional<conform::Error>()>& run)
{
    try {
        const std::optional<conform::Error> error = run();
        return error ? error->message + " @ " + error->where : "ok";
    } catch (const std::exception& e) {
        return std::string("throws: ") + e.what();
    }
}

std::string byParse(std::string_view text)
{
    return outcome([&]() -> std::optional<conform::Error> {
        auto parsed = json::parseStrict(text);
        return parsed ? std::nullopt : std::optional(parsed.error());
    });
}

std::string byCheck(std::string_view text)
{
    return outcome([&]() -> std::optional<conform::Error> {
        auto checked = json::checkStrict(text);
        return checked ? std::nullopt : std::optional(checked.error());
    });
}

} // namespace

class TestJsonCheckStrict : public QObject
{
    Q_OBJECT
private slots:
    void handWritten_data()
    {
        QTest::addColumn<QByteArray>("text");
        for (const char* text : {"{}", "[1,2", "{\"a\":1,}", "{\"a\" 1}", "tru", "\"abc", "1e400", "-1e400", "[1e999]",
                                 "{\"a\":1} x", "", "  ", "{\"a\":\"\\u12\"}", "{\"a\":\"\\ud800\"}", "[01]", "18446744073709551616",
                                 "{\"a\":[1,{\"b\":null}]}", "nul", "[\"\x01\"]", "{\"a\":1}\n{\"b\":2}", "\xef\xbb\xbf{}", "[1,]",
                                 "{'a':1}", "[NaN]", "{\"a\":\"\xff\"}"})
            QTest::newRow(text) << QByteArray(text);
        QTest::newRow("NUL") << QByteArray("{\"a\":1}\0{", 9);
        QTest::newRow("deep") << QByteArray(600, '[');
    }

    void handWritten()
    {
        QFETCH(QByteArray, text);
        const std::string_view view(text.constData(), std::size_t(text.size()));
        QCOMPARE(byCheck(view), byParse(view));
    }

    void fuzzCorpusAndPrefixes()
    {
        const QDir corpus(QStringLiteral(CONFORM_FUZZ_CORPUS));
        int compared = 0;
        for (const QString& name : corpus.entryList(QDir::Files)) {
            QFile file(corpus.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
            const std::size_t step = std::max<std::size_t>(1, text.size() / 200);
            for (std::size_t cut = 0; cut <= text.size(); cut += step) {
                const std::string_view prefix = text.substr(0, cut);
                QCOMPARE(byCheck(prefix), byParse(prefix));
                ++compared;
            }
        }
        QVERIFY(compared > 100);
    }
};

QTEST_GUILESS_MAIN(TestJsonCheckStrict)
#include "test_json_check_strict.moc"
