// Every `conform-cli` command the README and the manual show runs as shown, offline.
//
// The commands are the lines of the fenced code blocks of README.md and resources/manual/
// (every *.md, in subfolders too) that start with `conform-cli`, a trailing `\` joining the
// next line. Each is a row named by its file and line ("resources/manual/captures-and-qa.md:130") and
// runs with /bin/sh, in document order, in one folder prepared as data/workdir.json says: the
// workspace's schemas/ copied in, the files the documents name copied from the repository, and
// a store (captures.db, also $CONFORM_STORE) filled by offline demo runs. Commands run with
// no provider key and no network besides loopback.
//
// The documents' conventions, which this test keeps them to:
// - A line that needs a provider key says so in its trailing comment (`# needs a key`, or
//   `# from flags; needs a key`): it is skipped.
// - The placeholders ID and C stand for a capture id and a cluster id of the store in use;
//   the test puts the first failed capture's and the biggest cluster's ids in their place.
// - `serve`, `proxy` and `collect` run until stopped: such a line passes when the program says
//   "listening on", and is then stopped.
// A command fails when it exits with anything but 0 (done) or 1 (invalid, as the contract
// says) or prints "conform-cli: error:"; the failure names the document's file and line.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kSource = QStringLiteral(CONFORM_SOURCE_DIR);
const QLatin1String kNeedsAKey("needs a key");

// The marker stands in the line's trailing comment: `... # needs a key` or `# from flags; needs a key`.
bool needsAKey(const QString& line)
{
    const qsizetype comment = line.indexOf(QLatin1String(" #"));
    return comment >= 0 && line.indexOf(kNeedsAKey, comment) > comment;
}

struct DocCommand
{
    QString where; // "README.md:169"
    QString line;  // the command as written, continuation lines joined
};

// README.md, then every page of the manual by path.
QStringList documents()
{
    QStringList pages;
    QDirIterator it(kSource + QStringLiteral("/resources/manual"), {QStringLiteral("*.md")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        pages << QDir(kSource).relativeFilePath(it.next());
    pages.sort();
    return QStringList{QStringLiteral("README.md")} + pages;
}

bool isFence(const QString& line)
{
    const QString trimmed = line.trimmed();
    return trimmed.startsWith(QLatin1String("```")) || trimmed.startsWith(QLatin1String("~~~"));
}

bool isCommand(const QString& trimmed)
{
    return trimmed == QLatin1String("conform-cli") || trimmed.startsWith(QLatin1String("conform-cli "));
}

std::vector<DocCommand> commandsOf(const QString& document)
{
    QFile file(kSource + QLatin1Char('/') + document);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file.fileName()));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    std::vector<DocCommand> commands;
    bool inBlock = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (isFence(lines[i])) {
            inBlock = !inBlock;
            continue;
        }
        const QString trimmed = lines[i].trimmed();
        if (!inBlock || !isCommand(trimmed))
            continue;
        DocCommand command{document + QLatin1Char(':') + QString::number(i + 1), trimmed};
        while (command.line.endsWith(QLatin1Char('\\')) && i + 1 < lines.size())
            command.line = command.line.chopped(1) + QLatin1Char(' ') + lines[++i].trimmed();
        commands.push_back(command);
    }
    return commands;
}

QJsonObject readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QJsonDocument::fromJson(file.readAll()).object();
}

bool copyTree(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    QDirIterator it(from, QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString source = it.next();
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(source);
        QDir().mkpath(QFileInfo(target).path());
        if (!QFile::copy(source, target))
            return false;
    }
    return true;
}

struct Outcome
{
    int code = -1;
    bool crashed = false;
    bool listening = false;
    QString out, err;
};

bool runsUntilStopped(const QString& line)
{
    static const QRegularExpression server(QStringLiteral("^conform-cli (serve|proxy|collect)( |$)"));
    return server.match(line).hasMatch();
}

} // namespace

