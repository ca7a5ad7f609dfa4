// `conform-cli run --provider openai --api responses` against `conform-cli serve`: both real
// programs, talking the Responses API (POST /v1/responses) over 127.0.0.1, plain and streamed.
// Each row starts its own server, so the scenario's turns play from the first.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <QUrl>

#include <memory>

namespace {

const QString kCli = QStringLiteral(CONFORM_CLI_PATH);
const QString kData = QStringLiteral(CONFORM_TEST_DATA "/responses");

struct Served
{
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
    QUrl url;
    ~Served()
    {
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(5'000);
        }
    }
};

std::unique_ptr<Served> serve(const QString& scenario)
{
    auto served = std::make_unique<Served>();
    served->process->start(kCli, {QStringLiteral("serve"), QStringLiteral("--scenario"), kData + QLatin1Char('/') + scenario});
    if (!served->process->waitForStarted(10'000))
        return served;
    while (!served->process->canReadLine() && served->process->waitForReadyRead(10'000)) {}
    const QString line = QString::fromUtf8(served->process->readLine()).trimmed();
    served->url = QUrl(line.mid(QStringLiteral("listening on ").size()));
    return served;
}

struct Ran
{
    int exitCode = -1;
    QJsonObject record;
    QString err;
};

Ran runAgainst(const QUrl& url, const QString& model, const QStringList& extra)
{
    QProcess process;
    process.start(kCli, QStringList{QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("openai"),
                                    QStringLiteral("--api"), QStringLiteral("responses"), QStringLiteral("--model"), model,
                                    QStringLiteral("--base-url"), url.toString(), QStringLiteral("--schema"),
                                    kData + QStringLiteral("/schema.json"), QStringLiteral("--user"), QStringLiteral("Rate Ada."),
                                    QStringLiteral("--no-store"), QStringLiteral("--json")} + extra);
    Ran ran;
    if (!process.waitForFinished(60'000))
        return ran;
    ran.exitCode = process.exitCode();
    ran.record = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
    ran.err = QString::fromUtf8(process.readAllStandardError());
    return ran;
}

QStringList strings(const QJsonArray& array)
{
    QStringList out;
    for (const QJsonValue& v : array)
        out << v.toString();
    return out;
}

} // namespace

class TestCliResponses : public QObject
{
    Q_OBJECT

private slots:
    void outcomes_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QStringList>("kinds");   // each attempt's kind
        QTest::addColumn<QStringList>("stops");   // each attempt's stop_reason
        QTest::addColumn<int>("retries");         // transport retries of the first attempt

        for (const bool stream : {false, true}) {
            const QStringList s = stream ? QStringList{QStringLiteral("--stream")} : QStringList{};
            const char* tag = stream ? " (stream)" : "";
            QTest::newRow(qPrintable(QStringLiteral("first try%1").arg(tag)))
                << "valid.json" << s << 0 << "valid" << QStringList{} << QStringList{"initial"} << QStringList{"completed"} << 0;
            QTest::newRow(qPrintable(QStringLiteral("repair turn%1").arg(tag)))
                << "repair.json" << s << 0 << "repaired" << QStringList{} << QStringList{"initial", "repair"}
                << QStringList{"completed", "completed"} << 0;
            QTest::newRow(qPrintable(QStringLiteral("repair turn, tool mode%1").arg(tag)))
                << "repair.json" << s + QStringList{"--mode", "tool"} << 0 << "repaired" << QStringList{}
                << QStringList{"initial", "repair"} << QStringList{"completed", "completed"} << 0;
            QTest::newRow(qPrintable(QStringLiteral("max_output_tokens%1").arg(tag)))
                << "truncated.json" << s << 0 << "valid" << QStringList{} << QStringList{"initial", "reask_larger"}
                << QStringList{"max_output_tokens", "completed"} << 0;
            QTest::newRow(qPrintable(QStringLiteral("max_output_tokens, fail%1").arg(tag)))
                << "truncated.json" << s + QStringList{"--on-truncation", "fail"} << 1 << "failed" << QStringList{"truncated"}
                << QStringList{"initial"} << QStringList{"max_output_tokens"} << 0;
            QTest::newRow(qPrintable(QStringLiteral("refusal%1").arg(tag)))
                << "refusal.json" << s << 1 << "failed" << QStringList{"refused"} << QStringList{"initial"}
                << QStringList{"refusal"} << 0;
            QTest::newRow(qPrintable(QStringLiteral("429 retry-after%1").arg(tag)))
                << "rate-limit.json" << s << 0 << "valid" << QStringList{} << QStringList{"initial"} << QStringList{"completed"} << 1;
        }
    }

    void outcomes()
    {
        QFETCH(QString, scenario);
        QFETCH(QStringList, extra);
        QFETCH(int, exitCode);
        QFETCH(QString, outcome);
        QFETCH(QStringList, flags);
        QFETCH(QStringList, kinds);
        QFETCH(QStringList, stops);
        QFETCH(int, retries);
        auto served = serve(scenario);
        QVERIFY2(served->url.isValid() && served->url.port() > 0, qPrintable(served->url.toString()));
        const Ran ran = runAgainst(served->url, scenario.chopped(5), extra);
        QVERIFY2(ran.exitCode == exitCode, qPrintable(ran.err));
        QCOMPARE(ran.record.value(QLatin1String("outcome")).toString(), outcome);
        QCOMPARE(strings(ran.record.value(QLatin1String("flags")).toArray()), flags);
        const QJsonArray attempts = ran.record.value(QLatin1String("attempts")).toArray();
        QStringList gotKinds, gotStops;
        for (const QJsonValue& a : attempts) {
            gotKinds << a[QLatin1String("kind")].toString();
            gotStops << a[QLatin1String("stop_reason")].toString();
            const QJsonObject request = a[QLatin1String("request")].toObject();
            QVERIFY2(request[QLatin1String("url")].toString().endsWith(QLatin1String("/v1/responses")), qPrintable(request[QLatin1String("url")].toString()));
        }
        QCOMPARE(gotKinds, kinds);
        QCOMPARE(gotStops, stops);
        QCOMPARE(attempts[0][QLatin1String("retries")].toArray().size(), retries);
        if (retries)
            QCOMPARE(attempts[0][QLatin1String("retries")].toArray()[0][QLatin1String("status")].toInt(), 429);
    }

    // The repair turn carries the previous output as input items: the model's function_call
    // and a function_call_output answering its call_id (tool mode), or the assistant's text.
    void repairTurnCarriesTheOutput_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::newRow("strict") << "strict";
        QTest::newRow("tool") << "tool";
    }

    void repairTurnCarriesTheOutput()
    {
        QFETCH(QString, mode);
        auto served = serve(QStringLiteral("repair.json"));
        const Ran ran = runAgainst(served->url, QStringLiteral("resp-repair"), {QStringLiteral("--mode"), mode});
        QVERIFY2(ran.exitCode == 0, qPrintable(ran.err));
        const QJsonArray attempts = ran.record.value(QLatin1String("attempts")).toArray();
        QCOMPARE(attempts.size(), 2);
        const QJsonObject first = attempts[0][QLatin1String("request")][QLatin1String("body")].toObject();
        const QJsonObject body = attempts[1][QLatin1String("request")][QLatin1String("body")].toObject();
        QVERIFY(!body.contains(QLatin1String("previous_response_id")));
        QCOMPARE(body[QLatin1String("store")].toBool(true), false);
        const QJsonArray input = body[QLatin1String("input")].toArray();
        QCOMPARE(input.size(), 3);
        QCOMPARE(input[0][QLatin1String("role")].toString(), QStringLiteral("user"));
        if (mode == QLatin1String("tool")) {
            QCOMPARE(first[QLatin1String("tool_choice")][QLatin1String("name")].toString(), QStringLiteral("respond"));
            QCOMPARE(first[QLatin1String("tools")][0][QLatin1String("strict")].toBool(), true);
            QCOMPARE(input[1][QLatin1String("type")].toString(), QStringLiteral("function_call"));
            QCOMPARE(input[2][QLatin1String("type")].toString(), QStringLiteral("function_call_output"));
            QCOMPARE(input[2][QLatin1String("call_id")].toString(), input[1][QLatin1String("call_id")].toString());
            QVERIFY(input[1][QLatin1String("call_id")].toString().startsWith(QLatin1String("call_")));
            QVERIFY(input[2][QLatin1String("output")].toString().contains(QLatin1String("score")));
        } else {
            QCOMPARE(first[QLatin1String("text")][QLatin1String("format")][QLatin1String("type")].toString(), QStringLiteral("json_schema"));
            QCOMPARE(first[QLatin1String("text")][QLatin1String("format")][QLatin1String("strict")].toBool(), true);
            QCOMPARE(input[1][QLatin1String("role")].toString(), QStringLiteral("assistant"));
            QCOMPARE(input[1][QLatin1String("content")].toString(), QStringLiteral("{\"name\": \"Ada\", \"score\": 12}"));
            QCOMPARE(input[2][QLatin1String("role")].toString(), QStringLiteral("user"));
        }
    }

    void usageIsRead()
    {
        auto served = serve(QStringLiteral("valid.json"));
        const Ran ran = runAgainst(served->url, QStringLiteral("resp-valid"), {});
        QVERIFY2(ran.exitCode == 0, qPrintable(ran.err));
        const QJsonObject usage = ran.record.value(QLatin1String("attempts")).toArray()[0][QLatin1String("usage")].toObject();
        QCOMPARE(usage[QLatin1String("input")].toInt(), 40);
        QCOMPARE(usage[QLatin1String("output")].toInt(), 9);
        QCOMPARE(usage[QLatin1String("cached")].toInt(), 16);
        QCOMPARE(usage[QLatin1String("reasoning")].toInt(), 3); // output_tokens_details.reasoning_tokens
    }

    // A capture of a Responses API run, served again by `serve --captures` over /v1/responses
    // (streamed too): the replay gives the recorded reply, repair turn included.
    void servesCaptures()
    {
        QTemporaryDir dir;
        const QString store = dir.filePath(QStringLiteral("captures.db"));
        QString id;
        {
            auto served = serve(QStringLiteral("repair.json"));
            QStringList args{QStringLiteral("--store"), store};
            const Ran ran = [&] {
                QProcess process;
                process.start(kCli, QStringList{QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("openai"),
                                                QStringLiteral("--api"), QStringLiteral("responses"), QStringLiteral("--model"),
                                                QStringLiteral("resp-repair"), QStringLiteral("--base-url"), served->url.toString(),
                                                QStringLiteral("--schema"), kData + QStringLiteral("/schema.json"), QStringLiteral("--user"),
                                                QStringLiteral("Rate Ada."), QStringLiteral("--json")} + args);
                Ran r;
                process.waitForFinished(60'000);
                r.exitCode = process.exitCode();
                r.record = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
                r.err = QString::fromUtf8(process.readAllStandardError());
                return r;
            }();
            QVERIFY2(ran.exitCode == 0, qPrintable(ran.err));
            id = ran.record.value(QLatin1String("capture_id")).toString();
            QVERIFY(!id.isEmpty());
        }
        for (const bool stream : {false, true}) {
            auto served = std::make_unique<Served>();
            served->process->start(kCli, {QStringLiteral("serve"), QStringLiteral("--captures"), store});
            QVERIFY(served->process->waitForStarted(10'000));
            while (!served->process->canReadLine() && served->process->waitForReadyRead(10'000)) {}
            served->url = QUrl(QString::fromUtf8(served->process->readLine()).trimmed().mid(QStringLiteral("listening on ").size()));
            const Ran ran = runAgainst(served->url, id, stream ? QStringList{QStringLiteral("--stream")} : QStringList{});
            QVERIFY2(ran.exitCode == 0, qPrintable(ran.err));
            QCOMPARE(ran.record.value(QLatin1String("outcome")).toString(), QStringLiteral("repaired"));
            QCOMPARE(ran.record.value(QLatin1String("value")).toObject().value(QLatin1String("score")).toInt(), 9);
        }
    }

    // `captures show --as-command` writes the Responses API as the command line spells it, and
    // that line runs the same API again.
    void asCommandSaysApiResponses()
    {
        QTemporaryDir dir;
        const QString store = dir.filePath(QStringLiteral("captures.db"));
        auto served = serve(QStringLiteral("valid.json"));
        const auto runJson = [&](const QString& program, const QStringList& arguments) {
            QProcess process;
            process.start(program, arguments);
            process.waitForFinished(60'000);
            return QJsonDocument::fromJson(process.readAllStandardOutput()).object();
        };
        const QJsonObject first = runJson(kCli, {QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("openai"),
                                                 QStringLiteral("--api"), QStringLiteral("responses"), QStringLiteral("--model"),
                                                 QStringLiteral("resp-valid"), QStringLiteral("--base-url"), served->url.toString(),
                                                 QStringLiteral("--schema"), kData + QStringLiteral("/schema.json"), QStringLiteral("--user"),
                                                 QStringLiteral("Rate Ada."), QStringLiteral("--store"), store, QStringLiteral("--json")});
        const QString id = first.value(QLatin1String("capture_id")).toString();
        QVERIFY(!id.isEmpty());
        QProcess show;
        show.start(kCli, {QStringLiteral("captures"), QStringLiteral("show"), id, QStringLiteral("--store"), store, QStringLiteral("--as-command")});
        QVERIFY(show.waitForFinished(20'000));
        const QString line = QString::fromUtf8(show.readAllStandardOutput()).trimmed();
        QVERIFY2(line.contains(QLatin1String("--provider openai --api responses ")), qPrintable(line));
        QProcess shell;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"), QFileInfo(kCli).absolutePath() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        shell.setProcessEnvironment(env);
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), line + QStringLiteral(" --no-store --json")});
        QVERIFY(shell.waitForFinished(60'000));
        const QJsonObject again = QJsonDocument::fromJson(shell.readAllStandardOutput()).object();
        QCOMPARE(again.value(QLatin1String("outcome")).toString(), QStringLiteral("valid"));
        const QJsonArray attempts = again.value(QLatin1String("attempts")).toArray();
        QVERIFY(!attempts.isEmpty());
        QCOMPARE(attempts[0][QLatin1String("target")].toString(), QStringLiteral("openai-responses/resp-valid"));
    }

    // One spec, Chat Completions and the Responses API side by side: Compare's two targets.
    void compareSideBySide()
    {
        auto served = serve(QStringLiteral("valid.json"));
        QTemporaryDir dir;
        QFile prompt(dir.filePath(QStringLiteral("p.md")));
        QVERIFY(prompt.open(QIODevice::WriteOnly));
        prompt.write("Rate Ada.");
        prompt.close();
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("OPENAI_BASE_URL"), served->url.toString());
        environment.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("notakey-compare"));
        process.setProcessEnvironment(environment);
        process.start(kCli, {QStringLiteral("compare"), QStringLiteral("--schema"), kData + QStringLiteral("/schema.json"),
                             QStringLiteral("--prompt"), prompt.fileName(), QStringLiteral("--target"), QStringLiteral("openai:resp-valid"),
                             QStringLiteral("--target"), QStringLiteral("openai-responses:resp-valid"), QStringLiteral("--repeat"),
                             QStringLiteral("2"), QStringLiteral("--markdown")});
        QVERIFY(process.waitForFinished(60'000));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        const QString out = QString::fromUtf8(process.readAllStandardOutput());
        QVERIFY2(process.exitCode() == 0, qPrintable(err));
        QCOMPARE(err.count(QLatin1String("x openai/resp-valid #")), 2);
        QCOMPARE(err.count(QLatin1String("x openai-responses/resp-valid #")), 2);
        QCOMPARE(err.count(QLatin1String(": valid")), 4);
        QVERIFY2(out.contains(QLatin1String("| openai-responses/resp-valid | 2 | 100.0%")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("| openai/resp-valid | 2 | 100.0%")), qPrintable(out));
    }

    void apiIsForOpenAi()
    {
        QProcess process;
        process.start(kCli, {QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("anthropic"), QStringLiteral("--api"),
                             QStringLiteral("responses"), QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--schema"),
                             kData + QStringLiteral("/schema.json"), QStringLiteral("--user"), QStringLiteral("x"), QStringLiteral("--no-store")});
        QVERIFY(process.waitForFinished(20'000));
        QCOMPARE(process.exitCode(), 2);
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(err.startsWith(QLatin1String("conform-cli: error: run: --api is for --provider openai")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestCliResponses)
#include "test_cli_responses.moc"
