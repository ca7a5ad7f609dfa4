// A capture's spec both ways (store/capture_spec.h): a run captured, `captures show ID
// --as-command` printed, that line run by a shell, and the new capture asked exactly the same
// (spec and labels; ids, times, the replay_of label and the files' paths aside). For every
// built-in demo and for a spec with every policy field away from its default.
#include "test_registry.h"

#include "cli_in_process.h"
#include "providers/scenario.h"
#include "store/capture_spec.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace conform;

namespace {

QString writeText(const QString& path, const QByteArray& text)
{
    QFile out(path);
    out.open(QIODevice::WriteOnly | QIODevice::Truncate);
    out.write(text);
    return path;
}

Json shown(const QString& store, const std::string& id)
{
    const CliRun show = runCliInProcess({QStringLiteral("captures"), QStringLiteral("show"), QString::fromStdString(id),
                                         QStringLiteral("--store"), store, QStringLiteral("--json")});
    return show.code == 0 ? Json::parse(show.out) : Json();
}

// The spec without where its texts were read from (a copy has another path than the
// original, with the same text), and the labels without replay_of.
Json comparable(Json document)
{
    Json out{{"spec", document["spec"]}, {"labels", document["labels"]}};
    out["spec"].erase("sources");
    out["labels"].erase("replay_of");
    return out;
}

// The policy with every field away from its default, written by hand.
const char* const kEveryPolicyField = R"({"max_transport_retries":3,"max_repairs":1,"max_calls":5,"on_truncation":"raise",
    "max_tokens_ceiling":2000,"coerce":true,"strict_repairs":true,"timeout_ms":1234,"stall_timeout_ms":2500,
    "temperature":0.3,"max_tokens":700,"stream":true,"original_limit":300,
    "max_reply_bytes":65536,"repair_template":"Fix it: {{issues}}\nAttempt {{attempt}} of {{max_attempts}}.\n"})";

} // namespace

class CaptureSpecTest : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    // Runs `line` as a shell would, with conform-cli on the PATH; returns the new capture's id.
    std::string runLine(const QString& line, const QString& store)
    {
        QProcess shell;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"), QFileInfo(QStringLiteral(CONFORM_CLI_PATH)).absolutePath() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        env.insert(QStringLiteral("CONFORM_STORE"), QFileInfo(store).absoluteFilePath());
        shell.setProcessEnvironment(env);
        shell.setWorkingDirectory(QDir::rootPath()); // nothing may depend on the folder it was printed in
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), line + QStringLiteral(" --json")});
        if (!shell.waitForFinished(60000))
            return {};
        const Json result = Json::parse(shell.readAllStandardOutput().toStdString(), nullptr, false);
        if (!result.is_object() || !result.contains("capture_id"))
            qWarning("%s", shell.readAllStandardError().constData());
        return result.is_object() ? result.value("capture_id", std::string()) : std::string();
    }

    std::string capture(const QStringList& run, const QString& store)
    {
        const CliRun first = runCliInProcess(run + QStringList{QStringLiteral("--store"), store, QStringLiteral("--json")});
        if (first.code == 2 || first.code == -1)
            qWarning("%s", first.err.c_str());
        const Json result = Json::parse(first.out, nullptr, false);
        return result.is_object() ? result.value("capture_id", std::string()) : std::string();
    }

    // The capture -> its command -> the command run -> the new capture, compared; returns the
    // command line.
    QString runsAgain(const std::string& id, const QString& store)
    {
        const CliRun command = runCliInProcess({QStringLiteral("captures"), QStringLiteral("show"), QString::fromStdString(id),
                                                QStringLiteral("--store"), store, QStringLiteral("--as-command")});
        const QString line = QString::fromStdString(command.out).trimmed();
        [&] {
            QVERIFY2(command.code == 0, command.err.c_str());
            QVERIFY2(line.startsWith(QStringLiteral("conform-cli run ")), qPrintable(line));
            const std::string again = runLine(line, store);
            QVERIFY2(!again.empty(), qPrintable(line));
            const Json before = shown(store, id), after = shown(store, again);
            QCOMPARE(after["labels"].value("replay_of", std::string()), id);
            QCOMPARE(dump(comparable(after), 2), dump(comparable(before), 2));
        }();
        return line;
    }

