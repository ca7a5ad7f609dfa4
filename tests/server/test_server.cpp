// The replay server in-process: each protocol, JSON and streamed, text and tool shapes,
// turn order, sessions and the request log.
#include "server_fixture.h"

#include "providers/scenario.h"

using namespace conform;
using namespace conform::test;

namespace {

// A text longer than one streamed delta, with multi-byte characters to cut around.
const std::string kText = R"({"a": 1, "note": "naïve café — ünïcödé 日本語, long enough to need several deltas"})";

const char* const kScenarios[] = {
    R"({"name": "texty", "description": "d", "turns": [{"text": "TEXT", "usage": {"input_tokens": 10, "output_tokens": 5, "cached_tokens": 2}}]})",
    R"({"name": "tooly", "description": "d", "turns": [{"tool_input": {"b": [1, "é"]}, "tool_name": "submit"}]})",
    R"({"name": "seq", "description": "d", "turns": [{"text": "one"}, {"text": "two"}, {"text": "three"}]})",
    R"({"name": "refuse", "description": "d", "turns": [{"text": "I will not.", "stop_reason": "refusal"}]})",
    R"({"name": "faults", "description": "d", "turns": [{"status": 429, "headers": {"retry-after": "2", "retry-after-ms": "1500"}},
        {"status": 529}, {"status": 500, "body": {"custom": true}}, {"status": 503, "body": "plain words"}, {"text": "ok"}]})",
    R"({"name": "drop", "description": "d", "turns": [{"text": "LONG", "drop_after_bytes": 100}]})",
    R"({"name": "stall", "description": "d", "turns": [{"text": "slow but sure", "stall_ms": 400}]})",
    R"({"name": "delay", "description": "d", "turns": [{"text": "late", "delay_ms": 300}]})",
};

std::string expand(std::string text)
{
    const auto replace = [&](const std::string& from, const std::string& to) {
        if (const auto at = text.find(from); at != std::string::npos)
            text.replace(at, from.size(), to);
    };
    replace("TEXT", Json(kText).dump().substr(1, Json(kText).dump().size() - 2));
    replace("LONG", std::string(2000, 'x'));
    return text;
}

// Reassembled Anthropic stream: the text, the tool input JSON text, the stop reason, and
// the event types in order.
struct AnthropicStream
{
    std::string text, partialJson, stopReason, toolName;
    QList<QByteArray> events;
};

AnthropicStream readAnthropicStream(const QByteArray& body)
{
    AnthropicStream out;
    for (const auto& [event, data] : parseSse(body)) {
        out.events.append(event);
        const Json json = Json::parse(data.toStdString(), nullptr, false);
        if (json.is_discarded() || json.value("type", "") != event.toStdString())
            out.events.append("MISMATCH");
        else if (event == "content_block_delta" && json["delta"]["type"] == "text_delta")
            out.text += json["delta"]["text"].get<std::string>();
        else if (event == "content_block_delta" && json["delta"]["type"] == "input_json_delta")
            out.partialJson += json["delta"]["partial_json"].get<std::string>();
        else if (event == "content_block_start" && json["content_block"]["type"] == "tool_use")
            out.toolName = json["content_block"]["name"].get<std::string>();
        else if (event == "message_delta")
            out.stopReason = json["delta"]["stop_reason"].get<std::string>();
    }
    return out;
}

struct OpenAiStream
{
    std::string content, refusal, arguments, toolName, finish;
    Json usage;
    bool done = false;
    int chunks = 0;
};

