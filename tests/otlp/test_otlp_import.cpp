// captures import of OTLP/JSON traces and logs and of the providers' batch result files.
// The fixtures in data/ are written by hand from the OTLP specification, the GenAI semantic
// conventions and the providers' documented batch formats; every expected figure below is
// worked out from them by hand.
#include "cli_in_process.h"

#include "base/json.h"
#include "otlp/collector.h"
#include "otlp/joiner.h"
#include "otlp/protobuf.h"

#include <QTcpServer>

#include <QDir>
#include <QRandomGenerator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <limits>
#include <map>

using namespace conform;

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

QString data(const char* name)
{
    return QStringLiteral(CONFORM_TEST_DATA "/") + QLatin1String(name);
}

std::vector<Json> listed(const QString& store, const QStringList& filters = {})
{
    const CliRun run = runCliInProcess(QStringList{QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), store,
                                                   QStringLiteral("--json"), QStringLiteral("--limit"), QStringLiteral("1000")} + filters);
    std::vector<Json> out;
    std::size_t start = 0;
    while (start < run.out.size()) {
        const std::size_t end = run.out.find('\n', start);
        out.push_back(Json::parse(run.out.substr(start, end - start)));
        start = end == std::string::npos ? run.out.size() : end + 1;
    }
    return out;
}

// The listed captures by a label's value.
std::map<std::string, Json> byLabel(const std::vector<Json>& captures, const char* label)
{
    std::map<std::string, Json> out;
    for (const Json& c : captures)
        out[c["labels"].value(label, std::string())] = c;
    return out;
}

Json shown(const QString& store, const std::string& id)
{
    const CliRun run = runCliInProcess({QStringLiteral("captures"), QStringLiteral("show"), QString::fromStdString(id), QStringLiteral("--store"), store,
                                        QStringLiteral("--json")});
    return Json::parse(run.out);
}

} // namespace

