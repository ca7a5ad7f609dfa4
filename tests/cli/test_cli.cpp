// conform-cli in-process: the contract's outputs and exit codes, command by command.
#include "cli_in_process.h"
#include "command.h"

#include <QCoreApplication>
#include <QTest>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <csignal>
#include <sstream>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using Run = CliTextRun;

QString data(const char* name)
{
    return QStringLiteral(CONFORM_TEST_DATA "/") + QLatin1String(name);
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    file.open(QIODevice::WriteOnly | QIODevice::Truncate);
    file.write(bytes);
    return path;
}

// The real conform-cli as a child, standard input from `input`, with the child's own peak
// resident set (wait4) and no more than `patienceSeconds` of waiting: a child still reading then is
// killed and the run reported unfinished.
struct ChildRun
{
    bool finished = false;
    int code = -1;
    QString err;
    long peakKb = 0;
};

ChildRun runChild(const QStringList& arguments, const QString& input, const QTemporaryDir& dir,
                  int patienceSeconds = 120, const QString& program = QStringLiteral(CONFORM_CLI_PATH))
{
    const QByteArray errPath = QFile::encodeName(dir.filePath(QStringLiteral("child.err")));
    const QByteArray inPath = QFile::encodeName(input);
    std::vector<QByteArray> words{QFile::encodeName(program)};
    for (const QString& argument : arguments)
        words.push_back(argument.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& word : words)
        argv.push_back(word.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        const int in = open(inPath.constData(), O_RDONLY);
        const int err = open(errPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int out = open("/dev/null", O_WRONLY);
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        execv(argv[0], argv.data());
        _exit(127);
    }
    ChildRun run;
    int status = 0;
    rusage usage{};
    // Patience is counted in naps of 20 ms, not read off a clock: a busy machine only makes
    // the naps longer, so it waits longer, never less.
    for (int naps = 0; wait4(pid, &status, WNOHANG, &usage) == 0; ++naps) {
        if (naps >= patienceSeconds * 50) {
            kill(pid, SIGKILL);
            wait4(pid, &status, 0, &usage);
            return run;
        }
        ::usleep(20'000);
    }
    run.finished = true;
    run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.peakKb = usage.ru_maxrss;
    QFile err(QFile::decodeName(errPath));
    err.open(QIODevice::ReadOnly);
    run.err = QString::fromUtf8(err.readAll());
    return run;
}

// The columns of a row that runs a command on a file holding `input`, the last argument.
void addInputColumns()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("outHas");
    QTest::addColumn<QString>("errHas");
}

// A capture line `captures import` takes (the fields its parser requires, by hand).
const QByteArray kCaptureLine = R"({"spec":{"schema":{}},"outcome":"valid","attempts":[]})";

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void validate_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("stdoutHas");
        QTest::addColumn<QString>("stderrHas");

        const QString schema = data("goals.schema.json");
        QTest::newRow("valid") << QStringList{"validate", "--schema", schema, data("valid.json")} << 0 << "valid" << "";
        QTest::newRow("invalid, every issue")
            << QStringList{"validate", "--schema", schema, data("too-few.json")} << 1
            << "/goals: Array must contain at least 5 element(s) (too_small)" << "";
        QTest::newRow("invalid, json")
            << QStringList{"validate", "--schema", schema, "--json", data("too-few.json")} << 1
            << R"("code":"too_small")" << "";
        QTest::newRow("zod4 style")
            << QStringList{"validate", "--schema", schema, "--style", "zod4", data("too-few.json")} << 1
            << "Too small: expected array to have >=5 items" << "";
        QTest::newRow("coercion is reported")
            << QStringList{"validate", "--schema", schema, "--coerce", "--json", data("too-few.json")} << 1
            << R"("kind":"enum_case")" << "";
        QTest::newRow("jsonl, one line per input")
            << QStringList{"validate", "--schema", schema, "--jsonl", data("replies.jsonl"), "--json"} << 1
            << R"({"line":3,"valid":false,"error":)" << "";
        QTest::newRow("missing schema option") << QStringList{"validate", data("valid.json")} << 2 << ""
                                               << "conform-cli: error: validate: --schema FILE is required";
        QTest::newRow("unreadable schema") << QStringList{"validate", "--schema", data("nope.json"), data("valid.json")} << 2
                                           << "" << "conform-cli: error: " + data("nope.json");
        QTest::newRow("schema not JSON") << QStringList{"validate", "--schema", data("broken.schema.json"), data("valid.json")}
                                         << 2 << "" << "broken.schema.json: line 2";
        QTest::newRow("schema keyword wrong") << QStringList{"validate", "--schema", data("bad-type.schema.json"), data("valid.json")}
                                              << 2 << "" << "bad-type.schema.json: /properties/a/type";
        QTest::newRow("unknown style") << QStringList{"validate", "--schema", schema, "--style", "zod9", data("valid.json")} << 2
                                       << "" << "--style must be zod3 or zod4";
        // "format" asserts by default, as zod and ajv-formats do; annotate turns it off.
        QTest::newRow("format asserted")
            << QStringList{"validate", "--schema", data("email.schema.json"), data("bad-email.json")} << 1
            << "/email: Invalid email (invalid_string)" << "";
        QTest::newRow("format annotated")
            << QStringList{"validate", "--schema", data("email.schema.json"), "--formats", "annotate", data("bad-email.json")}
            << 0 << "valid" << "";
        QTest::newRow("unknown formats mode")
            << QStringList{"validate", "--schema", schema, "--formats", "maybe", data("valid.json")} << 2 << ""
            << "--formats must be assert or annotate";
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << 2 << "" << "unknown command 'frobnicate'";
    }

    void validate()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, code);
        QFETCH(QString, stdoutHas);
        QFETCH(QString, stderrHas);
        const Run run = runCli(arguments);
        QVERIFY2(run.out.contains(stdoutHas), qPrintable(run.out));
        QVERIFY2(run.err.contains(stderrHas), qPrintable(run.err));
        QCOMPARE(run.code, code);
        if (code == 2)
            QCOMPARE(run.err.count(QLatin1Char('\n')), 1); // one line, what and where
    }

    // schema example: an instance that validates, or exit 1 and a note saying why not.
    void schemaExample_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<bool>("json");
        QTest::addColumn<int>("code");
        QTest::newRow("goals") << data("goals.schema.json") << false << 0;
        QTest::newRow("goals, --json") << data("goals.schema.json") << true << 0;
        QTest::newRow("a pattern beyond the generator") << data("lookahead.schema.json") << true << 1;
        QTest::newRow("broken schema") << data("broken.schema.json") << false << 2;
    }

    void schemaExample()
    {
        QFETCH(QString, schema);
        QFETCH(bool, json);
        QFETCH(int, code);
        QStringList arguments{QStringLiteral("schema"), QStringLiteral("example"), schema};
        if (json)
            arguments << QStringLiteral("--json");
        const Run run = runCli(arguments);
        QCOMPARE(run.code, code);
        if (code == 2)
            return;
        const nlohmann::json printed = nlohmann::json::parse(run.out.toStdString());
        const nlohmann::json value = json ? printed["value"] : printed;
        if (json)
            QCOMPARE(printed["valid"].get<bool>(), code == 0);
        if (code == 1)
            QVERIFY(printed["notes"].dump().find("cannot write a string matching") != std::string::npos);
        if (code == 0) { // the example is checked by the validate command too
            const Run check = runCli({QStringLiteral("validate"), QStringLiteral("--schema"), schema, QStringLiteral("-")}, value.dump());
            QCOMPARE(check.code, 0);
        }
    }

    void validateFromStdin()
    {
        const Run run = runCli({"validate", "--schema", data("goals.schema.json"), "--json", "-"}, R"({"goals": 3})");
        QCOMPARE(run.code, 1);
        const auto result = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(result["valid"].get<bool>(), false);
        QCOMPARE(QString::fromStdString(result["issues"][0]["message"].get<std::string>()),
                 QStringLiteral("Expected array, received number"));
    }

    void jsonlCountsEveryLine()
    {
        const Run run = runCli({"validate", "--schema", data("goals.schema.json"), "--jsonl", data("replies.jsonl"), "--json"});
        const QStringList lines = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4); // the blank line is skipped, every other line has a result
        QVector<bool> verdicts;
        for (const QString& line : lines)
            verdicts.push_back(nlohmann::json::parse(line.toStdString())["valid"].get<bool>());
        QCOMPARE(verdicts, (QVector<bool>{true, false, false, true}));
    }

    // Every reader sees the whole input: a NUL byte is a character to refuse at its line and
    // column, never the end of the text (`{"a":1}<NUL>{"b":` once passed as {"a":1}).
    void nulIsRefusedWhereItIs_data()
    {
        addInputColumns();
        const QString empty = data("empty.schema.json");
        const QByteArray broken("{\"a\":1}\0{\"b\":", 13);
        const QByteArray secondLine("{\"a\":1}\n \0", 10);
        QTest::newRow("validate") << QStringList{"validate", "--schema", empty} << broken << 2 << ""
                                  << ": not JSON at line 1, column 8 (a NUL byte";
        QTest::newRow("validate, NUL on line 2") << QStringList{"validate", "--schema", empty} << secondLine << 2 << ""
                                                 << ": not JSON at line 2, column 2 (a NUL byte";
        QTest::newRow("validate, NUL alone") << QStringList{"validate", "--schema", empty} << QByteArray("\0", 1) << 2 << ""
                                             << ": not JSON at line 1, column 1 (a NUL byte";
        QTest::newRow("validate --jsonl") << QStringList{"validate", "--schema", empty, "--jsonl"}
                                          << QByteArray("{}\n").append(broken).append("\n{}\n") << 1
                                          << "2: not JSON at " + m_dir.filePath(QStringLiteral("nul.input")) + ":2, column 8 (a NUL byte" << "";
        QTest::newRow("extract") << QStringList{"extract"} << broken << 1 << ""
                                 << "the reply holds a NUL byte at line 1, column 8";
        QTest::newRow("extract --json") << QStringList{"extract", "--json"} << QByteArray("Here:\n").append(broken) << 1
                                        << "NUL byte at line 2, column 8" << "";
        QTest::newRow("extract --jsonl") << QStringList{"extract", "--jsonl"} << QByteArray("\"{\\\"a\\\":1}\\u0000{\\\"b\\\":\"\n") << 1
                                         << "null" << "";
        QTest::newRow("captures import") << QStringList{"captures", "import", "--store", m_dir.filePath("nul.db")}
                                         << QByteArray(kCaptureLine).append('\0') << 1 << "" << ":1: not a JSON document"; // reported, the rest imported
    }

    void nulIsRefusedWhereItIs()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, input);
        QFETCH(int, code);
        QFETCH(QString, outHas);
        QFETCH(QString, errHas);
        const Run run = runCli(arguments << writeFile(m_dir, QStringLiteral("nul.input"), input));
        QVERIFY2(run.out.contains(outHas), qPrintable(run.out));
        QVERIFY2(run.err.contains(errHas), qPrintable(run.err));
        QCOMPARE(run.code, code);
        if (code == 2)
            QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
        // standard input is read whole too
        const Run fromStdin = runCli(arguments.mid(0, arguments.size() - 1) << QStringLiteral("-"), input.toStdString());
        QCOMPARE(fromStdin.code, code);
    }

    // A number JSON can write but no double holds is read the same way wherever outside text
    // comes in: an input error at its line and column (exit 2, one line), a refusal in strict
    // extraction and a value-changing fix in lenient extraction; never an abort.
    void numbersOutOfRange_data()
    {
        addInputColumns();
        const QString empty = data("empty.schema.json");
        const QString tooLarge = QStringLiteral("number out of range: 1e400 is too large for a double");
        QTest::newRow("validate") << QStringList{"validate", "--schema", empty} << QByteArray(R"({"a":1e400})") << 2 << ""
                                  << ": line 1, column 6: " + tooLarge;
        QTest::newRow("validate, negative on line 2") << QStringList{"validate", "--schema", empty} << QByteArray("[1,\n-1e400]")
                                                      << 2 << "" << ": line 2, column 1: number out of range: -1e400";
        QTest::newRow("validate --jsonl") << QStringList{"validate", "--schema", empty, "--json", "--jsonl"}
                                          << QByteArray("{}\n{\"a\":1e400}\n{}\n") << 1 << "line 1, column 6: " + tooLarge << "";
        QTest::newRow("extract --strict") << QStringList{"extract", "--strict", "--json"} << QByteArray(R"({"a":1e400})") << 1
                                          << R"("kind": "number_out_of_range")" << "";
        QTest::newRow("extract") << QStringList{"extract", "--json"} << QByteArray(R"({"a":1e400})") << 0
                                 << "\"kind\": \"number_out_of_range\",\n      \"offset\": 5,\n      \"length\": 5,\n      \"before\": \"1e400\",\n      \"after\": \"null\""
                                 << "";
        QTest::newRow("schema lint") << QStringList{"schema", "lint"} << QByteArray(R"({"type":"number","maximum":1e400})") << 2 << ""
                                     << ": line 1, column 28: " + tooLarge;
        QTest::newRow("validate, in the schema") << QStringList{"validate", "--schema"} << QByteArray(R"({"const":1e400})") << 2 << ""
                                                 << ": line 1, column 10: " + tooLarge;
        QTest::newRow("captures import") << QStringList{"captures", "import", "--store", m_dir.filePath("numbers.db")}
                                         << QByteArray(R"({"spec":{"schema":{"maximum":1e400}},"outcome":"valid","attempts":[]})")
                                         << 1 << "" << ":1: "; // reported, the rest imported
    }

    void numbersOutOfRange()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, input);
        QFETCH(int, code);
        QFETCH(QString, outHas);
        QFETCH(QString, errHas);
        const QString file = writeFile(m_dir, QStringLiteral("number.input"), input);
        // "validate --schema FILE": the file is the schema, and the document an empty object.
        const bool fileIsSchema = arguments.endsWith(QStringLiteral("--schema"));
        const Run run = runCli(fileIsSchema ? arguments << file << writeFile(m_dir, QStringLiteral("empty.json"), "{}") : arguments << file);
        QVERIFY2(run.out.contains(outHas), qPrintable(run.out));
        QVERIFY2(run.err.contains(errHas), qPrintable(run.err));
        QCOMPARE(run.code, code);
        if (code == 2)
            QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
    }

    // A repeated key is read as JSON.parse reads it, the last value counting, on every path,
    // with a warning; strict extraction refuses it. (ajv, Zod and Python agree on the last.)
    void repeatedKeys_data()
    {
        addInputColumns();
        const QString last = writeFile(m_dir, QStringLiteral("last.schema.json"), R"({"const":{"a":2}})");
        const QString first = writeFile(m_dir, QStringLiteral("first.schema.json"), R"({"const":{"a":1}})");
        const QByteArray twice = R"({"a":1,"a":2})";
        const QString warning = QStringLiteral("key \"a\" appears 2 times; the last value is used, as JSON.parse does");
        QTest::newRow("validate, the last") << QStringList{"validate", "--schema", last} << twice << 0
                                            << "warning: /: " + warning + "\nvalid\n" << "";
        QTest::newRow("validate, the first") << QStringList{"validate", "--schema", first} << twice << 1
                                             << "warning: /: " + warning + "\n/: Invalid literal value" << "";
        QTest::newRow("validate --json") << QStringList{"validate", "--schema", last, "--json"} << twice << 0
                                         << "\"valid\":true,\"issues\":[],\"coercions\":[],\"warnings\":[{\"path\":[],\"message\":\"key \\\"a\\\" appears 2 times"
                                         << "";
        QTest::newRow("validate --coerce") << QStringList{"validate", "--schema", last, "--coerce"} << twice << 0
                                           << "warning: /: " + warning << "";
        QTest::newRow("validate --jsonl") << QStringList{"validate", "--schema", first, "--jsonl"}
                                          << QByteArray("{\"o\":{\"a\":1,\"a\":2}}\n") << 1
                                          << "1: warning: /o: " + warning << "";
        QTest::newRow("extract") << QStringList{"extract"} << twice << 0 << "{\n  \"a\": 2\n}" << "";
        QTest::newRow("extract --json") << QStringList{"extract", "--json"} << twice << 0
                                        << "\"kind\": \"repeated_key\",\n      \"offset\": 7,\n      \"length\": 0" << "";
        QTest::newRow("extract --strict") << QStringList{"extract", "--strict"} << twice << 1 << ""
                                          << "strict mode refused 1 value-changing fix (repeated_key)";
        QTest::newRow("extract --strict, nested") << QStringList{"extract", "--strict", "--json"}
                                                  << QByteArray(R"({"o":[{"b":true,"b":false}]})") << 1
                                                  << "\"refused\": [\n    {\n      \"kind\": \"repeated_key\"" << "";
        QTest::newRow("extract --jsonl --strict") << QStringList{"extract", "--strict", "--json", "--jsonl"}
                                                  << QByteArray("\"{\\\"a\\\":1,\\\"a\\\":2}\"\n") << 1
                                                  << R"("refused":[{"kind":"repeated_key","offset":7,"length":0)" << "";
        QTest::newRow("extract --jsonl") << QStringList{"extract", "--jsonl"} << QByteArray("\"{\\\"a\\\":1,\\\"a\\\":2}\"\n")
                                         << 0 << "{\"a\":2}\n" << "";
    }

    void repeatedKeys()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, input);
        QFETCH(int, code);
        QFETCH(QString, outHas);
        QFETCH(QString, errHas);
        const QString file = writeFile(m_dir, QStringLiteral("repeated.input"), input);
        const Run run = runCli(arguments << file);
        QVERIFY2(run.out.contains(outHas), qPrintable(run.out));
        QVERIFY2(run.err.contains(errHas), qPrintable(run.err));
        QCOMPARE(run.code, code);
    }

    // What is not a regular file or a pipe is refused before a byte is read, and no document is
    // read past --max-bytes (256 MiB unless told): one line naming the file and the bound.
    void inputsAreBounded_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("errHas");
        const QString empty = data("empty.schema.json");
        const QString big = writeFile(m_dir, QStringLiteral("big.json"), "[" + QByteArray(1500, ' ') + "]");
        const QString longLine = writeFile(m_dir, QStringLiteral("long.jsonl"), "{}\n[" + QByteArray(1500, ' ') + "]\n");
        const QString longReply = writeFile(m_dir, QStringLiteral("long-reply.jsonl"), "\"{}\"\n\"" + QByteArray(1500, ' ') + "\"\n");
        const QString longCapture = writeFile(m_dir, QStringLiteral("long-capture.jsonl"), kCaptureLine + '\n' + kCaptureLine + QByteArray(1500, ' ') + '\n');
        const QString folder = m_dir.path();
        const QString device = QStringLiteral("/dev/zero");
        const QString tooLarge = QStringLiteral(" larger than the 1000-byte limit on one document (--max-bytes N to change it)");
        QTest::newRow("validate /dev/zero") << QStringList{"validate", "--schema", empty, device} << device + ": is a device, not a document";
        QTest::newRow("validate --jsonl /dev/zero") << QStringList{"validate", "--schema", empty, "--jsonl", device} << device + ": is a device";
        QTest::newRow("extract /dev/zero") << QStringList{"extract", device} << device + ": is a device";
        QTest::newRow("extract --jsonl /dev/zero") << QStringList{"extract", "--jsonl", device} << device + ": is a device";
        QTest::newRow("captures import /dev/zero") << QStringList{"captures", "import", device, "--store", m_dir.filePath("zero.db")}
                                                   << device + ": is a device";
        QTest::newRow("validate a folder") << QStringList{"validate", "--schema", empty, folder} << folder + ": is a directory";
        QTest::newRow("extract a folder") << QStringList{"extract", folder} << folder + ": is a directory";
        QTest::newRow("captures import a folder") << QStringList{"captures", "import", folder, "--store", m_dir.filePath("dir.db")}
                                                  << folder + ": is a directory";
        QTest::newRow("validate, too large") << QStringList{"validate", "--schema", empty, "--max-bytes", "1000", big}
                                             << big + ": the file is" + tooLarge;
        QTest::newRow("extract, too large") << QStringList{"extract", "--max-bytes", "1000", big} << big + ": the file is" + tooLarge;
        QTest::newRow("validate --jsonl, a line too large") << QStringList{"validate", "--schema", empty, "--max-bytes", "1000", "--jsonl", longLine}
                                                            << longLine + ":2: line" + tooLarge;
        QTest::newRow("extract --jsonl, a line too large") << QStringList{"extract", "--jsonl", "--max-bytes", "1000", longReply}
                                                           << longReply + ":2: line" + tooLarge;
        QTest::newRow("captures import, a line too large")
            << QStringList{"captures", "import", "--max-bytes", "1000", "--store", m_dir.filePath("long.db"), longCapture}
            << longCapture + ":2: line" + tooLarge + "; the 1 capture(s) before it were imported";
        QTest::newRow("suffixed bound") << QStringList{"validate", "--schema", empty, "--max-bytes", "1K", big}
                                        << ": the file is larger than the 1 KiB (1024-byte) limit";
        QTest::newRow("bad bound") << QStringList{"validate", "--schema", empty, "--max-bytes", "lots", big}
                                   << "validate: --max-bytes must be a size in bytes";
        QTest::newRow("zero bound") << QStringList{"extract", "--max-bytes", "0", big} << "extract: --max-bytes must be a size in bytes";
    }

    void inputsAreBounded()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, errHas);
        // As a child: a reader that does not refuse /dev/zero reads it until it is killed.
        const ChildRun run = runChild(arguments, QStringLiteral("/dev/null"), m_dir, 60);
        QVERIFY2(run.finished, "still reading after a minute");
        QVERIFY2(run.err.startsWith(QStringLiteral("conform-cli: error: ")) && run.err.contains(errHas), qPrintable(run.err));
        QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
        QCOMPARE(run.code, 2);
    }

    void standardInputIsBounded_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("code");
        const QString empty = data("empty.schema.json");
        QTest::newRow("validate, at the bound") << QStringList{"validate", "--schema", empty, "--max-bytes", "10", "-"} << 0;
        QTest::newRow("validate, past it") << QStringList{"validate", "--schema", empty, "--max-bytes", "9", "-"} << 2;
        QTest::newRow("extract, past it") << QStringList{"extract", "--max-bytes", "9", "-"} << 2;
    }

    void standardInputIsBounded()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, code);
        const Run run = runCli(arguments, "[1,2,3,4]\n"); // 10 bytes
        QCOMPARE(run.code, code);
        if (code == 2)
            QVERIFY2(run.err.contains(QStringLiteral("<stdin>: the input is larger than the 9-byte limit")), qPrintable(run.err));
    }

    // The real program on an endless standard input stops at the bound, promptly and in little
    // memory, where it once read until killed (4.7 GB in 20 s).
    void endlessInputStopsAtTheBound_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("validate") << QStringList{"validate", "--schema", data("empty.schema.json"), "--max-bytes", "8M", "-"};
        QTest::newRow("validate --jsonl") << QStringList{"validate", "--schema", data("empty.schema.json"), "--max-bytes", "8M", "--jsonl", "-"};
        QTest::newRow("extract") << QStringList{"extract", "--max-bytes", "8M", "-"};
        QTest::newRow("captures import") << QStringList{"captures", "import", "--max-bytes", "8M", "--store", m_dir.filePath("endless.db"), "-"};
    }

    void endlessInputStopsAtTheBound()
    {
        QFETCH(QStringList, arguments);
        const ChildRun run = runChild(arguments, QStringLiteral("/dev/zero"), m_dir);
        QVERIFY2(run.finished, "still reading /dev/zero after two minutes");
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.contains(QStringLiteral("larger than the 8 MiB (8388608-byte) limit on one document")), qPrintable(run.err));
        QVERIFY2(run.peakKb < 200 * 1024, qPrintable(QString::number(run.peakKb))); // the program (~30 MB) and 8 MiB, with room
        QVERIFY(!QFileInfo::exists(m_dir.filePath("endless.db")));
    }

    // Validating a document costs memory in proportion to it, at a small factor: 10 MB of `{},`
    // once peaked at 50 times the text (an ordered_json tree of it).
    void validateMemoryFollowsTheDocument()
    {
        const int items = 3'500'000; // `{},` x 3.5 M: 10.5 MB
        QByteArray text;
        text.reserve(3 * items + 2);
        text += '[';
        for (int i = 0; i < items; ++i)
            text += i ? ",{}" : "{}";
        text += "]\n";
        const QString path = writeFile(m_dir, QStringLiteral("many.json"), text);
        const ChildRun run = runChild({"validate", "--schema", data("empty.schema.json"), path}, QStringLiteral("/dev/null"), m_dir);
        QVERIFY(run.finished);
        QCOMPARE(run.code, 0);
        const long textKb = long(text.size() / 1024);
        QVERIFY2(run.peakKb < 60 * 1024 + 15 * textKb,
                 qPrintable(QStringLiteral("peak %1 kB for %2 kB of text").arg(run.peakKb).arg(textKb)));
    }

    // An import that fails before its first capture leaves no store behind, and a folder is not
    // "imported 0". A bad line is reported and the import goes on (exit 1); a line past
    // --max-bytes stops it (exit 2).
    void failedImportCreatesNoStore_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("errHas");
        QTest::addColumn<int>("code");
        QTest::newRow("not JSON") << QByteArray("nonsense\n") << ":1: not a JSON document" << 1;
        QTest::newRow("not a capture") << QByteArray("[1]\n") << ":1: a capture must be a JSON object" << 1;
        QTest::newRow("a line too long") << QByteArray(kCaptureLine).append(QByteArray(2000, ' ')) << ":1: line larger than" << 2;
    }

    void failedImportCreatesNoStore()
    {
        QFETCH(QByteArray, input);
        QFETCH(QString, errHas);
        QFETCH(int, code);
        const QString store = m_dir.filePath(QStringLiteral("never-%1.db").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')));
        const QString file = writeFile(m_dir, QStringLiteral("import.jsonl"), input);
        const Run run = runCli({"captures", "import", "--max-bytes", "1000", "--store", store, file});
        QCOMPARE(run.code, code);
        QVERIFY2(run.err.contains(errHas), qPrintable(run.err));
        QVERIFY(!QFileInfo::exists(store));
        // the control: a good line makes the store
        const Run good = runCli({"captures", "import", "--store", store, writeFile(m_dir, QStringLiteral("good.jsonl"), kCaptureLine)});
        QVERIFY2(good.code == 0, qPrintable(good.err));
        QVERIFY(QFileInfo::exists(store));
    }

    // Bytes that are not UTF-8 are never echoed raw into an error: 0xFF is printed as \xFF.
    void errorsEscapeBytesThatAreNotText()
    {
        const QString file = writeFile(m_dir, QStringLiteral("ff.json"), QByteArray("{\"a\": \xFF}"));
        std::istringstream in;
        std::ostringstream out, err;
        conform::cli::Io io{in, out, err};
        const int code = conform::cli::run({"conform-cli", "validate", "--schema", data("empty.schema.json"), file}, io);
        QCOMPARE(code, 2);
        QVERIFY2(err.str().find('\xFF') == std::string::npos, err.str().c_str());
        QVERIFY2(err.str().find("\\xFF") != std::string::npos, err.str().c_str());
    }

    // validate, extract and --version run in conform-cli itself; every other command comes
    // from the commands module beside it (command_module.h). A copy of the program alone
    // still validates and extracts, and says in one line what is missing for the rest.
    void commandsModule_data()
    {
        QTest::addColumn<bool>("alone");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("error");
        const QString schema = m_dir.filePath(QStringLiteral("object.schema.json"));
        const QString document = m_dir.filePath(QStringLiteral("document.json"));
        QTest::newRow("validate, alone") << true << QStringList{"validate", "--schema", schema, document} << 0 << QString();
        QTest::newRow("extract, alone") << true << QStringList{"extract", document} << 0 << QString();
        QTest::newRow("version, alone") << true << QStringList{"--version"} << 0 << QString();
        QTest::newRow("serve, alone") << true << QStringList{"serve", "--help"} << 2 << QStringLiteral("the commands module is missing");
        QTest::newRow("help, alone") << true << QStringList{"--help"} << 2 << QStringLiteral("the commands module is missing");
        QTest::newRow("serve") << false << QStringList{"serve", "--help"} << 0 << QString();
        QTest::newRow("captures") << false << QStringList{"captures", "--help"} << 0 << QString();
        QTest::newRow("unknown") << false << QStringList{"frobnicate"} << 2 << QStringLiteral("unknown command 'frobnicate'");
    }
    void commandsModule()
    {
        QFETCH(bool, alone);
        QFETCH(QStringList, arguments);
        QFETCH(int, code);
        QFETCH(QString, error);
        const auto write = [&](const QString& name, const QByteArray& text) {
            QFile file(m_dir.filePath(name));
            return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
        };
        QVERIFY(write(QStringLiteral("object.schema.json"), "{\"type\": \"object\"}"));
        QVERIFY(write(QStringLiteral("document.json"), "{\"a\": 1}"));
        QString program = QStringLiteral(CONFORM_CLI_PATH);
        if (alone) {
            QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("alone")));
            program = m_dir.filePath(QStringLiteral("alone/conform-cli"));
            QFile::remove(program);
            QVERIFY(QFile::copy(QStringLiteral(CONFORM_CLI_PATH), program));
        }
        const ChildRun run = runChild(arguments, m_dir.filePath(QStringLiteral("document.json")), m_dir, 60, program);
        QVERIFY(run.finished);
        QVERIFY2(run.code == code, qPrintable(QString::number(run.code) + ": " + run.err));
        if (error.isEmpty()) {
            QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
        } else {
            QVERIFY2(run.err.contains(error), qPrintable(run.err));
            QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
        }
    }

    void helpListsCommands()
    {
        const Run run = runCli({"--help"});
        QCOMPARE(run.code, 0);
        QVERIFY(run.out.contains(QLatin1String("validate")));
        QVERIFY(run.out.contains(QLatin1String("Exit codes")));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
