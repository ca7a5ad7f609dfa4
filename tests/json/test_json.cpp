// conform::json::extract: candidates, repairs with their exact fix logs, strict refusals and
// the replies that hold nothing.
#include "fix_check.h"
#include "json/fix_log.h"
#include "json/json_writer.h"

#include <QTest>

#include <algorithm>

// The rows live in test_json_rows.cpp: moc cannot read raw string literals.
void rows_candidates();
void rows_repairs();
void rows_strictRefuses();
void rows_keepsEveryItem();
void rows_ambiguous();
void rows_keepsEveryItemKinds();
void rows_guesses();
std::vector<std::pair<std::string, std::string>> damagedReplies();

using conform::Json;
namespace json = conform::json;
using conform::test::applyFixes;
using conform::test::fixList;

Q_DECLARE_METATYPE(std::string)

class TestJson : public QObject
{
    Q_OBJECT

private:
    // Keys and scalars: what a reader counts as the items of a value.
    static int itemCount(const Json& v)
    {
        int n = v.is_structured() ? 0 : 1;
        for (auto it = v.begin(); v.is_structured() && it != v.end(); ++it)
            n += (v.is_object() ? 1 : 0) + itemCount(it.value());
        return n;
    }

    static bool hasFix(const std::vector<json::Fix>& fixes, std::string_view kind)
    {
        return std::any_of(fixes.begin(), fixes.end(), [&](const json::Fix& f) { return f.kind == kind; });
    }

    // The fix log applied to the raw text gives exactly the value.
    static void checkReplay(const std::string& raw, const json::Extraction& x)
    {
        const auto replayed = applyFixes(raw, x);
        QVERIFY2(replayed.ok(), replayed.ok() ? "" : replayed.error().toString().c_str());
        QCOMPARE(replayed.value().dump(), x.value.dump());
    }

    static void checkRow()
    {
        QFETCH(std::string, raw);
        QFETCH(std::string, value);
        QFETCH(std::string, fixes);
        QFETCH(std::string, kind);
        const json::Extraction x = json::extract(raw);
        QVERIFY2(x.ok, x.reason.c_str());
        QCOMPARE(x.value.dump(), Json::parse(value).dump());
        QCOMPARE(fixList(x.fixes).dump(), Json::parse(fixes).dump());
        QCOMPARE(x.candidateKind, kind);
        QVERIFY(x.refused.empty());
        if (kind != "function_calls" && kind != "double_encoded")
            checkReplay(raw, x);
    }

    // A row of test_json_items_rows.cpp: the hand-written value and fixes, and its item count.
    static json::Extraction checkItemsRow()
    {
        QFETCH(std::string, raw);
        QFETCH(std::string, value);
        QFETCH(std::string, fixes);
        const json::Extraction x = json::extract(raw);
        [&] {
            QVERIFY2(x.ok, x.reason.c_str());
            QCOMPARE(x.value.dump(), Json::parse(value).dump());
            QCOMPARE(fixList(x.fixes).dump(), Json::parse(fixes).dump());
            checkReplay(raw, x);
        }();
        return x;
    }


private slots:
    void candidates_data() { rows_candidates(); }
    void candidates() { checkRow(); }

    void repairs_data() { rows_repairs(); }
    void repairs() { checkRow(); }

    void strictRefuses_data() { rows_strictRefuses(); }
    void strictRefuses()
    {
        QFETCH(std::string, raw);
        QFETCH(std::string, refused);
        QFETCH(std::string, fixes);
        json::ExtractOptions options;
        options.strict = true;
        const json::Extraction x = json::extract(raw, options);
        QVERIFY(!x.ok);
        QVERIFY(x.value.is_null());
        QVERIFY2(x.reason.starts_with("strict mode refused"), x.reason.c_str());
        QCOMPARE(fixList(x.refused).dump(), Json::parse(refused).dump());
        QCOMPARE(fixList(x.fixes).dump(), Json::parse(fixes).dump());
        QVERIFY(json::extract(raw).ok); // the same reply without strict is repaired
    }

