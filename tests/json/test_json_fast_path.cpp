// extract()'s fast path for a reply that is strict JSON (simdjson reads it) against the slow
// path (the repairer reads the same text): the same value, node type for node type, the same
// compact text, no fix (a repeated key, which the fast path leaves to the repairer, has its
// mark and nothing else), the same candidate and the same source map. Over the strict-JSON files
// of the fuzz seed corpus, hand-written documents where two parsers could read numbers or keys
// apart, and thousands of generated documents.
#include "json/candidates.h"
#include "json/extract.h"
#include "json/parse.h"
#include "json/repairer.h"
#include "json/strict_read.h"
#include "json/validity.h"

#include "fuzz_seeds.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <cstdint>
#include <functional>
#include <random>

#include <simdjson.h>

using conform::Json;
using conform::Span;
namespace json = conform::json;

Q_DECLARE_METATYPE(std::string)

namespace {

// What the repairer alone gives for the whole text: the slow path.
struct Slow
{
    Json value;
    std::string text;
    json::SourceMap map;
    Span span;
    std::vector<json::Fix> fixes;
};

Slow slowPath(std::string_view raw, json::detail::RepairOutput output)
{
    json::detail::Repairer r(0, json::detail::RepairOptions{false, true, {}, nullptr, output});
    const auto status = r.run(raw, true);
    Slow s;
    if (status != json::detail::Repairer::Status::Done || !r.hasValue())
        return s;
    if (output == json::detail::RepairOutput::Text)
        s.text = r.takeText();
    else
        s.value = std::move(r.value());
    s.map = std::move(r.sourceMap());
    s.map.index();
    const std::size_t begin = json::detail::firstSignificant(raw);
    s.span = Span{begin, r.end() - begin};
    s.fixes = r.log().fixList();
    return s;
}

// Equal values of equal node types: nlohmann's == calls 1 (signed) and 1u, 0.0 and -0.0 equal.
bool sameTree(const Json& a, const Json& b)
{
    if (a.type() != b.type() || a.size() != b.size())
        return false;
    if (a.is_number_float())
        return std::signbit(a.get<double>()) == std::signbit(b.get<double>()) && a == b;
    if (a.is_object()) {
        auto i = a.begin(), j = b.begin();
        for (; i != a.end(); ++i, ++j)
            if (i.key() != j.key() || !sameTree(*i, *j))
                return false;
        return true;
    }
    if (a.is_array()) {
        for (std::size_t k = 0; k < a.size(); ++k)
            if (!sameTree(a[k], b[k]))
                return false;
        return true;
    }
    return a == b;
}

// Every pointer in `v`, containers too.
void pointers(const Json& v, const std::string& at, std::vector<std::string>& out)
{
    out.push_back(at);
    if (v.is_object())
        for (auto it = v.begin(); it != v.end(); ++it)
            pointers(*it, conform::appendPointer(at, it.key()), out);
    else if (v.is_array())
        for (std::size_t k = 0; k < v.size(); ++k)
            pointers(v[k], at + "/" + std::to_string(k), out);
}

// Compares both paths on `raw`, which must be strict JSON; "" when they agree.
std::string disagreement(const std::string& raw)
{
    if (!json::detail::isStrictJson(raw))
        return "not strict JSON";
    const Slow tree = slowPath(raw, json::detail::RepairOutput::Tree);
    const Slow text = slowPath(raw, json::detail::RepairOutput::Text);
    for (const json::Fix& fix : tree.fixes)
        if (fix.kind != "repeated_key")
            return "the repairer fixed strict JSON";
    const json::Extraction x = json::extract(raw);
    if (x.candidateKind == "double_encoded") // a string holding JSON: decoded from the value, as before
        return {};
    if (!x.ok || x.fixes != tree.fixes || !x.refused.empty() || x.candidateKind != "whole")
        return "not a clean whole extraction";
    if (!sameTree(x.value, tree.value))
        return "values differ: " + x.value.dump() + " against " + tree.value.dump();
    if (x.candidate != tree.span)
        return "candidate spans differ";
    std::vector<std::string> all;
    pointers(tree.value, "", all);
    for (const std::string& p : all)
        if (x.sourceMap.find(p) != tree.map.find(p))
            return "source maps differ at " + p;
    json::ExtractOptions asText;
    asText.value = false;
    asText.text = true;
    const json::Extraction t = json::extract(raw, asText);
    if (!t.ok || t.json != text.text || t.fixes != tree.fixes || t.candidate != tree.span)
        return "texts differ: " + t.json + " against " + text.text;
    json::ExtractOptions noMap;
    noMap.sourceMap = false;
    const json::Extraction n = json::extract(raw, noMap);
    if (!sameTree(n.value, tree.value) || !n.sourceMap.empty())
        return "without a source map: values differ";
    return {};
}

// Deterministic documents of every JSON shape: nesting, escapes, non-ASCII, numbers at the
// edges of int64, uint64 and double, repeated keys in small and large objects, white space.
class Documents
{
public:
    explicit Documents(std::uint64_t seed) : m_state(seed) {}

