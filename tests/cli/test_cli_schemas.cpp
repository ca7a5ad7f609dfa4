// conform-cli in-process: how commands read a schema. Only the files its $refs name are opened,
// inside its folder; reference loops and patterns that are no regular expressions are bad
// schemas; --draft and --formats on every command that reads one.
#include "cli_in_process.h"
#include "command.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/inotify.h>
#include <unistd.h>

#include <sstream>

namespace {

using Run = CliTextRun;

void writeFile(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

// Counts opens of the files it watches (inotify IN_OPEN): the kernel's word, not Conform's.
class OpenWatch
{
public:
    OpenWatch() : m_fd(inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}
    ~OpenWatch() { ::close(m_fd); }
    bool watch(const QString& path)
    {
        const int wd = inotify_add_watch(m_fd, QFile::encodeName(path).constData(), IN_OPEN);
        if (wd >= 0)
            m_names[wd] = path;
        return wd >= 0;
    }
    // The watched files opened since the last call.
    QStringList opened()
    {
        QStringList names;
        alignas(inotify_event) char buffer[4096];
        for (ssize_t n; (n = ::read(m_fd, buffer, sizeof buffer)) > 0;)
            for (char* at = buffer; at < buffer + n;) {
                const auto* event = reinterpret_cast<const inotify_event*>(at);
                names << m_names.value(event->wd);
                at += sizeof(inotify_event) + event->len;
            }
        return names;
    }

private:
    int m_fd;
    QHash<int, QString> m_names;
};

const char* kCycle = R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"})";

} // namespace

class TestCliSchemas : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;     // the schema's folder
    QTemporaryDir m_outside; // somewhere else

    QString path(const char* name) const { return m_dir.filePath(QLatin1String(name)); }

private slots:
    void initTestCase();
    void readsOnlyWhatRefsName_data();
    void readsOnlyWhatRefsName();
    void refusedRefs_data();
    void refusedRefs();
    void refsByIdResolve();
    void referenceLoops_data();
    void referenceLoops();
    void brokenPatterns_data();
    void brokenPatterns();
    void aliasChainExportsInOrder();
    void draftOption_data();
    void draftOption();
    void everySchemaCommandTakesTheOptions_data();
    void everySchemaCommandTakesTheOptions();
    void helpSaysFormatsAssert_data();
    void helpSaysFormatsAssert();
};

void TestCliSchemas::initTestCase()
{
    QVERIFY(m_dir.isValid() && m_outside.isValid());
    writeFile(path("schema.json"), R"({"type":"object","required":["a"],)"
                                   R"("properties":{"a":{"$ref":"sub/defs.json#/$defs/name"}}})");
    writeFile(path("sub/defs.json"), R"({"$defs":{"name":{"type":"string","minLength":2}}})");
    // Unrelated: a large file in a subfolder, an outward symlink, one to /etc/passwd.
    QByteArray large = "[";
    for (int i = 0; i < 200000; ++i)
        large += "{\"k\":12345},";
    large += "{}]";
    writeFile(path("data/large.json"), large);
    writeFile(m_outside.filePath(QStringLiteral("secret.json")), R"({"secret":true})");
    QVERIFY(QFile::link(m_outside.filePath(QStringLiteral("secret.json")), path("secret.json")));
    QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), path("passwd.json")));
    writeFile(path("doc-ok.json"), R"({"a":"xy"})");
    writeFile(path("doc-short.json"), R"({"a":"x"})");
}

// The schema and the file its $ref names are read; nothing else in the folder is opened.
void TestCliSchemas::readsOnlyWhatRefsName_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("code");
    QTest::newRow("validate, valid") << QStringList{"validate", "--schema", path("schema.json"), path("doc-ok.json")} << 0;
    QTest::newRow("validate, the ref applies") << QStringList{"validate", "--schema", path("schema.json"), path("doc-short.json")} << 1;
    QTest::newRow("schema lint") << QStringList{"schema", "lint", path("schema.json")} << 0;
    QTest::newRow("schema example") << QStringList{"schema", "example", path("schema.json")} << 0;
    QTest::newRow("schema export") << QStringList{"schema", "export", path("schema.json"), "--to", "zod"} << 0;
}