    // Damage from outside Conform: every item is kept, and nothing is flagged ambiguous.
    void keepsEveryItem_data()
    {
        rows_keepsEveryItem();
        rows_keepsEveryItemKinds();
    }
    void keepsEveryItem()
    {
        QFETCH(int, items);
        const json::Extraction x = checkItemsRow();
        if (QTest::currentTestFailed())
            return;
        QVERIFY(!hasFix(x.fixes, "ambiguous"));
        QCOMPARE(itemCount(x.value), items); // ok never comes with an item dropped or merged
    }

    // No reading keeps every item: the value loses some, and says so with `ambiguous`, which
    // strict mode refuses.
    void ambiguous_data() { rows_ambiguous(); }
    void ambiguous()
    {
        QFETCH(std::string, raw);
        QFETCH(int, items);
        const json::Extraction x = checkItemsRow();
        if (QTest::currentTestFailed())
            return;
        QVERIFY(hasFix(x.fixes, "ambiguous"));
        QVERIFY(itemCount(x.value) < items);
        json::ExtractOptions strict;
        strict.strict = true;
        const json::Extraction refused = json::extract(raw, strict);
        QVERIFY(!refused.ok);
        QVERIFY(hasFix(refused.refused, "ambiguous"));
    }

    // The item boundary is a guess: the value a reader means, with a fix that says it is a
    // guess, which strict mode refuses.
    void guessesAreFlagged_data() { rows_guesses(); }
    void guessesAreFlagged()
    {
        QFETCH(std::string, raw);
        QFETCH(int, items);
        const json::Extraction x = checkItemsRow();
        if (QTest::currentTestFailed())
            return;
        QVERIFY(hasFix(x.fixes, "guessed_missing_quote"));
        QCOMPARE(itemCount(x.value), items);
        json::ExtractOptions strict;
        strict.strict = true;
        const json::Extraction refused = json::extract(raw, strict);
        QVERIFY(!refused.ok);
        QVERIFY(hasFix(refused.refused, "guessed_missing_quote"));
    }

    // Damaged replies of every kind above: an ok value that is not the one a reader means
    // (above all one with fewer items) carries a value-changing fix; most are exact.
    void okNeverLosesItems()
    {
        const auto replies = damagedReplies();
        std::size_t exact = 0;
        for (const auto& [raw, intended] : replies) {
            const json::Extraction x = json::extract(raw);
            const Json want = Json::parse(intended);
            if (x.ok && x.value == want) {
                ++exact;
                continue;
            }
            const bool flagged = std::any_of(x.fixes.begin(), x.fixes.end(),
                                             [](const json::Fix& f) { return json::isValueChanging(f.kind); });
            QVERIFY2(!x.ok || flagged, (raw + " -> " + x.value.dump()).c_str());
            QVERIFY2(!x.ok || itemCount(x.value) >= itemCount(want) || flagged, raw.c_str());
        }
        qInfo("%zu of %zu damaged replies exact", exact, replies.size());
        QVERIFY(exact * 100 >= replies.size() * 85);
    }

    // A candidate flagged ambiguous loses to one that is not, and its fitness drops by one.
    void ambiguousRanksLower()
    {
        const std::string raw = "```json\n{\"ok\": 1}\n```\nor\n```json\n{\"i\":1{\"i\":2}}\n```";
        QCOMPARE(json::extract(raw).value.dump(), std::string("{\"ok\":1}"));
        json::ExtractOptions options;
        options.fitness = [](const Json&) { return 1.0; };
        QCOMPARE(json::extract(raw, options).value.dump(), std::string("{\"ok\":1}"));
    }

