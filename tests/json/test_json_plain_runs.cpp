// The repairer's plain-token loop (repairer_plain.cpp) against its step machine alone
// (RepairOptions::plainRuns off): for every reply the tests know (the rows of test_json and
// test_json_text, the fuzz seed corpus, generated and mutated replies, every cut of some),
// read whole or fed in pieces, with either output, strict or not, the same status, value or
// text, fixes and refusals in the same order, source map, end, failure and snapshots.
#include "json/candidates.h"
#include "json/repairer.h"

#include "fuzz_seeds.h"

#include <QTest>

#include <cstdint>
#include <functional>

// Rows shared with test_json and test_json_text: moc cannot read raw string literals.
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
using json::detail::Repairer;
using json::detail::RepairOutput;

Q_DECLARE_METATYPE(std::string)

namespace {

struct Setting
{
    RepairOutput output = RepairOutput::Tree;
    bool strict = false;
    std::size_t chunk = 0; // fed this many bytes at a time; 0: whole
};

std::string logText(const json::FixLog& log)
{
    std::string out;
    for (const auto* list : {&log.fixes(), &log.refused()}) {
        for (const json::FixEntry& e : *list)
            out += std::to_string(static_cast<int>(e.kind)) + '@' + std::to_string(e.offset) + ':' + std::string(log.before(e))
                + '>' + std::string(log.after(e)) + ' ';
        out += "| ";
    }
    return out;
}

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

std::string spanText(const std::optional<conform::Span>& s)
{
    return s ? std::to_string(s->offset) + '+' + std::to_string(s->length) : "none";
}

// Everything a caller can see of one parse of raw[start..], as text.
std::string outcome(const std::string& raw, std::size_t start, Setting setting, bool plainRuns)
{
    json::detail::RepairOptions options{setting.strict, true, {}, nullptr, setting.output};
    options.plainRuns = plainRuns;
    Repairer r(start, std::move(options));
    std::string seen;
    Repairer::Status status = Repairer::Status::NeedMore;
    if (setting.chunk > 0) {
        for (std::size_t fed = setting.chunk; fed < raw.size(); fed += setting.chunk) {
            status = r.run(std::string_view(raw).substr(0, fed), false);
            seen += std::to_string(static_cast<int>(status)) + '@' + std::to_string(r.position());
            if (setting.output == RepairOutput::Tree)
                seen += '=' + r.snapshot().dump();
            seen += ' ';
            if (status != Repairer::Status::NeedMore)
                break;
        }
    }
    if (status == Repairer::Status::NeedMore)
        status = r.run(raw, true);
    seen += "status " + std::to_string(static_cast<int>(status)) + " end " + std::to_string(r.end()) + " position "
        + std::to_string(r.position()) + " truncated " + std::to_string(r.truncated()) + " container "
        + std::to_string(r.rootIsContainer()) + " failure " + r.failure() + '@' + std::to_string(r.failureOffset())
        + "\nfixes " + logText(r.log());
    if (!r.hasValue())
        return seen + "\nno value";
    const std::string text = r.takeText();
    seen += "\nvalue " + text;
    const Json value = setting.output == RepairOutput::Tree ? r.value() : Json::parse(text, nullptr, false);
    std::vector<std::string> all;
    if (!value.is_discarded())
        pointers(value, {}, all);
    seen += "\nmap " + std::to_string(r.sourceMap().size());
    for (const std::string& p : all)
        seen += ' ' + spanText(r.sourceMap().find(p));
    return seen;
}

// Empty when both readings agree on raw in every setting, else the first difference.
std::string difference(const std::string& raw)
{
    std::vector<std::size_t> starts{0};
    const std::size_t significant = json::detail::firstSignificant(raw);
    if (significant < raw.size() && significant != 0)
        starts.push_back(significant);
    if (const std::size_t bracket = raw.find_first_of("{["); bracket != std::string::npos && bracket > significant)
        starts.push_back(bracket);
    for (const std::size_t start : starts) {
        for (const RepairOutput output : {RepairOutput::Tree, RepairOutput::Text}) {
            for (const bool strict : {false, true}) {
                for (const std::size_t chunk : {std::size_t(0), std::size_t(1), std::size_t(7)}) {
                    if (chunk == 1 && raw.size() > 400)
                        continue; // a snapshot a byte of a long reply: slow, and no new case
                    const Setting setting{output, strict, chunk};
                    const std::string machine = outcome(raw, start, setting, false);
                    const std::string plain = outcome(raw, start, setting, true);
                    if (machine != plain)
                        return "from " + std::to_string(start) + (output == RepairOutput::Text ? " text" : " tree")
                            + (strict ? " strict" : "") + " chunk " + std::to_string(chunk) + ":\n step machine: " + machine
                            + "\n plain runs:   " + plain;
                }
            }
        }
    }
    return {};
}

void check(const std::string& raw)
{
    const std::string diff = difference(raw);
    QVERIFY2(diff.empty(), diff.c_str());
}

struct Random
{
    std::uint64_t state;
    std::size_t operator()(std::size_t n)
    {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::size_t>(state >> 33) % n;
    }
};

// A reply such as models write: pretty-printed or compact, with some of the usual damage.
std::string generatedReply(Random& rnd)
{
    static const std::vector<std::string> words{"alpha", "it's", "say \"hi\"", "caf\xC3\xA9", "tab\there", "a\\b",
                                                "x, y", "end}", "q'", "\xF0\x9F\x99\x82", "", "True"};
    const bool single = rnd(4) == 0, python = rnd(4) == 0, trailing = rnd(3) == 0, pretty = rnd(2) == 0;
    const auto quote = [&](const std::string& s) {
        if (single)
            return "'" + s + "'";
        std::string out = "\"";
        for (const char c : s)
            out += c == '"' ? std::string("\\\"") : c == '\\' ? std::string("\\\\") : c == '\t' ? std::string("\\t") : std::string(1, c);
        return out + '"';
    };
    std::function<std::string(int, const std::string&)> value = [&](int depth, const std::string& indent) -> std::string {
        const std::string inner = indent + (pretty ? "  " : "");
        const std::string nl = pretty ? "\n" : "";
        switch (depth > 2 ? rnd(5) : rnd(7)) {
        case 0: return quote(words[rnd(words.size())]);
        case 1: {
            static const std::vector<std::string> numbers{"0", "-12", "3.25", "1e5", "-0", "0.10", "12345678901234567890", "7"};
            return numbers[rnd(numbers.size())];
        }
        case 2: return python ? std::string(rnd(2) ? "True" : "None") : std::string(rnd(2) ? "false" : "null");
        case 3: return quote(words[rnd(words.size())] + ' ' + words[rnd(words.size())]);
        case 4: return std::to_string(rnd(1000));
        case 5: {
            std::string out = "{" + nl;
            const std::size_t n = rnd(4);
            for (std::size_t i = 0; i < n; ++i)
                out += inner + quote("k" + std::to_string(rnd(5))) + ": " + value(depth + 1, inner) + (i + 1 < n || trailing ? "," : "") + nl;
            return out + indent + "}";
        }
        default: {
            std::string out = "[" + nl;
            const std::size_t n = rnd(4);
            for (std::size_t i = 0; i < n; ++i)
                out += inner + value(depth + 1, inner) + (i + 1 < n || trailing ? "," : "") + nl;
            return out + indent + "]";
        }
        }
    };
    std::string reply = value(0, "");
    if (rnd(3) == 0)
        reply = "Here it is:\n```json\n" + reply + "\n```\nDone.";
    if (rnd(4) == 0)
        reply.resize(rnd(reply.size() + 1));
    return reply;
}

} // namespace

