// Signatures (store/signature.h): which captures share a cause. Pure: documents in, cluster ids
// out. The expected pairs are worked out by hand from the rules; the canonical texts and their
// hashes were computed outside Conform (Python's hashlib over the text written here).
#include "cluster_fixture.h"
#include "test_registry.h"

#include "store/capture.h"
#include "store/signature.h"

#include <QTest>

using namespace conform;
using namespace conform::store;
using namespace clusterfixture;

Q_DECLARE_METATYPE(conform::Json)

namespace {

const char* const kTime = "2026-11-02T10:00:00.000Z";

Json withSchema(const Json& schema)
{
    return document("a", kTime, "failed", {}, {invalid(Json::array({issue({"name"}, "invalid_type")}))}, schema);
}

std::string clusterOf(const Json& doc)
{
    auto capture = captureFromDocument(doc);
    if (!capture) {
        qWarning("%s", capture.error().toString().c_str());
        return "(not read)";
    }
    return capture->summary.cluster;
}

Json priceMissing(int index)
{
    return Json::array({issue({"items", index, "price"}, "invalid_type")});
}

} // namespace

class StoreSignaturesTest : public QObject
{
    Q_OBJECT

private slots:
    void causes_data()
    {
        QTest::addColumn<Json>("first");
        QTest::addColumn<Json>("second");
        QTest::addColumn<bool>("sameCluster");
        const Json typeOfName = Json::array({issue({"name"}, "invalid_type")});
        const Json tooBig = Json::array({issue({"items", 0, "price"}, "too_big", "Number must be less than or equal to 10")});
        QTest::newRow("array indices are *") << document("a", kTime, "failed", {}, {invalid(priceMissing(0))})
                                             << document("b", kTime, "failed", {}, {invalid(priceMissing(7))}) << true;
        QTest::newRow("an index is not a key") << document("a", kTime, "failed", {}, {invalid(priceMissing(0))})
                                               << document("b", kTime, "failed", {}, {invalid(Json::array({issue({"items", "0", "price"}, "invalid_type")}))})
                                               << false;
        QTest::newRow("the code counts") << document("a", kTime, "failed", {}, {invalid(priceMissing(0))})
                                         << document("b", kTime, "failed", {}, {invalid(tooBig)}) << false;
        QTest::newRow("messages do not") << document("a", kTime, "failed", {}, {invalid(priceMissing(0))})
                                         << document("b", kTime, "failed", {}, {invalid(Json::array({issue({"items", 2, "price"}, "invalid_type", "Expected number, received string")}))})
                                         << true;
        QTest::newRow("a set of findings") << document("a", kTime, "failed", {}, {invalid(Json::array({priceMissing(0)[0], typeOfName[0]}))})
                                           << document("b", kTime, "failed", {}, {invalid(Json::array({typeOfName[0], priceMissing(3)[0], priceMissing(1)[0]}))})
                                           << true;
        QTest::newRow("one finding more is another cause") << document("a", kTime, "failed", {}, {invalid(priceMissing(0))})
                                                           << document("b", kTime, "failed", {}, {invalid(Json::array({priceMissing(0)[0], typeOfName[0]}))})
                                                           << false;
        QTest::newRow("a cut reply is its truncation") << document("a", kTime, "failed", {"truncated"}, {invalid(priceMissing(0))})
                                                       << document("b", kTime, "failed", {"truncated"}, {invalid(typeOfName)}) << true;
        QTest::newRow("cut apart from invalid") << document("a", kTime, "failed", {"truncated"}, {invalid(priceMissing(0))})
                                                << document("b", kTime, "failed", {}, {invalid(priceMissing(0))}) << false;
        QTest::newRow("refused by its flag") << document("a", kTime, "failed", {"refused"}, {invalid(priceMissing(0))})
                                             << document("b", kTime, "failed", {"refused"}, {invalid(tooBig)}) << true;
        QTest::newRow("repaired apart from failed") << document("a", kTime, "repaired", {}, {invalid(priceMissing(0)), valid()})
                                                    << document("b", kTime, "failed", {}, {invalid(priceMissing(0))}) << false;
        QTest::newRow("repaired by its first attempt") << document("a", kTime, "repaired", {}, {invalid(priceMissing(0)), invalid(tooBig), valid()})
                                                       << document("b", kTime, "repaired", {}, {invalid(priceMissing(4)), valid()}) << true;
        QTest::newRow("failed by its final attempt") << document("a", kTime, "failed", {}, {invalid(typeOfName), invalid(priceMissing(0))})
                                                     << document("b", kTime, "failed", {}, {invalid(tooBig), invalid(priceMissing(2))}) << true;
        QTest::newRow("two versions of one schema (title)") << document("a", kTime, "failed", {}, {invalid(typeOfName)}, ordersV1())
                                                            << document("b", kTime, "failed", {}, {invalid(typeOfName)}, ordersV2()) << true;
        QTest::newRow("two versions of one schema ($id)")
            << withSchema(Json{{"$id", "urn:conform:invoice"}, {"title", "invoice v1"}})
            << withSchema(Json{{"$id", "urn:conform:invoice"}, {"title", "invoice v2"}, {"type", "object"}}) << true;
        QTest::newRow("another schema of the same title and $id") << withSchema(Json{{"$id", "urn:a"}, {"title", "t"}})
                                                                  << withSchema(Json{{"$id", "urn:b"}, {"title", "t"}}) << false;
        QTest::newRow("untitled schemas by their text") << withSchema(Json{{"type", "object"}})
                                                        << withSchema(Json{{"type", "object"}, {"required", {"name"}}}) << false;
        QTest::newRow("untitled, the same text") << withSchema(Json{{"type", "object"}}) << withSchema(Json{{"type", "object"}}) << true;
        Attempt refusedMode = invalid(Json::array());
        refusedMode.error = "Invalid schema for response_format 'orders'";
        refusedMode.httpStatus = 400;
        Attempt overloaded = refusedMode;
        overloaded.httpStatus = 529;
        QTest::newRow("fallback: the mode refused") << document("a", kTime, "fallback", {}, {refusedMode, valid()})
                                                    << document("b", kTime, "fallback", {}, {refusedMode, valid()}) << true;
        QTest::newRow("fallback apart from failed") << document("a", kTime, "fallback", {}, {invalid(priceMissing(0)), valid()})
                                                    << document("b", kTime, "failed", {}, {invalid(priceMissing(0))}) << false;
        QTest::newRow("a refused request is not a lost one") << document("a", kTime, "fallback", {}, {refusedMode, valid()})
                                                             << document("b", kTime, "fallback", {}, {overloaded, valid()}) << false;
    }
    void causes()
    {
        QFETCH(Json, first);
        QFETCH(Json, second);
        QFETCH(bool, sameCluster);
        const std::string a = clusterOf(first), b = clusterOf(second);
        QVERIFY(!a.empty() && !b.empty());
        QCOMPARE(a == b, sameCluster);
        // Read as an import reads a line (only what the summary needs kept): the same clusters.
        QCOMPARE(captureFromText(dump(first)).value().summary.cluster, a);
        QCOMPARE(captureFromText(dump(second)).value().summary.cluster, b);
    }

