// conform-cli in-process: the contract's outputs and exit codes, command by command.
#include "command.h"

#include <QCoreApplication>
#include <QTest>

#include <nlohmann/json.hpp>

#include <sstream>

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run runCli(QStringList arguments, const std::string& input = {})
{
    std::istringstream in(input);
    std::ostringstream out, err;
    conform::cli::Io io{in, out, err};
    arguments.prepend(QStringLiteral("conform-cli"));
    Run run;
    run.code = conform::cli::run(arguments, io);
    run.out = QString::fromStdString(out.str());
    run.err = QString::fromStdString(err.str());
    return run;
}

QString data(const char* name)
{
    return QStringLiteral(CONFORM_TEST_DATA "/") + QLatin1String(name);
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

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
