// Request building and response parsing of the three adapters: pure functions, no network.
#include "test_registry.h"

#include "providers/anthropic.h"
#include "providers/ollama.h"
#include "providers/openai.h"
#include "base/json_access.h"
#include "providers/provider.h"

#include <QTest>

// Json in QCOMPARE drags in Qt's float16 traits; compare the serialised forms instead.
#define QCOMPARE_JSON(a, b) QCOMPARE(QString::fromStdString(Json(a).dump()), QString::fromStdString(Json(b).dump()))

using namespace conform;
using namespace conform::providers;

// The rows hold JSON with escaped quotes in raw strings, which moc cannot read: they live
// in wire_rows.cpp, a file moc never sees.
void addResponseRows();

namespace {

const Json kSchema = Json::parse(R"({"type":"object","properties":{"verdict":{"type":"string"}},"required":["verdict"],"additionalProperties":false})");

Conversation simpleConversation()
{
    return Conversation{"You are a careful judge.", {Message::user("Judge the case.")}};
}

Json bodyOf(ProviderKind kind, Mode mode, const Conversation& conversation = simpleConversation())
{
    RequestOptions options;
    options.model = "m-1";
    const HttpRequest request = adapterFor(kind).buildRequest(conversation, kSchema, mode, options, {"http://h:1", "notakey-test-SECRET123"});
    return Json::parse(request.body);
}

} // namespace

