// Scenario files: what loads, what is refused and with which message, the built-in demos.
#include "providers/scenario.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace conform;
using namespace conform::providers;

class TestScenario : public QObject
{
    Q_OBJECT

private:
    // Writes `text` as DIR/scenario.json and loads it.
    Result<Scenario> loadText(const QByteArray& text)
    {
        QFile file(m_dir.filePath(QStringLiteral("scenario.json")));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return Error{"cannot write the fixture", ""};
        file.write(text);
        file.close();
        return loadScenario(file.fileName());
    }

    QTemporaryDir m_dir;

private slots:
    void loadsEveryField()
    {
        const auto scenario = loadText(R"({"name": "demo", "description": "d", "schema": {"type": "object"},
            "turns": [
              {"text": "hello", "stop_reason": "max_tokens", "usage": {"input_tokens": 7, "output_tokens": 3, "cached_tokens": 2},
               "delay_ms": 5, "stall_ms": 6, "drop_after_bytes": 9, "headers": {"x-a": "1"}},
              {"tool_input": {"a": [1, 2]}, "tool_name": "submit"},
              {"status": 429, "headers": {"retry-after": "2"}, "body": {"error": "slow down"}}]})");
        QVERIFY2(scenario.ok(), scenario.ok() ? "" : scenario.error().toString().c_str());
        QCOMPARE(scenario->name, std::string("demo"));
        QVERIFY(scenario->schema.has_value());
        QCOMPARE(scenario->turns.size(), std::size_t(3));
        const Turn& text = scenario->turns[0];
        QCOMPARE(*text.text, std::string("hello"));
        QCOMPARE(text.effectiveStopReason(), StopReason::MaxTokens);
        QCOMPARE(*text.usage, (Usage{7, 3, 2, 0}));
        QCOMPARE(text.delayMs, 5);
        QCOMPARE(text.stallMs, 6);
        QCOMPARE(*text.dropAfterBytes, std::int64_t(9));
        QCOMPARE(text.headers.at(0).second, std::string("1"));
        const Turn& tool = scenario->turns[1];
        QVERIFY(tool.isToolCall());
        QCOMPARE(tool.toolName, std::string("submit"));
        QCOMPARE(tool.effectiveStopReason(), StopReason::ToolUse);
        QCOMPARE((*tool.toolInput)["a"][1].get<int>(), 2);
        const Turn& fault = scenario->turns[2];
        QVERIFY(fault.isFault());
        QCOMPARE(fault.status, 429);
        QCOMPARE((*fault.body)["error"].get<std::string>(), std::string("slow down"));
    }

    void schemaReference()
    {
        const auto scenario = loadText(R"({"name": "n", "description": "d", "schema": "schemas/x/schema.json", "turns": [{"text": "t"}]})");
        QVERIFY(scenario.ok());
        QCOMPARE(scenario->schemaRef, std::string("schemas/x/schema.json"));
        QVERIFY(!scenario->schema);
    }

    // What a scenario says of itself: the run it promises, its prompt with the values of its
    // placeholders, the mode it is meant to run in, where it holds.
    void expectPromptAndProtocols()
    {
        const auto scenario = loadText(R"({"name": "n", "description": "d", "prompt": {"system": "S", "user": "U {{question}}"},
            "mode": "json-object", "variables": {"question": "Where were you at 4pm?", "answer": ""},
            "protocols": ["anthropic", "openai"],
            "expect": {"outcome": "repaired", "flags": ["truncated"], "attempts": 2, "repairs": 1, "transport_retries": 0},
            "turns": [{"text": "t"}]})");
        QVERIFY2(scenario.ok(), scenario.ok() ? "" : scenario.error().toString().c_str());
        QCOMPARE(scenario->promptSystem, std::string("S"));
        QCOMPARE(scenario->promptUser, std::string("U {{question}}"));
        QCOMPARE(scenario->mode, std::optional(ModeChoice::JsonObject));
        QCOMPARE(scenario->variables, (std::map<std::string, std::string>{{"answer", ""}, {"question", "Where were you at 4pm?"}}));
        QCOMPARE(scenario->protocols, (std::vector<std::string>{"anthropic", "openai"}));
        QCOMPARE((*scenario->expect)["attempts"].get<int>(), 2);
    }

    // A turn answering a prefilled (continued) request gives only what follows the prefill.
    void continuingAfterAPrefill_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("prefill");
        QTest::addColumn<QString>("heard");
        QTest::newRow("the rest") << "{\"a\": \"lo" << "{\"a\": \"l" << "o";
        QTest::newRow("no prefill") << "abc" << "" << "abc";
        QTest::newRow("another text") << "xyz" << "abc" << "xyz";
        QTest::newRow("the prefill is the whole text") << "abc" << "abc" << "abc";
    }

    void continuingAfterAPrefill()
    {
        QFETCH(QString, text);
        QFETCH(QString, prefill);
        QFETCH(QString, heard);
        Turn turn;
        turn.text = text.toStdString();
        QCOMPARE(QString::fromStdString(*continuing(turn, prefill.toStdString()).text), heard);
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        const QByteArray head = R"({"name": "n", "description": "d", "turns": [)";
        QTest::newRow("status not integer") << head + R"({"text": "a"}, {"text": "b"}, {"status": "429"}]})"
                                            << "scenario.json: /turns/2/status: must be an integer";
        QTest::newRow("status out of range") << head + R"({"status": 99}]})"
                                             << "scenario.json: /turns/0/status: must be an HTTP status between 200 and 599";
        QTest::newRow("fault with text") << head + R"({"status": 500, "text": "x"}]})"
                                         << "scenario.json: /turns/0: a fault (status >= 400) cannot also carry text or tool_input";
        QTest::newRow("empty turn") << head + R"({}]})"
                                    << "scenario.json: /turns/0: a turn needs text, tool_input, or a fault status >= 400";
        QTest::newRow("turn not object") << head + R"(3]})" << "scenario.json: /turns/0: a turn must be an object";
        QTest::newRow("unknown turn field") << head + R"({"text": "a", "colour": 1}]})" << "scenario.json: /turns/0/colour: unknown field";
        QTest::newRow("stop reason") << head + R"({"text": "a", "stop_reason": "tired"}]})"
                                     << "scenario.json: /turns/0/stop_reason: must be one of end, max_tokens, stop_sequence, "
                                        "tool_use, refusal, pause_turn, context_window";
        QTest::newRow("usage field") << head + R"({"text": "a", "usage": {"input_tokens": -1}}]})"
                                     << "scenario.json: /turns/0/usage/input_tokens: must be an integer between 0 and 100000000";
        QTest::newRow("usage unknown") << head + R"({"text": "a", "usage": {"tokens": 1}}]})"
                                       << "scenario.json: /turns/0/usage/tokens: unknown field";
        QTest::newRow("negative drop") << head + R"({"text": "a", "drop_after_bytes": -5}]})"
                                       << "scenario.json: /turns/0/drop_after_bytes: must be between 0 and 2147483647";
        QTest::newRow("huge delay") << head + R"({"text": "a", "delay_ms": 99999999999}]})"
                                    << "scenario.json: /turns/0/delay_ms: must be between 0 and 600000";
        QTest::newRow("fractional stall") << head + R"({"text": "a", "stall_ms": 1.5}]})"
                                          << "scenario.json: /turns/0/stall_ms: must be an integer";
        QTest::newRow("header injection") << head + R"({"status": 429, "headers": {"retry-after": "1\r\nx-evil: 1"}}]})"
                                          << "scenario.json: /turns/0/headers/retry-after: must not contain line breaks";
        QTest::newRow("header name") << head + R"({"status": 429, "headers": {"bad name": "1"}}]})"
                                     << "scenario.json: /turns/0/headers/bad name: is not a valid header name";
        QTest::newRow("body on reply") << head + R"({"text": "a", "body": {}}]})"
                                       << "scenario.json: /turns/0/body: only a fault (status >= 400) has a body";
        QTest::newRow("no turns") << QByteArray(R"({"name": "n", "description": "d"})") << "scenario.json: /turns: required";
        QTest::newRow("empty turns") << QByteArray(R"({"name": "n", "description": "d", "turns": []})")
                                     << "scenario.json: /turns: must be a non-empty array";
        QTest::newRow("no name") << QByteArray(R"({"description": "d", "turns": [{"text": "a"}]})") << "scenario.json: /name: required";
        QTest::newRow("bad schema") << QByteArray(R"({"name": "n", "description": "d", "schema": 5, "turns": [{"text": "a"}]})")
                                    << "scenario.json: /schema: must be a schema object or a workspace-relative path";
        QTest::newRow("top unknown") << QByteArray(R"({"name": "n", "description": "d", "turns": [{"text": "a"}], "x": 1})")
                                     << "scenario.json: /x: unknown field";
        QTest::newRow("not an object") << QByteArray("[1]") << "scenario.json: /: a scenario must be a JSON object";
        const QByteArray ok = R"({"name": "n", "description": "d", "turns": [{"text": "a"}], )";
        QTest::newRow("expect outcome") << ok + R"("expect": {"outcome": "fine", "flags": [], "attempts": 1, "repairs": 0, "transport_retries": 0}})"
                                        << "scenario.json: /expect/outcome: must be one of";
        QTest::newRow("expect incomplete") << ok + R"("expect": {"outcome": "valid", "flags": [], "attempts": 1, "repairs": 0}})"
                                           << "scenario.json: /expect/transport_retries: required";
        QTest::newRow("expect unknown") << ok + R"("expect": {"outcome": "valid", "colour": 1}})" << "scenario.json: /expect/colour: unknown field";
        QTest::newRow("expect negative") << ok + R"("expect": {"outcome": "valid", "flags": [], "attempts": -1, "repairs": 0, "transport_retries": 0}})"
                                         << "scenario.json: /expect/attempts: must be an integer";
        QTest::newRow("expect steps not codes") << ok + R"("expect": {"outcome": "valid", "flags": [], "attempts": 1, "repairs": 0, "transport_retries": 0, "steps": ["Fix: comma"]}})"
                                                << "scenario.json: /expect/steps: must be an array of step codes";
        QTest::newRow("expect steps empty part") << ok + R"("expect": {"outcome": "valid", "flags": [], "attempts": 1, "repairs": 0, "transport_retries": 0, "steps": ["retry:"]}})"
                                                 << "scenario.json: /expect/steps: must be an array of step codes";
        QTest::newRow("protocol unknown") << ok + R"("protocols": ["grpc"]})" << "scenario.json: /protocols: must be an array";
        QTest::newRow("prompt field") << ok + R"("prompt": {"assistant": "x"}})" << "scenario.json: /prompt/assistant: must be a string";
        QTest::newRow("mode unknown") << ok + R"("mode": "fast"})"
                                      << "scenario.json: /mode: must be one of auto, strict, tool, json-object, text";
        QTest::newRow("mode not a string") << ok + R"("mode": ["tool"]})"
                                           << "scenario.json: /mode: must be one of auto, strict, tool, json-object, text";
        QTest::newRow("mode in capitals") << ok + R"("mode": "Tool"})"
                                          << "scenario.json: /mode: must be one of auto, strict, tool, json-object, text";
        QTest::newRow("variables not an object") << ok + R"("variables": ["question"]})"
                                                 << "scenario.json: /variables: must be an object of name -> string";
        QTest::newRow("variable not a string") << ok + R"("variables": {"question": "q", "score": 3}})"
                                               << "scenario.json: /variables/score: must be a string";
        QTest::newRow("variable without a name") << ok + R"("variables": {"": "q"}})"
                                                 << "scenario.json: /variables/: a variable needs a name";
        QTest::newRow("not JSON") << QByteArray("{\"name\": \"n\",\n  oops}") << "scenario.json: line 2, column 3";
        QTest::newRow("variation share") << ok + R"("variation": {"seed": 1, "share": 1.5, "turns": [{"text": "b"}]}})"
                                         << "scenario.json: /variation/share: must be a number from 0 to 1";
        QTest::newRow("variation seed") << ok + R"("variation": {"seed": -1, "share": 0.5, "turns": [{"text": "b"}]}})"
                                        << "scenario.json: /variation/seed: must be an integer";
        QTest::newRow("variation turns") << ok + R"("variation": {"seed": 1, "share": 0.5, "turns": []}})"
                                         << "scenario.json: /variation/turns: must be a non-empty array";
        QTest::newRow("variation turn") << ok + R"("variation": {"seed": 1, "share": 0.5, "turns": [{"colour": 1}]}})"
                                        << "scenario.json: /variation/turns/0/colour: unknown field";
    }

    // A seeded scenario's draws: session k plays the variation when the (k+1)-th SplitMix64
    // output from mix(seed XOR FNV-1a(name)) is below the share. The expected draws are an
    // independent implementation in Python (1 = varied): for "drift-prompt-v1", seed 1,
    // share 0.3, the first twelve sessions are 1,0,0,0,1,1,0,0,1,0,0,0, 29 of the first 100 and
    // 2,969 of the first 10,000 vary.
    void variationDrawsFromTheSeed()
    {
        const auto scenario = loadText(R"({"name": "drift-prompt-v1", "description": "d", "turns": [{"text": "a"}],
                                           "variation": {"seed": 1, "share": 0.3, "turns": [{"text": "b"}]}})");
        QVERIFY2(scenario.ok(), scenario ? "" : scenario.error().toString().c_str());
        const std::vector<int> first{1, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0};
        for (std::size_t k = 0; k < first.size(); ++k)
            QCOMPARE(int(scenario->variedSession(k)), first[k]);
        int varied = 0;
        for (std::uint64_t k = 0; k < 10'000; ++k)
            varied += scenario->variedSession(k) ? 1 : 0;
        QCOMPARE(varied, 2969);
        // Sessions number themselves in order, copies of the scenario counting together.
        const providers::Scenario copy = scenario.value();
        QCOMPARE(scenario->startSession(), true);
        QCOMPARE(copy.startSession(), false);
        QCOMPARE(scenario->turnAt(0, true).text.value(), std::string("b"));
        QCOMPARE(scenario->turnAt(0, false).text.value(), std::string("a"));
    }

    void errors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const auto scenario = loadText(text);
        QVERIFY(!scenario.ok());
        const QString message = QString::fromStdString(scenario.error().toString());
        QVERIFY2(message.startsWith(expected), qPrintable(message));
    }

    void missingFile()
    {
        const auto scenario = loadScenario(m_dir.filePath(QStringLiteral("nope.json")));
        QVERIFY(!scenario.ok());
        QVERIFY(QString::fromStdString(scenario.error().toString()).contains(QLatin1String("nope.json")));
    }

    void lastTurnRepeats()
    {
        const auto scenario = parseScenarioText(R"({"name": "n", "description": "d", "turns": [{"text": "1"}, {"text": "2"}]})");
        QVERIFY(scenario.ok());
        QCOMPARE(*scenario->turnAt(0).text, std::string("1"));
        QCOMPARE(*scenario->turnAt(1).text, std::string("2"));
        QCOMPARE(*scenario->turnAt(7).text, std::string("2"));
    }

    void stopReasonSpellings_data()
    {
        QTest::addColumn<QString>("spelling");
        QTest::addColumn<int>("reason");
        QTest::newRow("end") << "end" << int(StopReason::End);
        QTest::newRow("end_turn") << "end_turn" << int(StopReason::End);
        QTest::newRow("stop") << "stop" << int(StopReason::End);
        QTest::newRow("length") << "length" << int(StopReason::MaxTokens);
        QTest::newRow("tool_calls") << "tool_calls" << int(StopReason::ToolUse);
        QTest::newRow("content_filter") << "content_filter" << int(StopReason::Refusal);
        QTest::newRow("window") << "model_context_window_exceeded" << int(StopReason::ContextWindow);
    }

    void stopReasonSpellings()
    {
        QFETCH(QString, spelling);
        QFETCH(int, reason);
        const auto parsed = parseStopReason(spelling.toStdString());
        QVERIFY(parsed.has_value());
        QCOMPARE(int(*parsed), reason);
        QCOMPARE(parseStopReason(stopReasonName(*parsed)), parsed);
    }

    void protocolSpellings()
    {
        QCOMPARE(anthropicStopReason(StopReason::End), std::string_view("end_turn"));
        QCOMPARE(openAiFinishReason(StopReason::MaxTokens), std::string_view("length"));
        QCOMPARE(openAiFinishReason(StopReason::ToolUse), std::string_view("tool_calls"));
        QCOMPARE(ollamaDoneReason(StopReason::MaxTokens), std::string_view("length"));
    }

    void builtins_data()
    {
        QTest::addColumn<QString>("path");
        const auto paths = builtinScenarioPaths();
        QVERIFY(paths.size() >= 11);
        for (const QString& path : paths)
            QTest::newRow(qPrintable(QFileInfo(path).baseName())) << path;
    }

    // Every demo loads, is named after its file, describes itself and carries a schema.
    void builtins()
    {
        QFETCH(QString, path);
        const auto scenario = loadScenario(path);
        QVERIFY2(scenario.ok(), scenario.ok() ? "" : scenario.error().toString().c_str());
        QCOMPARE(QString::fromStdString(scenario->name), QFileInfo(path).baseName());
        QVERIFY(scenario->description.size() > 40);
        QVERIFY(scenario->schema && scenario->schema->is_object());
    }

    void builtinFailureModes()
    {
        const auto find = [](const char* name) { return loadScenario(QStringLiteral(":/scenarios/%1.json").arg(QLatin1String(name))); };
        auto storm = find("rate-limit-storm");
        QVERIFY(storm.ok());
        QCOMPARE(storm->turns[0].status, 429);
        QVERIFY(!storm->turns.back().isFault());
        auto overloaded = find("overloaded");
        QVERIFY(overloaded.ok());
        QCOMPARE(overloaded->turns[0].status, 529);
        auto truncated = find("truncated-article");
        QVERIFY(truncated.ok());
        QCOMPARE(truncated->turns[0].effectiveStopReason(), StopReason::MaxTokens);
        auto cut = find("mid-stream-cut");
        QVERIFY(cut.ok() && cut->turns[0].dropAfterBytes);
        auto refusal = find("refusal");
        QVERIFY(refusal.ok());
        QCOMPARE(refusal->turns[0].effectiveStopReason(), StopReason::Refusal);
        auto xml = find("xml-tool-call");
        QVERIFY(xml.ok() && xml->turns[0].text->find("<function_calls>") != std::string::npos);
        auto fenced = find("fenced-reply");
        QVERIFY(fenced.ok() && fenced->turns[0].text->find("```json") != std::string::npos);
        auto amber = find("amber-case");
        QVERIFY(amber.ok() && amber->turns[0].text->find("\"Amber\"") != std::string::npos);
    }

    // The demos whose story needs a mode say which: tool-call is the happy path in tool mode;
    // truncated-article (strict first, then Anthropic's prefill) and hopeless-model (its
    // second mode gets one call) are auto's fallback; a demo the mode does not change names none.
    void builtinModes()
    {
        const auto modeOf = [](const char* name) {
            auto scenario = loadScenario(QStringLiteral(":/scenarios/%1.json").arg(QLatin1String(name)));
            return scenario ? scenario->mode : std::nullopt;
        };
        QCOMPARE(modeOf("tool-call"), std::optional(ModeChoice::Tool));
        QCOMPARE(modeOf("truncated-article"), std::optional(ModeChoice::Auto));
        QCOMPARE(modeOf("hopeless-model"), std::optional(ModeChoice::Auto));
        QCOMPARE(modeOf("missing-field"), std::optional<ModeChoice>());
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "test_scenario.moc"