OpenAiStream readOpenAiStream(const QByteArray& body)
{
    OpenAiStream out;
    for (const auto& [event, data] : parseSse(body)) {
        if (data == "[DONE]") {
            out.done = true;
            continue;
        }
        const Json chunk = Json::parse(data.toStdString(), nullptr, false);
        ++out.chunks;
        if (chunk.contains("usage") && chunk["usage"].is_object())
            out.usage = chunk["usage"];
        if (chunk.is_discarded() || chunk["choices"].empty())
            continue;
        const Json& choice = chunk["choices"][0];
        const Json& delta = choice["delta"];
        if (delta.contains("content") && delta["content"].is_string())
            out.content += delta["content"].get<std::string>();
        if (delta.contains("refusal") && delta["refusal"].is_string())
            out.refusal += delta["refusal"].get<std::string>();
        if (delta.contains("tool_calls")) {
            const Json& fn = delta["tool_calls"][0]["function"];
            if (fn.contains("name"))
                out.toolName = fn["name"].get<std::string>();
            out.arguments += fn.value("arguments", "");
        }
        if (choice["finish_reason"].is_string())
            out.finish = choice["finish_reason"].get<std::string>();
    }
    return out;
}

} // namespace

QUrl TestServer::url(const char* path) const
{
    QUrl base = m_server->url();
    base.setPath(QLatin1String(path));
    return base;
}

HttpResult TestServer::post(const char* path, const Json& body, const std::map<QByteArray, QByteArray>& headers)
{
    return send(m_nam, "POST", url(path), QByteArray::fromStdString(body.dump()), headers);
}

HttpResult TestServer::get(const char* path, const std::map<QByteArray, QByteArray>& headers)
{
    return send(m_nam, "GET", url(path), {}, headers);
}

Json TestServer::parse(const QByteArray& bytes)
{
    const Json json = Json::parse(bytes.toStdString(), nullptr, false);
    return json.is_discarded() ? Json() : json;
}

Json TestServer::anthropicRequest(const char* model, bool stream)
{
    return Json{{"model", model}, {"max_tokens", 256}, {"stream", stream},
                {"messages", Json::array({{{"role", "user"}, {"content", "hi"}}})}};
}

Json TestServer::openAiRequest(const char* model, bool stream)
{
    return Json{{"model", model}, {"stream", stream}, {"messages", Json::array({{{"role", "user"}, {"content", "hi"}}})}};
}

Json TestServer::ollamaRequest(const char* model, std::optional<bool> stream)
{
    Json request{{"model", model}, {"messages", Json::array({{{"role", "user"}, {"content", "hi"}}})}};
    if (stream)
        request["stream"] = *stream;
    return request;
}

void TestServer::initTestCase()
{
    std::vector<providers::Scenario> scenarios;
    for (const char* text : kScenarios) {
        auto scenario = providers::parseScenarioText(expand(text));
        QVERIFY2(scenario.ok(), scenario.ok() ? "" : scenario.error().toString().c_str());
        scenarios.push_back(std::move(scenario).value());
    }
    m_server = std::make_unique<server::ReplayServer>(std::move(scenarios));
    QVERIFY(m_server->listen().ok());
    QVERIFY(m_server->port() > 0);
    connect(m_server.get(), &server::ReplayServer::requestHandled, this,
            [this](const server::RequestLog& log) { m_logs.push_back(log); });
}

void TestServer::init()
{
    m_server->resetSessions();
    m_logs.clear();
}

void TestServer::anthropicText_data()
{
    QTest::addColumn<bool>("stream");
    QTest::newRow("json") << false;
    QTest::newRow("sse") << true;
}