void TestCliSchemas::readsOnlyWhatRefsName()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, code);
    OpenWatch watch;
    QVERIFY(watch.watch(path("data/large.json")));
    QVERIFY(watch.watch(m_outside.filePath(QStringLiteral("secret.json"))));
    QVERIFY(watch.watch(QStringLiteral("/etc/passwd")));
    QVERIFY(watch.watch(path("sub/defs.json")));
    const Run run = runCli(arguments);
    QVERIFY2(run.code == code, qPrintable(run.out + run.err));
    const QStringList opened = watch.opened();
    QVERIFY2(!opened.contains(path("data/large.json")), qPrintable(opened.join(u',')));
    QVERIFY2(!opened.contains(m_outside.filePath(QStringLiteral("secret.json"))), qPrintable(opened.join(u',')));
    QVERIFY2(!opened.contains(QStringLiteral("/etc/passwd")), qPrintable(opened.join(u',')));
    if (arguments.first() == QLatin1String("validate") || arguments.at(1) == QLatin1String("lint"))
        QVERIFY2(opened.contains(path("sub/defs.json")), qPrintable(opened.join(u','))); // the watch works
}

// A $ref that would leave the folder, or read something it must not, is a bad schema: exit 2,
// one line naming the file and the rule.
void TestCliSchemas::refusedRefs_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QString>("stderrHas");
    QTest::newRow("parent folder") << QByteArray(R"({"$ref":"../elsewhere/defs.json"})") << "outside the schema's folder";
    QTest::newRow("absolute file URI") << QByteArray(R"({"$ref":"file:///etc/passwd"})") << "outside the schema's folder";
    QTest::newRow("symlink out") << QByteArray(R"({"$ref":"secret.json"})") << "a symlink that leaves the schema's folder";
    QTest::newRow("symlink to /etc/passwd") << QByteArray(R"({"$ref":"passwd.json"})") << "a symlink that leaves the schema's folder";
    QTest::newRow("too large") << QByteArray(R"({"$ref":"huge/huge.json"})") << "larger than 16 MB, the limit for a schema file";
    QTest::newRow("no such file") << QByteArray(R"({"$ref":"missing.json"})") << "missing.json";
    QTest::newRow("unknown $id") << QByteArray(R"({"$ref":"https://example.com/nowhere/thing.json"})")
                                 << "cannot resolve \"https://example.com/nowhere/thing.json\"";
}

void TestCliSchemas::refusedRefs()
{
    QFETCH(QByteArray, schema);
    QFETCH(QString, stderrHas);
    if (!QFile::exists(path("huge/huge.json"))) {
        QByteArray huge(17 << 20, ' ');
        huge[0] = '{';
        huge[huge.size() - 1] = '}';
        writeFile(path("huge/huge.json"), huge);
    }
    writeFile(path("refusing.json"), schema);
    const Run run = runCli({"validate", "--schema", path("refusing.json"), path("doc-ok.json")});
    QCOMPARE(run.code, 2);
    QVERIFY2(run.err.startsWith(QStringLiteral("conform-cli: error: ") + path("refusing.json") + ": /$ref: "), qPrintable(run.err));
    QVERIFY2(run.err.contains(stderrHas), qPrintable(run.err));
    QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
}

// An absolute $ref finds its file by the schema's own $id, or by its last path segments when
// that file declares the $id; a subfolder reference still resolves.
void TestCliSchemas::refsByIdResolve()
{
    writeFile(path("ids/root.json"), R"({"$id":"https://example.com/schemas/root.json","type":"object",)"
                                     R"("properties":{"point":{"$ref":"defs/point.json"},)"
                                     R"("address":{"$ref":"https://example.com/other/address.json"}}})");
    writeFile(path("ids/defs/point.json"), R"({"type":"object","required":["x"]})");
    writeFile(path("ids/address.json"), R"({"$id":"https://example.com/other/address.json","type":"string"})");
    writeFile(path("ids/good.json"), R"({"point":{"x":1},"address":"Main St"})");
    writeFile(path("ids/bad.json"), R"({"point":{},"address":5})");
    Run run = runCli({"validate", "--schema", path("ids/root.json"), path("ids/good.json")});
    QVERIFY2(run.code == 0, qPrintable(run.out + run.err));
    run = runCli({"validate", "--schema", path("ids/root.json"), path("ids/bad.json")});
    QCOMPARE(run.code, 1);
    QVERIFY2(run.out.contains(QStringLiteral("/point/x")) && run.out.contains(QStringLiteral("/address")), qPrintable(run.out));
}

// A reference loop that consumes no input is the schema's fault: exit 2 with its pointer in
// every command (lint too), and exports refuse rather than emit code that cannot load.
void TestCliSchemas::referenceLoops_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QString>("where");
    QTest::newRow("root to itself") << QByteArray(R"({"$ref":"#"})") << "/$ref";
    QTest::newRow("two $defs") << QByteArray(kCycle) << "/$defs/b/$ref";
}

void TestCliSchemas::referenceLoops()
{
    QFETCH(QByteArray, schema);
    QFETCH(QString, where);
    const QString file = path("loop.json");
    writeFile(file, schema);
    const QString line = QStringLiteral("conform-cli: error: ") + file + ": " + where + ": the schema refers to itself";
    for (const QStringList& arguments : {QStringList{"validate", "--schema", file, path("doc-ok.json")},
                                         QStringList{"schema", "lint", file},
                                         QStringList{"schema", "example", file},
                                         QStringList{"schema", "export", file, "--to", "pydantic"},
                                         QStringList{"schema", "export", file, "--to", "typescript"},
                                         QStringList{"schema", "export", file, "--to", "zod"}}) {
        const Run run = runCli(arguments);
        QVERIFY2(run.code == 2, qPrintable(arguments.join(u' ') + ": " + run.out + run.err));
        QVERIFY2(run.err.startsWith(line), qPrintable(run.err));
        QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
        QVERIFY(run.out.isEmpty());
    }
}

// A pattern that is no regular expression (or one PCRE2 cannot run) makes the schema bad
// input in every command that reads one: exit 2 before any model call, one line naming the
// file and the pattern's pointer, nothing on stdout.
void TestCliSchemas::brokenPatterns_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("error");
    const QString file = path("broken-pattern.json");
    const QString lookbehind = path("lookbehind.json");
    writeFile(file, R"({"type":"object","properties":{"code":{"type":"string","pattern":"(["}}})");
    writeFile(lookbehind, R"({"type":"object","patternProperties":{"(?<=a+)b":{"type":"string"}}})");
    const QString notARegex = file + R"(: /properties/code/pattern: not a regular expression: missing terminating ] for character class in "([")";
    const QStringList run{"run", "--provider", "openai", "--model", "m", "--base-url", "http://127.0.0.1:9", "--retries", "0", "--timeout", "2",
                          "--user", "hi", "--no-store", "--schema"};
    QTest::newRow("validate") << QStringList{"validate", "--schema", file, path("doc-ok.json")} << notARegex;
    QTest::newRow("validate --jsonl") << QStringList{"validate", "--schema", file, "--jsonl", path("doc-ok.json")} << notARegex;
    QTest::newRow("run") << run + QStringList{file} << notARegex;
    QTest::newRow("schema lint") << QStringList{"schema", "lint", file} << notARegex;
    QTest::newRow("schema lint --json") << QStringList{"schema", "lint", file, "--json"} << notARegex;
    QTest::newRow("schema example") << QStringList{"schema", "example", file} << notARegex;
    QTest::newRow("schema export zod") << QStringList{"schema", "export", file, "--to", "zod"} << notARegex;
    QTest::newRow("schema export openai") << QStringList{"schema", "export", file, "--to", "openai-json-schema"} << notARegex;
    const QString variable = lookbehind + R"(: /patternProperties/(?<=a+)b: a lookbehind of variable width in "(?<=a+)b")";
    QTest::newRow("validate, lookbehind") << QStringList{"validate", "--schema", lookbehind, path("doc-ok.json")} << variable;
    QTest::newRow("run, lookbehind") << run + QStringList{lookbehind} << variable;
    QTest::newRow("schema lint, lookbehind") << QStringList{"schema", "lint", lookbehind} << variable;
    QTest::newRow("schema export, lookbehind") << QStringList{"schema", "export", lookbehind, "--to", "zod"} << variable;
}

void TestCliSchemas::brokenPatterns()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, error);
    const Run run = runCli(arguments);
    QVERIFY2(run.code == 2, qPrintable(run.out + run.err));
    QVERIFY2(run.err.startsWith(QStringLiteral("conform-cli: error: ") + error), qPrintable(run.err));
    QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
    QVERIFY(run.out.isEmpty());
}

// A chain of $refs that ends is fine, and the Pydantic export defines B before `A = B`.
void TestCliSchemas::aliasChainExportsInOrder()
{
    const QString file = path("chain.json");
    writeFile(file, R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"type":"string"}},"type":"object",)"
                    R"("properties":{"x":{"$ref":"#/$defs/a"}}})");
    const Run run = runCli({"schema", "export", file, "--to", "pydantic", "--name", "Chain"});
    QVERIFY2(run.code == 0, qPrintable(run.err));
    const qsizetype b = run.out.indexOf(QStringLiteral("\nB = str\n")), a = run.out.indexOf(QStringLiteral("\nA = B\n"));
    QVERIFY2(b >= 0 && a > b, qPrintable(run.out));
}

// A draft-07 schema without "$schema": $ref hides its siblings under draft 7's rules, not
// under 2020-12's (the default).
void TestCliSchemas::draftOption_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("code");
    QTest::newRow("default: 2020-12, maxLength applies") << QStringList{} << 1;
    QTest::newRow("--draft 2020-12") << QStringList{"--draft", "2020-12"} << 1;
    QTest::newRow("--draft 7: $ref hides maxLength") << QStringList{"--draft", "7"} << 0;
}

void TestCliSchemas::draftOption()
{
    QFETCH(QStringList, options);
    QFETCH(int, code);
    writeFile(path("draft7.json"), R"({"definitions":{"s":{"type":"string"}},"$ref":"#/definitions/s","maxLength":2})");
    writeFile(path("long.json"), R"("abcd")");
    const Run run = runCli(QStringList{"validate", "--schema", path("draft7.json"), path("long.json")} + options);
    QVERIFY2(run.code == code, qPrintable(run.out + run.err));
}

// Every command that reads a schema takes --draft and --formats: a bad value is its usage
// error, a good one is read.
void TestCliSchemas::everySchemaCommandTakesTheOptions_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("command");
    const QString schema = path("schema.json");
    QTest::newRow("validate") << QStringList{"validate", "--schema", schema, path("doc-ok.json")} << "validate";
    QTest::newRow("schema lint") << QStringList{"schema", "lint", schema} << "schema";
    QTest::newRow("schema example") << QStringList{"schema", "example", schema} << "schema";
    QTest::newRow("schema export") << QStringList{"schema", "export", schema, "--to", "zod"} << "schema";
    QTest::newRow("run") << QStringList{"run", "--schema", schema, "--provider", "openai", "--model", "m", "--base-url", "http://127.0.0.1:9",
                                        "--retries", "0", "--timeout", "2", "--user", "hi", "--no-store"} << "run";
    QTest::newRow("suite") << QStringList{"suite", path("no-such.suite.json"), "--no-store"} << "suite";
    QTest::newRow("captures replay") << QStringList{"captures", "replay", "--schema", schema, "--store", path("captures.db")}
                                     << "captures replay";
    QTest::newRow("proxy") << QStringList{"proxy", "--upstream", "http://127.0.0.1:9", "--schema-map", path("map.json"), "--no-store"}
                           << "proxy";
}

void TestCliSchemas::everySchemaCommandTakesTheOptions()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, command);
    Run run = runCli(arguments + QStringList{"--draft", "9"});
    QCOMPARE(run.code, 2);
    QCOMPARE(run.err, QStringLiteral("conform-cli: error: ") + command + ": --draft must be 7 or 2020-12, not '9'\n");
    run = runCli(arguments + QStringList{"--formats", "maybe"});
    QCOMPARE(run.code, 2);
    QCOMPARE(run.err, QStringLiteral("conform-cli: error: ") + command + ": --formats must be assert or annotate, not 'maybe'\n");
    // Good values get past option reading (what happens next is the command's business).
    run = runCli(arguments + QStringList{"--draft", "7", "--formats", "annotate"});
    QVERIFY2(!run.err.contains(QStringLiteral("--draft")) && !run.err.contains(QStringLiteral("--formats"))
                 && !run.err.contains(QStringLiteral("Unknown option")),
             qPrintable(run.err));
}

// Every schema-reading command's --help says that formats are asserted by default.
void TestCliSchemas::helpSaysFormatsAssert_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("validate") << QStringList{"validate", "--help"};
    QTest::newRow("schema") << QStringList{"schema", "--help"};
    QTest::newRow("run") << QStringList{"run", "--help"};
    QTest::newRow("suite") << QStringList{"suite", "--help"};
    QTest::newRow("captures") << QStringList{"captures", "replay", "--help"};
    QTest::newRow("proxy") << QStringList{"proxy", "--help"};
}

void TestCliSchemas::helpSaysFormatsAssert()
{
    QFETCH(QStringList, arguments);
    const Run run = runCli(arguments);
    QCOMPARE(run.code, 0);
    QVERIFY2(run.out.contains(QStringLiteral("--draft")), qPrintable(run.out));
    QVERIFY2(run.out.simplified().contains(QStringLiteral("although draft 2020-12 makes")), qPrintable(run.out));
}

QTEST_GUILESS_MAIN(TestCliSchemas)
#include "test_cli_schemas.moc"
