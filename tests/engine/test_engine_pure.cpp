// The engine's pure parts: hints, templates, the repair prompt and turn, mode chains, and the
// run's decisions (truncation, call budget, mode moves).
#include "test_registry.h"

#include "engine/decisions.h"
#include "engine/hints.h"
#include "engine/mode_chain.h"
#include "engine/repair.h"
#include "engine/run_record.h"
#include "engine/template.h"
#include "providers/provider.h"
#include "schema/example.h"

#include <QTest>

using namespace conform;
using namespace conform::engine;

namespace {

const char* kClosedSchema = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\"],\"additionalProperties\":false}";
const char* kAllOfSchema = "{\"type\":\"object\",\"properties\":{\"a\":{\"allOf\":[{\"type\":\"string\"}]}},\"required\":[\"a\"]}";
// OpenAI refuses anyOf at the root, and no transform can move it out of the way.
const char* kRootAnyOfSchema = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\"],"
                               "\"additionalProperties\":false,\"anyOf\":[{\"required\":[\"a\"]}]}";
const char* kArraySchema = "{\"type\":\"array\",\"items\":{\"type\":\"string\"}}";
const char* kGoalsSchema = "{\"type\":\"object\",\"properties\":{\"goals\":{\"type\":\"array\",\"minItems\":5,\"maxItems\":7,"
                           "\"items\":{\"type\":\"string\",\"minLength\":10}}},\"required\":[\"goals\"],\"additionalProperties\":false}";

QString modes(const std::vector<ChainStep>& chain)
{
    QStringList names;
    for (const ChainStep& s : chain)
        names << QString::fromUtf8(providers::modeName(s.mode).data()) + (s.transformed ? QStringLiteral("*") : QString());
    return names.join(QLatin1Char(','));
}

// Runs of every shape the run document has, for RunRecord::toText (the importers' writer)
// against toJson (every other writer): 0 a default failed run, 1 an observed call as the
// importers judge it, 2 retries, a continuation and a repair, 3 a failed run with its best
// attempt, 4 texts that need escaping (quotes, controls, non-ASCII, invalid UTF-8).
RunRecord runRecordCase(int which)
{
    RunRecord run;
    if (which == 0)
        return run;
    AttemptRecord a;
    a.target = "openai/gpt-4o-mini";
    a.mode = providers::Mode::Strict;
    a.request = Json{{"url", "https://api.example/v1/chat"}, {"headers", Json{{"authorization", "[redacted]"}}},
                     {"body", Json{{"model", "gpt-4o-mini"}, {"temperature", 0.2}, {"messages", Json::array({Json{{"role", "user"}, {"content", "Hi"}}})}}}};
    a.requestBytes = 73;
    a.raw = R"({"name":"Ada","age":"x"})";
    a.parsed = true;
    a.value = Json{{"name", "Ada"}, {"age", "x"}};
    a.issues = Json::array({Json{{"path", Json::array({"age"})}, {"code", "invalid_type"}, {"message", "Expected number"}}});
    a.stopReason = "stop";
    a.usage = {120, 14, 0, 0};
    a.latencyMs = 812;
    a.httpStatus = 200;
    run.endedBy = "observed";
    run.value = a.value;
    if (which == 1) {
        run.attempts.push_back(a);
        return run;
    }
    if (which == 2 || which == 3) {
        a.retries.push_back({429, 500, "rate limited", 30, {}});
        a.retries.push_back({0, 1000, "cut", 700, {90, 0, 10}});
        a.fixes = Json::array({"trailing comma"});
        a.coercions = Json::array({Json{{"path", "/age"}, {"from", "string"}}});
        run.attempts.push_back(a);
        AttemptRecord rest = a;
        rest.kind = AttemptKind::Continuation;
        rest.joinedAt = 12;
        rest.truncated = true;
        rest.retries.clear();
        rest.valid = which == 2; // two valid attempts: the metrics' final mode is the last one's
        rest.mode = providers::Mode::JsonObject;
        run.attempts.push_back(rest);
        AttemptRecord repaired = a;
        repaired.kind = AttemptKind::Repair;
        repaired.repair = 1;
        repaired.mode = providers::Mode::Tool;
        repaired.valid = which == 2;
        repaired.issues = which == 2 ? Json::array() : a.issues;
        repaired.notEnforced = which == 3;
        repaired.stopReason.clear();
        run.attempts.push_back(repaired);
        run.flags = {"truncated", "refused"};
        run.outcome = which == 2 ? Outcome::Repaired : Outcome::Failed;
        run.notes = {"tool mode: schema transformed"};
        if (which == 3) {
            run.best = 2;
            run.validFields = {"name"};
            run.error = "no valid reply";
        }
        return run;
    }
    a.target = "ollama/llama3.2 \"q\"";
    a.raw = std::string("line\n\ttab \"quoted\" back\\slash \x01 del\x7f caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x98\x80 bad\xff\xfe end");
    a.parsed = false;
    a.value = nullptr;
    a.extractionFailure = "no JSON value in \"line\"";
    a.error = "\xc3\xa9" "chec";
    a.stopReason = "length\n";
    run.attempts.push_back(a);
    run.flags = {"cancelled"};
    run.endedBy = "caf\xc3\xa9";
    return run;
}

} // namespace

