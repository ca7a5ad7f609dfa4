// The command line's grammar and the documents made from it: an option added to a command's
// table shows in its --help, the man page and both completions; every server takes --listen
// (serve's old --host/--port still work, and say so); `help CMD` prints the command's usage;
// compare --no-store leaves no store behind; every default is said in --help.
#include "cli_in_process.h"
#include "command.h"
#include "manual.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace conform::cli;

namespace {

// validate's own table with one option more: what a developer adding an option writes.
class ExtendedValidate : public Command
{
public:
    ExtendedValidate() : m_validate(findCommand("validate")) {}
    std::string name() const override { return "validate"; }
    std::string summary() const override { return m_validate->summary(); }
    std::string usage() const override { return m_validate->usage(); }
    OptionTable options() const override
    {
        return m_validate->options()
            + OptionTable{Option(QStringLiteral("frobnicate-ms"), QStringLiteral("Frobnicate for a while."), QStringLiteral("N"), QStringLiteral("250"))
                              .unit(QStringLiteral("ms")),
                          Option(QStringLiteral("flavour"), QStringLiteral("How it tastes."), QStringLiteral("F"))
                              .choices({QStringLiteral("sour"), QStringLiteral("sweet")})};
    }
    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        io.out << "frobnicated for " << parser.value(QStringLiteral("frobnicate-ms")).toStdString() << " ms\n";
        return Success;
    }

private:
    std::unique_ptr<Command> m_validate;
};

CommandList withExtendedValidate()
{
    CommandList commands;
    for (auto& command : allCommands())
        commands.push_back(command->name() == "validate" ? std::make_unique<ExtendedValidate>() : std::move(command));
    return commands;
}

std::string run(Command& command, const QStringList& arguments, int& code)
{
    std::istringstream in;
    std::ostringstream out, err;
    Io io{in, out, err};
    code = command.execute(arguments, io);
    return out.str() + err.str();
}

} // namespace

class TestCliManual : public QObject
{
    Q_OBJECT

private slots:
    void addedOptionReachesEveryDocument()
    {
        ExtendedValidate command;
        int code = -1;
        const std::string help = run(command, {"validate", "--help"}, code);
        QCOMPARE(code, 0);
        QVERIFY2(help.find("--frobnicate-ms N") != std::string::npos, help.c_str());
        QVERIFY2(help.find("Frobnicate for a while (default: 250 ms).") != std::string::npos, help.c_str());
        QCOMPARE(run(command, {"validate", "--frobnicate-ms", "7"}, code), std::string("frobnicated for 7 ms\n"));

        const CommandList commands = withExtendedValidate();
        const std::string page = cliManPage(commands);
        QVERIFY(page.find(".SS \"conform\\-cli validate\"") != std::string::npos);
        QVERIFY2(page.find("\\fB\\-\\-frobnicate\\-ms\\fR \\fIN\\fR\nFrobnicate for a while (default: 250 ms).") != std::string::npos,
                 page.c_str());

        const std::string bash = bashCompletion(commands);
        const auto validateLine = bash.substr(bash.find("\"validate\") echo \""));
        QVERIFY(validateLine.substr(0, validateLine.find('\n')).find(" --frobnicate-ms") != std::string::npos);
        QVERIFY(bash.find("\"validate --flavour\") echo \"sour sweet\"") != std::string::npos);
        QVERIFY(bash.find("\"validate --frobnicate-ms\") echo \"@text\"") != std::string::npos);

        const std::string zsh = zshCompletion(commands);
        QVERIFY2(zsh.find("'--frobnicate-ms[Frobnicate for a while.]:N: '") != std::string::npos, zsh.c_str());
        QVERIFY(zsh.find("'--flavour[How it tastes.]:F:(sour sweet)'") != std::string::npos);

        // The registered validate, without the fixture, has neither.
        QVERIFY(cliManPage(allCommands()).find("frobnicate") == std::string::npos);
    }

    // The completion scripts are programs: bash reads the bash one without a complaint and
    // registers it for conform-cli.
    void bashCompletionLoads()
    {
        const CliRun script = runCliInProcess({"completion", "bash"});
        QCOMPARE(script.code, 0);
        QProcess bash;
        bash.start(QStringLiteral("bash"), {QStringLiteral("-c"), QStringLiteral("source /dev/stdin && complete -p conform-cli")});
        bash.write(QByteArray::fromStdString(script.out));
        bash.closeWriteChannel();
        QVERIFY(bash.waitForFinished(30000));
        QCOMPARE(bash.readAllStandardError(), QByteArray());
        QVERIFY(bash.readAllStandardOutput().contains("-F _conform_cli conform-cli"));
    }