    // The canonical text and its hash, by hand: the id is the same in every store.
    void canonicalTextByHand_data()
    {
        QTest::addColumn<Json>("doc");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("id");
        QTest::newRow("findings") << document("a", kTime, "failed", {}, {invalid(Json::array({issue({"items", 3, "price"}, "invalid_type"),
                                                                                                issue({"items", 0, "price"}, "invalid_type")}))})
                                  << QStringLiteral(R"(["failed","title","orders",[],[[["items","*","price"],"invalid_type"]]])")
                                  << QStringLiteral("ca35e0a37ddab64c");
        QTest::newRow("truncated") << document("a", kTime, "failed", {"truncated"}, {invalid(priceMissing(0))})
                                   << QStringLiteral(R"(["failed","title","orders",["truncated"],[]])") << QStringLiteral("fb9ce401f7449e8f");
    }
    void canonicalTextByHand()
    {
        QFETCH(Json, doc);
        QFETCH(QString, text);
        QFETCH(QString, id);
        const Capture capture = captureFromDocument(doc).value();
        QVERIFY(capture.signature);
        QCOMPARE(QString::fromStdString(capture.signature->canonicalText()), text);
        QCOMPARE(QString::fromStdString(capture.summary.cluster), id);
    }

    void findingsKeepPathsAndWords()
    {
        const Capture capture = captureFromDocument(document("a", kTime, "failed", {}, {invalid(Json::array({
            issue({"items", 3, "price"}, "invalid_type", "Required"), issue({"name"}, "invalid_type", "Expected string, received number"),
            issue({"items", 1, "price"}, "invalid_type", "Expected number, received string")}))})).value();
        QVERIFY(capture.signature);
        const std::vector<Finding>& findings = capture.signature->findings;
        QCOMPARE(findings.size(), std::size_t(2));
        QCOMPARE(findings[0].path, (std::vector<std::string>{"items", "*", "price"}));
        QCOMPARE(findings[0].message, std::string("Required")); // the first one met
        QCOMPARE(findings[1].path, (std::vector<std::string>{"name"}));
        QCOMPARE(dump(findings[0].toJson()), std::string(R"({"path":["items","*","price"],"code":"invalid_type","message":"Required"})"));
    }

    void notClustered_data()
    {
        QTest::addColumn<Json>("doc");
        QTest::newRow("valid") << document("a", kTime, "valid", {}, {valid()});
        QTest::newRow("unchecked") << document("a", kTime, "unchecked", {}, {valid()});
        Json legacy = document("a", kTime, "valid", {}, {valid()}); // unchecked as written before it existed
        legacy["labels"] = Json{{"validated", "false"}};
        QTest::newRow("validated=false") << legacy;
    }
    void notClustered()
    {
        QFETCH(Json, doc);
        const Capture capture = captureFromDocument(doc).value();
        QVERIFY(!capture.signature);
        QVERIFY(capture.summary.cluster.empty());
    }
};

CONFORM_TEST_CLASS(StoreSignaturesTest);
#include "test_store_signatures.moc"