private slots:
    void everyDemoRunsAgainFromItsCommand_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const QString& path : providers::builtinScenarioPaths())
            QTest::newRow(qPrintable(QFileInfo(path).baseName())) << QFileInfo(path).baseName();
        QVERIFY(providers::builtinScenarioPaths().size() >= 10);
    }

    void everyDemoRunsAgainFromItsCommand()
    {
        QFETCH(QString, scenario);
        // The demo's own schema and prompt, as the start page runs it; labelled as a batch is.
        const QString store = m_dir.filePath(QStringLiteral("demos.db"));
        const std::string id = capture({QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("scenario"), QStringLiteral("--scenario"),
                                        scenario, QStringLiteral("--label"), QStringLiteral("batch=b1"), QStringLiteral("--label"),
                                        QStringLiteral("case=it's quoted")},
                                       store);
        QVERIFY(!id.empty());
        runsAgain(id, store);
    }

    // A store named relative to the folder the command was printed in: the line still names
    // files that exist from anywhere.
    void commandWorksFromAnyFolder()
    {
        const QString before = QDir::currentPath();
        QDir::setCurrent(m_dir.path());
        const std::string id = capture({QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("scenario"),
                                        QStringLiteral("--scenario"), QStringLiteral("fenced-reply")},
                                       QStringLiteral("relative.db"));
        const QString line = id.empty() ? QString() : runsAgain(id, QStringLiteral("relative.db"));
        QDir::setCurrent(before);
        QVERIFY(!id.empty());
        QVERIFY2(line.contains(QLatin1Char(' ') + m_dir.filePath(QStringLiteral("relative.db.specs/"))), qPrintable(line));
    }

    void everyPolicyFieldRunsAgainFromItsCommand()
    {
        const QString store = m_dir.filePath(QStringLiteral("policy.db"));
        const QString folder = m_dir.filePath(QStringLiteral("work"));
        QVERIFY(QDir().mkpath(folder));
        const QString schema = writeText(folder + QStringLiteral("/schema.json"),
                                         R"({"type":"object","required":["name","age"],"properties":{"name":{"type":"string"},"age":{"type":"integer"}}})");
        const QString system = writeText(folder + QStringLiteral("/system.txt"), "You answer in JSON about {{who}}.\n");
        const QString user = writeText(folder + QStringLiteral("/user.md"), "Describe {{who}} in $HOME's words; age {{age}}.");
        const QString repair = writeText(folder + QStringLiteral("/repair.txt"), "Fix it: {{issues}}\nAttempt {{attempt}} of {{max_attempts}}.\n");
        const QStringList run{QStringLiteral("run"), QStringLiteral("--schema"), schema, QStringLiteral("--system"), system,
                              QStringLiteral("--prompt"), user, QStringLiteral("--var"), QStringLiteral("who=Ada 'the' Countess"),
                              QStringLiteral("--var"), QStringLiteral("age=36"), QStringLiteral("--provider"), QStringLiteral("scenario"),
                              QStringLiteral("--scenario"), QStringLiteral(CONFORM_SOURCE_DIR "/tests/engine/data/scenarios/repaired.json"),
                              QStringLiteral("--model"), QStringLiteral("m-1"), QStringLiteral("--mode"), QStringLiteral("text"),
                              QStringLiteral("--retries"), QStringLiteral("3"), QStringLiteral("--max-repairs"), QStringLiteral("1"),
                              QStringLiteral("--max-calls"), QStringLiteral("5"), QStringLiteral("--on-truncation"), QStringLiteral("raise"),
                              QStringLiteral("--max-tokens"), QStringLiteral("700"), QStringLiteral("--max-tokens-ceiling"), QStringLiteral("2000"),
                              QStringLiteral("--timeout"), QStringLiteral("1.234"), QStringLiteral("--stall-timeout"), QStringLiteral("2.5"),
                              QStringLiteral("--original-limit"), QStringLiteral("300"), QStringLiteral("--max-reply-bytes"), QStringLiteral("65536"),
                              QStringLiteral("--temperature"), QStringLiteral("0.3"),
                              QStringLiteral("--coerce"), QStringLiteral("--strict-repairs"), QStringLiteral("--stream"),
                              QStringLiteral("--repair-template"), repair, QStringLiteral("--label"), QStringLiteral("suite=s")};
        const std::string id = capture(run, store);
        QVERIFY(!id.empty());
        const Json first = shown(store, id);
        QCOMPARE(dump(first["spec"]["policy"]), dump(Json::parse(kEveryPolicyField)));
        QCOMPARE(dump(first["spec"]["prompt"]["variables"]), std::string("{\"age\":\"36\",\"who\":\"Ada 'the' Countess\"}"));
        QCOMPARE(dump(first["labels"]), std::string(R"({"suite":"s"})"));

        // The originals unchanged: the command names them.
        QString command = runsAgain(id, store);
        if (QTest::currentTestFailed())
            return;
        for (const QString& file : {schema, system, user, repair})
            QVERIFY2(command.contains(QLatin1Char(' ') + file + QLatin1Char(' ')), qPrintable(command));

        // The originals edited since: the command names copies beside the store, which hold
        // what was run.
        writeText(schema, R"({"type":"object"})");
        writeText(system, "changed");
        writeText(user, "changed");
        writeText(repair, "changed");
        command = runsAgain(id, store);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(!command.contains(folder), qPrintable(command));
        QVERIFY2(command.contains(QLatin1Char(' ') + store + QStringLiteral(".specs/")), qPrintable(command));
    }
};

CONFORM_TEST_CLASS(CaptureSpecTest);
#include "test_store_spec.moc"