void TestServer::anthropicText()
{
    QFETCH(bool, stream);
    const HttpResult r = post("/v1/messages", anthropicRequest("texty", stream), {{"x-api-key", "fake-ant-secret"}});
    QCOMPARE(r.status, 200);
    QVERIFY(r.header("request-id").startsWith("req_"));
    if (!stream) {
        QCOMPARE(r.header("content-type"), QByteArray("application/json"));
        const Json body = parse(r.body);
        QCOMPARE_JSON(body["type"], Json("message"));
        QCOMPARE_JSON(body["model"], Json("texty"));
        QCOMPARE_JSON(body["content"][0]["type"], Json("text"));
        QCOMPARE(body["content"][0]["text"].get<std::string>(), kText);
        QCOMPARE_JSON(body["stop_reason"], Json("end_turn"));
        QCOMPARE_JSON(body["usage"]["input_tokens"], Json(10));
        QCOMPARE_JSON(body["usage"]["output_tokens"], Json(5));
        QCOMPARE_JSON(body["usage"]["cache_read_input_tokens"], Json(2));
        return;
    }
    QVERIFY(r.header("content-type").startsWith("text/event-stream"));
    const AnthropicStream s = readAnthropicStream(r.body);
    QCOMPARE(s.text, kText);
    QCOMPARE(s.stopReason, std::string("end_turn"));
    QCOMPARE(s.events.first(), QByteArray("message_start"));
    QVERIFY(s.events.contains("ping"));
    QVERIFY(s.events.count("content_block_delta") > 2);
    QVERIFY(!s.events.contains("MISMATCH"));
    QCOMPARE(s.events.mid(s.events.size() - 3),
             (QList<QByteArray>{"content_block_stop", "message_delta", "message_stop"}));
}

void TestServer::anthropicForcedTool_data()
{
    anthropicText_data();
}

// tool_choice {type: tool} turns a JSON text turn into a tool_use block with that input.
void TestServer::anthropicForcedTool()
{
    QFETCH(bool, stream);
    Json request = anthropicRequest("texty", stream);
    request["tools"] = Json::array({{{"name", "first"}, {"input_schema", {{"type", "object"}}}},
                                    {{"name", "record"}, {"input_schema", {{"type", "object"}}}}});
    request["tool_choice"] = {{"type", "tool"}, {"name", "record"}};
    const HttpResult r = post("/v1/messages", request);
    QCOMPARE(r.status, 200);
    const Json expected = Json::parse(kText);
    if (!stream) {
        const Json body = parse(r.body);
        QCOMPARE(body["content"].size(), std::size_t(1));
        QCOMPARE_JSON(body["content"][0]["type"], Json("tool_use"));
        QCOMPARE_JSON(body["content"][0]["name"], Json("record"));
        QVERIFY(body["content"][0]["id"].get<std::string>().starts_with("toolu_"));
        QCOMPARE_JSON(body["content"][0]["input"], expected);
        QCOMPARE_JSON(body["stop_reason"], Json("tool_use"));
        return;
    }
    const AnthropicStream s = readAnthropicStream(r.body);
    QCOMPARE(s.toolName, std::string("record"));
    QCOMPARE_JSON(Json::parse(s.partialJson), expected);
    QCOMPARE(s.stopReason, std::string("tool_use"));
    QVERIFY(s.text.empty());
}

// A tool_input turn is a tool call when tools were offered, JSON text when none were.
void TestServer::anthropicToolInput()
{
    Json request = anthropicRequest("tooly", false);
    request["tools"] = Json::array({{{"name", "submit"}, {"input_schema", {{"type", "object"}}}}});
    const Json body = parse(post("/v1/messages", request).body);
    QCOMPARE_JSON(body["content"][0]["type"], Json("tool_use"));
    QCOMPARE_JSON(body["content"][0]["input"]["b"][1], Json("é"));
    QCOMPARE_JSON(body["stop_reason"], Json("tool_use"));
    const Json plain = parse(post("/v1/messages", anthropicRequest("tooly", false)).body);
    QCOMPARE_JSON(plain["content"][0]["type"], Json("text"));
    QCOMPARE_JSON(Json::parse(plain["content"][0]["text"].get<std::string>())["b"][0], Json(1));
}

void TestServer::openAiText_data()
{
    QTest::addColumn<bool>("stream");
    QTest::addColumn<bool>("includeUsage");
    QTest::newRow("json") << false << false;
    QTest::newRow("stream") << true << false;
    QTest::newRow("stream with usage") << true << true;
}

