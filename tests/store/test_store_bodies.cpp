// Capture bodies packed with zstd against their own schema and prompt: they come back byte
// for byte, a wrong dictionary or damaged bytes are an error (never a wrong document), and the
// packed bodies are a fraction of the text. Both backends.
#include "capture_fixture.h"
#include "postgres_cluster.h"
#include "test_registry.h"

#include "store/detail/body_packing.h"
#include "store/detail/connection.h"
#include "store/store.h"

#include <QSqlQuery>
#include <QTest>

using namespace conform;
using namespace conform::store;

class StoreBodiesTest : public QObject
{
    Q_OBJECT

private slots:
    void packedBodiesComeBack_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("run");
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("plain") << QStringLiteral(R"({"targets":[]})") << QStringLiteral(R"({"outcome":"valid","attempts":[]})");
        QTest::newRow("unicode and escapes") << QStringLiteral("{\"v\":\"Zoë — ✓ \\u0000 \\\"q\\\"\"}") << QStringLiteral("{\"raw\":\"line\\nnext\"}");
        QTest::newRow("repeats the prompt") << QStringLiteral("{}") << QStringLiteral(R"({"system":"You extract people.\nBe brief.","again":"You extract people.\nBe brief."})");
    }
    void packedBodiesComeBack()
    {
        QFETCH(QString, spec);
        QFETCH(QString, run);
        const std::string dictionary = detail::bodyDictionary(R"({"type":"object"})", "You extract people.\nBe brief.", "{{text}}");
        const std::string packed = detail::packBodies(spec.toStdString(), run.toStdString(), dictionary);
        auto back = detail::unpackBodies(packed, dictionary);
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QCOMPARE(QString::fromStdString(back->first), spec);
        QCOMPARE(QString::fromStdString(back->second), run);

        auto wrong = detail::unpackBodies(packed, detail::bodyDictionary(R"({"type":"array"})", "Other.", ""));
        if (wrong) // a frame that never referred to the dictionary reads the same with any
            QCOMPARE(QString::fromStdString(wrong->second), run);
        std::string damaged = packed;
        damaged[damaged.size() / 2] = char(damaged[damaged.size() / 2] ^ 0x5a);
        auto broken = detail::unpackBodies(damaged, dictionary);
        QVERIFY(!broken || (broken->first == spec.toStdString() && broken->second == run.toStdString()));
        QVERIFY(!detail::unpackBodies(std::string_view(packed).substr(0, packed.size() - 3), dictionary));
        QVERIFY(!detail::unpackBodies("not a frame", dictionary));
    }

    // The prompt repeated in a body is a back-reference into the dictionary: with it, the
    // body packs to less than without it, and a wrong dictionary fails the checksum.
    void theDictionaryCarriesTheRepeats()
    {
        std::string system = "You are the goal generation agent of a light-hearted interviewer.\n";
        for (int i = 0; i < 20; ++i)
            system += "Rule " + std::to_string(i) + ": phrase each goal as something to find out, most important first.\n";
        const std::string run = R"({"attempts":[{"request":{"system":)" + dump(Json(system)) + R"(}},{"request":{"system":)" + dump(Json(system)) + "}}]}";
        const std::string with = detail::packBodies("{}", run, detail::bodyDictionary("{}", system, ""));
        const std::string without = detail::packBodies("{}", run, "");
        QVERIFY2(with.size() * 3 < without.size(), qPrintable(QStringLiteral("%1 vs %2 bytes").arg(with.size()).arg(without.size())));
        QVERIFY(!detail::unpackBodies(with, detail::bodyDictionary("{}", system + "changed", "")));
    }

    void storedBodiesArePackedAndReadBack_data() { addBackendRows(); }
    void storedBodiesArePackedAndReadBack()
    {
        OPEN_FRESH_STORE(stored, "bodies");
        const QString& location = location_stored;
        std::vector<Capture> captures;
        std::size_t textBytes = 0;
        for (const Json& document : fixtureDocuments()) {
            captures.push_back(captureFromDocument(document).value());
            textBytes += dump(captures.back().spec).size() + dump(captures.back().run).size();
        }
        QVERIFY(stored.insert(captures));
        auto connection = Connection::open(StoreLocation::parse(location).value(), OpenOptions{false});
        auto sizes = connection.value()->exec(QStringLiteral(
            "SELECT COUNT(*), SUM(LENGTH(packed)), SUM(LENGTH(spec) + LENGTH(run)) FROM capture_bodies WHERE packed IS NOT NULL"));
        QVERIFY(sizes && sizes->next());
        QCOMPARE(sizes->value(0).toInt(), 10);
        QCOMPARE(sizes->value(2).toInt(), 0); // the text columns stay empty
        const std::size_t packedBytes = sizes->value(1).toULongLong();
        QVERIFY2(packedBytes * 2 < textBytes, qPrintable(QStringLiteral("%1 packed of %2").arg(packedBytes).arg(textBytes)));
        for (const Json& original : fixtureDocuments()) {
            auto back = stored.capture(original["id"].get<std::string>());
            QVERIFY(back && back.value());
            QCOMPARE(QString::fromStdString(dump(back.value()->document())), QString::fromStdString(dump(original)));
        }
        // A body damaged in the database is an error naming the capture, not a wrong document.
        const QString damage = backend == QLatin1String("sqlite")
            ? QStringLiteral("UPDATE capture_bodies SET packed = substr(packed, 1, 20) WHERE capture_seq = (SELECT MIN(capture_seq) FROM capture_bodies)")
            : QStringLiteral("UPDATE capture_bodies SET packed = substring(packed from 1 for 20) WHERE capture_seq = (SELECT MIN(capture_seq) FROM capture_bodies)");
        QVERIFY(connection.value()->exec(damage, {}, "test"));
        auto damaged = stored.capture(fixtureDocuments().front()["id"].get<std::string>());
        QVERIFY(!damaged);
        QVERIFY2(damaged.error().toString().find(fixtureDocuments().front()["id"].get<std::string>()) != std::string::npos,
                 damaged.error().toString().c_str());
    }
};

CONFORM_TEST_CLASS(StoreBodiesTest);
#include "test_store_bodies.moc"
