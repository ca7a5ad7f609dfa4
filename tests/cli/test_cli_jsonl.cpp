// runJsonl, the --jsonl pipeline of validate and extract: output in input order whatever order
// the worker threads finish in, a Stop that writes exactly the lines before it, and reading
// ahead of the writer bounded in lines and bytes (what keeps memory flat in the file's size).
#include "jsonl_pipeline.h"

#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <thread>

namespace {

using conform::cli::Io;
using conform::cli::LineStatus;
using conform::cli::runJsonl;

// What the handlers have seen, shared by the worker threads.
struct Seen
{
    std::atomic<std::size_t> lines{0};
    std::atomic<std::size_t> bytes{0};
    std::atomic<std::size_t> lastLine{0}; // the highest line number handled
    std::mutex mutex;
    std::set<std::thread::id> threads;

    void saw(std::string_view line, std::size_t number)
    {
        lines.fetch_add(1);
        bytes.fetch_add(line.size());
        std::size_t last = lastLine.load();
        while (number > last && !lastLine.compare_exchange_weak(last, number)) {
        }
        std::lock_guard lock(mutex);
        threads.insert(std::this_thread::get_id());
    }
};

// Standard output that notes, whenever something is written, how far the handlers had got
// beyond what is written: the lines and bytes read ahead of the writer.
class AheadMeter : public std::streambuf
{
public:
    explicit AheadMeter(const Seen& seen) : m_seen(seen) {}
    const std::string& text() const { return m_text; }
    std::size_t mostLinesAhead = 0;
    std::size_t mostBytesAhead = 0;

protected:
    std::streamsize xsputn(const char* s, std::streamsize n) override
    {
        m_text.append(s, std::size_t(n));
        measure();
        return n;
    }
    int_type overflow(int_type c) override
    {
        if (c != traits_type::eof())
            m_text.push_back(char(c));
        measure();
        return c;
    }

private:
    void measure()
    {
        m_newlines += std::size_t(std::count(m_text.begin() + std::ptrdiff_t(m_counted), m_text.end(), '\n'));
        m_counted = m_text.size();
        const std::size_t lines = m_seen.lines.load(), bytes = m_seen.bytes.load();
        mostLinesAhead = std::max(mostLinesAhead, lines - std::min(lines, m_newlines));
        const std::size_t writtenBytes = m_text.size() - m_newlines;
        mostBytesAhead = std::max(mostBytesAhead, bytes - std::min(bytes, writtenBytes));
    }
    std::size_t m_counted = 0;
    std::size_t m_newlines = 0;
    const Seen& m_seen;
    std::string m_text;
};

struct Outcome
{
    int code = -1;
    std::string out;
    std::string err;
};

Outcome run(const std::string& input, const conform::cli::LineHandler& handle)
{
    std::istringstream in(input);
    std::ostringstream out, err;
    Io io{in, out, err};
    const int code = runJsonl(QStringLiteral("-"), io, handle);
    return {code, out.str(), err.str()};
}

// Lines "1" to "count", one per line.
std::string numbers(std::size_t count)
{
    std::string text;
    for (std::size_t i = 1; i <= count; ++i)
        text += std::to_string(i) + '\n';
    return text;
}

// Keeps a thread busy for a while without sleeping, so chunks finish out of order.
void spin(std::size_t rounds)
{
    volatile std::size_t sink = 0;
    for (std::size_t i = 0; i < rounds; ++i)
        sink = sink + i;
}

} // namespace

class TestCliJsonl : public QObject
{
    Q_OBJECT

private slots:
    void keepsInputOrder()
    {
        Seen seen;
        const std::string input = numbers(20000);
        const Outcome r = run(input, [&](std::string_view line, std::size_t number, std::string& out, std::string&) {
            seen.saw(line, number);
            if (number % 1000 < 300) // some stretches cost far more than others
                spin(20000);
            out.append(line);
            out += '\n';
            return LineStatus::Ok;
        });
        QCOMPARE(r.code, int(conform::cli::Success));
        QVERIFY(r.out == input);
        QCOMPARE(seen.lines.load(), std::size_t(20000));
        if (QThread::idealThreadCount() > 1) // the work is shared, not done on one thread
            QVERIFY2(seen.threads.size() > 1, "every chunk was handled on one thread");
    }

    void blankLinesAreSkippedAndNumbersKept()
    {
        std::vector<std::size_t> numbersSeen;
        std::mutex mutex;
        const Outcome r = run("a\n\n  \t\nb\r\n\nc", [&](std::string_view line, std::size_t number, std::string& out, std::string&) {
            std::lock_guard lock(mutex);
            numbersSeen.push_back(number);
            out += std::string(line) + '\n';
            return LineStatus::Ok;
        });
        QCOMPARE(r.out, std::string("a\nb\nc\n"));
        std::sort(numbersSeen.begin(), numbersSeen.end());
        QCOMPARE(numbersSeen, (std::vector<std::size_t>{1, 4, 6}));
    }