void TestServer::openAiText()
{
    QFETCH(bool, stream);
    QFETCH(bool, includeUsage);
    Json request = openAiRequest("texty", stream);
    if (includeUsage)
        request["stream_options"] = {{"include_usage", true}};
    const HttpResult r = post("/v1/chat/completions", request, {{"authorization", "Bearer notakey-secret"}});
    QCOMPARE(r.status, 200);
    QVERIFY(r.header("x-request-id").startsWith("req_"));
    if (!stream) {
        const Json body = parse(r.body);
        QCOMPARE_JSON(body["object"], Json("chat.completion"));
        QCOMPARE(body["choices"][0]["message"]["content"].get<std::string>(), kText);
        QCOMPARE_JSON(body["choices"][0]["finish_reason"], Json("stop"));
        QCOMPARE_JSON(body["usage"]["prompt_tokens"], Json(10));
        QCOMPARE_JSON(body["usage"]["total_tokens"], Json(15));
        QCOMPARE_JSON(body["usage"]["prompt_tokens_details"]["cached_tokens"], Json(2));
        return;
    }
    const OpenAiStream s = readOpenAiStream(r.body);
    QCOMPARE(s.content, kText);
    QCOMPARE(s.finish, std::string("stop"));
    QVERIFY(s.done);
    QVERIFY(r.body.endsWith("data: [DONE]\n\n"));
    QCOMPARE(s.usage.is_object(), includeUsage);
    if (includeUsage)
        QCOMPARE_JSON(s.usage["completion_tokens"], Json(5));
}

void TestServer::openAiTool_data()
{
    QTest::addColumn<QByteArray>("model");
    QTest::addColumn<QByteArray>("choice");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<QByteArray>("finish");
    for (bool stream : {false, true}) {
        const char* mode = stream ? " stream" : "";
        QTest::addRow("required%s", mode) << QByteArray("texty") << QByteArray(R"("required")") << stream << QByteArray("tool_calls");
        QTest::addRow("named%s", mode) << QByteArray("texty") << QByteArray(R"({"type":"function","function":{"name":"fn"}})")
                                       << stream << QByteArray("stop");
        QTest::addRow("tool_input%s", mode) << QByteArray("tooly") << QByteArray(R"("auto")") << stream << QByteArray("tool_calls");
    }
}

void TestServer::openAiTool()
{
    QFETCH(QByteArray, model);
    QFETCH(QByteArray, choice);
    QFETCH(bool, stream);
    QFETCH(QByteArray, finish);
    Json request = openAiRequest(model.constData(), stream);
    request["tools"] = Json::array({{{"type", "function"}, {"function", {{"name", "fn"}, {"parameters", {{"type", "object"}}}}}}});
    request["tool_choice"] = Json::parse(choice.toStdString());
    const HttpResult r = post("/v1/chat/completions", request);
    QCOMPARE(r.status, 200);
    const Json expected = model == "texty" ? Json::parse(kText) : Json{{"b", {1, "é"}}};
    std::string arguments, name, finishReason;
    if (stream) {
        const OpenAiStream s = readOpenAiStream(r.body);
        arguments = s.arguments;
        name = s.toolName;
        finishReason = s.finish;
    } else {
        const Json choice0 = parse(r.body)["choices"][0];
        QVERIFY(choice0["message"]["content"].is_null());
        const Json call = choice0["message"]["tool_calls"][0];
        QCOMPARE_JSON(call["type"], Json("function"));
        QVERIFY(call["id"].get<std::string>().starts_with("call_"));
        QVERIFY(call["function"]["arguments"].is_string()); // a JSON string, as OpenAI sends it
        arguments = call["function"]["arguments"].get<std::string>();
        name = call["function"]["name"].get<std::string>();
        finishReason = choice0["finish_reason"].get<std::string>();
    }
    QCOMPARE_JSON(Json::parse(arguments), expected);
    QCOMPARE(name, std::string("fn"));
    QCOMPARE(QByteArray::fromStdString(finishReason), finish);
}