    // Mutated replies (tokens inserted and bytes deleted, a fixed pseudo-random sequence):
    // every fix log that comes with a value replays to exactly that value.
    void fixLogsReplayOnMutations()
    {
        const std::vector<std::string> seeds{"{\"a\":\"b\",\"c\":[1,2,\"x\"]}", "[{\"i\":1},{\"i\":2}]",
                                             "{\"k\":{\"l\":\"v w\"},\"m\":null}"};
        const std::vector<std::string> tokens{"\"", ",", "{", "}", "[", "]", "+", ":", "`", "\xC2\xA0", "\\\"",
                                              "ObjectId(", ")", "'", "\xC2\xB4", "NumberLong(\"2\")", "\n", "\xE2\x80\x9C"};
        std::uint64_t state = 42;
        const auto next = [&] { return static_cast<std::size_t>((state = state * 6364136223846793005ull + 1442695040888963407ull) >> 33); };
        int checked = 0;
        for (int n = 0; n < 20000; ++n) {
            std::string raw = seeds[next() % seeds.size()];
            for (std::size_t k = 0, edits = 1 + next() % 3; k < edits; ++k) {
                const std::size_t at = next() % (raw.size() + 1);
                if (next() % 3 == 0 && at < raw.size())
                    raw.erase(at, 1);
                else
                    raw.insert(at, tokens[next() % tokens.size()]);
            }
            const json::Extraction x = json::extract(raw);
            if (!x.ok || x.candidateKind == "double_encoded")
                continue;
            ++checked;
            const auto replayed = applyFixes(raw, x);
            QVERIFY2(replayed.ok() && replayed.value().dump() == x.value.dump(), raw.c_str());
        }
        QVERIFY(checked > 15000);
    }

    void strictAllowsSyntax()
    {
        json::ExtractOptions options;
        options.strict = true;
        const json::Extraction x = json::extract("```json\n{'a': [1, 2,], b: True\n", options);
        QVERIFY2(x.ok, x.reason.c_str());
        QCOMPARE(x.value.dump(), std::string("{\"a\":[1,2],\"b\":true}"));
        QVERIFY(x.refused.empty());
    }

    void fitnessDecides()
    {
        const std::string raw = "```json\n{\"b\": 1}\n```\nor\n```json\n{\"a\": 1}\n```";
        QCOMPARE(json::extract(raw).value.dump(), std::string("{\"a\":1}")); // the last block
        json::ExtractOptions options;
        options.fitness = [](const Json& v) { return v.contains("b") ? 1.0 : 0.0; };
        QCOMPARE(json::extract(raw, options).value.dump(), std::string("{\"b\":1}"));
    }

    void functionCallParameters()
    {
        const std::string raw = "<function_calls><invoke name=\"f\"><parameter name=\"obj\">{'k': 1,}</parameter>"
                                "<parameter name=\"text\">Tuesday</parameter></invoke></function_calls>";
        const json::Extraction x = json::extract(raw);
        QVERIFY(x.ok);
        QCOMPARE(x.value.dump(), std::string("{\"obj\":{\"k\":1},\"text\":\"Tuesday\"}"));
        // The parameter's own repairs are logged at their offsets in the raw text.
        const std::size_t obj = raw.find("{'k'");
        QCOMPARE(x.fixes.size(), std::size_t(3));
        QCOMPARE(x.fixes[0].offset, obj + 1);
        QCOMPARE(x.fixes[2].kind, std::string("trailing_comma"));
        QCOMPARE(x.fixes[2].offset, obj + 7);
        QCOMPARE(x.sourceMap.find(std::string("/obj/k"))->offset, obj + 6);
        QCOMPARE(x.sourceMap.find(std::string("/text"))->offset, raw.find("Tuesday"));
    }

