// The messages a newcomer meets first, word for word, from the real program: each says what
// went wrong, where, and what to do next (issue 40). And one path style: the same finding
// prints the same JSON Pointer in validate, run, captures replay and suite.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int code = -1;
    QString out, err;
};

QString data(const QString& name)
{
    return QStringLiteral(CONFORM_TEST_DATA "/") + name;
}

QString pointerData(const char* name)
{
    return data(QStringLiteral("pointer/") + QLatin1String(name));
}

// The program as a child with its own store and no provider keys; standard input is empty.
Run runCli(const QStringList& arguments, const QString& store)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("CONFORM_STORE"), store);
    for (const char* key : {"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OLLAMA_HOST"})
        environment.remove(QLatin1String(key));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(CONFORM_CLI_PATH), arguments);
    process.closeWriteChannel();
    process.waitForFinished(-1); // ctest's timeout bounds a program that never ends
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    file.open(QIODevice::WriteOnly | QIODevice::Truncate);
    file.write(bytes);
    return path;
}

// The built-in scenarios as the source tree holds them, sorted by name.
QString builtinScenarioNames()
{
    QStringList names;
    const QDir dir(QStringLiteral(CONFORM_SOURCE_DIR "/resources/scenarios"));
    for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        names << file.chopped(5);
    return names.join(QStringLiteral(", "));
}

QStringList linesOf(const QString& text)
{
    return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestCliMessages : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    QString store(const char* name) const { return m_dir.filePath(QLatin1String(name)); }

private slots:
    // Each row: the arguments, the exit code and the one line the program must print (on
    // stderr for errors, stdout for results), whole.
    void saysWhatToDoNext_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("stream");
        QTest::addColumn<QString>("line");
        const QString schema = pointerData("order.schema.json");
        const QString prose = write(m_dir, QStringLiteral("prose.txt"), "Here is the order: {\"items\": []}\n");
        QTest::newRow("prose to validate points to extract")
            << QStringList{"validate", "--schema", schema, prose} << 2 << "err"
            << "conform-cli: error: " + prose + ": not JSON at line 1, column 1 (invalid literal; last read: 'H'); "
                   "for a model's reply with prose around the JSON, use `conform-cli extract`";
        const QString jsonl = write(m_dir, QStringLiteral("replies.jsonl"), "{\"items\": []}\n{\"items\": []}\n{\"items\": []}\n{x\n");
        QTest::newRow("a JSONL line that is not JSON names the file and line")
            << QStringList{"validate", "--schema", schema, "--jsonl", jsonl} << 1 << "out"
            << "4: not JSON at " + jsonl + ":4, column 2 (invalid literal; last read: '{x'; expected string literal); "
                   "each line must be one JSON value; for a model's reply with prose around the JSON, use `conform-cli extract --jsonl`";
        QTest::newRow("an unknown scenario lists the built-in ones")
            << QStringList{"run", "--scenario", "nosuch"} << 2 << "err"
            << "conform-cli: error: nosuch: no such scenario file, nor a built-in scenario of that name; built-in: " + builtinScenarioNames();
        QTest::newRow("a bad upstream URL is the URL's fault")
            << QStringList{"proxy", "--upstream", "api.openai.com", "--no-store"} << 2 << "err"
            << "conform-cli: error: proxy: --upstream 'api.openai.com': not an http:// or https:// URL with a host (e.g. https://api.openai.com)";
        QTest::newRow("an ftp upstream too")
            << QStringList{"proxy", "--upstream", "ftp://example.com", "--no-store"} << 2 << "err"
            << "conform-cli: error: proxy: --upstream 'ftp://example.com': not an http:// or https:// URL with a host (e.g. https://api.openai.com)";
        const QString notAStore = write(m_dir, QStringLiteral("notes.db"), "my notes, not a store\n");
        const QString captures = write(m_dir, QStringLiteral("one.jsonl"), R"({"spec":{"schema":{}},"outcome":"valid","attempts":[]})" "\n");
        QTest::newRow("an import into a file that is no store imports nothing, and says so")
            << QStringList{"captures", "import", captures, "--store", notAStore} << 2 << "err"
            << "conform-cli: error: " + notAStore + ": not a Conform capture store (not a SQLite database); nothing was imported";
        QTest::newRow("a clean schema lints to no findings")
            << QStringList{"schema", "lint", schema} << 0 << "out" << schema + ": no findings";
    }

    void saysWhatToDoNext()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, code);
        QFETCH(QString, stream);
        QFETCH(QString, line);
        const Run run = runCli(arguments, store("messages.db"));
        const QString& text = stream == QLatin1String("err") ? run.err : run.out;
        QVERIFY2(linesOf(text).contains(line), qPrintable(QStringLiteral("expected the line\n%1\nin\n%2").arg(line, text)));
        if (stream == QLatin1String("err"))
            QCOMPARE(linesOf(run.err).size(), 1); // one line, nothing after it
        QCOMPARE(run.code, code);
    }

    void schemaLintDocumentsItsExits()
    {
        const Run run = runCli({"schema", "--help"}, store("help.db"));
        QCOMPARE(run.code, 0);
        for (const char* line : {"exit codes (lint): 0 no findings or only warnings, 1 findings: an error, or what an engine rejects", "2 the schema cannot", "\"FILE: no findings\" when there is nothing to say"})
            QVERIFY2(run.out.contains(QLatin1String(line)), qPrintable(run.out));
    }

    // A reply whose one item lacks its price: every command that reports it names
    // /items/0/price, the path as a JSON Pointer, then the message.
    void oneFindingOnePointer()
    {
        const QString strict = pointerData("order.schema.json");
        const QString scenario = pointerData("no-price.scenario.json");
        const QString line = QStringLiteral("/items/0/price: Required");

        const Run validate = runCli({"validate", "--schema", strict, pointerData("no-price.json")}, store("pointer.db"));
        QCOMPARE(validate.code, 1);
        QCOMPARE(linesOf(validate.out), QStringList{line + QStringLiteral(" (invalid_type)")});

        const Run run = runCli({"run", "--schema", strict, "--user", "Order a pen.", "--provider", "scenario", "--scenario", scenario,
                                "--max-repairs", "0", "--max-calls", "1"},
                               store("pointer.db"));
        QCOMPARE(run.code, 1);
        QVERIFY2(linesOf(run.out).contains(QStringLiteral("  ") + line), qPrintable(run.out));

        // Valid under the lax version of the schema, invalid under the strict one on replay.
        const Run lax = runCli({"run", "--schema", pointerData("order-lax.schema.json"), "--user", "Order a pen.", "--provider", "scenario",
                                "--scenario", scenario, "--store", store("replay.db")},
                               store("replay.db"));
        QCOMPARE(lax.code, 0);
        const Run replay = runCli({"captures", "replay", "--schema", strict, "--store", store("replay.db")}, store("replay.db"));
        QVERIFY2(replay.out.contains(QStringLiteral(": became invalid (") + line + QLatin1Char(')')), qPrintable(replay.out + replay.err));

        const Run suite = runCli({"suite", pointerData("order.suite.json"), "--no-store", "--json"}, store("pointer.db"));
        QCOMPARE(suite.code, 0); // no threshold set: the report, not a verdict
        QVERIFY2(suite.err.contains(QStringLiteral(": failed - ") + line + QLatin1Char('\n')), qPrintable(suite.err));
        QVERIFY2(suite.out.contains(QStringLiteral("\"first_failure\":{\"message\":\"") + line + QLatin1Char('"')), qPrintable(suite.out));
    }
};

QTEST_GUILESS_MAIN(TestCliMessages)
#include "test_cli_messages.moc"