    std::string document()
    {
        std::string out = space();
        value(out, 0);
        return out + space();
    }

private:
    std::uint64_t next()
    {
        m_state = m_state * 6364136223846793005ull + 1442695040888963407ull;
        return m_state >> 33;
    }
    std::string space()
    {
        static const char* spaces[] = {"", "", " ", "\n", "\r\n  ", "\t"};
        return spaces[next() % 6];
    }
    void value(std::string& out, int depth)
    {
        const std::uint64_t kind = depth > 6 ? 2 + next() % 4 : next() % 6;
        if (kind == 0) {
            out += '{' + space();
            const std::size_t n = next() % 5 == 0 ? 20 + next() % 10 : next() % 5; // large ones index their keys
            for (std::size_t i = 0; i < n; ++i) {
                if (i)
                    out += ',' + space();
                string(out, next() % 4 == 0); // a short key repeats now and then
                out += space() + ':' + space();
                value(out, depth + 1);
            }
            out += space() + '}';
        } else if (kind == 1) {
            out += '[' + space();
            for (std::size_t i = 0, n = next() % 6; i < n; ++i) {
                if (i)
                    out += ',' + space();
                value(out, depth + 1);
            }
            out += space() + ']';
        } else if (kind == 2 || kind == 3) {
            string(out, false);
        } else if (kind == 4) {
            // No number past a double's range (1e400): strict JSON by grammar, but the
            // repairer makes it null with a number_out_of_range fix (test_json's rows).
            static const char* numbers[] = {"0", "-0", "7", "-7", "0.0", "-0.0", "1.5", "-1.25e3", "1E2", "2e+3",
                "1e-7", "123456789.987654321", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                "-9223372036854775809", "18446744073709551615", "18446744073709551616", "1e308", "1.7976931348623157e308",
                "2.2250738585072014e-308", "5e-324", "1e-400", "-1e-400", "0.1", "100000000000000000000.0",
                "1e21", "3.0e0", "-0e5"};
            out += numbers[next() % std::size(numbers)];
        } else {
            static const char* literals[] = {"true", "false", "null"};
            out += literals[next() % 3];
        }
    }
    void string(std::string& out, bool shortKey)
    {
        static const char* pieces[] = {"a", "b", "key", " ", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u0041", "\\u00e9",
            "\\u0000", "\\ud83d\\ude00", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "{", "]", ",", ":", "'"};
        out += '"';
        for (std::size_t i = 0, n = shortKey ? next() % 2 : next() % 8; i < n; ++i)
            out += shortKey ? pieces[next() % 3] : pieces[next() % std::size(pieces)];
        out += '"';
    }

    std::uint64_t m_state;
};

} // namespace

