// Capture bodies packed with zstd against their own schema and prompt, and (store version 8)
// against a template, an earlier capture's bodies of the same schema, and their final reply:
// they come back byte for byte, a wrong dictionary, template or reply and damaged bytes are
// an error (never a wrong document), and the packed bodies are a fraction of the text. Both
// backends, and bodies written by version 7 read after the upgrade.
#include "capture_fixture.h"
#include "postgres_cluster.h"
#include "test_registry.h"

#include "store/detail/body_packing.h"
#include "store/detail/connection.h"
#include "store/migrations.h"
#include "store/store.h"

#include <QSqlQuery>
#include <QTest>

#include <set>

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

    void templatedBodiesComeBack_data()
    {
        QTest::addColumn<QByteArray>("reply");
        QTest::addColumn<bool>("replyInside");
        QTest::newRow("object reply") << QByteArray(R"({"name":"Ada Lovelace","age":36,"notes":"first programmer"})") << true;
        QTest::newRow("unicode reply") << QByteArray("Zoë says ✓ {\"name\":\"Zoë Ångström\",\"age\":41}") << true;
        QTest::newRow("empty reply") << QByteArray() << true;
        // Bytes a text column would not give back as they are: not in the dictionary.
        QTest::newRow("invalid UTF-8") << QByteArray("{\"name\":\"\xff\xfe\"}") << false;
        QTest::newRow("NUL") << QByteArray("{\"name\":\"a\0b\"}", 14) << false;
    }
    void templatedBodiesComeBack()
    {
        QFETCH(QByteArray, reply);
        QFETCH(bool, replyInside);
        const std::string replyText(reply.constData(), std::size_t(reply.size()));
        const std::string schema = R"({"type":"object","required":["name","age"]})";
        const std::string spec = R"({"targets":[{"provider":"openai","model":"gpt-4o-mini","mode":"strict"}],"policy":{"coerce":false}})";
        const auto runOf = [](const std::string& quotedReply, int latency) {
            return R"({"outcome":"valid","attempts":[{"kind":"initial","request":{"method":"POST","body":{"model":"gpt-4o-mini",)"
                   R"("messages":[{"role":"system","content":"You extract people."}]}},"raw":)" + quotedReply
                   + R"(,"latency_ms":)" + std::to_string(latency) + "}]}";
        };
        const std::string run = runOf(replyInside ? dump(Json(replyText)) : std::string("\"(bytes)\""), 812);
        // The template: another capture of the schema, with another reply and latency.
        const std::string graceReply = dump(Json(std::string(R"({"name":"Grace"})")));
        const auto bodyTemplate = detail::makeTemplate("s1", spec, runOf(graceReply, 97));
        const std::string dictionary = detail::templatedDictionary(schema, "You extract people.", "{{text}}", *bodyTemplate);
        const std::string packed = detail::packTemplated(spec, run, dictionary, replyText);
        QCOMPARE(packed.front(), replyInside ? 'r' : 't');
        auto back = detail::unpackTemplated(packed, dictionary, replyText);
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QCOMPARE(back->first, spec);
        QCOMPARE(back->second, run);
        // The body is mostly the template's: it packs to less than against schema and prompt alone.
        const std::string untemplated = detail::packBodies(spec, run, detail::bodyDictionary(schema, "You extract people.", "{{text}}"));
        QVERIFY2(packed.size() < untemplated.size(), qPrintable(QStringLiteral("%1 vs %2 bytes").arg(packed.size()).arg(untemplated.size())));
        const auto otherTemplate = detail::makeTemplate("s1", "{}", R"({"outcome":"invalid","attempts":[]})");
        QVERIFY(!detail::unpackTemplated(packed, detail::templatedDictionary(schema, "You extract people.", "{{text}}", *otherTemplate), replyText));
        if (replyInside && !replyText.empty())
            QVERIFY(!detail::unpackTemplated(packed, dictionary, replyText + "."));
        QVERIFY(!detail::unpackTemplated(packed.substr(1), dictionary, replyText));
        QVERIFY(!detail::unpackTemplated({}, dictionary, replyText));
        // A template's own row: its text packed against its schema alone.
        auto templateBack = detail::unpackTemplate(bodyTemplate->hash, "s1", detail::packTemplate(*bodyTemplate, schema), schema);
        QVERIFY(templateBack);
        QCOMPARE(templateBack.value()->text, bodyTemplate->text);
        QCOMPARE(templateBack.value()->hash, shortHash(spec + runOf(graceReply, 97)));
    }

    // Every capture of a schema is packed against one template, which a second writer (another
    // process) finds and reuses; an importer's BodyPacker brings its own, written once. Each
    // capture reads back as it went in, and a damaged template is an error naming the capture.
    void capturesOfASchemaShareATemplate_data() { addBackendRows(); }
    void capturesOfASchemaShareATemplate()
    {
        OPEN_FRESH_STORE(stored, "templates");
        const StoreLocation location = StoreLocation::parse(location_stored).value();
        std::vector<Json> documents = fixtureDocuments();
        std::vector<Capture> captures;
        std::set<std::string> schemas;
        for (const Json& document : documents) {
            captures.push_back(captureFromDocument(document).value());
            schemas.insert(captures.back().summary.schemaHash);
        }
        QVERIFY(stored.insert(captures));
        auto connection = Connection::open(location, OpenOptions{false});
        const auto count = [&](const char* sql) {
            auto rows = connection.value()->exec(QString::fromLatin1(sql));
            return rows && rows->next() ? rows->value(0).toLongLong() : -1;
        };
        QCOMPARE(count("SELECT COUNT(*) FROM body_templates"), qlonglong(schemas.size()));
        QCOMPARE(count("SELECT COUNT(*) FROM capture_bodies WHERE template_id IS NULL"), 0LL);
        {
            auto second = Store::open(location);
            QVERIFY(second);
            Json again = documents[3];
            again["id"] = "second-writer";
            documents.push_back(again);
            QVERIFY(second.value()->insert({captureFromDocument(again).value()}));
            QCOMPARE(count("SELECT COUNT(*) FROM body_templates"), qlonglong(schemas.size()));
        }
        BodyPacker packer;
        std::vector<Capture> imported;
        for (int i = 0; i < 3; ++i) {
            Json document = documents[std::size_t(i)];
            document["id"] = "imported-" + std::to_string(i);
            document["metrics"]["latency_ms"] = 4242 + i; // bodies of their own, so the packer's templates are new
            documents.push_back(document);
            imported.push_back(captureFromDocument(document).value());
            packer.pack(imported.back());
            QVERIFY(imported.back().bodyTemplate);
        }
        QVERIFY(stored.insert(imported));
        QVERIFY(count("SELECT COUNT(*) FROM body_templates") > qlonglong(schemas.size()));
        QVERIFY(stored.insert(imported)); // already there: nothing more written
        for (const Json& original : documents) {
            auto back = stored.capture(original["id"].get<std::string>());
            QVERIFY2(back && back.value(), original["id"].get<std::string>().c_str());
            QCOMPARE(QString::fromStdString(dump(back.value()->document())), QString::fromStdString(dump(original)));
        }
        // Read in pages by a store that knows no template yet: each is read between the rows
        // (on PostgreSQL, a query in the middle of another's rows would lose the rest).
        QVERIFY(schemas.size() > 1);
        auto fresh = Store::open(location);
        QVERIFY(fresh);
        std::size_t visited = 0;
        QVERIFY(fresh.value()->forEachCapture({}, [&](const Capture& capture) { return !capture.run.is_discarded() && ++visited; }));
        QCOMPARE(visited, documents.size());
        const QString damage = backend == QLatin1String("sqlite")
            ? QStringLiteral("UPDATE body_templates SET packed = substr(packed, 1, 30)")
            : QStringLiteral("UPDATE body_templates SET packed = substring(packed from 1 for 30)");
        QVERIFY(connection.value()->exec(damage, {}, "test"));
        auto reopened = Store::open(location); // its template cache is empty
        QVERIFY(reopened);
        auto damaged = reopened.value()->capture(documents[0]["id"].get<std::string>());
        QVERIFY(!damaged);
        QVERIFY2(damaged.error().toString().find(documents[0]["id"].get<std::string>()) != std::string::npos, damaged.error().toString().c_str());
    }

    // Bodies a version 7 store packed (against schema and prompt only, no template) read the
    // same after the upgrade to version 8, beside the templated bodies written after it.
    void versionSevenBodiesReadAfterTheUpgrade_data() { addBackendRows(); }
    void versionSevenBodiesReadAfterTheUpgrade()
    {
        OPEN_FRESH_STORE(stored, "from_v7");
        const StoreLocation location = StoreLocation::parse(location_stored).value();
        const std::vector<Json> documents = fixtureDocuments();
        std::vector<Capture> captures;
        for (const Json& document : documents)
            captures.push_back(captureFromDocument(document).value());
        QVERIFY(stored.insert(captures));
        {
            // Rewritten as version 7 wrote them, then the store taken back to version 7.
            auto connection = Connection::open(location, OpenOptions{false});
            Connection& c = *connection.value();
            for (const Capture& capture : captures) {
                const std::string packed = detail::packBodies(dump(capture.spec), dump(capture.run),
                                                              detail::bodyDictionary(dump(capture.schema), capture.system, capture.user));
                QVERIFY(c.exec(QStringLiteral("UPDATE capture_bodies SET packed = ?, template_id = NULL WHERE capture_seq ="
                                              " (SELECT seq FROM captures WHERE id = ?)"),
                               {QByteArray(packed.data(), qsizetype(packed.size())), QString::fromStdString(capture.summary.id)}, "test"));
            }
            QVERIFY(c.execAll(versionEightUndone(), "test"));
            QCOMPARE(storedVersion(c).value(), 7);
        }
        auto upgraded = Store::open(location);
        QVERIFY2(upgraded, upgraded ? "" : upgraded.error().toString().c_str());
        Json later = documents[2];
        later["id"] = "after-the-upgrade";
        QVERIFY(upgraded.value()->insert({captureFromDocument(later).value()}));
        std::vector<Json> expected = documents;
        expected.push_back(later);
        for (const Json& original : expected) {
            auto back = upgraded.value()->capture(original["id"].get<std::string>());
            QVERIFY2(back && back.value(), original["id"].get<std::string>().c_str());
            QCOMPARE(QString::fromStdString(dump(back.value()->document())), QString::fromStdString(dump(original)));
        }
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
