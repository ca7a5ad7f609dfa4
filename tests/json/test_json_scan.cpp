// The 16-bytes-a-step scans against byte loops: findStringSpecial (how the repairer reads string
// content), on random strings heavy in the bytes it must stop at, from every start, with and
// without stopping at bytes >= 0x80; countOpeners (the bounds on nesting and escapes that let
// the strict checks skip a pass), on texts long enough for its byte lanes to be summed often;
// findFences, which searches for the markers, against a look at every line.
#include "json/locate.h"
#include "json/text.h"

#include <QTest>

#include <random>
#include <string>
#include <vector>

namespace {

using conform::json::detail::Region;

// Fences as a look at every line finds them: a line that starts with up to three spaces and
// then ``` or ~~~ opens a fence, the next one closes it; an open fence runs to the end.
std::vector<Region> fencesLineByLine(std::string_view text)
{
    std::vector<Region> fences;
    bool open = false;
    Region current;
    for (std::size_t line = 0; line < text.size();) {
        std::size_t next = text.find('\n', line);
        next = next == std::string_view::npos ? text.size() : next + 1;
        std::size_t i = line;
        while (i < text.size() && i - line < 3 && text[i] == ' ')
            ++i;
        if (text.substr(i, 3) == "```" || text.substr(i, 3) == "~~~") {
            if (!open) {
                open = true;
                current = Region{next, text.size(), false};
            } else {
                current.end = line;
                current.closed = true;
                fences.push_back(current);
                open = false;
            }
        }
        line = next;
    }
    if (open)
        fences.push_back(current);
    return fences;
}

std::string regionsText(const std::vector<Region>& regions)
{
    std::string out;
    for (const Region& r : regions)
        out += std::to_string(r.begin) + '-' + std::to_string(r.end) + (r.closed ? "c " : "o ");
    return out;
}

} // namespace

class TestJsonScan : public QObject
{
    Q_OBJECT

private slots:
    void findFencesAgreesWithALineByLineLook()
    {
        const std::vector<std::string> lines{"```", "```json", "~~~", "  ```", "   ~~~ x", "    ```", "``````", "`` `",
                                             "\r```", "", "{\"a\": \"```\"}", "text ``` here", " ~~~~", "~~", "`"};
        std::mt19937 random(5);
        std::size_t fenced = 0;
        for (int round = 0; round < 20000; ++round) {
            std::string text;
            for (std::size_t n = random() % 9; n > 0; --n)
                text += lines[random() % lines.size()] + (random() % 8 == 0 ? "" : "\n");
            const std::string expected = regionsText(fencesLineByLine(text));
            QCOMPARE(regionsText(conform::json::detail::findFences(text)), expected);
            fenced += !expected.empty();
        }
        QVERIFY(fenced > 5000);
    }

    void findStringSpecialAgreesWithAByteLoop()
    {
        std::mt19937 random(7);
        const std::string stops("\"'`\\\x01\x1f\x7f\x80\xc3\xff", 10);
        std::size_t stopsFound = 0;
        for (int round = 0; round < 20000; ++round) {
            std::string s(random() % 70, 'a');
            for (char& c : s) {
                const unsigned roll = random() % 16;
                c = roll == 0 ? char(random() % 256) : roll == 1 ? stops[random() % stops.size()] : char('a' + random() % 26);
            }
            const std::size_t from = random() % (s.size() + 1);
            for (const bool high : {false, true}) {
                for (const char quote : {'"', '\'', '`'}) {
                    std::size_t expected = from;
                    while (expected < s.size()) {
                        const auto u = static_cast<unsigned char>(s[expected]);
                        if (s[expected] == quote || s[expected] == '"' || s[expected] == '\\' || u < 0x20 || (high && u >= 0x80))
                            break;
                        ++expected;
                    }
                    QCOMPARE(conform::json::text::findStringSpecial(s, from, quote, '"', high), expected);
                    stopsFound += expected < s.size();
                }
            }
        }
        QVERIFY(stopsFound > 20000); // most strings had something to stop at
    }

    void countOpenersAgreesWithAByteLoop()
    {
        std::mt19937 random(11);
        for (int round = 0; round < 300; ++round) {
            // Up to 40 KB: past 255 steps of 16 bytes, where the lanes are summed and reset.
            std::string s(random() % (round % 10 == 0 ? 40000 : 300), 'a');
            const unsigned density = 1 + random() % 8;
            for (char& c : s)
                c = random() % 8 < density ? "{[\\\"]}"[random() % 6] : char('a' + random() % 26);
            std::size_t openers = 0;
            bool backslash = false;
            for (const char c : s) {
                openers += c == '{' || c == '[' ? 1 : 0;
                backslash = backslash || c == '\\';
            }
            const auto count = conform::json::text::countOpeners(s);
            QCOMPARE(count.openers, openers);
            QCOMPARE(count.backslash, backslash);
        }
    }
};

QTEST_GUILESS_MAIN(TestJsonScan)
#include "test_json_scan.moc"