void TestServer::openAiRefusal()
{
    const Json body = parse(post("/v1/chat/completions", openAiRequest("refuse", false)).body);
    QCOMPARE_JSON(body["choices"][0]["message"]["refusal"], Json("I will not."));
    QVERIFY(body["choices"][0]["message"]["content"].is_null());
    const OpenAiStream s = readOpenAiStream(post("/v1/chat/completions", openAiRequest("refuse", true)).body);
    QCOMPARE(s.refusal, std::string("I will not."));
    QVERIFY(s.content.empty());
    const Json anthropic = parse(post("/v1/messages", anthropicRequest("refuse", false)).body);
    QCOMPARE_JSON(anthropic["stop_reason"], Json("refusal"));
}

// A forced tool but a reply that is not JSON: OpenAI carries it as the (broken) arguments
// string, Anthropic has no such slot and answers with the text, as a model ignoring
// tool_choice would.
void TestServer::forcedToolWithProse()
{
    Json openAi = openAiRequest("seq", false);
    openAi["tools"] = Json::array({{{"type", "function"}, {"function", {{"name", "fn"}}}}});
    openAi["tool_choice"] = "required";
    const Json call = parse(post("/v1/chat/completions", openAi).body)["choices"][0]["message"]["tool_calls"][0];
    QCOMPARE_JSON(call["function"]["arguments"], Json("one"));
    Json anthropic = anthropicRequest("seq", false);
    anthropic["tools"] = Json::array({{{"name", "fn"}, {"input_schema", {{"type", "object"}}}}});
    anthropic["tool_choice"] = {{"type", "any"}};
    const Json body = parse(post("/v1/messages", anthropic).body);
    QCOMPARE_JSON(body["content"][0], (Json{{"type", "text"}, {"text", "two"}}));
    QCOMPARE_JSON(body["stop_reason"], Json("end_turn"));
}

void TestServer::ollamaText_data()
{
    QTest::addColumn<int>("stream"); // -1: not given (Ollama streams by default)
    QTest::newRow("default") << -1;
    QTest::newRow("stream false") << 0;
    QTest::newRow("stream true") << 1;
}

void TestServer::ollamaText()
{
    QFETCH(int, stream);
    const HttpResult r = post("/api/chat", ollamaRequest("texty", stream < 0 ? std::nullopt : std::optional<bool>(stream == 1)));
    QCOMPARE(r.status, 200);
    if (stream == 0) {
        const Json body = parse(r.body);
        QCOMPARE(body["message"]["content"].get<std::string>(), kText);
        QCOMPARE_JSON(body["done"], Json(true));
        QCOMPARE_JSON(body["done_reason"], Json("stop"));
        QCOMPARE_JSON(body["prompt_eval_count"], Json(10));
        QCOMPARE_JSON(body["eval_count"], Json(5));
        return;
    }
    QCOMPARE(r.header("content-type"), QByteArray("application/x-ndjson"));
    std::string text;
    QList<QByteArray> lines = r.body.split('\n');
    QVERIFY(lines.takeLast().isEmpty());
    QVERIFY(lines.size() > 2);
    for (const QByteArray& line : lines) {
        const Json object = parse(line);
        QCOMPARE_JSON(object["model"], Json("texty"));
        text += object["message"]["content"].get<std::string>();
    }
    QCOMPARE(text, kText);
    const Json last = parse(lines.last());
    QCOMPARE_JSON(last["done"], Json(true));
    QCOMPARE_JSON(last["done_reason"], Json("stop"));
    QVERIFY(last.contains("total_duration"));
}

void TestServer::ollamaTool()
{
    Json request = ollamaRequest("tooly", false);
    request["tools"] = Json::array({{{"type", "function"}, {"function", {{"name", "submit"}}}}});
    const Json body = parse(post("/api/chat", request).body);
    const Json call = body["message"]["tool_calls"][0]["function"];
    QCOMPARE_JSON(call["name"], Json("submit"));
    QCOMPARE_JSON(call["arguments"], (Json{{"b", {1, "é"}}})); // an object in Ollama, not a string
}