class TestJsonPlainRuns : public QObject
{
    Q_OBJECT

private slots:
    void candidates_data() { rows_candidates(); }
    void candidates() { QFETCH(std::string, raw); check(raw); }
    void repairs_data() { rows_repairs(); }
    void repairs() { QFETCH(std::string, raw); check(raw); }
    void strictRefuses_data() { rows_strictRefuses(); }
    void strictRefuses() { QFETCH(std::string, raw); check(raw); }
    void keepsEveryItem_data()
    {
        rows_keepsEveryItem();
        rows_keepsEveryItemKinds();
    }
    void keepsEveryItem() { QFETCH(std::string, raw); check(raw); }
    void guesses_data() { rows_guesses(); }
    void guesses() { QFETCH(std::string, raw); check(raw); }
    void ambiguous_data() { rows_ambiguous(); }
    void ambiguous() { QFETCH(std::string, raw); check(raw); }
    void hostile_data() { rows_hostile(); }
    void hostile() { QFETCH(std::string, raw); check(raw); }

    void fuzzCorpus()
    {
        const std::vector<FuzzSeed> seeds = fuzzSeeds();
        QVERIFY(seeds.size() >= 40);
        for (const FuzzSeed& seed : seeds) {
            QVERIFY(seed.read);
            const std::string diff = difference(seed.text);
            QVERIFY2(diff.empty(), qPrintable(seed.name + ": " + QString::fromStdString(diff)));
        }
    }

