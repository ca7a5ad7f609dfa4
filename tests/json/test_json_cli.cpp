// conform-cli extract, run as a process: output, --json, --strict, --jsonl and exit codes.
#include "json/extract.h"
#include "json/json_writer.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>

using Json = nlohmann::ordered_json;

class TestJsonCli : public QObject
{
    Q_OBJECT

    struct Run { int code = -1; std::string out; std::string err; };

    static Run cli(const QStringList& args, const std::string& input = {})
    {
        QProcess p;
        p.start(QStringLiteral(CONFORM_CLI_PATH), QStringList{QStringLiteral("extract")} + args);
        p.write(input.data(), static_cast<qint64>(input.size()));
        p.closeWriteChannel();
        p.waitForFinished(30000);
        return Run{p.exitCode(), p.readAllStandardOutput().toStdString(), p.readAllStandardError().toStdString()};
    }

    QTemporaryDir m_dir;

    QString file(const char* name, const std::string& content)
    {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        std::ofstream(path.toStdString(), std::ios::binary) << content;
        return path;
    }

private slots:
    void printsTheValue()
    {
        const Run r = cli({}, "Here:\n```json\n{'a': [1, 2,]}\n```");
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, std::string("{\n  \"a\": [\n    1,\n    2\n  ]\n}\n"));
    }

    void jsonReport()
    {
        const Run r = cli({QStringLiteral("--json"), file("reply.txt", "[1,]")});
        QCOMPARE(r.code, 0);
        const Json j = Json::parse(r.out);
        QCOMPARE(j["ok"].get<bool>(), true);
        QCOMPARE(j["value"].dump(), std::string("[1]"));
        QCOMPARE(j["fixes"][0]["kind"].get<std::string>(), std::string("trailing_comma"));
    }

    void strictRefusal()
    {
        const Run r = cli({QStringLiteral("--strict"), QStringLiteral("--json"), QStringLiteral("-")}, "{\"a\": \"tru");
        QCOMPARE(r.code, 1);
        const Json j = Json::parse(r.out);
        QCOMPARE(j["ok"].get<bool>(), false);
        QCOMPARE(j["refused"][0]["kind"].get<std::string>(), std::string("truncated_string"));
        QVERIFY(j.contains("reason"));
    }

    void nothingRecoverable()
    {
        const Run r = cli({}, "I can't help with that.");
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.empty());
        QVERIFY(r.err.find("no JSON found") != std::string::npos);
    }

    // Random bytes that hold a bracket are no JSON: exit 1, not `[]` with exit 0.
    void randomBytesAreNothing()
    {
        const std::string noise = "\x01\xfe\x93\xff\x02\x8f\x10\xc0\x01\xfe\x93\xff\x02\x8f\x10\xc0";
        const Run r = cli({QStringLiteral("--json")}, noise + "[7\x93\xff\x02]" + noise + "{}" + noise);
        QCOMPARE(r.code, 1);
        QCOMPARE(Json::parse(r.out)["ok"].get<bool>(), false);
    }

    void unreadableFile()
    {
        const Run r = cli({QStringLiteral("/nonexistent/reply.txt")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.starts_with("conform-cli: error: /nonexistent/reply.txt"));
    }

    void jsonl()
    {
        const QString path = file("replies.jsonl", "\"{\\\"a\\\": 1,}\"\n\"```json\\n[true]\\n```\"\n");
        Run r = cli({QStringLiteral("--jsonl"), path});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, std::string("{\"a\":1}\n[true]\n"));
        r = cli({QStringLiteral("--jsonl"), QStringLiteral("--json"), path});
        QCOMPARE(r.code, 0);
        QCOMPARE(Json::parse(r.out.substr(0, r.out.find('\n')))["fixes"].size(), std::size_t(1));
    }

    void jsonlWithAFailure()
    {
        const Run r = cli({QStringLiteral("--jsonl"), file("mixed.jsonl", "\"[1]\"\n\"sorry, no\"\n\"[2]\"\n")});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.out, std::string("[1]\nnull\n[2]\n"));
    }

    // Lines go to worker threads in chunks; output stays in input order, and a bad line deep
    // in the file stops the run after exactly the lines before it.
    void jsonlKeepsOrderAcrossChunks()
    {
        std::string lines, expected;
        for (int i = 1; i <= 10000; ++i) {
            lines += (i == 9000 ? std::string("{\"raw\": 1}") : "\"[" + std::to_string(i) + "]\"") + "\n";
            if (i % 1000 == 0)
                lines += "   \n"; // blank lines are skipped, not numbered away
            if (i < 9000)
                expected += "[" + std::to_string(i) + "]\n";
        }
        const Run r = cli({QStringLiteral("--jsonl"), file("many.jsonl", lines)});
        QCOMPARE(r.code, 2);
        QVERIFY(r.out == expected);
        QVERIFY2(r.err.find("many.jsonl:9008: expected a JSON string") != std::string::npos, r.err.c_str());
    }

    // `--jsonl` repairs into text; what it prints is what dumping the tree of an in-process
    // extract() gives, value and report, on the fuzz seeds and replies with repeated keys,
    // concatenations and parameters.
    void jsonlPrintsWhatTheTreeDumps()
    {
        std::vector<std::string> raws{"{\"a\": 1, \"b\": [2], \"a\": {\"c\": \"x\" + \"y\"}}",
                                      "[\"one \" + 'two', {\"k\": 1e999, \"k2\": -0}]",
                                      "<function_calls><invoke name=\"f\"><parameter name=\"p\">[1,]</parameter>"
                                      "<parameter name=\"p\">{'q': 2}</parameter></invoke></function_calls>",
                                      "\"{\\\"a\\\": 1, \\\"a\\\": 2}\"", "{\"a\": \"cut"};
        const QDir corpus(QStringLiteral(CONFORM_FUZZ_CORPUS));
        for (const QString& name : corpus.entryList(QDir::Files, QDir::Name)) {
            QFile f(corpus.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            raws.push_back(f.readAll().toStdString());
        }
        std::string lines;
        for (std::string& raw : raws) {
            lines += conform::dump(Json(raw)) + "\n";
            raw = Json::parse(lines.substr(lines.rfind('\n', lines.size() - 2) + 1)).get<std::string>(); // as read back
        }
        const QString path = file("tree.jsonl", lines);
        for (const bool strict : {false, true}) {
            std::string values, reports;
            for (const std::string& raw : raws) {
                conform::json::ExtractOptions options;
                options.strict = strict;
                const conform::json::Extraction x = conform::json::extract(raw, options);
                conform::json::JsonWriter(values).value(x.value);
                values += '\n';
                conform::json::JsonWriter report(reports);
                x.write(report, strict);
                reports += '\n';
            }
            const QStringList mode = strict ? QStringList{QStringLiteral("--strict")} : QStringList{};
            QCOMPARE(cli(mode + QStringList{QStringLiteral("--jsonl"), path}).out, values);
            QCOMPARE(cli(mode + QStringList{QStringLiteral("--jsonl"), QStringLiteral("--json"), path}).out, reports);
        }
    }

    void jsonlLineThatIsNotAString()
    {
        const Run r = cli({QStringLiteral("--jsonl"), file("bad.jsonl", "\"[1]\"\n{\"raw\": 1}\n")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("bad.jsonl:2: expected a JSON string") != std::string::npos, r.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestJsonCli)
#include "test_json_cli.moc"