    void oneFailedLineMakesTheRunInvalid()
    {
        const Outcome r = run(numbers(3000), [](std::string_view line, std::size_t number, std::string& out, std::string&) {
            out += std::string(line) + '\n';
            return number == 2999 ? LineStatus::NotOk : LineStatus::Ok;
        });
        QCOMPARE(r.code, int(conform::cli::Invalid));
        QVERIFY(r.out == numbers(3000)); // every line is still written
    }

    // Wherever the Stop falls (first line, a chunk's edges, deep, last line), exactly the lines
    // before it are written, then its error.
    void stopWritesExactlyTheLinesBefore_data()
    {
        QTest::addColumn<int>("stopAt");
        for (const int line : {1, 2, 511, 512, 513, 1024, 1025, 7777, 9999, 10000})
            QTest::addRow("line %d", line) << line;
    }
    void stopWritesExactlyTheLinesBefore()
    {
        QFETCH(int, stopAt);
        const Outcome r = run(numbers(10000), [&](std::string_view line, std::size_t number, std::string& out, std::string& error) {
            if (number == std::size_t(stopAt)) {
                error = "stopped at " + std::to_string(number);
                return LineStatus::Stop;
            }
            out += std::string(line) + '\n';
            return LineStatus::Ok;
        });
        QCOMPARE(r.code, int(conform::cli::UsageError));
        QVERIFY(r.out == numbers(std::size_t(stopAt) - 1));
        QCOMPARE(r.err, "conform-cli: error: stopped at " + std::to_string(stopAt) + "\n");
    }

    void anExceptionStopsAtItsLine()
    {
        const Outcome r = run(numbers(5000), [](std::string_view line, std::size_t number, std::string& out, std::string&) {
            if (number == 4321)
                throw std::runtime_error("out of luck");
            out += std::string(line) + '\n';
            return LineStatus::Ok;
        });
        QCOMPARE(r.code, int(conform::cli::UsageError));
        QVERIFY(r.out == numbers(4320));
        QCOMPARE(r.err, std::string("conform-cli: error: line 4321: out of luck\n"));
    }

    // A Stop early in a long input: the lines handled after it are only those read ahead, a
    // few chunks' worth, not the rest of the file.
    void aStopEndsTheReading()
    {
        Seen seen;
        const Outcome r = run(numbers(300000), [&](std::string_view line, std::size_t number, std::string& out, std::string&) {
            seen.saw(line, number);
            if (number == 10)
                return LineStatus::Stop;
            out += std::string(line) + '\n';
            return LineStatus::Ok;
        });
        QCOMPARE(r.code, int(conform::cli::UsageError));
        QVERIFY2(seen.lastLine.load() < 20000, std::to_string(seen.lastLine.load()).c_str());
    }

    // However slow the writer's side, the handlers get only a bounded way ahead of it: a few
    // chunks of lines, and 16 MB of input plus one line when lines are long.
    void readingAheadIsBounded_data()
    {
        QTest::addColumn<int>("lineBytes");
        QTest::addColumn<int>("lines");
        QTest::addRow("short lines") << 8 << 200000;
        QTest::addRow("6 MB lines") << 6000000 << 12; // each a chunk alone; four would be 24 MB
    }
    void readingAheadIsBounded()
    {
        QFETCH(int, lineBytes);
        QFETCH(int, lines);
        std::string input;
        input.reserve(std::size_t(lineBytes + 1) * std::size_t(lines));
        for (int i = 0; i < lines; ++i)
            input.append(std::size_t(lineBytes), 'x').push_back('\n');
        Seen seen;
        AheadMeter meter(seen);
        std::istringstream in(input);
        std::ostream out(&meter);
        std::ostringstream err;
        Io io{in, out, err};
        const int code = runJsonl(QStringLiteral("-"), io, [&](std::string_view line, std::size_t number, std::string& text, std::string&) {
            seen.saw(line, number);
            text.append(line);
            text += '\n';
            return LineStatus::Ok;
        });
        QCOMPARE(code, int(conform::cli::Success));
        QCOMPARE(meter.text().size(), input.size());
        const std::size_t workers = std::size_t(std::max(1, QThread::idealThreadCount()));
        QVERIFY2(meter.mostLinesAhead <= 2 * workers * 512, std::to_string(meter.mostLinesAhead).c_str());
        QVERIFY2(meter.mostBytesAhead <= (16u << 20) + std::size_t(lineBytes), std::to_string(meter.mostBytesAhead).c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliJsonl)
#include "test_cli_jsonl.moc"