class TestJsonFastPath : public QObject
{
    Q_OBJECT

private slots:
    // Hand-written: what the repairer's reading is (signed integers to 2^63 - 1, unsigned
    // above, doubles as std::from_chars reads them, underflow to +0, the last of a repeated
    // key in its first place), written out as compact text.
    void handWritten_data()
    {
        QTest::addColumn<std::string>("raw");
        QTest::addColumn<std::string>("text");
        QTest::addColumn<int>("repeats");
        // The one fix is the mark of the repeated key, which strict extraction refuses.
        QTest::newRow("repeated key") << std::string(R"({"a": 1, "b": 2, "a": 3})") << std::string(R"({"a":3,"b":2})") << 1;
        QTest::newRow("negative zero integer") << std::string("[-0]") << std::string("[0]") << 0;
        QTest::newRow("negative zero double") << std::string("[-0.0]") << std::string("[-0.0]") << 0;
        QTest::newRow("underflow") << std::string("[1e-400, -1e-400]") << std::string("[0.0,0.0]") << 0;
        QTest::newRow("past uint64") << std::string("[18446744073709551616]") << std::string("[1.8446744073709552e+19]") << 0;
        QTest::newRow("int64 edges") << std::string("[9223372036854775807, 9223372036854775808, -9223372036854775808]")
                                     << std::string("[9223372036854775807,9223372036854775808,-9223372036854775808]") << 0;
        QTest::newRow("exponent") << std::string(" {\"x\" : 1E2, \"y\": [2e+3, 0.5]}\n") << std::string(R"({"x":100.0,"y":[2000.0,0.5]})") << 0;
        QTest::newRow("escapes") << std::string(R"(["\u00e9\/\ud83d\ude00\n"])") << std::string("[\"\xc3\xa9/\xf0\x9f\x98\x80\\n\"]") << 0;
        QTest::newRow("scalar") << std::string("  \"just text\" ") << std::string("\"just text\"") << 0;
    }
    void handWritten()
    {
        QFETCH(std::string, raw);
        QFETCH(std::string, text);
        json::ExtractOptions asText;
        asText.value = false;
        asText.text = true;
        const json::Extraction t = json::extract(raw, asText);
        QVERIFY(t.ok);
        QCOMPARE(t.json, text);
        QFETCH(int, repeats);
        QCOMPARE(t.fixes.size(), std::size_t(repeats));
        for (const json::Fix& fix : t.fixes)
            QCOMPARE(fix.kind, std::string("repeated_key"));
        const json::Extraction x = json::extract(raw);
        QCOMPARE(x.value.dump(), text);
        const QString problem = QString::fromStdString(disagreement(raw));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void fuzzCorpus()
    {
        int strict = 0;
        for (const FuzzSeed& seed : fuzzSeeds()) {
            QVERIFY(seed.read);
            const std::string& raw = seed.text;
            const QString& name = seed.name;
            // Every prefix of a strict seed that is strict JSON itself, too.
            for (std::size_t end = raw.size(); end > 0; end = end > 64 ? end - 61 : 0) {
                const std::string part = raw.substr(0, end);
                if (!json::detail::isStrictJson(part))
                    continue;
                ++strict;
                const QString problem = QString::fromStdString(disagreement(part));
                QVERIFY2(problem.isEmpty(), qPrintable(name + QStringLiteral(": ") + problem));
            }
        }
        QVERIFY(strict >= 3);
    }

    void generated()
    {
        Documents documents(0x5EED);
        for (int i = 0; i < 3000; ++i) {
            const std::string raw = documents.document();
            const QString problem = QString::fromStdString(disagreement(raw));
            QVERIFY2(problem.isEmpty(), qPrintable(QString::fromStdString(raw) + QStringLiteral(": ") + problem));
        }
    }

    // Deep nesting up to the limit, and a document of many replies.
    void deepAndLarge()
    {
        const std::string deep = std::string(json::kMaxDepth, '[') + std::string(json::kMaxDepth, ']');
        QCOMPARE(QString::fromStdString(disagreement(deep)), QString());
        Documents documents(42);
        std::string large = "[";
        while (large.size() < 200 * 1024) // the largest text the fast path reads
            large += documents.document() + ",";
        large += "0]";
        QCOMPARE(QString::fromStdString(disagreement(large)), QString());
    }

    // A strict text over 256 KB goes to the repairer with its root array's size, counted by
    // isStrictJson, so that the array is reserved once: counted right, and the same value.
    void rootItemsOfLargeText()
    {
        const std::vector<std::pair<std::string, std::size_t>> rows{
            {"[]", 0}, {" [ ] ", 0}, {"[1]", 1}, {" [1 , [2,3], {\"a\": [4, 5], \"b\": \",\"}, \"x,y\"]\n", 4},
            {"{\"a\": [1, 2]}", 0}, {"\"[1,2]\"", 0}, {"[1, 2", 0}, {"[1,]", 0}};
        for (const auto& [text, items] : rows) {
            std::size_t counted = 99;
            json::detail::isStrictJson(text, &counted);
            QCOMPARE(counted, items);
        }
        std::string numbers = "[";
        for (int i = 0; numbers.size() < 300 * 1024; ++i)
            numbers += std::to_string(i * 7 - 5000) + (i % 3 ? ", " : ",\n");
        numbers += "-0, 0, 1.5, 123456789012345678, 1234567890123456789, 99999999999999999999]";
        const Json expected = Json::parse(numbers);
        for (const bool text : {false, true}) {
            json::ExtractOptions options;
            options.value = !text;
            options.text = text;
            const json::Extraction x = json::extract(numbers, options);
            QVERIFY(x.ok && x.fixes.empty());
            QCOMPARE(text ? x.json : x.value.dump(), expected.dump());
        }
    }

    // readStrictJson calls a text strict when simdjson reads it and isStrictJson agrees, and
    // asks isStrictJson only when the text could fail it (a \u escape, a byte-order mark,
    // deep nesting): the verdict must be the full check's on texts damaged in every way the
    // two could read apart.
    void strictVerdictIsTheFullCheck()
    {
        simdjson::dom::parser parser(1 << 20);
        QCOMPARE(parser.allocate(1 << 20, json::kMaxDepth + 1), simdjson::SUCCESS);
        const auto fullCheck = [&](const std::string& text) {
            simdjson::dom::element root;
            return parser.parse(text.data(), text.size(), true).get(root) == simdjson::SUCCESS && json::detail::isStrictJson(text);
        };
        std::vector<std::string> texts;
        Documents documents(0xB0B);
        for (int i = 0; i < 1500; ++i)
            texts.push_back(documents.document());
        for (const FuzzSeed& seed : fuzzSeeds()) {
            QVERIFY(seed.read);
            texts.push_back(seed.text);
        }
        const std::size_t depth = json::kMaxDepth;
        for (const std::size_t d : {depth - 1, depth, depth + 1})
            texts.push_back(std::string(d, '[') + std::string(d, ']'));
        texts.push_back("[\"" + std::string(depth + 10, '[') + "\"]"); // openers in a string: the full check, still strict
        const std::vector<std::string> inserts{"\\ud800", "\\udc00", "\\ud83d\\ude00", "\\ud83d\\u0041", "\\u0000", "\\u00e9",
                                               "\xEF\xBB\xBF", std::string(1, '\0'), "\x01", "\x7f", "\xC2\xA0", "\xED\xA0\x80",
                                               "\xC0\x80", "\\x", "\\/", "1e400", "-0", "[", "]", "{\"k\":", " ", "\u2028", "'", "True",
                                               ",", ", "};
        std::mt19937 random(99);
        std::size_t strict = 0, compared = 0;
        const std::size_t count = texts.size();
        for (std::size_t t = 0; t < count; ++t) {
            for (int variant = 0; variant < 12; ++variant) {
                std::string text = texts[t];
                if (variant > 0) {
                    const std::size_t at = random() % (text.size() + 1);
                    const std::string& insert = inserts[random() % inserts.size()];
                    const std::size_t last = text.find_last_not_of(" \t\r\n"); // before the last closer: a trailing comma
                    text.insert(variant == 11 && last != std::string::npos ? last
                                    : variant % 4 == 0                     ? 0
                                    : variant % 4 == 1                     ? text.find_first_of("{[") + 1
                                                                           : at,
                                insert);
                    if (variant % 5 == 0) // cut, as replies are
                        text.resize(random() % (text.size() + 1));
                }
                if (text.size() > 256 * 1024)
                    continue;
                json::detail::StrictRead read;
                json::detail::readStrictJson(text, true, read);
                const bool expected = fullCheck(text);
                QVERIFY2(read.strict == expected, text.substr(0, 200).c_str());
                strict += expected;
                ++compared;
            }
        }
        QVERIFY(strict > compared / 10 && strict < compared * 9 / 10);
    }
};

QTEST_APPLESS_MAIN(TestJsonFastPath)
#include "test_json_fast_path.moc"
