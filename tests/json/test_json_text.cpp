// The repairer's text output against its tree: for every reply the tests know (the rows of
// test_json, the fuzz seed corpus, hostile replies, mutated replies), extracting text only
// gives the bytes conform::dump() gives for the tree's value, and the same fixes, refusals,
// candidate and source map; the value itself is never built.
#include "fix_check.h"

#include "json/json_writer.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <cmath>

// Rows shared with test_json (test_json_rows.cpp, test_json_items_rows.cpp) and this test's
// own (test_json_text_rows.cpp): moc cannot read raw string literals.
void rows_candidates();
void rows_repairs();
void rows_strictRefuses();
void rows_keepsEveryItem();
void rows_ambiguous();
void rows_hostile();
void rows_keepsEveryItemKinds();
void rows_guesses();

using conform::Json;
namespace json = conform::json;
using conform::test::fixList;

Q_DECLARE_METATYPE(std::string)

namespace {

json::ExtractOptions treeOptions(bool strict)
{
    json::ExtractOptions o;
    o.strict = strict;
    return o;
}

json::ExtractOptions textOptions(bool strict)
{
    json::ExtractOptions o = treeOptions(strict);
    o.value = false;
    o.text = true;
    return o;
}

std::string writerDump(const Json& v)
{
    std::string out;
    json::JsonWriter(out).value(v);
    return out;
}

// The value JSON text can hold: non-finite numbers (1e999 reads as infinity) print as null.
Json printable(const Json& v)
{
    if (v.is_number_float() && !std::isfinite(v.get<double>()))
        return Json(nullptr);
    if (!v.is_structured())
        return v;
    Json out = v.is_object() ? Json::object() : Json::array();
    for (auto it = v.begin(); it != v.end(); ++it) {
        if (v.is_object())
            out[it.key()] = printable(it.value());
        else
            out.push_back(printable(it.value()));
    }
    return out;
}

// Every pointer in `v`, for comparing source maps entry by entry.
void pointers(const Json& v, const std::string& at, std::vector<std::string>& out)
{
    out.push_back(at);
    if (v.is_object())
        for (auto it = v.begin(); it != v.end(); ++it)
            pointers(it.value(), conform::appendPointer(at, it.key()), out);
    else if (v.is_array())
        for (std::size_t i = 0; i < v.size(); ++i)
            pointers(v[i], at + '/' + std::to_string(i), out);
}

// Empty when the text path agrees with the tree path on `raw`, else what differs.
std::string difference(const std::string& raw, bool strict)
{
    const json::Extraction tree = json::extract(raw, treeOptions(strict));
    const json::Extraction text = json::extract(raw, textOptions(strict));
    if (text.ok != tree.ok || text.reason != tree.reason)
        return "ok/reason: " + tree.reason + " | " + text.reason;
    if (!text.value.is_null())
        return "the text path built a value";
    if (text.candidateKind != tree.candidateKind || !(text.candidate == tree.candidate))
        return "candidate: " + tree.candidateKind + " | " + text.candidateKind;
    if (fixList(text.fixes) != fixList(tree.fixes) || fixList(text.refused) != fixList(tree.refused))
        return "fixes: " + fixList(tree.fixes).dump() + " | " + fixList(text.fixes).dump();
    if (text.sourceMap.size() != tree.sourceMap.size())
        return "source map sizes differ";
    std::vector<std::string> all;
    pointers(tree.value, {}, all);
    for (const std::string& p : all)
        if (text.sourceMap.find(p) != tree.sourceMap.find(p))
            return "source map differs at " + p;
    if (!tree.ok)
        return text.json.empty() ? std::string() : "text without a value: " + text.json;
    const std::string expected = writerDump(tree.value);
    if (text.json != expected || text.json != conform::dump(tree.value))
        return "text: " + expected + " | " + text.json;
    const auto parsed = json::parseStrict(text.json);
    if (!parsed.ok() || parsed.value() != printable(tree.value))
        return "the text does not parse to the tree's value: " + text.json;
    std::string treeReport, textReport;
    json::JsonWriter treeWriter(treeReport), textWriter(textReport);
    tree.write(treeWriter, strict);
    text.write(textWriter, strict);
    if (treeReport != textReport || text.toJson().dump() != tree.toJson().dump())
        return "report: " + treeReport + " | " + textReport;
    return {};
}

void checkRaw(const std::string& raw)
{
    for (bool strict : {false, true}) {
        const std::string diff = difference(raw, strict);
        QVERIFY2(diff.empty(), (std::string(strict ? "strict: " : "") + diff).c_str());
    }
}

} // namespace