    void nothingRecoverable_data()
    {
        QTest::addColumn<std::string>("raw");
        QTest::addColumn<std::string>("reason");
        QTest::newRow("empty") << std::string() << std::string("no JSON found: the reply is empty");
        QTest::newRow("blank") << std::string(" \n\t ") << std::string("no JSON found: the reply is empty");
        QTest::newRow("refusal") << std::string("I can't help with that.")
                                 << std::string("no JSON found: the reply is prose without a JSON object or array");
        QTest::newRow("prose with brackets") << std::string("Use {name} and [citation needed] here.")
                                             << std::string("no JSON found: the reply is prose without a JSON object or array");
        QTest::newRow("scalar in prose") << std::string("42 is the answer")
                                         << std::string("no JSON found: the reply is prose without a JSON object or array");
        const std::string noise = "\x01\xfe\x93\xff\x02\x8f\x10\xc0\x01\xfe\x93\xff\x02\x8f\x10\xc0";
        QTest::newRow("random bytes with a bracket")
            << noise + "[7" + noise << std::string("no JSON found: the brackets hold nothing recoverable");
        QTest::newRow("random bytes with braces")
            << noise + "{}" + noise << std::string("no JSON found: the brackets hold nothing recoverable");
        QTest::newRow("random bytes, text in brackets")
            << noise + "[\"ab\"\x8f]" + noise << std::string("no JSON found: the brackets hold nothing recoverable");
        QTest::newRow("a bracket alone") << std::string("[") << std::string("no JSON found: the brackets hold nothing recoverable");
        QTest::newRow("too deep") << std::string(600, '[')
                                  << std::string("no JSON found: the JSON nests deeper than 512 levels at offset 512");
    }
    void nothingRecoverable()
    {
        QFETCH(std::string, raw);
        QFETCH(std::string, reason);
        const json::Extraction x = json::extract(raw);
        QVERIFY(!x.ok);
        QVERIFY(x.value.is_null());
        QCOMPARE(x.reason, reason);
        QCOMPARE(x.toJson()["reason"].get<std::string>(), reason);
    }

    // The log keeps no string per fix (FixLog's entries point into one buffer it owns), yet
    // json::Fix records come out whole: merged insertions, entries dropped and sorted, logs
    // appended, both lists sharing the buffer, bytes past the short-string size.
    void fixLogKeepsEveryByte()
    {
        using json::FixKind;
        using F = json::Fix;
        const std::string longBefore(40, 'x'), longAfter = "\"" + std::string(40, 'y') + "\"";
        json::FixLog log(true);
        log.add(FixKind::SingleQuotes, 2, "'", "\"");
        log.add(FixKind::MissingBracket, 30, "", "]");
        log.add(FixKind::TruncatedString, 20, "ab", "\"");  // refused, between the two brackets
        log.add(FixKind::MissingBracket, 30, "", "}");      // merges, its bytes no longer last
        log.add(FixKind::MissingBracket, 30, "", ")");
        log.add(FixKind::UnquotedString, 10, longBefore, longAfter);
        log.add(FixKind::InvalidUtf8, 5, "\xff", "\xef\xbf\xbd");
        log.add(FixKind::MissingComma, 31, "", ",");
        log.dropFrom(31);
        log.add(FixKind::MissingComma, 30, "", ",");         // an insertion of another kind: its own
        log.add(FixKind::TrailingComma, 30, ",", "");
        log.sort();
        const std::vector<F> fixes{{"single_quotes", 2, 1, "'", "\""},
                                   {"invalid_utf8", 5, 1, "\xff", "\xef\xbf\xbd"},
                                   {"unquoted_string", 10, 40, longBefore, longAfter},
                                   {"missing_bracket", 30, 0, "", "]})"},
                                   {"missing_comma", 30, 0, "", ","},
                                   {"trailing_comma", 30, 1, ",", ""}};
        QVERIFY(log.fixList() == fixes);
        QVERIFY((log.refusedList() == std::vector<F>{{"truncated_string", 20, 2, "ab", "\""}}));

        json::FixLog other(true);
        other.add(FixKind::Comment, 50, "/* c */", "");
        other.add(FixKind::Placeholder, 60, "...", "null");
        other.dropInsertion(FixKind::MissingComma, 60); // nothing of that kind there
        json::FixLog joined(true);
        joined.add(FixKind::Crlf, 40, "\r\n", "\\n");
        joined.append(other);
        joined.add(FixKind::MissingBracket, 70, "", "]");
        joined.add(FixKind::MissingBracket, 70, "", "}");
        joined.dropInsertion(FixKind::MissingComma, 70);
        QVERIFY(joined.fixList() == (std::vector<F>{{"crlf", 40, 2, "\r\n", "\\n"}, {"comment", 50, 7, "/* c */", ""},
                                                     {"missing_bracket", 70, 0, "", "]}"}}));
        QVERIFY((joined.refusedList() == std::vector<F>{{"placeholder", 60, 3, "...", "null"}}));
        QCOMPARE(joined.size(), std::size_t(4));
        QVERIFY(joined.hasKind(FixKind::Placeholder) && !joined.hasKind(FixKind::Ambiguous));

        // Through extract(), every field of every record, lengths too.
        const std::string raw = "Sure:\n```json\n{'a': True, b: [1, 2,], \"c\": \"x\ty\", // note\n \"d\": \"cut";
        const json::Extraction x = json::extract(raw);
        QVERIFY(x.ok);
        const std::size_t a = raw.find("'a'"), b = raw.find("b:"), c = raw.find("x\ty"), d = raw.find("\"cut");
        const std::vector<F> expected{{"single_quotes", a, 1, "'", "\""},
                                      {"single_quotes", a + 2, 1, "'", "\""},
                                      {"python_literal", a + 5, 4, "True", "true"},
                                      {"unquoted_key", b, 1, "b", "\"b\""},
                                      {"trailing_comma", b + 8, 1, ",", ""},
                                      {"control_character", c + 1, 1, "\t", "\\t"},
                                      {"comment", raw.find("// note"), 7, "// note", ""},
                                      {"truncated_string", d + 4, 0, "", "\""},
                                      {"missing_bracket", raw.size(), 0, "", "}"}};
        QCOMPARE(fixList(x.fixes).dump(), fixList(expected).dump());
        QVERIFY(x.fixes == expected);

        // Extraction::fixes reads the log; written as text, it is what the records write.
        json::Extraction records = x;
        records.fixes = json::FixList(std::vector<F>(expected));
        std::string fromLog, fromRecords;
        json::JsonWriter logWriter(fromLog), recordWriter(fromRecords);
        x.write(logWriter);
        records.write(recordWriter);
        QCOMPARE(fromLog, fromRecords);
        QCOMPARE(x.toJson().dump(), records.toJson().dump());
        const auto [made, refused] = json::FixList::fromLog(std::move(log));
        QCOMPARE(made.size(), fixes.size()); // counted from the log, before any record is made
        const json::FixList copy = made;
        QVERIFY(copy == fixes && made == fixes && refused.size() == 1 && refused[0].kind == "truncated_string");
        QVERIFY(&copy.list() == &made.list()); // copies share the records
        QVERIFY(json::FixList().empty() && json::FixList(std::vector<F>{}).list().empty());
    }

