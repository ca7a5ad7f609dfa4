// json::checkStrict (json/check_strict.h) against parseStrict: the same verdict and, for text
// that is not JSON, the same error, message and place, byte for byte; and the same exception
// where parseStrict throws one. Over hand-written texts, every file of the fuzz seed corpus and
// every prefix of each (cut text is what models send most).
#include "json/check_strict.h"
#include "json/validity.h"

#include "fuzz_seeds.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <optional>
#include <random>

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

    // A number no double holds is an input error at the number, with words a person reads
    // (never nlohmann's out_of_range thrown past the caller), from both readings.
    void numbersOutOfRange_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("alone") << QByteArray("1e400") << QStringLiteral("number out of range: 1e400 is too large for a double @ line 1, column 1");
        QTest::newRow("in an object") << QByteArray(R"({"a":1e400})")
                                      << QStringLiteral("number out of range: 1e400 is too large for a double @ line 1, column 6");
        QTest::newRow("negative, second line") << QByteArray("[1,\n -1E+999]")
                                               << QStringLiteral("number out of range: -1E+999 is too large for a double @ line 2, column 2");
        QTest::newRow("400 digits") << QByteArray("[" + QByteArray(400, '9') + "]")
                                    << QStringLiteral("number out of range: 99999999999999999999999999999999... is too large for a double @ line 1, column 2");
        QTest::newRow("after a long valid start") << QByteArray("[" + QByteArray(300, '1').replace("1", "1,") + "2e308]")
                                                  << QStringLiteral("number out of range: 2e308 is too large for a double @ line 1, column 602");
        QTest::newRow("too small is zero") << QByteArray("[1e-400]") << QStringLiteral("ok");
    }

    void numbersOutOfRange()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const std::string_view view(text.constData(), std::size_t(text.size()));
        QCOMPARE(QString::fromStdString(byParse(view)), expected);
        QCOMPARE(QString::fromStdString(byCheck(view)), expected);
    }

    void fuzzCorpusAndPrefixes()
    {
        int compared = 0;
        for (const FuzzSeed& seed : fuzzSeeds()) {
            QVERIFY(seed.read);
            const std::string_view text = seed.text;
            const std::size_t step = std::max<std::size_t>(1, text.size() / 200);
            for (std::size_t cut = 0; cut <= text.size(); cut += step) {
                const std::string_view prefix = text.substr(0, cut);
                QCOMPARE(byCheck(prefix), byParse(prefix));
                ++compared;
            }
        }
        QVERIFY(compared > 100);
    }

    // checkStrict reads a text that fails late from the last bracket, comma or colon before
    // the failure, after a short opening that restores the parser's state there: damage of
    // every kind a strict parser refuses, put anywhere in the seeds and in long documents
    // (so that the short read is taken), cut or not, must still give the whole read's error.
    void damagedAnywhere()
    {
        std::vector<std::string> texts;
        for (const FuzzSeed& seed : fuzzSeeds()) {
            QVERIFY(seed.read);
            texts.push_back(seed.text);
        }
        std::string nested = "{\"items\": [";
        for (int i = 0; i < 40; ++i)
            nested += std::string(i ? "," : "") + "{\"id\": " + std::to_string(i) + ", \"tags\": [\"a\", \"b\"], \"note\": \"caf\u00e9 \\n\", \"ok\": true}";
        nested += "], \"total\": 40}";
        // Long documents, compact and pretty-printed, where most damage falls far from the start.
        const std::vector<std::string> long_{nested, conform::Json::parse(nested).dump(2),
                                             conform::Json::parse(nested).dump(4, ' ', true)};
        const std::vector<std::string> damage{"\x01", "\xff", "\xc3", "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80", "\\x",
                                              "\\ud800", "\\udc00", "\\u12", "\"", ",", ":", "}", "]", "{", "[", "tru", "-",
                                              "01", "1.", "1e", "+1", "NaN", "'", "\n", " ", "\xef\xbb\xbf"};
        std::mt19937 random(2026);
        int compared = 0, shortRead = 0;
        texts.insert(texts.end(), long_.begin(), long_.end());
        for (const std::string& text : texts) {
            const int variants = text.size() > 1000 ? 400 : 40;
            for (int variant = 0; variant < variants; ++variant) {
                std::string damaged = text;
                const std::size_t at = random() % (damaged.size() + 1);
                damaged.insert(at, damage[random() % damage.size()]);
                if (variant % 3 == 0)
                    damaged.resize(at + random() % (damaged.size() - at + 1)); // cut after the damage
                QVERIFY2(byCheck(damaged) == byParse(damaged), (byCheck(damaged) + " | " + byParse(damaged) + " | " + damaged.substr(0, 300)).c_str());
                std::string opening;
                shortRead += conform::json::detail::strictPrefixEnd(damaged, opening) > opening.size() + 64 ? 1 : 0;
                ++compared;
            }
        }
        QVERIFY(compared > 1000);
        QVERIFY2(shortRead > 500, std::to_string(shortRead).c_str()); // the short read was taken often enough to be tested
    }
};

QTEST_GUILESS_MAIN(TestJsonCheckStrict)
#include "test_json_check_strict.moc"