    // Each case the loop decides on, and every cut of it: where a token ends at the end of
    // the text the loop must leave it to the step machine.
    void everyCut_data()
    {
        QTest::addColumn<std::string>("raw");
        QTest::newRow("plain") << std::string("{\"a\": [1, -2.5e3, true, null, \"x\"], \"b\": {\"c\": \"d\"}}");
        QTest::newRow("python and single quotes") << std::string("{'a': True, 'b': [None, False, 'it''s'], 'c': 'x'}");
        QTest::newRow("quotes that may not close") << std::string("{\"a\": \"say \"hi\" now\", \"b\": \"5\" stars\"}");
        QTest::newRow("concatenation") << std::string("[\"a\" + \"b\", 'c' + \"d\", \"e\"]");
        QTest::newRow("numbers") << std::string("[0, -0, 01, +1, 1., .5, 1e, 12px, 1.50, 12345678901234567890, -]");
        QTest::newRow("words") << std::string("[true, trueish, None(), NaN, undefined, Infinity, tr, ObjectId(\"x\")]");
        QTest::newRow("utf-8") << std::string("{\"caf\xC3\xA9\": \"\xF0\x9F\x99\x82\", \"bad\": \"\xC3(\", \"cut\": \"\xE2\x82\"}");
        QTest::newRow("repeated key") << std::string("{\"a\": 1, \"b\": 'x', \"a\": [2, 'y']}");
        QTest::newRow("trailing commas") << std::string("{\n  \"a\": [\n    1,\n    2,\n  ],\n  \"b\": 3,\n}");
        QTest::newRow("missing commas and colons") << std::string("{\"a\" 1 \"b\": 2 \"c\": [1 2 'x' \"y\"]}");
    }
    void everyCut()
    {
        QFETCH(std::string, raw);
        for (std::size_t n = 0; n <= raw.size(); ++n) {
            const std::string diff = difference(raw.substr(0, n));
            QVERIFY2(diff.empty(), (std::to_string(n) + " bytes: " + diff).c_str());
        }
    }

    // Generated replies, then the same damaged at random (tokens inserted, bytes deleted).
    void generated()
    {
        static const std::vector<std::string> tokens{"\"", ",", "{", "}", "[", "]", "+", ":", "'", "\n", " ", "True",
                                                     "1", "-", ".", "\\", "\xC2\xA0", "\xE2\x80\x9C", "//", "\"k\":"};
        Random rnd{11};
        int compared = 0;
        for (int n = 0; n < 3000; ++n) {
            std::string raw = generatedReply(rnd);
            if (n % 2 == 1) {
                for (std::size_t k = 0, edits = 1 + rnd(3); k < edits; ++k) {
                    const std::size_t at = rnd(raw.size() + 1);
                    if (rnd(3) == 0 && at < raw.size())
                        raw.erase(at, 1);
                    else
                        raw.insert(at, tokens[rnd(tokens.size())]);
                }
            }
            const std::string diff = difference(raw);
            QVERIFY2(diff.empty(), ("reply " + std::to_string(n) + " " + raw + "\n" + diff).c_str());
            ++compared;
        }
        QCOMPARE(compared, 3000);
    }
};

QTEST_APPLESS_MAIN(TestJsonPlainRuns)
#include "test_json_plain_runs.moc"
