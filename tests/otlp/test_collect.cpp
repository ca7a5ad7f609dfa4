// `conform-cli collect` as a program: OTLP/HTTP requests framed the way the official
// exporters frame them (chunked, gzip, several on one kept-alive connection), hostile ones
// (over the limit, malformed, protobuf) refused while it keeps serving; and the official
// OpenAI client with the official OpenTelemetry instrumentation and exporters (npm) calling
// `conform-cli serve` and exporting to it.
#include "../server/http_client.h"
#include "require_dependency.h"

#include "base/json.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <zlib.h>

using namespace conform::test;
using conform::Json;

// QCOMPARE cannot take JSON values (Qt's overloads probe conversions nlohmann rejects).
#define QCOMPARE_JSON(actual, expected)                                                                     \
    do {                                                                                                    \
        const conform::Json actual_ = (actual);                                                             \
        const conform::Json expected_ = (expected);                                                         \
        if (actual_ != expected_)                                                                           \
            QFAIL(qPrintable(QStringLiteral("%1: %2 != %3").arg(QLatin1String(#actual),                     \
                                                                 QString::fromStdString(actual_.dump()),    \
                                                                 QString::fromStdString(expected_.dump())))); \
    } while (false)

namespace {

const QString kCli = QStringLiteral(CONFORM_CLI_PATH);
const QString kData = QStringLiteral(CONFORM_TEST_DATA);
const QString kClients = QStringLiteral(CONFORM_SOURCE_DIR "/tests/otlp/clients");

// A running conform-cli (collect or serve), stopped with SIGTERM when it goes out of scope.
struct Running
{
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
    QString firstLine;
    QUrl url;

    ~Running() { stop(); }
    int stop()
    {
        if (process->state() != QProcess::NotRunning) {
            process->terminate();
            if (!process->waitForFinished(10'000))
                process->kill();
        }
        return process->exitCode();
    }
};

std::unique_ptr<Running> start(const QStringList& arguments)
{
    auto running = std::make_unique<Running>();
    running->process->start(kCli, arguments);
    if (!running->process->waitForStarted(10'000))
        return running;
    while (!running->process->canReadLine() && running->process->waitForReadyRead(10'000)) {}
    running->firstLine = QString::fromUtf8(running->process->readLine()).trimmed();
    running->url = QUrl(running->firstLine.mid(QStringLiteral("listening on ").size()));
    return running;
}

// gzip made by zlib itself (not by Conform's code), as a peer.
QByteArray gzip(const QByteArray& bytes)
{
    z_stream stream{};
    deflateInit2(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(static_cast<qsizetype>(deflateBound(&stream, static_cast<uLong>(bytes.size()))) + 64, '\0');
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.constData()));
    stream.avail_in = static_cast<uInt>(bytes.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    deflate(&stream, Z_FINISH);
    out.truncate(out.size() - stream.avail_out);
    deflateEnd(&stream);
    return out;
}

QByteArray chunked(const QByteArray& body, qsizetype size)
{
    QByteArray out;
    for (qsizetype i = 0; i < body.size(); i += size)
        out += QByteArray::number(std::min(size, body.size() - i), 16) + "\r\n" + body.mid(i, size) + "\r\n";
    return out + "0\r\n\r\n";
}

QByteArray line(const QString& file, int number)
{
    QFile f(file);
    f.open(QIODevice::ReadOnly);
    QByteArray l;
    for (int i = 0; i < number; ++i)
        l = f.readLine();
    return l.trimmed();
}

int countResponses(const QByteArray& bytes)
{
    return static_cast<int>(bytes.count("HTTP/1.1 "));
}

std::vector<Json> listed(const QString& store)
{
    QProcess list;
    list.start(kCli, {QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), store, QStringLiteral("--json")});
    list.waitForFinished(30'000);
    std::vector<Json> out;
    for (const QByteArray& l : list.readAllStandardOutput().split('\n'))
        if (!l.isEmpty())
            out.push_back(Json::parse(l.toStdString()));
    return out;
}

Json shown(const QString& store, const std::string& id)
{
    QProcess show;
    show.start(kCli, {QStringLiteral("captures"), QStringLiteral("show"), QString::fromStdString(id), QStringLiteral("--store"), store, QStringLiteral("--json")});
    show.waitForFinished(30'000);
    return Json::parse(show.readAllStandardOutput().toStdString());
}

bool run(QProcess& process, const QString& program, const QStringList& arguments, const QString& dir, int timeoutMs)
{
    process.setWorkingDirectory(dir);
    process.start(program, arguments);
    return process.waitForStarted(10'000) && process.waitForFinished(timeoutMs);
}

} // namespace

class TestCollect : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    // Two requests on one kept-alive connection: a gzip body in chunks (no Content-Length) and
    // a plain one; then hostile requests, each refused, and a good one still served.
    void framingAndHostileBodies()
    {
        const QString store = m_dir.filePath(QStringLiteral("collect.db"));
        auto collect = start({QStringLiteral("collect"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--store"), store,
                              QStringLiteral("--schema"), kData + QStringLiteral("/person.schema.json"), QStringLiteral("--hold-ms"), QStringLiteral("100")});
        QVERIFY2(QRegularExpression(QStringLiteral("^listening on http://127\\.0\\.0\\.1:\\d+$")).match(collect->firstLine).hasMatch(),
                 qPrintable(collect->firstLine));
        const quint16 port = static_cast<quint16>(collect->url.port());

        const QByteArray traces = line(kData + QStringLiteral("/traces_current.jsonl"), 1);
        const QByteArray second = line(kData + QStringLiteral("/traces_current.jsonl"), 2);
        const QByteArray zipped = gzip(traces);
        const QByteArray first = "POST /v1/traces HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                                 "Transfer-Encoding: chunked\r\n\r\n" + chunked(zipped, 100);
        const QByteArray plain = "POST /v1/traces HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                                 + QByteArray::number(second.size()) + "\r\n\r\n" + second;
        const RawResult kept = exchange(port, first + plain, [](const QByteArray& got) { return countResponses(got) == 2 && got.endsWith("}}"); });
        QVERIFY2(!kept.closed, kept.received.constData());
        QCOMPARE(countResponses(kept.received), 2);
        QCOMPARE(kept.received.count("HTTP/1.1 200 "), 2);
        QVERIFY(kept.received.contains("\"partialSuccess\":{}"));

        struct Hostile { const char* name; QByteArray bytes; const char* status; };
        const Hostile hostile[] = {
            {"over the limit by length", "POST /v1/traces HTTP/1.1\r\nContent-Length: 40000000\r\n\r\n", "HTTP/1.1 413 "},
            {"over the limit by chunk size", "POST /v1/traces HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2625a01\r\n", "HTTP/1.1 413 "},
            {"a chunk size of 40 digits", "POST /v1/traces HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + QByteArray(40, '9') + "\r\n", "HTTP/1.1 413 "},
            {"over the limit once inflated", "POST /v1/logs HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: " + QByteArray::number(gzip(QByteArray(40'000'000, ' ')).size())
                                                 + "\r\n\r\n" + gzip(QByteArray(40'000'000, ' ')), "HTTP/1.1 413 "},
            {"malformed chunk", "POST /v1/traces HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "HTTP/1.1 400 "},
            {"malformed gzip", "POST /v1/traces HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: 5\r\n\r\nhello", "HTTP/1.1 400 "},
            {"malformed JSON", "POST /v1/traces HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{\"resourc", "HTTP/1.1 400 "},
            {"not OTLP", "POST /v1/traces HTTP/1.1\r\nContent-Length: 2\r\n\r\n[]", "HTTP/1.1 400 "},
            {"protobuf cut short", "POST /v1/traces HTTP/1.1\r\nContent-Type: application/x-protobuf\r\nContent-Length: 2\r\n\r\n\x0a\x05", "HTTP/1.1 400 "},
            {"protobuf with a length past the end", "POST /v1/logs HTTP/1.1\r\nContent-Type: application/x-protobuf\r\nContent-Length: 6\r\n\r\n\x0a\xff\xff\xff\xff\x0f", "HTTP/1.1 400 "},
            {"another content type", "POST /v1/traces HTTP/1.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}", "HTTP/1.1 415 "},
            {"another path", "POST /v1/metrics HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", "HTTP/1.1 404 "},
        };
        for (const Hostile& h : hostile) {
            const RawResult refused = exchange(port, h.bytes, [](const QByteArray& got) { return got.contains("\r\n\r\n") && got.endsWith("}"); });
            QVERIFY2(refused.received.startsWith(h.status), qPrintable(QLatin1String(h.name) + QStringLiteral(": ") + QString::fromUtf8(refused.received.left(200))));
        }
        // A span holding a number no double holds: that request is refused, naming where; the
        // spans acknowledged before it (held for --hold-ms) are stored all the same (below).
        QByteArray hostileSpan = line(kData + QStringLiteral("/traces_current.jsonl"), 5);
        const qsizetype quoteAt = hostileSpan.indexOf("\"startTimeUnixNano\"");
        QVERIFY(quoteAt > 0);
        hostileSpan.insert(quoteAt, "\"droppedAttributesCount\":1e400,");
        const RawResult numbers = exchange(port, "POST /v1/traces HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: "
                                                     + QByteArray::number(hostileSpan.size()) + "\r\n\r\n" + hostileSpan,
                                           [](const QByteArray& got) { return got.contains("\r\n\r\n") && got.endsWith("}"); });
        QVERIFY2(numbers.received.startsWith("HTTP/1.1 400 "), numbers.received.constData());
        const QByteArray where = "line 1, column " + QByteArray::number(quoteAt + 26) + ": number out of range: 1e400";
        QVERIFY2(numbers.received.contains(where), numbers.received.constData());
        const QByteArray later = line(kData + QStringLiteral("/traces_current.jsonl"), 5);
        const RawResult still = exchange(port, "POST /v1/traces HTTP/1.1\r\nContent-Length: " + QByteArray::number(later.size()) + "\r\n\r\n" + later,
                                         [](const QByteArray& got) { return got.endsWith("}}"); });
        QVERIFY2(still.received.startsWith("HTTP/1.1 200 "), still.received.constData());
        QVERIFY2(still.received.contains("\"rejectedSpans\":\"1\""), still.received.constData()); // the span without a valid id
        QCOMPARE(collect->stop(), 0);
        const QByteArray log = collect->process->readAllStandardError();
        QVERIFY2(log.contains("3 capture(s)"), log.constData());
        const std::vector<Json> captures = listed(store);
        QCOMPARE(captures.size(), std::size_t(3)); // Ada, Alan, Grace
        for (const Json& c : captures)
            QCOMPARE(c["source"].get<std::string>(), std::string("otlp"));
    }

    // The official client, instrumentation and exporters: each call arrives as a capture with
    // the model, tokens and reply text the client saw, and the outcome ajv gives the reply
    // against the scenario's schema.
    void officialClients_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<QString>("api"); // chat.completions.create or responses.create (plain, streamed)
        QTest::newRow("fenced-reply (valid once extracted), JSON") << QStringLiteral("fenced-reply") << QStringLiteral("json") << QStringLiteral("chat");
        QTest::newRow("missing-field (invalid), JSON") << QStringLiteral("missing-field") << QStringLiteral("json") << QStringLiteral("chat");
        QTest::newRow("fenced-reply, protobuf") << QStringLiteral("fenced-reply") << QStringLiteral("proto") << QStringLiteral("chat");
        QTest::newRow("missing-field, protobuf") << QStringLiteral("missing-field") << QStringLiteral("proto") << QStringLiteral("chat");
        QTest::newRow("fenced-reply, responses.create, JSON") << QStringLiteral("fenced-reply") << QStringLiteral("json") << QStringLiteral("responses");
        QTest::newRow("missing-field, responses.create, protobuf") << QStringLiteral("missing-field") << QStringLiteral("proto") << QStringLiteral("responses");
        QTest::newRow("fenced-reply, responses.create streamed, JSON") << QStringLiteral("fenced-reply") << QStringLiteral("json") << QStringLiteral("responses-stream");
    }
    void officialClients()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, protocol);
        QFETCH(QString, api);
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        const QString npm = QStandardPaths::findExecutable(QStringLiteral("npm"));
        REQUIRE_DEPENDENCY(!node.isEmpty() && !npm.isEmpty(), QStringLiteral("node and npm are not installed: the OpenTelemetry client check needs them"));
        if (!QDir(kClients + QStringLiteral("/node_modules/@opentelemetry/exporter-logs-otlp-proto")).exists()) {
            QProcess install;
            install.setProcessChannelMode(QProcess::MergedChannels);
            const bool installed = run(install, npm, {"ci", "--no-audit", "--no-fund", "--loglevel=error"}, kClients, 300'000) && install.exitCode() == 0;
            REQUIRE_DEPENDENCY(installed, QStringLiteral("npm ci failed (no network or no registry?): ") + QString::fromUtf8(install.readAll().right(400)));
        }
        // The scenario's own schema, as the schema map's entry for the service it names.
        QFile scenarioFile(QStringLiteral(CONFORM_SOURCE_DIR "/resources/scenarios/") + scenario + QStringLiteral(".json"));
        QVERIFY(scenarioFile.open(QIODevice::ReadOnly));
        const QJsonObject scenarioJson = QJsonDocument::fromJson(scenarioFile.readAll()).object();
        const QString schemaPath = m_dir.filePath(scenario + QStringLiteral(".schema.json"));
        QFile schemaFile(schemaPath);
        QVERIFY(schemaFile.open(QIODevice::WriteOnly));
        schemaFile.write(QJsonDocument(scenarioJson.value(QStringLiteral("schema")).toObject()).toJson());
        schemaFile.close();
        const QString mapPath = m_dir.filePath(scenario + protocol + api + QStringLiteral(".map.json"));
        QFile map(mapPath);
        QVERIFY(map.open(QIODevice::WriteOnly));
        map.write(QJsonDocument(QJsonObject{{scenario, schemaPath}}).toJson());
        map.close();

        auto served = start({QStringLiteral("serve"), QStringLiteral("--scenario"), scenario});
        QVERIFY2(served->url.port() > 0, qPrintable(served->firstLine));
        const QString store = m_dir.filePath(scenario + protocol + api + QStringLiteral(".db"));
        auto collect = start({QStringLiteral("collect"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--store"), store,
                              QStringLiteral("--schema-map"), mapPath});
        QVERIFY2(collect->url.port() > 0, qPrintable(collect->firstLine));
        QProcess check;
        QVERIFY(run(check, node, {"check_otlp.cjs", served->url.toString(), collect->url.toString(), scenario, schemaPath, protocol, api}, kClients, 120'000));
        const QByteArray errors = check.readAllStandardError();
        QVERIFY2(check.exitCode() == 0, errors.constData());
        const Json client = Json::parse(check.readAllStandardOutput().trimmed().toStdString());
        // The exporters have flushed; the span may wait for its events at most --hold-ms.
        std::vector<Json> captures;
        QByteArray log;
        QTRY_VERIFY2_WITH_TIMEOUT((log += collect->process->readAllStandardError()).contains("(capture "), log.constData(), 10'000);
        QCOMPARE(collect->stop(), 0);
        captures = listed(store);
        QCOMPARE(captures.size(), std::size_t(1));
        const Json& c = captures[0];
        QCOMPARE(c["source"].get<std::string>(), std::string("otlp"));
        QCOMPARE(c["provider"].get<std::string>(), std::string("openai"));
        QCOMPARE_JSON(c["model"], client["model"]);
        QCOMPARE_JSON(c["tokens"]["input"], client["input_tokens"]);
        QCOMPARE_JSON(c["tokens"]["output"], client["output_tokens"]);
        QCOMPARE(c["outcome"].get<std::string>(), std::string(client["valid"].get<bool>() ? "valid" : "failed"));
        QCOMPARE(c["labels"]["schema"].get<std::string>(), scenario.toStdString());
        QCOMPARE(c["labels"]["trace_id"].get<std::string>().size(), std::size_t(32));
        const Json document = shown(store, c["id"].get<std::string>());
        QCOMPARE_JSON(document["attempts"][0]["raw"], client["text"]);
        QCOMPARE(document["spec"]["prompt"]["system"].get<std::string>(), std::string("Answer with one JSON object."));
        QCOMPARE(document["spec"]["prompt"]["user"].get<std::string>(), "Play the " + scenario.toStdString() + " scenario.");
        QCOMPARE_JSON(document["attempts"][0]["stop_reason"], client["finish_reason"]);
        QVERIFY(document.dump().find("notakey") == std::string::npos);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCollect)
#include "test_collect.moc"
