// Stream decoders: the same events whatever the chunk boundaries (every size from 1 byte).
#include "test_registry.h"

#include "providers/provider.h"
#include "providers/sse.h"

#include <QTest>

using namespace conform;
using namespace conform::providers;

namespace {

const std::string kAnthropicStream =
    "event: message_start\r\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":25,\"output_tokens\":1}}}\r\n\r\n"
    "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"
    ": keep-alive comment\n\n"
    "event: ping\ndata: {\"type\":\"ping\"}\n\n"
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"{\\\"verdict\\\": \"}}\n\n"
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"\\\"caf\xc3\xa9\\\"}\"}}\n\n"
    "event: some_future_event\ndata: {\"type\":\"some_future_event\"}\n\n"
    "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
    "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":15}}\n\n"
    "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";

const std::string kAnthropicToolStream =
    "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":9}}}\n\n"
    "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"respond\",\"input\":{}}}\n\n"
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"a\\\":\"}}\n\n"
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\" [1, 2]}\"}}\n\n"
    "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"},\"usage\":{\"output_tokens\":7}}\n\n"
    "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";

const std::string kAnthropicErrorStream =
    "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":9}}}\n\n"
    "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n";

const std::string kOpenAiStream =
    "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\n\n"
    "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"{\\\"verdict\\\": \"}}]}\n\n"
    "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\\\"caf\xc3\xa9\\\"}\"}}]}\n\n"
    "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
    "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":25,\"completion_tokens\":15,\"prompt_tokens_details\":{\"cached_tokens\":4}}}\n\n"
    "data: [DONE]\n\n";

const std::string kOpenAiToolStream =
    "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"respond\",\"arguments\":\"\"}}]}}]}\n\n"
    "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"a\\\":\"}}]}}]}\n\n"
    "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\" [1, 2]}\"}}]}}]}\n\n"
    "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
    "data: [DONE]\n\n";

// The Responses API's typed events, as the live API sends them (event: lines, sequence numbers).
const std::string kResponsesStream =
    "event: response.created\ndata: {\"type\":\"response.created\",\"sequence_number\":0,\"response\":{\"id\":\"resp_1\",\"status\":\"in_progress\",\"output\":[],\"usage\":null}}\n\n"
    "event: response.output_item.added\ndata: {\"type\":\"response.output_item.added\",\"sequence_number\":1,\"output_index\":0,\"item\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[]}}\n\n"
    "event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"sequence_number\":2,\"item_id\":\"msg_1\",\"output_index\":0,\"content_index\":0,\"delta\":\"{\\\"verdict\\\": \"}\n\n"
    "event: response.output_text.delta\r\ndata: {\"type\":\"response.output_text.delta\",\"sequence_number\":3,\"item_id\":\"msg_1\",\"output_index\":0,\"content_index\":0,\"delta\":\"\\\"caf\xc3\xa9\\\"}\"}\r\n\r\n"
    "event: response.completed\ndata: {\"type\":\"response.completed\",\"sequence_number\":4,\"response\":{\"id\":\"resp_1\",\"status\":\"completed\",\"output\":[],\"usage\":{\"input_tokens\":25,\"output_tokens\":15,\"input_tokens_details\":{\"cached_tokens\":0},\"output_tokens_details\":{\"reasoning_tokens\":4}}}}\n\n";

const std::string kResponsesToolStream =
    "event: response.output_item.added\ndata: {\"type\":\"response.output_item.added\",\"output_index\":0,\"item\":{\"type\":\"reasoning\",\"id\":\"rs_1\"}}\n\n"
    "event: response.output_item.added\ndata: {\"type\":\"response.output_item.added\",\"output_index\":1,\"item\":{\"type\":\"function_call\",\"id\":\"fc_1\",\"call_id\":\"call_1\",\"name\":\"respond\",\"arguments\":\"\"}}\n\n"
    "event: response.function_call_arguments.delta\ndata: {\"type\":\"response.function_call_arguments.delta\",\"output_index\":1,\"delta\":\"{\\\"a\\\":\"}\n\n"
    "event: response.function_call_arguments.delta\ndata: {\"type\":\"response.function_call_arguments.delta\",\"output_index\":1,\"delta\":\" [1, 2]}\"}\n\n"
    "event: response.incomplete\ndata: {\"type\":\"response.incomplete\",\"response\":{\"status\":\"incomplete\",\"incomplete_details\":{\"reason\":\"max_output_tokens\"},\"output\":[],\"usage\":{\"input_tokens\":9,\"output_tokens\":7}}}\n\n";

const std::string kResponsesErrorStream =
    "event: response.created\ndata: {\"type\":\"response.created\",\"response\":{\"status\":\"in_progress\",\"output\":[]}}\n\n"
    "event: error\ndata: {\"type\":\"error\",\"code\":\"server_error\",\"message\":\"The server had an error\",\"param\":null}\n\n";

const std::string kOllamaStream =
    "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"{\\\"verdict\\\": \"},\"done\":false}\n"
    "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"\\\"caf\xc3\xa9\\\"}\"},\"done\":false}\r\n"
    "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,\"done_reason\":\"stop\",\"prompt_eval_count\":25,\"eval_count\":15}\n";

const std::string kOllamaErrorStream =
    "{\"message\":{\"content\":\"{\"},\"done\":false}\n{\"error\":\"model crashed\"}\n";

struct Decoded
{
    Reply reply;
    bool complete = false;
    std::string deltas; // concatenated text and tool-input deltas
    int errors = 0;
};

Decoded decode(ProviderKind kind, const std::string& body, std::size_t chunk)
{
    auto decoder = adapterFor(kind).streamDecoder();
    Decoded out;
    const auto take = [&out](const std::vector<StreamEvent>& events) {
        for (const StreamEvent& e : events) {
            if (e.kind == StreamEvent::Kind::TextDelta || e.kind == StreamEvent::Kind::ToolInputDelta)
                out.deltas += e.text;
            out.errors += e.kind == StreamEvent::Kind::Error ? 1 : 0;
        }
    };
    for (std::size_t at = 0; at < body.size(); at += chunk)
        take(decoder->feed(std::string_view(body).substr(at, chunk)));
    take(decoder->finish());
    out.reply = decoder->reply();
    out.complete = decoder->complete();
    return out;
}

} // namespace

class StreamTest : public QObject
{
    Q_OBJECT
private slots:
    void decoders_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("stop");
        QTest::addColumn<int>("input");
        QTest::addColumn<int>("output");
        QTest::addColumn<bool>("complete");
        QTest::addColumn<bool>("error");
        const QString text = QString::fromUtf8("{\"verdict\": \"caf\xc3\xa9\"}");
        QTest::newRow("anthropic text") << "anthropic" << QByteArray::fromStdString(kAnthropicStream) << text << "end_turn" << 25 << 15 << true << false;
        QTest::newRow("anthropic tool") << "anthropic" << QByteArray::fromStdString(kAnthropicToolStream) << "{\"a\": [1, 2]}" << "tool_use" << 9 << 7 << true << false;
        QTest::newRow("anthropic error") << "anthropic" << QByteArray::fromStdString(kAnthropicErrorStream) << "" << "" << 9 << 0 << false << true;
        QTest::newRow("anthropic cut") << "anthropic" << QByteArray::fromStdString(kAnthropicStream.substr(0, 700)) << "" << "" << 25 << 1 << false << false;
        QTest::newRow("openai text") << "openai" << QByteArray::fromStdString(kOpenAiStream) << text << "stop" << 25 << 15 << true << false;
        QTest::newRow("openai tool") << "openai" << QByteArray::fromStdString(kOpenAiToolStream) << "{\"a\": [1, 2]}" << "tool_calls" << 0 << 0 << true << false;
        QTest::newRow("openai-responses text") << "openai-responses" << QByteArray::fromStdString(kResponsesStream) << text << "completed" << 25 << 15 << true << false;
        QTest::newRow("openai-responses tool, max_output_tokens") << "openai-responses" << QByteArray::fromStdString(kResponsesToolStream) << "{\"a\": [1, 2]}" << "max_output_tokens" << 9 << 7 << true << false;
        QTest::newRow("openai-responses error") << "openai-responses" << QByteArray::fromStdString(kResponsesErrorStream) << "" << "" << 0 << 0 << false << true;
        QTest::newRow("openai-responses cut") << "openai-responses" << QByteArray::fromStdString(kResponsesStream.substr(0, 600)) << "" << "" << 0 << 0 << false << false;
        QTest::newRow("ollama") << "ollama" << QByteArray::fromStdString(kOllamaStream) << text << "stop" << 25 << 15 << true << false;
        QTest::newRow("ollama error") << "ollama" << QByteArray::fromStdString(kOllamaErrorStream) << "{" << "" << 0 << 0 << false << true;
    }

    // Every chunk size from 1 byte to the whole body gives the same result.
    void decoders()
    {
        QFETCH(QString, provider);
        QFETCH(QByteArray, body);
        QFETCH(QString, raw);
        QFETCH(QString, stop);
        QFETCH(int, input);
        QFETCH(int, output);
        QFETCH(bool, complete);
        QFETCH(bool, error);
        const ProviderKind kind = *parseProviderKind(provider.toStdString());
        for (std::size_t chunk = 1; chunk <= static_cast<std::size_t>(body.size()); chunk += chunk < 16 ? 1 : 37) {
            const Decoded d = decode(kind, body.toStdString(), chunk);
            const QByteArray where = "chunk size " + QByteArray::number(static_cast<qulonglong>(chunk));
            if (raw.isEmpty() && !error) { // the cut stream: only check that it is incomplete
                QVERIFY2(!d.complete, where.constData());
                continue;
            }
            QVERIFY2(QString::fromStdString(d.reply.raw()) == raw, QByteArray(where + ": " + QByteArray::fromStdString(d.reply.raw())).constData());
            QVERIFY2(QString::fromStdString(d.deltas) == raw, where.constData());
            QVERIFY2(QString::fromStdString(d.reply.stopReason) == stop, where.constData());
            QVERIFY2(d.reply.usage.inputTokens == input, where.constData());
            QVERIFY2(d.reply.usage.outputTokens == output, where.constData());
            QVERIFY2(d.complete == complete, where.constData());
            QVERIFY2(d.reply.error.has_value() == error && (d.errors > 0) == error, where.constData());
        }
    }

    void sseFraming_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<QStringList>("expected"); // "event|data" per event
        QTest::newRow("lf") << QByteArray("event: a\ndata: 1\n\n") << QStringList{"a|1"};
        QTest::newRow("crlf") << QByteArray("event: a\r\ndata: 1\r\n\r\n") << QStringList{"a|1"};
        QTest::newRow("cr") << QByteArray("event: a\rdata: 1\r\r") << QStringList{"a|1"};
        QTest::newRow("multi-line data") << QByteArray("data: x\ndata: y\n\n") << QStringList{"|x\ny"};
        QTest::newRow("no space") << QByteArray("data:z\n\n") << QStringList{"|z"};
        QTest::newRow("comment and no data") << QByteArray(": hi\nevent: e\n\n") << QStringList{};
        QTest::newRow("unterminated at end") << QByteArray("data: last") << QStringList{"|last"};
        QTest::newRow("two") << QByteArray("data: 1\n\ndata: 2\n\n") << QStringList{"|1", "|2"};
    }

    void sseFraming()
    {
        QFETCH(QByteArray, stream);
        QFETCH(QStringList, expected);
        for (qsizetype chunk = 1; chunk <= stream.size(); ++chunk) {
            SseDecoder decoder;
            QStringList got;
            const auto take = [&got](const std::vector<SseEvent>& events) {
                for (const SseEvent& e : events)
                    got << QString::fromStdString(e.event + "|" + e.data);
            };
            for (qsizetype at = 0; at < stream.size(); at += chunk)
                take(decoder.feed(std::string_view(stream.constData() + at, std::min(chunk, stream.size() - at))));
            take(decoder.finish());
            QCOMPARE(got, expected);
        }
    }

    void hugeLineStaysBounded()
    {
        LineDecoder lines;
        const std::string block(1024 * 1024, 'x');
        for (int i = 0; i < 20; ++i)
            QVERIFY(lines.feed(block).empty());
        const auto last = lines.feed("\n");
        QCOMPARE(last.size(), std::size_t(1));
        QCOMPARE(last[0].size(), kMaxLineBytes);
    }
};

CONFORM_TEST_CLASS(StreamTest);

#include "test_streams.moc"