class TestJsonText : public QObject
{
    Q_OBJECT

private slots:
    void candidates_data() { rows_candidates(); }
    void candidates() { QFETCH(std::string, raw); checkRaw(raw); }
    void repairs_data() { rows_repairs(); }
    void repairs() { QFETCH(std::string, raw); checkRaw(raw); }
    void strictRefuses_data() { rows_strictRefuses(); }
    void strictRefuses() { QFETCH(std::string, raw); checkRaw(raw); }
    void keepsEveryItem_data()
    {
        rows_keepsEveryItem();
        rows_keepsEveryItemKinds();
    }
    void keepsEveryItem() { QFETCH(std::string, raw); checkRaw(raw); }
    void guesses_data() { rows_guesses(); }
    void guesses() { QFETCH(std::string, raw); checkRaw(raw); }
    void ambiguous_data() { rows_ambiguous(); }
    void ambiguous() { QFETCH(std::string, raw); checkRaw(raw); }
    void hostile_data() { rows_hostile(); }
    void hostile() { QFETCH(std::string, raw); checkRaw(raw); }

    // The fuzz seed corpus, one reply a file.
    void fuzzCorpus_data()
    {
        QTest::addColumn<std::string>("raw");
        const QDir dir(QStringLiteral(CONFORM_FUZZ_CORPUS));
        const QStringList names = dir.entryList(QDir::Files, QDir::Name);
        QVERIFY(names.size() >= 40);
        for (const QString& name : names) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            QTest::newRow(qPrintable(name)) << std::string(bytes.constData(), std::size_t(bytes.size()));
        }
    }
    void fuzzCorpus() { QFETCH(std::string, raw); checkRaw(raw); }

    // Replies damaged at random (tokens inserted, bytes deleted, a fixed sequence), repeated
    // keys and concatenations among the tokens.
    void mutations()
    {
        const std::vector<std::string> seeds{"{\"a\":\"b\",\"c\":[1,2,\"x\"]}", "[{\"i\":1},{\"i\":2}]",
                                             "{\"k\":{\"l\":\"v w\"},\"m\":null,\"k\":[0.5]}",
                                             "```json\n{\"a\":\"b\" + \"c\",\"d\":1e400}\n```"};
        const std::vector<std::string> tokens{"\"", ",", "{", "}", "[", "]", "+", ":", "`", "\xC2\xA0", "\\\"",
                                              "ObjectId(", ")", "'", "\xC2\xB4", "NumberLong(\"2\")", "\n",
                                              "\xE2\x80\x9C", "\"k\":", "\"a\":", " + \"s\"", "\xFF", "..."};
        std::uint64_t state = 7;
        const auto next = [&] { return static_cast<std::size_t>((state = state * 6364136223846793005ull + 1442695040888963407ull) >> 33); };
        int differences = 0;
        std::string first;
        for (int n = 0; n < 20000; ++n) {
            std::string raw = seeds[next() % seeds.size()];
            for (std::size_t k = 0, edits = 1 + next() % 4; k < edits; ++k) {
                const std::size_t at = next() % (raw.size() + 1);
                if (next() % 3 == 0 && at < raw.size())
                    raw.erase(at, 1);
                else
                    raw.insert(at, tokens[next() % tokens.size()]);
            }
            const std::string diff = difference(raw, n % 4 == 0);
            if (!diff.empty() && differences++ == 0)
                first = raw + " -> " + diff;
        }
        QVERIFY2(differences == 0, (std::to_string(differences) + " differ, first: " + first).c_str());
    }

    // Asking for both gives both; asking for neither still reports what was found.
    void valueAndText()
    {
        json::ExtractOptions both;
        both.text = true;
        const json::Extraction x = json::extract("```json\n{'a': [1, 2,], \"a\": 3}\n```", both);
        QVERIFY(x.ok);
        QCOMPARE(x.value.dump(), std::string("{\"a\":3}"));
        QCOMPARE(x.json, std::string("{\"a\":3}"));
        json::ExtractOptions neither;
        neither.value = false;
        const json::Extraction y = json::extract("[1,]", neither);
        QVERIFY(y.ok);
        QVERIFY(y.value.is_null() && y.json.empty());
        QCOMPARE(y.fixes.size(), std::size_t(1));
    }

    // A fitness still decides between candidates when only text is wanted.
    void fitnessDecidesOnText()
    {
        const std::string raw = "```json\n{\"b\": 1}\n```\nor\n```json\n{\"a\": 1}\n```";
        json::ExtractOptions options = textOptions(false);
        QCOMPARE(json::extract(raw, options).json, std::string("{\"a\":1}")); // the last block
        options.fitness = [](const Json& v) { return v.contains("b") ? 1.0 : 0.0; };
        const json::Extraction x = json::extract(raw, options);
        QCOMPARE(x.json, std::string("{\"b\":1}"));
        QVERIFY(x.value.is_null());
    }

    // The streaming extractor's final answer follows the options too.
    void streamingFinishGivesText()
    {
        json::StreamingExtractor stream(textOptions(false));
        stream.feed("Sure: {\"a\": [1, 2");
        QCOMPARE(stream.current().value.dump(), std::string("{\"a\":[1,2]}"));
        stream.feed(", 3], \"a\": \"x\" + \"y\"}");
        const json::Extraction x = stream.finish();
        QCOMPARE(x.json, std::string("{\"a\":\"xy\"}"));
    }
};

QTEST_APPLESS_MAIN(TestJsonText)
#include "test_json_text.moc"