class TestDocCommands : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_id, m_cluster;

    QString workdir() const { return m_dir.filePath(QStringLiteral("work")); }

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* key : {"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OLLAMA_HOST", "CONFORM_STORE_URL"})
            env.remove(QLatin1String(key));
        env.insert(QStringLiteral("PATH"), QFileInfo(QStringLiteral(CONFORM_CLI_PATH)).path() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        env.insert(QStringLiteral("CONFORM_STORE"), workdir() + QStringLiteral("/captures.db"));
        env.insert(QStringLiteral("HOME"), m_dir.filePath(QStringLiteral("home")));
        env.insert(QStringLiteral("USER"), QStringLiteral("reader")); // as a login shell has it (captures review)
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("home/.local/share")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("home/.config")));
        return env;
    }

    // `line` with /bin/sh in the work folder; standard input is empty. A server is waited for
    // until it says it listens (or ends), then stopped.
    Outcome shell(const QString& line) const
    {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.setWorkingDirectory(workdir());
        // A server is exec'd, so that stopping the shell stops it rather than orphan it.
        const bool server = runsUntilStopped(line);
        process.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), server ? QStringLiteral("exec ") + line : line});
        process.closeWriteChannel();
        Outcome outcome;
        if (server) {
            // ctest's timeout bounds a server that neither listens nor ends.
            while (!outcome.listening && process.state() != QProcess::NotRunning) {
                process.waitForReadyRead(-1);
                outcome.out += QString::fromUtf8(process.readAllStandardOutput());
                outcome.listening = outcome.out.contains(QLatin1String("listening on"));
            }
            process.terminate();
        }
        process.waitForFinished(-1);
        outcome.out += QString::fromUtf8(process.readAllStandardOutput());
        outcome.err = QString::fromUtf8(process.readAllStandardError());
        outcome.crashed = process.exitStatus() != QProcess::NormalExit;
        outcome.code = process.exitCode();
        return outcome;
    }

    // The conform-cli run that prepares the store; any failure stops the test here.
    QString prepare(const QStringList& arguments) const
    {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.setWorkingDirectory(workdir());
        process.start(QStringLiteral(CONFORM_CLI_PATH), arguments);
        process.closeWriteChannel();
        process.waitForFinished(-1);
        if (process.exitStatus() != QProcess::NormalExit || process.exitCode() > 1)
            qFatal("preparing the store: conform-cli %s: %s", qPrintable(arguments.join(QLatin1Char(' '))),
                   process.readAllStandardError().constData());
        return QString::fromUtf8(process.readAllStandardOutput());
    }

    QString placeholdersFilled(QString line) const
    {
        static const QRegularExpression id(QStringLiteral("\\bID\\b"));
        static const QRegularExpression cluster(QStringLiteral("\\bC\\b"));
        return line.replace(id, m_id).replace(cluster, m_cluster);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(copyTree(kSource + QStringLiteral("/schemas"), workdir() + QStringLiteral("/schemas")));
        const QJsonObject plan = readJson(QStringLiteral(CONFORM_TEST_DATA "/workdir.json"));
        const QJsonObject files = plan.value(QStringLiteral("files")).toObject();
        for (auto it = files.begin(); it != files.end(); ++it) {
            const QString source = kSource + QLatin1Char('/') + it.value().toString();
            QVERIFY2(QFile::copy(source, workdir() + QLatin1Char('/') + it.key()), qPrintable(source));
        }
        for (const QJsonValue& run : plan.value(QStringLiteral("seed")).toArray())
            prepare(run.toVariant().toStringList());
        const QStringList failed = prepare({"captures", "list", "--outcome", "failed", "--limit", "1", "--json"}).split(QLatin1Char('\n'));
        m_id = QJsonDocument::fromJson(failed.constFirst().toUtf8()).object().value(QStringLiteral("id")).toString();
        QVERIFY2(!m_id.isEmpty(), "the seed runs left no failed capture for ID");
        const QStringList clusters = prepare({"captures", "clusters", "--limit", "1", "--json"}).split(QLatin1Char('\n'));
        m_cluster = QJsonDocument::fromJson(clusters.constFirst().toUtf8()).object().value(QStringLiteral("cluster")).toString();
        QVERIFY2(!m_cluster.isEmpty(), "the seed runs left no cluster for C");
    }

    void runsAsShown_data()
    {
        QTest::addColumn<QString>("line");
        int rows = 0;
        for (const QString& document : documents())
            for (const DocCommand& command : commandsOf(document))
                if (!needsAKey(command.line)) {
                    QTest::newRow(qPrintable(command.where)) << command.line;
                    ++rows;
                }
        QVERIFY2(rows >= 20, "too few commands found: is the extractor reading the documents?");
    }

    void runsAsShown()
    {
        QFETCH(QString, line);
        const Outcome outcome = shell(placeholdersFilled(line));
        const QString said = QStringLiteral("\n  %1\n  exit %2%3\n  stderr: %4").arg(line).arg(outcome.code)
                                 .arg(outcome.crashed ? QStringLiteral(" (crashed)") : QString(), outcome.err.trimmed());
        if (runsUntilStopped(line)) {
            QVERIFY2(outcome.listening, qPrintable(QStringLiteral("the server did not start:") + said));
            return;
        }
        QVERIFY2(!outcome.crashed && (outcome.code == 0 || outcome.code == 1), qPrintable(QStringLiteral("exit status:") + said));
        QVERIFY2(!outcome.err.contains(QLatin1String("conform-cli: error:")), qPrintable(QStringLiteral("an error:") + said));
    }

    // The extractor itself: blocks, continuation lines, the marker.
    void extractorReadsBlocks()
    {
        const QString page = m_dir.filePath(QStringLiteral("page.md"));
        QFile file(page);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("`conform-cli inline` is prose\n"
                   "```sh\n"
                   "conform-cli validate --schema s.json \\\n"
                   "    r.json   # a comment\n"
                   "make run\n"
                   "  conform-cli run --provider openai   # needs a key\n"
                   "```\n"
                   "conform-cli outside a block\n");
        file.close();
        const std::vector<DocCommand> commands = commandsOf(QDir(kSource).relativeFilePath(page));
        QCOMPARE(commands.size(), std::size_t(2));
        QCOMPARE(commands[0].line, QStringLiteral("conform-cli validate --schema s.json  r.json   # a comment"));
        QVERIFY(commands[0].where.endsWith(QLatin1String("page.md:3")));
        QVERIFY(needsAKey(commands[1].line));
        QVERIFY(!needsAKey(commands[0].line));
    }
};

QTEST_GUILESS_MAIN(TestDocCommands)
#include "test_doc_commands.moc"