    void serversListen_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("serve") << QStringList{"serve", "--scenario", "fenced-reply"};
        QTest::newRow("proxy") << QStringList{"proxy", "--upstream", "http://127.0.0.1:9", "--no-store"};
        QTest::newRow("collect") << QStringList{"collect", "--no-store"};
    }
    // Each takes --listen HOST:PORT, and reads it: a port that is no number is refused by name.
    void serversListen()
    {
        QFETCH(QStringList, arguments);
        const auto command = findCommand(arguments.constFirst().toStdString());
        bool listed = false;
        for (const Option& option : command->options())
            listed = listed || (option.longName() == QLatin1String("listen") && option.valueName() == QLatin1String("HOST:PORT"));
        QVERIFY(listed);
        const CliRun run = runCliInProcess(arguments + QStringList{"--listen", "127.0.0.1:http"});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.find("--listen: must be HOST:PORT (e.g. 127.0.0.1:8787), not '127.0.0.1:http'") != std::string::npos,
                 run.err.c_str());
    }

    // serve's old spelling works and says, in one line, what replaced it.
    void serveHostIsDeprecated()
    {
        const CliRun run = runCliInProcess({"serve", "--scenario", "fenced-reply", "--host", "example.com"});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.find("conform-cli: warning: serve: --host is deprecated; use --listen HOST:PORT\n") == 0, run.err.c_str());
        QVERIFY(run.err.find("--host must be an IP address or localhost, not 'example.com'") != std::string::npos);
        const CliRun both = runCliInProcess({"serve", "--scenario", "fenced-reply", "--port", "0", "--listen", "127.0.0.1:0"});
        QCOMPARE(both.code, 2);
        QVERIFY(both.err.find("give --listen alone") != std::string::npos);
    }

    void helpCommand_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("same");
        QTest::newRow("validate") << QStringList{"help", "validate"} << QStringList{"validate", "--help"};
        QTest::newRow("serve") << QStringList{"help", "serve"} << QStringList{"serve", "--help"};
        QTest::newRow("captures list") << QStringList{"help", "captures", "list"} << QStringList{"captures", "list", "--help"};
        QTest::newRow("schema diff") << QStringList{"help", "schema", "diff"} << QStringList{"schema", "diff", "--help"};
    }
    void helpCommand()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, same);
        const CliRun help = runCliInProcess(arguments);
        QCOMPARE(help.code, 0);
        const std::string synopsis = "Usage:\nconform-cli " + arguments.mid(1).join(QLatin1Char(' ')).toStdString() + ' ';
        QVERIFY2(help.out.find(synopsis) == 0, help.out.c_str());
        QCOMPARE(help.out, runCliInProcess(same).out);
    }

    void helpAndVersionWords()
    {
        QCOMPARE(runCliInProcess({"help"}).code, 0);
        QVERIFY(runCliInProcess({"help"}).out.find("conform-cli help COMMAND") != std::string::npos);
        const CliRun unknown = runCliInProcess({"help", "frobnicate"});
        QCOMPARE(unknown.code, 2);
        QCOMPARE(unknown.err, std::string("conform-cli: error: help: unknown command 'frobnicate' (see 'conform-cli help')\n"));
        QCOMPARE(runCliInProcess({"-v"}).out, std::string("conform-cli " CONFORM_VERSION "\n"));
    }

    // Every option that has a default says it in --help, and no option's own text says it
    // again: the table is where defaults live.
    void everyDefaultIsSaid()
    {
        CommandList commands = allCommands();
        for (const auto& command : allCommands())
            for (auto& sub : command->subcommands())
                commands.push_back(std::move(sub));
        for (const auto& command : commands)
            for (const Option& option : command->options()) {
                const QString where = QString::fromStdString(command->name()) + QStringLiteral(" --") + option.longName();
                QVERIFY2(!option.description().contains(QStringLiteral("(default")), qPrintable(where));
                if (!option.defaultValues().isEmpty())
                    QVERIFY2(option.helpText().contains(QStringLiteral("default: ") + option.defaultValues().join(QStringLiteral(", "))),
                             qPrintable(where));
            }
    }

    // compare --no-store runs, compares and leaves no store: not at $CONFORM_STORE, not anywhere
    // it was told. Without it the same comparison makes the store.
    void compareNoStore()
    {
        QTemporaryDir dir;
        const auto write = [&](const QString& name, const QByteArray& text) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(text);
        };
        write(QStringLiteral("any.schema.json"), "{}");
        write(QStringLiteral("a.txt"), "Say something.");
        write(QStringLiteral("b.txt"), "Say something else.");
        const QString store = dir.filePath(QStringLiteral("captures.db"));
        qputenv("CONFORM_STORE", QFile::encodeName(store));
        const QStringList comparison{"compare", "--schema", dir.filePath(QStringLiteral("any.schema.json")), "--prompt", dir.filePath(QStringLiteral("a.txt")),
                                     "--prompt", dir.filePath(QStringLiteral("b.txt")), "--target", QStringLiteral("scenario:" CONFORM_SOURCE_DIR "/resources/scenarios/fenced-reply.json"), "--json"};
        const CliRun scratch = runCliInProcess(comparison + QStringList{"--no-store"});
        QVERIFY2(scratch.code == 0, scratch.err.c_str());
        QVERIFY(scratch.out.find("\"variants\"") != std::string::npos || scratch.out.find("\"comparisons\"") != std::string::npos);
        QVERIFY(!QFileInfo::exists(store));
        const CliRun kept = runCliInProcess(comparison);
        QVERIFY2(kept.code == 0, kept.err.c_str());
        QVERIFY(QFileInfo::exists(store));
        const CliRun contradiction = runCliInProcess(comparison + QStringList{"--no-store", "--store", store});
        QCOMPARE(contradiction.code, 2);
        qunsetenv("CONFORM_STORE");
    }
};

QTEST_GUILESS_MAIN(TestCliManual)
#include "test_cli_manual.moc"