    void reportShape()
    {
        const json::Extraction x = json::extract("[1,]");
        const Json j = x.toJson();
        QCOMPARE(j["ok"].get<bool>(), true);
        QCOMPARE(j["value"].dump(), std::string("[1]"));
        QCOMPARE(j["fixes"][0].dump(), std::string("{\"kind\":\"trailing_comma\",\"offset\":2,\"length\":1,\"before\":\",\",\"after\":\"\"}"));
    }

    void invalidUtf8IsReplaced()
    {
        const json::Extraction x = json::extract("[\"a\xFF\"]");
        QVERIFY(x.ok);
        QCOMPARE(x.value[0].get<std::string>(), std::string("a\xEF\xBF\xBD"));
        QCOMPARE(x.fixes.at(0).kind, std::string("invalid_utf8"));
        QVERIFY(!x.toJson().dump().empty()); // would throw on invalid UTF-8
    }

    void duplicateKeysKeepTheLastValue()
    {
        std::string raw = "{";
        for (int i = 0; i < 40; ++i)
            raw += "\"k" + std::to_string(i % 20) + "\": " + std::to_string(i) + ",";
        raw += "\"z\": 0}";
        const json::Extraction x = json::extract(raw);
        QVERIFY(x.ok);
        QCOMPARE(x.value.size(), std::size_t(21));
        QCOMPARE(x.value["k3"].get<int>(), 23);
        QCOMPARE(x.value.begin().key(), std::string("k0"));
    }
};

QTEST_APPLESS_MAIN(TestJson)
#include "test_json.moc"