class TestOtlpImport : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    // The current attribute form, the older gen_ai.system, OpenLLMetry's indexed attributes,
    // a span in error; a line that is not JSON, one that is not OTLP, a span without a valid
    // id: reported by line, the rest imported, and importing again adds nothing.
    void tracesFile()
    {
        const QString store = m_dir.filePath(QStringLiteral("traces.db"));
        const CliRun run = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), data("traces_current.jsonl"), QStringLiteral("--store"),
                                            store, QStringLiteral("--schema"), data("person.schema.json")});
        QCOMPARE(run.code, 1); // some lines refused, the rest imported
        QVERIFY2(run.err.find("traces_current.jsonl:3: not JSON") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("traces_current.jsonl:4: not an OTLP traces or logs request") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("traces_current.jsonl:5: span in trace 0af7651916cd43dd8448eb211c80319c: no valid span id") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("imported 4 capture(s)") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("2 span(s) not GenAI skipped; 3 problem(s)") != std::string::npos, run.err.c_str());

        const auto captures = byLabel(listed(store), "span_id");
        QCOMPARE(captures.size(), std::size_t(4));
        const Json& ada = captures.at("b7ad6b7169203331");
        QCOMPARE(ada["source"].get<std::string>(), std::string("otlp"));
        QCOMPARE(ada["provider"].get<std::string>(), std::string("openai"));
        QCOMPARE(ada["model"].get<std::string>(), std::string("gpt-4o-mini-2024-07-18"));
        QCOMPARE(ada["outcome"].get<std::string>(), std::string("valid"));
        QCOMPARE(ada["tokens"]["input"].get<int>(), 31);
        QCOMPARE(ada["tokens"]["output"].get<int>(), 12);
        QCOMPARE(ada["latency_ms"].get<int>(), 420);
        QCOMPARE(ada["time"].get<std::string>(), std::string("2025-11-23T12:13:20.420Z"));
        QCOMPARE(ada["labels"]["trace_id"].get<std::string>(), std::string("0af7651916cd43dd8448eb211c80319c"));
        QCOMPARE(ada["labels"]["validated"].get<std::string>(), std::string("true"));
        const Json adaShown = shown(store, ada["id"].get<std::string>());
        QCOMPARE(adaShown["spec"]["prompt"]["system"].get<std::string>(), std::string("Reply with JSON."));
        QCOMPARE(adaShown["spec"]["prompt"]["user"].get<std::string>(), std::string("Who is Ada?"));
        QCOMPARE(adaShown["attempts"][0]["raw"].get<std::string>(), std::string(R"({"name":"Ada","age":36})"));

        const Json& alan = captures.at("c0ffee0000000002");
        QCOMPARE(alan["provider"].get<std::string>(), std::string("anthropic"));
        QCOMPARE(alan["outcome"].get<std::string>(), std::string("failed"));
        QCOMPARE_JSON(alan["flags"], Json::array({"truncated"}));
        QCOMPARE(alan["tokens"]["input"].get<int>(), 40);

        const Json& grace = captures.at("c0ffee0000000005"); // fenced, a trailing comma: extracted and valid
        QCOMPARE(grace["outcome"].get<std::string>(), std::string("valid"));
        const Json graceShown = shown(store, grace["id"].get<std::string>());
        QCOMPARE(graceShown["spec"]["prompt"]["system"].get<std::string>(), std::string("JSON only."));
        QCOMPARE_JSON(graceShown["value"], Json({{"name", "Grace"}, {"age", 85}}));

        const Json& limited = captures.at("c0ffee0000000007");
        QCOMPARE(limited["outcome"].get<std::string>(), std::string("failed"));
        QCOMPARE_JSON(limited["flags"], Json::array({"transport_error"}));

        QCOMPARE(listed(store, {QStringLiteral("--source"), QStringLiteral("otlp")}).size(), std::size_t(4));
        const CliRun again = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), data("traces_current.jsonl"), QStringLiteral("--store"),
                                              store, QStringLiteral("--schema"), data("person.schema.json")});
        QVERIFY2(again.err.find("imported 0 capture(s)") != std::string::npos && again.err.find("4 already there") != std::string::npos, again.err.c_str());
        QCOMPARE(listed(store).size(), std::size_t(4));
    }

    // The older event form as @opentelemetry/instrumentation-openai sends it: the span on
    // /v1/traces, its messages and choice as log records on /v1/logs, joined by span id in
    // either order. Without a schema anywhere the capture is unchecked and says so.
    void eventsJoinedInEitherOrder_data()
    {
        QTest::addColumn<bool>("logsFirst");
        QTest::newRow("traces then logs") << false;
        QTest::newRow("logs then traces") << true;
    }
    void eventsJoinedInEitherOrder()
    {
        QFETCH(bool, logsFirst);
        const QString store = m_dir.filePath(logsFirst ? QStringLiteral("events-b.db") : QStringLiteral("events-a.db"));
        QStringList files{data("traces_events.jsonl"), data("logs_events.jsonl")};
        if (logsFirst)
            std::swap(files[0], files[1]);
        const CliRun checked = runCliInProcess(QStringList{QStringLiteral("captures"), QStringLiteral("import")} + files
                                               + QStringList{QStringLiteral("--format"), QStringLiteral("otlp"), QStringLiteral("--store"), store,
                                                             QStringLiteral("--schema"), data("person.schema.json")});
        QCOMPARE(checked.code, 0);
        QVERIFY2(checked.err.find("1 GenAI event(s) named a span that is in no file") != std::string::npos, checked.err.c_str());
        const std::vector<Json> captures = listed(store);
        QCOMPARE(captures.size(), std::size_t(1));
        QCOMPARE(captures[0]["outcome"].get<std::string>(), std::string("failed")); // age -1 < minimum 0
        QCOMPARE(captures[0]["labels"]["span_id"].get<std::string>(), std::string("eee19b7ec3c1b174"));
        const Json document = shown(store, captures[0]["id"].get<std::string>());
        QCOMPARE(document["spec"]["prompt"]["system"].get<std::string>(), std::string("Reply with JSON."));
        QCOMPARE(document["spec"]["prompt"]["user"].get<std::string>(), std::string("Who is Linus?"));
        QCOMPARE(document["attempts"][0]["raw"].get<std::string>(), std::string(R"({"name":"Linus","age":-1})"));
        QCOMPARE(document["attempts"][0]["issues"][0]["code"].get<std::string>(), std::string("too_small"));

        const QString bare = m_dir.filePath(logsFirst ? QStringLiteral("bare-b.db") : QStringLiteral("bare-a.db"));
        const CliRun unchecked = runCliInProcess(QStringList{QStringLiteral("captures"), QStringLiteral("import")} + files
                                                 + QStringList{QStringLiteral("--store"), bare});
        QCOMPARE(unchecked.code, 0);
        QVERIFY2(unchecked.err.find("1 unchecked: no schema") != std::string::npos, unchecked.err.c_str());
        const std::vector<Json> plain = listed(bare);
        QCOMPARE(plain.size(), std::size_t(1));
        QCOMPARE(plain[0]["labels"]["validated"].get<std::string>(), std::string("false"));
        QCOMPARE(plain[0]["labels"]["schema"].get<std::string>(), std::string("none"));
        // JSON came back, and nothing to check it against: not valid, not failed.
        QCOMPARE(plain[0]["outcome"].get<std::string>(), std::string("unchecked"));
    }

    // Hostile lines: random bytes, OTLP shapes with every field of the wrong type, deep
    // nesting. Each is a reported problem or a skipped span, never a crash, and the good
    // line among them is imported.
    void hostileLinesAreReported()
    {
        QRandomGenerator random(24);
        QByteArray text;
        for (int i = 0; i < 200; ++i) {
            QByteArray line(random.bounded(1, 200), Qt::Uninitialized);
            for (char& c : line)
                c = static_cast<char>(random.bounded(1, 256));
            line.replace('\n', ' ');
            text += line + '\n';
        }
        const char* shapes[] = {
            R"({"resourceSpans":5})", R"({"resourceSpans":[{"scopeSpans":{"spans":1}}]})",
            R"({"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":7,"spanId":[],"attributes":"x"}]}]}]})",
            R"({"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"b7ad6b7169203399","attributes":[{"key":"gen_ai.operation.name","value":{"stringValue":"chat"}},{"key":"gen_ai.input.messages","value":{"intValue":"x"}},{"key":"gen_ai.output.messages","value":{"stringValue":"[7,[]]"}}],"events":[{"name":"gen_ai.choice","attributes":5}]}]}]}]})",
            R"({"resourceLogs":[{"scopeLogs":[{"logRecords":[{"eventName":"gen_ai.choice","spanId":"zz","traceId":1,"body":{"kvlistValue":7}}]}]}]})",
        };
        for (const char* shape : shapes)
            text += QByteArray(shape) + '\n';
        text += QByteArray(100000, '[') + '\n';
        QFile good(data("traces_current.jsonl"));
        QVERIFY(good.open(QIODevice::ReadOnly));
        text += good.readLine();
        const QString path = m_dir.filePath(QStringLiteral("hostile.jsonl"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        const QString store = m_dir.filePath(QStringLiteral("hostile.db"));
        const CliRun run = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), path, QStringLiteral("--format"), QStringLiteral("otlp"),
                                            QStringLiteral("--store"), store});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.find("only the first 100 are listed") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("imported 2 capture(s)") != std::string::npos, run.err.c_str());
        const auto captures = byLabel(listed(store), "span_id");
        QVERIFY(captures.count("b7ad6b7169203331") == 1); // the good line's span
        QVERIFY(captures.count("b7ad6b7169203399") == 1); // the span with odd attributes: captured, its reply unread
    }

    // Protobuf bodies: a request written byte by byte from the OTLP .proto field numbers
    // (ExportTraceServiceRequest > ResourceSpans > ScopeSpans > Span with a string attribute)
    // reads as its OTLP/JSON twin; random and truncated bytes are Errors, never a crash.
    void protobufBodies()
    {
        const auto field = [](int number, const QByteArray& bytes) -> QByteArray {
            return QByteArray(1, char(number << 3 | 2)) + QByteArray(1, char(bytes.size())) + bytes;
        };
        const QByteArray traceId = QByteArray::fromHex("0af7651916cd43dd8448eb211c80319c");
        const QByteArray spanId = QByteArray::fromHex("b7ad6b7169203331");
        const QByteArray attribute = field(1, "gen_ai.operation.name") + field(2, field(1, "chat"));
        QByteArray start(1, char(7 << 3 | 1));
        for (int i = 0; i < 8; ++i)
            start += char(i == 0 ? 0x2a : 0); // 42 ns, fixed64 little-endian
        const QByteArray span = field(1, traceId) + field(2, spanId) + field(5, "chat m") + start + field(9, attribute);
        const QByteArray request = field(1, field(2, field(2, span)));
        auto read = otlp::jsonOfProtobuf(std::string_view(request.constData(), std::size_t(request.size())), otlp::ProtobufMessage::Traces);
        QVERIFY2(read, read ? "" : read.error().toString().c_str());
        const Json& decoded = read.value()["resourceSpans"][0]["scopeSpans"][0]["spans"][0];
        QCOMPARE(decoded["traceId"].get<std::string>(), std::string("0af7651916cd43dd8448eb211c80319c"));
        QCOMPARE(decoded["spanId"].get<std::string>(), std::string("b7ad6b7169203331"));
        QCOMPARE(decoded["startTimeUnixNano"].get<std::string>(), std::string("42"));
        QCOMPARE(decoded["attributes"][0]["value"]["stringValue"].get<std::string>(), std::string("chat"));
        auto batch = otlp::readRequest(read.value());
        QVERIFY(batch);
        QCOMPARE(batch->spans.size(), std::size_t(1));
        for (qsizetype cut = 1; cut < request.size(); ++cut) // every truncation is refused or reads less, never more
            (void)otlp::jsonOfProtobuf(std::string_view(request.constData(), std::size_t(cut)), otlp::ProtobufMessage::Traces);
        QVERIFY(!otlp::jsonOfProtobuf(std::string_view(request.constData(), std::size_t(request.size() - 3)), otlp::ProtobufMessage::Traces));
        QRandomGenerator random(7);
        for (int round = 0; round < 3000; ++round) {
            QByteArray bytes(random.bounded(1, 300), Qt::Uninitialized);
            for (char& c : bytes)
                c = static_cast<char>(random.bounded(256));
            if (round % 2)
                bytes.prepend(request.left(random.bounded(int(request.size()))));
            (void)otlp::jsonOfProtobuf(std::string_view(bytes.constData(), std::size_t(bytes.size())), round % 3 ? otlp::ProtobufMessage::Traces : otlp::ProtobufMessage::Logs);
        }
        // AnyValue arrays nested 200 deep in a log record's body: refused, not a stack overflow.
        const auto wrap = [](int number, const QByteArray& bytes) -> QByteArray {
            QByteArray out(1, char(number << 3 | 2));
            for (quint64 n = quint64(bytes.size()); ; n >>= 7) {
                out += char((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
                if (n <= 0x7f)
                    break;
            }
            return out + bytes;
        };
        QByteArray value = wrap(1, "x"); // AnyValue{string_value}
        for (int i = 0; i < 200; ++i)
            value = wrap(5, wrap(1, value)); // AnyValue{array_value: ArrayValue{values: [value]}}
        const QByteArray logs = wrap(1, wrap(2, wrap(2, wrap(5, value))));
        auto deep = otlp::jsonOfProtobuf(std::string_view(logs.constData(), std::size_t(logs.size())), otlp::ProtobufMessage::Logs);
        QVERIFY(!deep);
        QVERIFY2(deep.error().message.find("nested deeper than 64") != std::string::npos, deep.error().message.c_str());
    }

    // The joiner, alone: a span waits for its choice, an early event waits for its span, and
    // a span whose events never come goes after the hold.
    void joinerHoldsBriefly()
    {
        otlp::SpanJoiner joiner(1000);
        otlp::GenAiSpan span;
        span.traceId = std::string(32, 'a');
        span.spanId = "1111111111111111";
        span.attributes = Json{{"gen_ai.operation.name", "chat"}};
        otlp::GenAiSpan lonely = span;
        lonely.spanId = "2222222222222222";
        joiner.addEvent({span.traceId, span.spanId, "gen_ai.user.message", Json{{"content", "hi"}}, 1}, 0);
        joiner.addSpan(span, 10);
        joiner.addSpan(lonely, 20);
        QCOMPARE(joiner.ready(30).size(), std::size_t(0));
        joiner.addEvent({span.traceId, span.spanId, "gen_ai.choice", Json{{"index", 0}, {"message", Json{{"content", "{}"}}}}, 2}, 40);
        const auto first = joiner.ready(50);
        QCOMPARE(first.size(), std::size_t(1));
        QCOMPARE(first[0].spanId, span.spanId);
        QCOMPARE(first[0].events.size(), std::size_t(2));
        QCOMPARE(joiner.ready(1019).size(), std::size_t(0));
        const auto late = joiner.ready(1020);
        QCOMPARE(late.size(), std::size_t(1));
        QCOMPARE(late[0].spanId, lonely.spanId);
        joiner.addEvent({span.traceId, "3333333333333333", "gen_ai.user.message", Json::object(), 3}, 1100);
        QCOMPARE(joiner.ready(3099).size(), std::size_t(0));
        QCOMPARE(joiner.orphanEvents(), std::size_t(0));
        joiner.ready(3100);
        QCOMPARE(joiner.orphanEvents(), std::size_t(1));
    }

    // A file import judges each span once those before it have their reply: with replies in
    // the spans (the current attribute form), nothing is held from one line to the next; a
    // span whose reply comes later holds those behind it until it arrives, no longer. 100
    // lines of 100 spans; span 5000 has no reply until its choice event, read with line 79.
    void completeSpansGoInFileOrder()
    {
        otlp::SpanJoiner joiner(std::numeric_limits<std::int64_t>::max() / 4);
        std::vector<std::string> judged;
        std::size_t heldBefore5000 = 0, mostHeld = 0;
        for (int line = 0; line < 100; ++line) {
            for (int i = 100 * line; i < 100 * line + 100; ++i) {
                otlp::GenAiSpan span;
                span.traceId = std::string(32, 'a');
                span.spanId = QStringLiteral("%1").arg(i, 16, 10, QLatin1Char('0')).toStdString();
                span.attributes = Json{{"gen_ai.operation.name", "chat"}};
                if (i != 5000)
                    span.attributes["gen_ai.output.messages"] = R"([{"role":"assistant","parts":[{"type":"text","content":"{}"}]}])";
                joiner.addSpan(std::move(span), 0);
            }
            if (line == 79)
                joiner.addEvent({std::string(32, 'a'), "0000000000005000", "gen_ai.choice", Json{{"index", 0}, {"message", Json{{"content", "{}"}}}}, 1}, 0);
            for (otlp::GenAiSpan& span : joiner.completeInOrder())
                judged.push_back(span.spanId);
            (line < 50 ? heldBefore5000 : mostHeld) = std::max(line < 50 ? heldBefore5000 : mostHeld, joiner.heldSpans());
        }
        QCOMPARE(heldBefore5000, std::size_t(0));
        QCOMPARE(mostHeld, std::size_t(2900)); // after line 78: spans 5000 to 7899
        QCOMPARE(joiner.heldSpans(), std::size_t(0));
        QCOMPARE(judged.size(), std::size_t(10000));
        for (std::size_t i = 0; i < judged.size(); ++i)
            QCOMPARE(judged[i], QStringLiteral("%1").arg(i, 16, 10, QLatin1Char('0')).toStdString());
        QVERIFY(joiner.drain().empty());
        QCOMPARE(joiner.orphanEvents(), std::size_t(0));
    }

    // OpenAI Batch API output with its input file: the request's response_format schema and
    // forced tool decide; a refusal, an expired request and bad lines.
    void openAiBatch()
    {
        const QString store = m_dir.filePath(QStringLiteral("openai-batch.db"));
        const CliRun run = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), data("openai_batch_output.jsonl"), QStringLiteral("--input"),
                                            data("openai_batch_input.jsonl"), QStringLiteral("--store"), store});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.find("openai_batch_output.jsonl:5: /custom_id: a batch result needs a custom_id") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("openai_batch_output.jsonl:6: not JSON") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("imported 4 capture(s) from 1 openai-batch file(s)") != std::string::npos, run.err.c_str());
        const auto captures = byLabel(listed(store), "custom_id");
        QCOMPARE(captures.size(), std::size_t(4));
        QCOMPARE(captures.at("req-1")["outcome"].get<std::string>(), std::string("valid"));
        QCOMPARE(captures.at("req-1")["mode"].get<std::string>(), std::string("strict"));
        QCOMPARE(captures.at("req-1")["labels"]["schema"].get<std::string>(), std::string("person"));
        QCOMPARE(captures.at("req-1")["source"].get<std::string>(), std::string("import"));
        QCOMPARE(captures.at("req-1")["model"].get<std::string>(), std::string("gpt-4o-mini-2024-07-18"));
        QCOMPARE(captures.at("req-1")["tokens"]["input"].get<int>(), 30);
        QCOMPARE(captures.at("req-1")["time"].get<std::string>(), std::string("2025-11-23T12:15:00.000Z"));
        QCOMPARE(captures.at("req-2")["outcome"].get<std::string>(), std::string("failed"));
        QCOMPARE_JSON(captures.at("req-2")["flags"], Json::array({"refused"}));
        QCOMPARE(captures.at("req-3")["outcome"].get<std::string>(), std::string("failed"));
        QCOMPARE_JSON(captures.at("req-3")["flags"], Json::array());
        QCOMPARE(captures.at("req-4")["outcome"].get<std::string>(), std::string("failed")); // the tool's input lacks "age"
        QCOMPARE(captures.at("req-4")["mode"].get<std::string>(), std::string("tool"));
        const Json expired = shown(store, captures.at("req-3")["id"].get<std::string>());
        QCOMPARE(expired["attempts"][0]["error"].get<std::string>(), std::string("This request could not be executed before the completion window expired."));
        const Json ada = shown(store, captures.at("req-1")["id"].get<std::string>());
        QCOMPARE(ada["spec"]["prompt"]["user"].get<std::string>(), std::string("Who is Ada?"));
        QCOMPARE_JSON(ada["spec"]["schema"]["required"], Json::array({"name", "age"}));
        const CliRun again = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), data("openai_batch_output.jsonl"), QStringLiteral("--input"),
                                              data("openai_batch_input.jsonl"), QStringLiteral("--store"), store});
        QVERIFY2(again.err.find("imported 0 capture(s)") != std::string::npos, again.err.c_str());
    }

    // A responses.create span as @opentelemetry/instrumentation-openai 0.21 writes it (operation
    // "chat", gen_ai.system_instructions holding the request's instructions as plain text, the
    // same instructions again as the system message of the inference.operation.details event's
    // gen_ai.input.messages) whose reply is a refusal part ({"type": "refusal", "refusal"}).
    void responsesCreateSpan()
    {
        const QString store = m_dir.filePath(QStringLiteral("responses-span.db"));
        const CliRun run = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), data("responses_create_refusal.jsonl"),
                                            QStringLiteral("--format"), QStringLiteral("otlp"), QStringLiteral("--schema"),
                                            data("person.schema.json"), QStringLiteral("--store"), store});
        QVERIFY2(run.err.find("imported 1 capture(s)") != std::string::npos, run.err.c_str());
        const auto captures = listed(store);
        QCOMPARE(captures.size(), std::size_t(1));
        QCOMPARE(captures[0]["outcome"].get<std::string>(), std::string("failed"));
        QCOMPARE_JSON(captures[0]["flags"], Json::array({"refused"}));
        QCOMPARE(captures[0]["tokens"]["input"].get<int>(), 31);
        const Json shownSpan = shown(store, captures[0]["id"].get<std::string>());
        QCOMPARE(shownSpan["spec"]["prompt"]["system"].get<std::string>(), std::string("You describe people as JSON."));
        QCOMPARE(shownSpan["spec"]["prompt"]["user"].get<std::string>(), std::string("Who is Ada?"));
        QCOMPARE(shownSpan["attempts"][0]["raw"].get<std::string>(), std::string("I can't help with that."));
    }

    // OpenAI Batch API lines whose url is /v1/responses: text.format's schema and a forced
    // function tool decide; a refusal content part, an incomplete max_output_tokens reply.
    void openAiResponsesBatch()
    {
        const QString store = m_dir.filePath(QStringLiteral("openai-responses-batch.db"));
        const CliRun run = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), data("openai_responses_batch_output.jsonl"),
                                            QStringLiteral("--input"), data("openai_responses_batch_input.jsonl"), QStringLiteral("--store"), store,
                                            QStringLiteral("--format"), QStringLiteral("openai-batch")});
        QVERIFY2(run.err.find("imported 4 capture(s) from 1 openai-batch file(s)") != std::string::npos, run.err.c_str());
        const auto captures = byLabel(listed(store), "custom_id");
        QCOMPARE(captures.size(), std::size_t(4));
        const Json& ada = captures.at("r-1");
        QCOMPARE(ada["outcome"].get<std::string>(), std::string("valid"));
        QCOMPARE(ada["mode"].get<std::string>(), std::string("strict"));
        QCOMPARE(ada["provider"].get<std::string>(), std::string("openai-responses"));
        QCOMPARE(ada["labels"]["schema"].get<std::string>(), std::string("person"));
        QCOMPARE(ada["model"].get<std::string>(), std::string("gpt-4.1-mini-2025-04-14"));
        QCOMPARE(ada["tokens"]["input"].get<int>(), 31);
        QCOMPARE(ada["tokens"]["output"].get<int>(), 11);
        QCOMPARE(ada["time"].get<std::string>(), std::string("2025-11-23T12:15:00.000Z"));
        QCOMPARE(captures.at("r-2")["outcome"].get<std::string>(), std::string("failed"));
        QCOMPARE_JSON(captures.at("r-2")["flags"], Json::array({"refused"}));
        QCOMPARE(captures.at("r-3")["outcome"].get<std::string>(), std::string("failed"));
        QCOMPARE_JSON(captures.at("r-3")["flags"], Json::array({"truncated"}));
        QCOMPARE(captures.at("r-4")["outcome"].get<std::string>(), std::string("failed")); // the call's arguments lack "age"
        QCOMPARE(captures.at("r-4")["mode"].get<std::string>(), std::string("tool"));
        const Json shownAda = shown(store, ada["id"].get<std::string>());
        QCOMPARE(shownAda["spec"]["prompt"]["system"].get<std::string>(), std::string("You describe people as JSON."));
        QCOMPARE(shownAda["spec"]["prompt"]["user"].get<std::string>(), std::string("Who is Ada?"));
        QCOMPARE_JSON(shownAda["spec"]["schema"]["required"], Json::array({"name", "age"}));
        QCOMPARE(shownAda["attempts"][0]["request"]["url"].get<std::string>(), std::string("/v1/responses"));
        const Json shownPrivate = shown(store, captures.at("r-2")["id"].get<std::string>());
        QCOMPARE(shownPrivate["spec"]["prompt"]["user"].get<std::string>(), std::string("Who is a private person?"));
        const Json cut = shown(store, captures.at("r-3")["id"].get<std::string>());
        QCOMPARE(cut["attempts"][0]["stop_reason"].get<std::string>(), std::string("max_output_tokens"));
    }

    // Anthropic Message Batches results with the requests: a forced tool's input_schema, an
    // errored request, a refusal, an expired one, and a result type that is not documented.
    void anthropicBatch()
    {
        const QString store = m_dir.filePath(QStringLiteral("anthropic-batch.db"));
        const CliRun run = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), data("anthropic_batch_results.jsonl"), QStringLiteral("--input"),
                                            data("anthropic_batch_requests.jsonl"), QStringLiteral("--store"), store});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.find("anthropic_batch_results.jsonl:5: /result/type: result.type must be succeeded, errored, canceled or expired") != std::string::npos, run.err.c_str());
        const auto captures = byLabel(listed(store), "custom_id");
        QCOMPARE(captures.size(), std::size_t(4));
        QCOMPARE(captures.at("ant-1")["outcome"].get<std::string>(), std::string("valid"));
        QCOMPARE(captures.at("ant-1")["mode"].get<std::string>(), std::string("tool"));
        QCOMPARE(captures.at("ant-1")["provider"].get<std::string>(), std::string("anthropic"));
        QCOMPARE(captures.at("ant-1")["model"].get<std::string>(), std::string("claude-sonnet-4-5-20250929"));
        QCOMPARE(captures.at("ant-1")["tokens"]["output"].get<int>(), 20);
        QCOMPARE(captures.at("ant-2")["outcome"].get<std::string>(), std::string("failed"));
        QCOMPARE_JSON(captures.at("ant-3")["flags"], Json::array({"refused"}));
        QCOMPARE(captures.at("ant-4")["outcome"].get<std::string>(), std::string("failed"));
        const Json errored = shown(store, captures.at("ant-2")["id"].get<std::string>());
        QCOMPARE(errored["attempts"][0]["error"].get<std::string>(), std::string("invalid_request_error: max_tokens: 256 > 128, which is the maximum allowed"));
        QCOMPARE(listed(store, {QStringLiteral("--source"), QStringLiteral("import"), QStringLiteral("--outcome"), QStringLiteral("valid")}).size(), std::size_t(1));
    }

    // Export as OTLP, import the export: every capture comes back with its outcome, flags,
    // counts and attempts (the JSONL exports of both stores are the same bytes); the trace
    // itself carries the findings where other OpenTelemetry tools read them.
    void otlpExportRoundTrip()
    {
        const QString a = m_dir.filePath(QStringLiteral("round-a.db"));
        runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), data("traces_current.jsonl"), QStringLiteral("--store"), a,
                         QStringLiteral("--schema"), data("person.schema.json")});
        runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), data("openai_batch_output.jsonl"), QStringLiteral("--input"),
                         data("openai_batch_input.jsonl"), QStringLiteral("--store"), a});
        const CliRun ran = runCliInProcess({QStringLiteral("run"), QStringLiteral("--scenario"), QStringLiteral("missing-field"), QStringLiteral("--store"), a});
        QCOMPARE(ran.code, 0); // repaired on the second attempt
        QCOMPARE(listed(a).size(), std::size_t(9));
        const QString traces = m_dir.filePath(QStringLiteral("round.otlp.jsonl"));
        const CliRun exported = runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("otlp"),
                                                 QStringLiteral("--store"), a, QStringLiteral("-o"), traces});
        QCOMPARE(exported.code, 0);
        QVERIFY2(exported.err.find("exported 9 capture(s) as OTLP (1 request(s))") != std::string::npos, exported.err.c_str());

        // The trace of the scenario run, read field by field.
        QFile file(traces);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const Json request = Json::parse(file.readLine().toStdString());
        const Json& spans = request["resourceSpans"][0]["scopeSpans"][0]["spans"];
        const auto attributesOf = [](const Json& span) {
            std::map<std::string, Json> out;
            for (const Json& kv : span["attributes"])
                out[kv["key"].get<std::string>()] = kv["value"];
            return out;
        };
        std::size_t runs = 0, attempts = 0;
        for (const Json& span : spans) {
            const auto attributes = attributesOf(span);
            if (span["name"] == "conform.run") {
                ++runs;
                if (attributes.at("conform.source")["stringValue"] != "run")
                    continue;
                QCOMPARE(attributes.at("conform.outcome")["stringValue"].get<std::string>(), std::string("repaired"));
                QCOMPARE(attributes.at("conform.repairs")["intValue"].get<std::string>(), std::string("1"));
                QCOMPARE(attributes.at("conform.attempts")["intValue"].get<std::string>(), std::string("2"));
                QVERIFY(!span.contains("parentSpanId"));
            } else {
                ++attempts;
                QCOMPARE(attributes.at("gen_ai.operation.name")["stringValue"].get<std::string>(), std::string("chat"));
                QVERIFY(span["parentSpanId"].is_string() && span["parentSpanId"].get<std::string>().size() == 16);
                QVERIFY(attributes.count("conform.attempt.valid") == 1 && attributes.count("conform.attempt.issues") == 1);
                if (attributes.at("conform.attempt.issues")["intValue"] != "0")
                    QVERIFY(!span["events"].empty() && span["events"][0]["name"] == "conform.issue");
            }
        }
        QCOMPARE(runs, std::size_t(9));
        QCOMPARE(attempts, std::size_t(10)); // eight one-attempt captures and the run's two

        const QString b = m_dir.filePath(QStringLiteral("round-b.db"));
        const CliRun imported = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), traces, QStringLiteral("--store"), b});
        QCOMPARE(imported.code, 0);
        QVERIFY2(imported.err.find("imported 9 capture(s)") != std::string::npos, imported.err.c_str());
        const CliRun first = runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), a});
        const CliRun second = runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--store"), b});
        QCOMPARE(QByteArray::fromStdString(second.out), QByteArray::fromStdString(first.out));
        const CliRun statsA = runCliInProcess({QStringLiteral("captures"), QStringLiteral("stats"), QStringLiteral("--store"), a, QStringLiteral("--json")});
        const CliRun statsB = runCliInProcess({QStringLiteral("captures"), QStringLiteral("stats"), QStringLiteral("--store"), b, QStringLiteral("--json")});
        QCOMPARE(QByteArray::fromStdString(statsB.out), QByteArray::fromStdString(statsA.out));
    }

    // --to URL: the export POSTed to an OTLP/HTTP receiver (Conform's own collector, in
    // process), with a header whose value is never printed; a down endpoint is one error line.
    void otlpExportToEndpoint()
    {
        const QString a = m_dir.filePath(QStringLiteral("to.db"));
        runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), data("traces_current.jsonl"), QStringLiteral("--store"), a});
        std::vector<store::Capture> received;
        otlp::Collector collector({}, [&](store::Capture c) { received.push_back(std::move(c)); });
        QVERIFY(collector.listen(QHostAddress::LocalHost, 0));
        const QString url = QStringLiteral("http://127.0.0.1:%1").arg(collector.port());
        const CliRun sent = runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("otlp"),
                                             QStringLiteral("--store"), a, QStringLiteral("--to"), url, QStringLiteral("--header"),
                                             QStringLiteral("authorization=Bearer notakey-secret-value")});
        QVERIFY2(sent.code == 0, sent.err.c_str());
        QCOMPARE(received.size(), std::size_t(4));
        QVERIFY(sent.err.find("notakey-secret-value") == std::string::npos && sent.out.find("notakey-secret-value") == std::string::npos);
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 downPort = closed.serverPort();
        closed.close();
        const CliRun down = runCliInProcess({QStringLiteral("captures"), QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("otlp"),
                                             QStringLiteral("--store"), a, QStringLiteral("--to"), QStringLiteral("http://user:pw@127.0.0.1:%1").arg(downPort),
                                             QStringLiteral("--header"), QStringLiteral("x-api-key=notakey-secret-value")});
        QCOMPARE(down.code, 2);
        QVERIFY2(down.err.rfind("conform-cli: error: captures export: ", 0) == 0, down.err.c_str());
        QVERIFY2(down.err.find("pw@") == std::string::npos && down.err.find("notakey-secret-value") == std::string::npos, down.err.c_str());
    }

    // run --otlp: the capture is sent on as it is made; with the endpoint down the run still
    // succeeds and says how many were dropped.
    void runSendsAsItCaptures()
    {
        std::vector<store::Capture> received;
        otlp::Collector collector({}, [&](store::Capture c) { received.push_back(std::move(c)); });
        QVERIFY(collector.listen(QHostAddress::LocalHost, 0));
        const CliRun live = runCliInProcess({QStringLiteral("run"), QStringLiteral("--scenario"), QStringLiteral("fenced-reply"), QStringLiteral("--no-store"),
                                             QStringLiteral("--otlp"), QStringLiteral("http://127.0.0.1:%1").arg(collector.port())});
        QCOMPARE(live.code, 0);
        QVERIFY2(live.err.find("otlp: 1 capture(s) sent, 0 dropped") != std::string::npos, live.err.c_str());
        QCOMPARE(received.size(), std::size_t(1));
        QCOMPARE(received[0].summary.outcome, 0);
        QCOMPARE(received[0].summary.model, std::string("fenced-reply"));

        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 downPort = closed.serverPort();
        closed.close();
        const CliRun down = runCliInProcess({QStringLiteral("run"), QStringLiteral("--scenario"), QStringLiteral("fenced-reply"), QStringLiteral("--no-store"),
                                             QStringLiteral("--otlp"), QStringLiteral("http://127.0.0.1:%1").arg(downPort)});
        QCOMPARE(down.code, 0);
        QVERIFY2(down.err.find("otlp: 0 capture(s) sent, 1 dropped") != std::string::npos, down.err.c_str());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestOtlpImport)
#include "test_otlp_import.moc"
