// The engine's pure parts: hints, templates, the repair prompt and turn, examples, mode chains.
#include "test_registry.h"

#include "engine/example.h"
#include "engine/hints.h"
#include "engine/mode_chain.h"
#include "engine/repair.h"
#include "engine/template.h"
#include "providers/provider.h"

#include <QTest>

using namespace conform;
using namespace conform::engine;

namespace {

const char* kClosedSchema = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\"],\"additionalProperties\":false}";
const char* kAllOfSchema = "{\"type\":\"object\",\"properties\":{\"a\":{\"allOf\":[{\"type\":\"string\"}]}},\"required\":[\"a\"]}";
const char* kArraySchema = "{\"type\":\"array\",\"items\":{\"type\":\"string\"}}";

QString modes(const std::vector<ChainStep>& chain)
{
    QStringList names;
    for (const ChainStep& s : chain)
        names << QString::fromUtf8(providers::modeName(s.mode).data()) + (s.transformed ? QStringLiteral("*") : QString());
    return names.join(QLatin1Char(','));
}

} // namespace

class EnginePureTest : public QObject
{
    Q_OBJECT
private slots:
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
        context.attempt = 1;
        context.maxAttempts = 2;
        const std::string prompt = buildRepairPrompt({}, context);
        QVERIFY(prompt.find("{{") == std::string::npos);
        QVERIFY(prompt.find("- verdict: Invalid enum value") != std::string::npos);
        QVERIFY(prompt.find("- items.3: Number must be less than or equal to 1") != std::string::npos);
        QVERIFY(prompt.find("attempt 1 of 2") != std::string::npos);
        QVERIFY(prompt.find("code fences") != std::string::npos);     // the fences hint
        QVERIFY(prompt.find("trailing commas") != std::string::npos); // the trailing-comma hint
        QVERIFY(prompt.find("more bytes cut") != std::string::npos);  // {{original}} truncated
        QVERIFY(prompt.find("\"additionalProperties\": false") != std::string::npos);
        const std::string custom = buildRepairPrompt("Fix {{issues}} ({{attempt}}/{{max_attempts}})", context);
        QCOMPARE(custom.substr(0, 9), std::string("Fix - ver"));
        QVERIFY(custom.find("(1/2)") != std::string::npos);
    }

    void unreadableReplyIsReported()
    {
        QCOMPARE(formatIssues(Json::array(), "the reply is prose"), std::string("- (root): no JSON value could be read: the reply is prose"));
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
        providers::Conversation c{"", {providers::Message::user("q")}};
        providers::Reply reply;
        reply.text = "{\"a\": 1}";
        if (toolCall)
            reply.toolCall = providers::ToolCall{"toolu_1", "respond", "{\"a\": 1}"};
        appendRepairTurn(c, reply, *providers::parseMode(mode.toStdString()), "fix it");
        QCOMPARE(c.messages.size(), std::size_t(3));
        QCOMPARE(int(c.messages[2].role), lastRole);
        QCOMPARE(c.messages[2].text, std::string("fix it"));
        QCOMPARE(c.messages[1].toolCall.has_value(), toolCall);
        if (toolCall) {
            QCOMPARE(c.messages[2].toolCallId, std::string("toolu_1"));
            QVERIFY(c.messages[2].isError);
        }
    }

    void examples_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("example");
        QTest::newRow("object") << kClosedSchema << "{\"a\":\"string\"}";
        QTest::newRow("enum") << "{\"enum\":[\"x\",\"y\"]}" << "\"x\"";
        QTest::newRow("array") << kArraySchema << "[\"string\"]";
        QTest::newRow("ref") << "{\"$defs\":{\"n\":{\"type\":\"integer\",\"minimum\":3}},\"type\":\"object\",\"properties\":{\"n\":{\"$ref\":\"#/$defs/n\"}}}" << "{\"n\":3}";
        QTest::newRow("self ref is bounded") << "{\"type\":\"object\",\"properties\":{\"me\":{\"$ref\":\"#\"}}}" << "";
        QTest::newRow("bad ref") << "{\"$ref\":\"#/nope/~9\"}" << "null";
        QTest::newRow("wrong types") << "{\"type\":\"string\",\"format\":5}" << "\"string\"";
    }

    void examples()
    {
        QFETCH(QString, schema);
        QFETCH(QString, example);
        const Json value = exampleFor(Json::parse(schema.toStdString()));
        if (!example.isEmpty())
            QCOMPARE(QString::fromStdString(value.dump()), example);
    }

    void modeChains_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("choice");
        QTest::addColumn<QString>("chain"); // '*': the strict schema was transformed
        QTest::newRow("openai closed auto") << "openai" << kClosedSchema << "auto" << "strict,tool,json-object,text";
        QTest::newRow("openai allOf auto") << "openai" << kAllOfSchema << "auto" << "tool,json-object,text";
        QTest::newRow("openai array auto") << "openai" << kArraySchema << "auto" << "text";
        QTest::newRow("anthropic allOf auto") << "anthropic" << kAllOfSchema << "auto" << "strict*,tool,json-object,text";
        QTest::newRow("anthropic array auto") << "anthropic" << kArraySchema << "auto" << "strict,text";
        QTest::newRow("ollama auto") << "ollama" << kClosedSchema << "auto" << "strict,json-object,text";
        QTest::newRow("fixed tool") << "openai" << kClosedSchema << "tool" << "tool";
        QTest::newRow("fixed strict refused is still sent") << "openai" << kAllOfSchema << "strict" << "strict";
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