class WireTest : public QObject
{
    Q_OBJECT
private slots:
    void requestBody_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("expected"); // JSON text, or "<absent>"
        const QString schema = QString::fromStdString(kSchema.dump());
        QTest::newRow("anthropic strict format") << "anthropic" << "strict" << "/output_config/format/type" << "\"json_schema\"";
        QTest::newRow("anthropic strict schema") << "anthropic" << "strict" << "/output_config/format/schema" << schema;
        QTest::newRow("anthropic strict no tools") << "anthropic" << "strict" << "/tools" << "<absent>";
        QTest::newRow("anthropic tool choice") << "anthropic" << "tool" << "/tool_choice" << R"({"type":"tool","name":"respond"})";
        QTest::newRow("anthropic tool schema") << "anthropic" << "tool" << "/tools/0/input_schema" << schema;
        QTest::newRow("anthropic system") << "anthropic" << "tool" << "/system" << "\"You are a careful judge.\"";
        QTest::newRow("anthropic max_tokens") << "anthropic" << "text" << "/max_tokens" << "1024";
        QTest::newRow("anthropic json-object no format") << "anthropic" << "json-object" << "/output_config" << "<absent>";
        QTest::newRow("openai strict") << "openai" << "strict" << "/response_format/json_schema/strict" << "true";
        QTest::newRow("openai strict name") << "openai" << "strict" << "/response_format/json_schema/name" << "\"response\"";
        QTest::newRow("openai strict schema") << "openai" << "strict" << "/response_format/json_schema/schema" << schema;
        QTest::newRow("openai tool type") << "openai" << "tool" << "/tools/0/type" << "\"function\"";
        QTest::newRow("openai tool parameters") << "openai" << "tool" << "/tools/0/function/parameters" << schema;
        QTest::newRow("openai tool choice") << "openai" << "tool" << "/tool_choice" << R"({"type":"function","function":{"name":"respond"}})";
        QTest::newRow("openai json-object") << "openai" << "json-object" << "/response_format" << R"({"type":"json_object"})";
        QTest::newRow("openai system first") << "openai" << "strict" << "/messages/0/role" << "\"system\"";
        QTest::newRow("openai user second") << "openai" << "strict" << "/messages/1/content" << "\"Judge the case.\"";
        QTest::newRow("openai text no format") << "openai" << "text" << "/response_format" << "<absent>";
        QTest::newRow("responses strict") << "openai-responses" << "strict" << "/text/format" << (QStringLiteral(R"({"type":"json_schema","name":"response","schema":)") + schema + QStringLiteral(R"(,"strict":true})"));
        QTest::newRow("responses strict no tools") << "openai-responses" << "strict" << "/tools" << "<absent>";
        QTest::newRow("responses tool") << "openai-responses" << "tool" << "/tools/0/parameters" << schema;
        QTest::newRow("responses tool name") << "openai-responses" << "tool" << "/tools/0/name" << "\"respond\"";
        QTest::newRow("responses tool choice") << "openai-responses" << "tool" << "/tool_choice" << R"({"type":"function","name":"respond"})";
        QTest::newRow("responses json-object") << "openai-responses" << "json-object" << "/text/format" << R"({"type":"json_object"})";
        QTest::newRow("responses text no format") << "openai-responses" << "text" << "/text" << "<absent>";
        QTest::newRow("responses instructions") << "openai-responses" << "strict" << "/instructions" << "\"You are a careful judge.\"";
        QTest::newRow("responses input") << "openai-responses" << "strict" << "/input/0" << R"({"role":"user","content":"Judge the case."})";
        QTest::newRow("responses max_output_tokens") << "openai-responses" << "text" << "/max_output_tokens" << "1024";
        QTest::newRow("responses store false") << "openai-responses" << "text" << "/store" << "false";
        QTest::newRow("responses no previous_response_id") << "openai-responses" << "text" << "/previous_response_id" << "<absent>";
        QTest::newRow("ollama strict format") << "ollama" << "strict" << "/format" << schema;
        QTest::newRow("ollama json format") << "ollama" << "json-object" << "/format" << "\"json\"";
        QTest::newRow("ollama no stream") << "ollama" << "strict" << "/stream" << "false";
        QTest::newRow("ollama num_predict") << "ollama" << "text" << "/options/num_predict" << "1024";
        QTest::newRow("ollama text no format") << "ollama" << "text" << "/format" << "<absent>";
    }

    void requestBody()
    {
        QFETCH(QString, provider);
        QFETCH(QString, mode);
        QFETCH(QString, pointer);
        QFETCH(QString, expected);
        const Json body = bodyOf(*parseProviderKind(provider.toStdString()), *parseMode(mode.toStdString()));
        const Json::json_pointer at(pointer.toStdString());
        if (expected == QLatin1String("<absent>")) {
            QVERIFY2(!body.contains(at), body.dump().c_str());
            return;
        }
        QVERIFY2(body.contains(at), body.dump().c_str());
        QCOMPARE(QString::fromStdString(body.at(at).dump()), QString::fromStdString(Json::parse(expected.toStdString()).dump()));
    }

    void jsonModesCarryTheSchemaInTheSystemPrompt_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("pointer");
        QTest::newRow("anthropic") << "anthropic" << "/system";
        QTest::newRow("openai") << "openai" << "/messages/0/content";
        QTest::newRow("ollama") << "ollama" << "/messages/0/content";
    }

    void jsonModesCarryTheSchemaInTheSystemPrompt()
    {
        QFETCH(QString, provider);
        QFETCH(QString, pointer);
        const Json body = bodyOf(*parseProviderKind(provider.toStdString()), Mode::JsonObject);
        const std::string system = body.at(Json::json_pointer(pointer.toStdString())).get<std::string>();
        QVERIFY(system.find("You are a careful judge.") == 0);
        QVERIFY(system.find("\"verdict\"") != std::string::npos);
        QVERIFY(system.find("JSON") != std::string::npos); // OpenAI's json_object mode requires it
    }

    void urls_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("recorded"); // the URL in the recorded request
        auto row = [](const char* tag, const char* provider, const char* base, const char* url, const char* recorded = nullptr) {
            QTest::newRow(tag) << provider << base << url << (recorded ? recorded : url);
        };
        row("anthropic", "anthropic", "https://api.anthropic.com", "https://api.anthropic.com/v1/messages");
        row("anthropic slash", "anthropic", "http://h:1/", "http://h:1/v1/messages");
        row("openai v1", "openai", "https://api.openai.com/v1", "https://api.openai.com/v1/chat/completions");
        row("openai bare", "openai", "http://127.0.0.1:8080", "http://127.0.0.1:8080/v1/chat/completions");
        row("ollama", "ollama", "http://localhost:11434", "http://localhost:11434/api/chat");
        // A query in the base URL stays the query; the path goes before it.
        row("anthropic query", "anthropic", "http://127.0.0.1:9/?key=K", "http://127.0.0.1:9/v1/messages?key=K",
            "http://127.0.0.1:9/v1/messages?key=***");
        row("openai query", "openai", "http://127.0.0.1:9/?key=K", "http://127.0.0.1:9/v1/chat/completions?key=K",
            "http://127.0.0.1:9/v1/chat/completions?key=***");
        row("openai v1 query", "openai", "http://127.0.0.1:9/openai/v1/?api-version=2024-06-01&key=K",
            "http://127.0.0.1:9/openai/v1/chat/completions?api-version=2024-06-01&key=K",
            "http://127.0.0.1:9/openai/v1/chat/completions?api-version=2024-06-01&key=***");
        row("ollama query", "ollama", "http://127.0.0.1:9?key=K", "http://127.0.0.1:9/api/chat?key=K",
            "http://127.0.0.1:9/api/chat?key=***");
        row("ollama prefix query fragment", "ollama", "http://127.0.0.1:9/ollama?key=K#top", "http://127.0.0.1:9/ollama/api/chat?key=K",
            "http://127.0.0.1:9/ollama/api/chat?key=***");
    }

    void urls()
    {
        QFETCH(QString, provider);
        QFETCH(QString, base);
        QFETCH(QString, url);
        QFETCH(QString, recorded);
        const HttpRequest request = adapterFor(*parseProviderKind(provider.toStdString()))
                                        .buildRequest(simpleConversation(), kSchema, Mode::Text, {}, {base.toStdString(), {}});
        QCOMPARE(QString::fromStdString(request.url), url);
        QCOMPARE(QString::fromStdString(request.toJson()["url"].get<std::string>()), recorded);
    }

    void credentialsAreSentButNeverRecorded_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("recorded");
        QTest::newRow("anthropic") << "anthropic" << "x-api-key" << "[redacted]";
        QTest::newRow("openai") << "openai" << "authorization" << "Bearer [redacted]";
    }

    void credentialsAreSentButNeverRecorded()
    {
        QFETCH(QString, provider);
        QFETCH(QString, header);
        QFETCH(QString, recorded);
        const HttpRequest request = adapterFor(*parseProviderKind(provider.toStdString()))
                                        .buildRequest(simpleConversation(), kSchema, Mode::Tool, {}, {"http://h:1", "notakey-test-SECRET123"});
        QCOMPARE(request.credentials.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(request.credentials[0].first), header);
        QVERIFY(request.credentials[0].second.find("notakey-test-SECRET123") != std::string::npos);
        for (const auto& h : request.headers)
            QVERIFY(h.second.find("SECRET123") == std::string::npos);
        QVERIFY(request.body.find("SECRET123") == std::string::npos);
        const Json recordedJson = request.toJson();
        QVERIFY(recordedJson.dump().find("SECRET123") == std::string::npos);
        QCOMPARE(QString::fromStdString(recordedJson["headers"][header.toStdString()].get<std::string>()), recorded);
    }

    void toolRepairTurnIsNative()
    {
        Conversation c = simpleConversation();
        c.messages.push_back(Message::assistantCall(ToolCall{"call_7", "respond", R"({"verdict": 3})"}));
        c.messages.push_back(Message::toolError("call_7", "verdict: Expected string, received number"));
        const Json anthropic = bodyOf(ProviderKind::Anthropic, Mode::Tool, c);
        QCOMPARE_JSON(anthropic["messages"][1]["content"][0]["type"], Json("tool_use"));
        QCOMPARE_JSON(anthropic["messages"][1]["content"][0]["input"], Json::parse(R"({"verdict": 3})"));
        const Json result = anthropic["messages"][2];
        QCOMPARE_JSON(result["role"], Json("user"));
        QCOMPARE_JSON(result["content"][0]["type"], Json("tool_result"));
        QCOMPARE_JSON(result["content"][0]["tool_use_id"], Json("call_7"));
        QCOMPARE_JSON(result["content"][0]["is_error"], Json(true));
        const Json openai = bodyOf(ProviderKind::OpenAI, Mode::Tool, c);
        QCOMPARE_JSON(openai["messages"][2]["tool_calls"][0]["function"]["arguments"], Json(R"({"verdict": 3})"));
        QCOMPARE_JSON(openai["messages"][3]["role"], Json("tool"));
        QCOMPARE_JSON(openai["messages"][3]["tool_call_id"], Json("call_7"));
    }

    void responses_data() { addResponseRows(); }

    void responses()
    {
        QFETCH(QString, provider);
        QFETCH(int, status);
        QFETCH(QString, body);
        QFETCH(QString, raw);
        QFETCH(QString, stop);
        QFETCH(bool, truncated);
        QFETCH(bool, refused);
        QFETCH(int, input);
        QFETCH(int, output);
        QFETCH(int, cached);
        QFETCH(QString, error);
        const Reply reply = adapterFor(*parseProviderKind(provider.toStdString())).parseResponse(HttpResponse{status, {}, body.toStdString()});
        if (status >= 400 || !error.isEmpty()) {
            QVERIFY(reply.error.has_value());
            QCOMPARE(QString::fromStdString(reply.error->type), error);
            QVERIFY(!reply.error->message.empty());
            return;
        }
        QVERIFY(!reply.error);
        QCOMPARE(QString::fromStdString(reply.raw()), raw);
        QCOMPARE(QString::fromStdString(reply.stopReason), stop);
        QCOMPARE(reply.truncated(), truncated);
        QCOMPARE(reply.refused(), refused);
        QCOMPARE(reply.usage.inputTokens, std::int64_t(input));
        QCOMPARE(reply.usage.outputTokens, std::int64_t(output));
        QCOMPARE(reply.usage.cachedTokens, std::int64_t(cached));
    }

    void modeRefusals_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        QTest::addColumn<bool>("refuses");
        QTest::newRow("schema 400") << 400 << "Invalid schema for response_format 'x': allOf is not permitted" << true;
        QTest::newRow("output_config 400") << 400 << "output_config.format: unsupported" << true;
        QTest::newRow("tools 400") << 400 << "tools.0.input_schema: type must be object" << true;
        QTest::newRow("tool_choice 400") << 400 << "tool_choice is not supported with this model" << true;
        QTest::newRow("other 400") << 400 << "messages: roles must alternate" << false;
        QTest::newRow("429") << 429 << "schema rate limit" << false;
    }

    void modeRefusals()
    {
        QFETCH(int, status);
        QFETCH(QString, message);
        QFETCH(bool, refuses);
        QCOMPARE((ProviderError{status, "invalid_request_error", message.toStdString()}.refusesMode()), refuses);
    }

    void ollamaTags()
    {
        const HttpRequest request = ollamaTagsRequest({"http://localhost:11434", {}});
        QCOMPARE(QString::fromStdString(request.method), QStringLiteral("GET"));
        QCOMPARE(QString::fromStdString(request.url), QStringLiteral("http://localhost:11434/api/tags"));
        const char* body = "{\"models\":[{\"name\":\"llama3.1:8b\",\"model\":\"llama3.1:8b\",\"size\":4920753328,"
                           "\"details\":{\"family\":\"llama\",\"parameter_size\":\"8.0B\"}}]}";
        const auto models = parseOllamaTags(HttpResponse{200, {}, body});
        QVERIFY(models.ok());
        QCOMPARE(models->size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(models->front().name), QStringLiteral("llama3.1:8b"));
        QCOMPARE(QString::fromStdString(models->front().parameterSize), QStringLiteral("8.0B"));
        QCOMPARE(models->front().size, std::int64_t(4920753328));
        const auto failed = parseOllamaTags(HttpResponse{500, {}, "{\"error\":\"boom\"}"});
        QVERIFY(!failed.ok());
        QVERIFY(failed.error().message.find("boom") != std::string::npos);
    }

    void garbageNeverThrows_data()
    {
        QTest::addColumn<QString>("body");
        QTest::newRow("empty") << "";
        QTest::newRow("array") << "[1,2]";
        QTest::newRow("choices string") << R"({"choices":"x","content":5,"message":7})";
        QTest::newRow("deep") << QString(5000, QLatin1Char('['));
        QTest::newRow("wrong types") << R"({"content":[{"type":"text","text":5},{"type":"tool_use"}],"usage":{"input_tokens":"x"}})";
    }

    void garbageNeverThrows()
    {
        QFETCH(QString, body);
        for (ProviderKind kind : {ProviderKind::Anthropic, ProviderKind::OpenAI, ProviderKind::Ollama}) {
            const Reply reply = adapterFor(kind).parseResponse(HttpResponse{200, {}, body.toStdString()});
            // Garbage is never read as an answer: no text, no usage (a count of the wrong type
            // is unknown, -1, never read as a number), no stop reason to act on.
            const std::string name(providerName(kind));
            QVERIFY2(reply.text.empty(), name.c_str());
            for (const std::int64_t count : {reply.usage.inputTokens, reply.usage.outputTokens, reply.usage.cachedTokens})
                QVERIFY2(count == 0 || count == conform::kUnknownTokens, name.c_str());
            QVERIFY2(!reply.stop && !reply.truncated() && !reply.refused(), name.c_str());
        }
    }
};

CONFORM_TEST_CLASS(WireTest);

#include "test_wire.moc"