void TestServer::listings()
{
    const Json tags = parse(get("/api/tags").body);
    QCOMPARE(tags["models"].size(), std::size_t(std::size(kScenarios)));
    QCOMPARE_JSON(tags["models"][1]["name"], Json("tooly"));
    const Json openAi = parse(get("/v1/models").body);
    QCOMPARE_JSON(openAi["object"], Json("list"));
    QCOMPARE_JSON(openAi["data"][0]["id"], Json("texty"));
    const Json anthropic = parse(get("/v1/models", {{"anthropic-version", "2023-06-01"}}).body);
    QCOMPARE_JSON(anthropic["data"][0]["type"], Json("model"));
    QCOMPARE_JSON(anthropic["has_more"], Json(false));
}

void TestServer::turnSequence()
{
    QStringList seen;
    for (int i = 0; i < 5; ++i) {
        const Json body = parse(post("/v1/chat/completions", openAiRequest("seq", false)).body);
        seen << QString::fromStdString(body["choices"][0]["message"]["content"].get<std::string>());
    }
    QCOMPARE(seen, (QStringList{"one", "two", "three", "three", "three"}));
    QCOMPARE(m_logs.size(), std::size_t(5));
    QCOMPARE(m_logs[1].turn, 2);
    QCOMPARE(m_logs[4].turn, 3);
    QCOMPARE(m_logs[0].scenario, std::string("seq"));
}

// Sessions count separately, across protocols, and reset together.
void TestServer::sessions()
{
    const auto say = [this](const QByteArray& session, bool anthropic) {
        const HttpResult r = anthropic ? post("/v1/messages", anthropicRequest("seq", false), {{"x-conform-session", session}})
                                       : post("/api/chat", ollamaRequest("seq", false), {{"x-conform-session", session}});
        const Json body = parse(r.body);
        return anthropic ? body["content"][0]["text"].get<std::string>() : body["message"]["content"].get<std::string>();
    };
    QCOMPARE(say("A", true), std::string("one"));
    QCOMPARE(say("A", false), std::string("two"));
    QCOMPARE(say("B", true), std::string("one"));
    QCOMPARE(say("A", true), std::string("three"));
    QCOMPARE(say("B", false), std::string("two"));
    m_server->resetSessions();
    QCOMPARE(say("A", true), std::string("one"));
}

void TestServer::modelPicksScenario()
{
    const Json unknown = parse(post("/v1/messages", anthropicRequest("claude-sonnet-4-5", false)).body);
    QCOMPARE(unknown["content"][0]["text"].get<std::string>(), kText); // the first scenario
    QCOMPARE_JSON(unknown["model"], Json("claude-sonnet-4-5"));           // the request's model echoed
    const Json named = parse(post("/v1/messages", anthropicRequest("seq", false)).body);
    QCOMPARE_JSON(named["content"][0]["text"], Json("one"));
}

void TestServer::logsHoldNoSecrets()
{
    post("/v1/messages", anthropicRequest("seq", true), {{"x-api-key", "fake-ant-TOPSECRET"}, {"x-conform-session", "s1"}});
    post("/v1/chat/completions", openAiRequest("faults", false), {{"authorization", "Bearer notakey-TOPSECRET"}});
    QCOMPARE(m_logs.size(), std::size_t(2));
    const std::string first = m_logs[0].toLine();
    QCOMPARE(first, std::string("POST /v1/messages scenario=seq turn=1 session=s1 status=200 stream"));
    const std::string second = m_logs[1].toLine();
    QVERIFY2(second.starts_with("POST /v1/chat/completions scenario=faults turn=1 status=429"), second.c_str());
    for (const auto& log : m_logs)
        QVERIFY(log.toLine().find("TOPSECRET") == std::string::npos);
}

QTEST_GUILESS_MAIN(TestServer)