class EnginePureTest : public QObject
{
    Q_OBJECT
private slots:
    // toText() is the run document dump(toJson()) gives, byte for byte: the importers store
    // it, and an export must not tell which writer made a capture. The first row's text is
    // written out by hand from the documented shape.
    void runDocumentText_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("expected");
        QTest::newRow("default failed run") << 0
            << QStringLiteral(R"({"outcome":"failed","flags":[],"ended_by":"","value":null,"attempts":[],"metrics":{"attempts":0,"repairs":0,)"
                              R"("transport_retries":0,"latency_ms":0,"tokens":{"input":0,"output":0,"cached":0},"parse_ok_first":false,"first_try_valid":false}})");
        QTest::newRow("observed call") << 1 << QString();
        QTest::newRow("retries, continuation, repair") << 2 << QString();
        QTest::newRow("failed, best attempt kept") << 3 << QString();
        QTest::newRow("texts to escape") << 4 << QString();
    }
    void runDocumentText()
    {
        QFETCH(int, which);
        QFETCH(QString, expected);
        const RunRecord run = runRecordCase(which);
        const std::string text = run.toText();
        QCOMPARE(text, dump(run.toJson()));
        if (!expected.isEmpty())
            QCOMPARE(QString::fromStdString(text), expected);
    }

    void hints_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("kinds");
        QTest::newRow("clean") << "{\"a\": 1}" << "";
        QTest::newRow("fenced") << "```json\n{\"a\": 1}\n```" << "fences";
        QTest::newRow("xml") << "<function_calls>{\"a\": 1}</function_calls>" << "xml_wrapper";
        QTest::newRow("trailing comma") << "{\"a\": [1, 2,], }" << "trailing_comma";
        QTest::newRow("comma inside a string is fine") << "{\"a\": \"x,}\"}" << "";
        QTest::newRow("single quotes") << "{'a': 'b'}" << "single_quotes";
        QTest::newRow("apostrophe in a string is fine") << "{\"a\": \"it's\"}" << "";
        QTest::newRow("raw newline") << "{\"a\": \"line one\nline two\"}" << "raw_newline";
        QTest::newRow("prose") << "Sure! Here is the JSON you asked for: {\"a\": 1}" << "prose";
        QTest::newRow("no json") << "I do not know." << "prose";
        QTest::newRow("empty") << "  \n" << "empty";
        QTest::newRow("several") << "Here it is, as requested:\n```json\n{'a': 1,}\n```" << "fences,trailing_comma,single_quotes,prose";
    }

    void hints()
    {
        QFETCH(QString, raw);
        QFETCH(QString, kinds);
        QStringList got;
        for (const Hint& h : hintsFor(raw.toStdString()))
            got << QString::fromStdString(h.kind);
        QCOMPARE(got.join(QLatin1Char(',')), kinds);
    }

    void templates_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("one") << "Judge {{who}}." << "Judge Bob.";
        QTest::newRow("spaces") << "Judge {{ who }}." << "Judge Bob.";
        QTest::newRow("twice") << "{{who}} and {{who}}" << "Bob and Bob";
        QTest::newRow("unknown kept") << "{{nobody}} here" << "{{nobody}} here";
        QTest::newRow("no re-expansion") << "{{loop}}" << "{{who}}";
        QTest::newRow("unclosed") << "{{who" << "{{who";
        QTest::newRow("empty") << "" << "";
    }

    void templates()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::map<std::string, std::string> values{{"who", "Bob"}, {"loop", "{{who}}"}};
        QCOMPARE(QString::fromStdString(renderTemplate(text.toStdString(), values)), expected);
    }

    void truncation()
    {
        const std::string text(5000, 'x');
        const std::string cut = truncateForPrompt(text, 2000);
        QVERIFY(cut.rfind(std::string(2000, 'x'), 0) == 0);
        QVERIFY(cut.find("3000 more bytes cut") != std::string::npos);
        QCOMPARE(truncateForPrompt("short", 2000), std::string("short"));
        const std::string accented = "\xc3\xa9\xc3\xa9"; // a cut never splits a UTF-8 sequence
        QVERIFY(truncateForPrompt(accented, 3).rfind("\xc3\xa9...", 0) == 0);
    }

    void repairPromptFillsEveryPlaceholder()
    {
        RepairContext context;
        context.issues = Json::parse("[{\"code\":\"invalid_enum_value\",\"path\":[\"verdict\"],\"message\":\"Invalid enum value\"},"
                                     "{\"code\":\"too_big\",\"path\":[\"items\",3],\"message\":\"Number must be less than or equal to 1\"}]");
        context.raw = "```json\n{\"verdict\": \"Guilty\",}\n```" + std::string(3000, ' ');
        context.schema = Json::parse(kClosedSchema);
        context.example = Json::parse("{\"verdict\":\"guilty\",\"items\":[0.5],\"other\":\"not shown\"}");
        context.attempt = 1;
        context.maxAttempts = 2;
        const std::string prompt = buildRepairPrompt({}, context);
        QVERIFY(prompt.find("{{") == std::string::npos);
        QVERIFY(prompt.find("- /verdict: Invalid enum value") != std::string::npos);
        QVERIFY(prompt.find("- /items/3: Number must be less than or equal to 1") != std::string::npos);
        QVERIFY(prompt.find("attempt 1 of 2") != std::string::npos);
        QVERIFY(prompt.find("code fences") != std::string::npos);     // the fences hint
        QVERIFY(prompt.find("trailing commas") != std::string::npos); // the trailing-comma hint
        // Only the failing parts of the example; an index past its end shows its last element.
        QVERIFY(prompt.find("/verdict: \"guilty\"") != std::string::npos);
        QVERIFY(prompt.find("/items/0: 0.5") != std::string::npos);
        QVERIFY(prompt.find("not shown") == std::string::npos);
        // Neither the reply (the turn before) nor the schema (in the request) is repeated.
        QVERIFY(prompt.find("Guilty") == std::string::npos);
        QVERIFY(prompt.find("additionalProperties") == std::string::npos);
        const std::string custom = buildRepairPrompt("Fix {{issues}} ({{attempt}}/{{max_attempts}}) {{original}} {{schema}}", context);
        QCOMPARE(custom.substr(0, 10), std::string("Fix - /ver"));
        QVERIFY(custom.find("(1/2)") != std::string::npos);
        QVERIFY(custom.find("more bytes cut") != std::string::npos); // {{original}} truncated
        QVERIFY(custom.find("part of this request") != std::string::npos);
        context.schemaInRequest = false;
        QVERIFY(buildRepairPrompt("{{schema}}", context).find("\"additionalProperties\": false") != std::string::npos);
    }

    void unreadableReplyIsReported()
    {
        QCOMPARE(formatIssues(Json::array(), "the reply is prose"), std::string("- /: no JSON value could be read: the reply is prose"));
        const std::string whole = exampleOfFailingParts(Json::parse("{\"a\":1}"), Json::array(), true);
        QCOMPARE(whole, std::string("/: {\"a\":1}"));
    }

    void repairTurns_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("toolCall");
        QTest::addColumn<int>("lastRole"); // Message::Role of the appended repair turn
        QTest::newRow("tool mode answers the call") << "tool" << true << int(providers::Message::Role::ToolResult);
        QTest::newRow("tool mode without a call") << "tool" << false << int(providers::Message::Role::User);
        QTest::newRow("text mode") << "text" << false << int(providers::Message::Role::User);
        QTest::newRow("strict mode") << "strict" << false << int(providers::Message::Role::User);
    }

    void repairTurns()
    {
        QFETCH(QString, mode);
        QFETCH(bool, toolCall);
        QFETCH(int, lastRole);
        const providers::Conversation base{"", {providers::Message::user("q")}};
        providers::Reply reply;
        reply.text = "{\"a\": 1}";
        if (toolCall)
            reply.toolCall = providers::ToolCall{"toolu_1", "respond", "{\"a\": 1}"};
        const providers::Mode m = *providers::parseMode(mode.toStdString());
        const providers::Conversation first = repairConversation(base, reply, m, "fix it");
        QCOMPARE(first.messages.size(), std::size_t(3));
        QCOMPARE(int(first.messages[2].role), lastRole);
        QCOMPARE(first.messages[2].text, std::string("fix it"));
        QCOMPARE(first.messages[1].toolCall.has_value(), toolCall);
        if (toolCall) {
            QCOMPARE(first.messages[2].toolCallId, std::string("toolu_1"));
            QVERIFY(first.messages[2].isError);
        }
        // A second repair replaces the first: only the latest failed reply stays.
        reply.text = "{\"a\": 2}";
        if (toolCall)
            reply.toolCall->arguments = "{\"a\": 2}";
        const providers::Conversation second = repairConversation(base, reply, m, "fix it again");
        QCOMPARE(second.messages.size(), std::size_t(3));
        QCOMPARE(second.messages[2].text, std::string("fix it again"));
    }

    // The request a repair sends, over the first request: with replies of equal size, the
    // k-th repair request is no larger than 1.1x the first, and the first no larger than the
    // first request + the failed reply + 2 KB. Measured on the wire bodies each adapter builds.
    void repairRequestSize_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("mode");
        for (const char* provider : {"anthropic", "openai", "ollama"})
            for (const char* mode : {"strict", "tool", "json-object", "text"})
                if (!(QByteArray(provider) == "ollama" && QByteArray(mode) == "tool"))
                    QTest::newRow(QByteArray(QByteArray(provider) + " " + mode).constData()) << provider << mode;
    }

    void repairRequestSize()
    {
        QFETCH(QString, provider);
        QFETCH(QString, mode);
        const Json schema = Json::parse(kGoalsSchema);
        const auto compiled = schema::Validator::compile(schema);
        QVERIFY(compiled.ok());
        const Json example = schema::makeExample(schema, &compiled.value()).value;
        const providers::Adapter& adapter = providers::adapterFor(*providers::parseProviderKind(provider.toStdString()));
        const providers::Mode m = *providers::parseMode(mode.toStdString());
        const providers::Conversation base{"You write goals.", {providers::Message::user("Write investigation goals.")}};
        providers::RequestOptions options;
        options.model = "m";
        const auto bytes = [&](const providers::Conversation& c) {
            return adapter.buildRequest(c, schema, m, options, providers::Endpoint{"http://127.0.0.1:1", "notakey-fake"}).body.size();
        };
        const std::size_t first = bytes(base);
        std::size_t firstRepair = 0;
        for (int k = 1; k <= 6; ++k) {
            // Equal-size failed replies: one goal too few, a different wording each time.
            const std::string raw = "{\"goals\": [\"Find who took the cake, take " + std::to_string(k) + "\", \"Ask Marco\"]}";
            Json issues = Json::array();
            for (const auto& issue : compiled->validate(Json::parse(raw)).issues)
                issues.push_back(issue.toJson());
            QVERIFY(!issues.empty());
            providers::Reply reply;
            if (m == providers::Mode::Tool)
                reply.toolCall = providers::ToolCall{"call_1", "respond", raw};
            else
                reply.text = raw;
            RepairContext context{issues, {}, raw, schema, example, true, k, 6, 2000};
            const std::size_t size = bytes(repairConversation(base, reply, m, buildRepairPrompt({}, context)));
            if (k == 1) {
                firstRepair = size;
                QVERIFY2(size <= first + raw.size() + 2048,
                         qPrintable(QStringLiteral("first repair %1 > %2 + %3 + 2048").arg(size).arg(first).arg(raw.size())));
            }
            QVERIFY2(size * 10 <= firstRepair * 11, qPrintable(QStringLiteral("repair %1: %2 > 1.1 x %3").arg(k).arg(size).arg(firstRepair)));
        }
    }

    void truncationDecisions_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<bool>("prefill");
        QTest::addColumn<int>("maxTokens");
        QTest::addColumn<int>("parts");
        QTest::addColumn<QString>("action");
        QTest::addColumn<int>("nextTokens");
        QTest::addColumn<QString>("endedBy");
        // 1024 asked, ceiling 4096 (4x).
        QTest::newRow("continue, prefill") << "continue" << true << 1024 << 1 << "continue" << 1024 << "";
        QTest::newRow("continue, third part fits") << "continue" << true << 1024 << 3 << "continue" << 1024 << "";
        QTest::newRow("continue, fifth part would pass the ceiling") << "continue" << true << 1024 << 4 << "stop" << 1024 << "max_tokens_ceiling";
        QTest::newRow("continue, no prefill: re-ask doubled") << "continue" << false << 1024 << 1 << "reask" << 2048 << "";
        QTest::newRow("continue, no prefill, capped at the ceiling") << "continue" << false << 3000 << 1 << "reask" << 4096 << "";
        QTest::newRow("continue, no prefill, at the ceiling") << "continue" << false << 4096 << 1 << "stop" << 4096 << "max_tokens_ceiling";
        QTest::newRow("raise ignores prefill") << "raise" << true << 1024 << 1 << "reask" << 2048 << "";
        QTest::newRow("raise at the ceiling") << "raise" << true << 4096 << 1 << "stop" << 4096 << "max_tokens_ceiling";
        QTest::newRow("fail stops at once") << "fail" << true << 1024 << 1 << "stop" << 1024 << "truncation_fail";
    }

    void truncationDecisions()
    {
        QFETCH(QString, policy);
        QFETCH(bool, prefill);
        QFETCH(int, maxTokens);
        QFETCH(int, parts);
        QFETCH(QString, action);
        QFETCH(int, nextTokens);
        QFETCH(QString, endedBy);
        const TruncationDecision d = decideTruncation(*parseTruncationPolicy(policy.toStdString()), prefill, maxTokens, 4096, parts);
        const char* names[] = {"continue", "reask", "stop"};
        QCOMPARE(QString::fromLatin1(names[int(d.action)]), action);
        QCOMPARE(d.maxTokens, nextTokens);
        if (!endedBy.isEmpty())
            QCOMPARE(QString::fromUtf8(endReasonName(d.endReason).data()), endedBy);
    }

    void prefillOnlyWhereTheProtocolAllows_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("toolCall");
        QTest::addColumn<bool>("prefill");
        QTest::newRow("anthropic text") << "anthropic" << "text" << false << true;
        QTest::newRow("anthropic json-object") << "anthropic" << "json-object" << false << true;
        QTest::newRow("scenario text (speaks Anthropic)") << "scenario" << "text" << false << true;
        QTest::newRow("anthropic strict") << "anthropic" << "strict" << false << false;
        QTest::newRow("anthropic tool call") << "anthropic" << "tool" << true << false;
        QTest::newRow("openai text") << "openai" << "text" << false << false;
        QTest::newRow("ollama json-object") << "ollama" << "json-object" << false << false;
    }

    void prefillOnlyWhereTheProtocolAllows()
    {
        QFETCH(QString, provider);
        QFETCH(QString, mode);
        QFETCH(bool, toolCall);
        QFETCH(bool, prefill);
        QCOMPARE(canPrefill(*providers::parseProviderKind(provider.toStdString()), *providers::parseMode(mode.toStdString()), toolCall),
                 prefill);
    }

    void moves_data()
    {
        QTest::addColumn<QString>("after");      // "invalid" or "refused"
        QTest::addColumn<int>("repairsDone");
        QTest::addColumn<int>("callsMade");
        QTest::addColumn<bool>("moreModes");
        QTest::addColumn<QString>("move");
        QTest::addColumn<QString>("endedBy");
        // max repairs 2, max calls 4
        QTest::newRow("invalid: repair") << "invalid" << 0 << 1 << true << "repair" << "";
        QTest::newRow("invalid: repairs used, next mode") << "invalid" << 2 << 3 << true << "next" << "";
        QTest::newRow("invalid: repairs used, last mode") << "invalid" << 2 << 3 << false << "stop" << "max_repairs";
        QTest::newRow("invalid: budget spent before repairs are") << "invalid" << 1 << 4 << true << "stop" << "max_calls";
        QTest::newRow("invalid: budget spent, no fallback") << "invalid" << 2 << 4 << true << "stop" << "max_calls";
        QTest::newRow("refused: next mode at once") << "refused" << 0 << 1 << true << "next" << "";
        QTest::newRow("refused: no mode left") << "refused" << 0 << 1 << false << "stop" << "no_mode";
        QTest::newRow("refused: budget spent") << "refused" << 0 << 4 << true << "stop" << "max_calls";
    }

    void moves()
    {
        QFETCH(QString, after);
        QFETCH(int, repairsDone);
        QFETCH(int, callsMade);
        QFETCH(bool, moreModes);
        QFETCH(QString, move);
        QFETCH(QString, endedBy);
        const Move m = after == QLatin1String("invalid") ? afterInvalid(repairsDone, 2, callsMade, 4, moreModes)
                                                         : afterModeRefused(callsMade, 4, moreModes);
        const char* names[] = {"repair", "next", "stop"};
        QCOMPARE(QString::fromLatin1(names[int(m.kind)]), move);
        if (!endedBy.isEmpty())
            QCOMPARE(QString::fromUtf8(endReasonName(m.endReason).data()), endedBy);
    }

    void modeChains_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("choice");
        QTest::addColumn<QString>("chain"); // '*': the strict schema was transformed
        QTest::newRow("openai closed auto") << "openai" << kClosedSchema << "auto" << "strict,tool,json-object,text";
        QTest::newRow("openai root anyOf auto") << "openai" << kRootAnyOfSchema << "auto" << "tool,json-object,text";
        QTest::newRow("openai allOf auto: merged") << "openai" << kAllOfSchema << "auto" << "strict*,tool,json-object,text";
        QTest::newRow("openai array auto") << "openai" << kArraySchema << "auto" << "text";
        QTest::newRow("anthropic allOf auto") << "anthropic" << kAllOfSchema << "auto" << "strict*,tool,json-object,text";
        QTest::newRow("anthropic array auto") << "anthropic" << kArraySchema << "auto" << "strict,text";
        QTest::newRow("ollama auto") << "ollama" << kClosedSchema << "auto" << "strict,json-object,text";
        QTest::newRow("fixed tool") << "openai" << kClosedSchema << "tool" << "tool";
        QTest::newRow("fixed strict refused is still sent") << "openai" << kRootAnyOfSchema << "strict" << "strict";
        QTest::newRow("ollama has no tool mode") << "ollama" << kClosedSchema << "tool" << "";
    }

    void modeChains()
    {
        QFETCH(QString, provider);
        QFETCH(QString, schema);
        QFETCH(QString, choice);
        QFETCH(QString, chain);
        std::vector<std::string> skipped;
        const auto steps = modeChain(providers::adapterFor(*providers::parseProviderKind(provider.toStdString())),
                                     Json::parse(schema.toStdString()), *parseModeChoice(choice.toStdString()), &skipped);
        QCOMPARE(modes(steps), chain);
        if (choice == QLatin1String("auto") && steps.size() < 4)
            QVERIFY(!skipped.empty()); // every mode left out says why
    }
};

CONFORM_TEST_CLASS(EnginePureTest);

#include "test_engine_pure.moc"
