// Endpoints from the environment, secret scrubbing, scenario rendering, and the Transport's
// retries and timeouts driven through the in-process scenario channel (real timers, no network).
#include "test_registry.h"

#include "providers/endpoint.h"
#include "providers/scenario_channel.h"
#include "providers/transport.h"

#include <QSignalSpy>
#include <QTest>

using namespace conform;
using namespace conform::providers;

// Scenario texts, in scenario_texts.cpp: moc cannot read raw strings with escaped quotes.
extern const char* const kToolThenTruncated;
extern const char* const kRateLimitedThenOk;
extern const char* const kAlways500;
extern const char* const kUnauthorized;
extern const char* const kStallThenOk;
extern const char* const kCutThenOk;

namespace {

Environment fakeEnvironment(std::map<std::string, std::string> values)
{
    return [values](const char* name) -> std::optional<std::string> {
        const auto it = values.find(name);
        if (it == values.end())
            return std::nullopt;
        return it->second;
    };
}

Scenario scenarioFrom(const char* text)
{
    auto parsed = parseScenarioText(text);
    if (!parsed)
        qFatal("bad test scenario: %s", parsed.error().toString().c_str());
    return parsed.value();
}

struct Exchange
{
    ExchangeResult result;
    std::vector<StreamEvent> events;
    int tries = 0;
};

// Sends one request through a Transport over the scenario and waits for the end.
Exchange exchange(const char* scenario, bool stream, TransportOptions options = {})
{
    auto session = std::make_shared<ScenarioSession>(scenarioFrom(scenario));
    options.random = [] { return 0.0; }; // backoff without waiting
    Transport transport(scenarioChannels(session), options);
    Exchange out;
    QObject::connect(&transport, &Transport::streamEvent, [&out](const StreamEvent& e) { out.events.push_back(e); });
    QObject::connect(&transport, &Transport::tryStarted, [&out](int) { ++out.tries; });
    QSignalSpy finished(&transport, &Transport::finished);
    RequestOptions request;
    request.stream = stream;
    transport.send(adapterFor(ProviderKind::Anthropic).buildRequest({"", {Message::user("hi")}}, Json::object(), Mode::Text, request, {}),
                   adapterFor(ProviderKind::Anthropic));
    if (!finished.wait(10000))
        qFatal("the transport never finished");
    out.result = finished.takeFirst().at(0).value<ExchangeResult>();
    return out;
}

} // namespace

Q_DECLARE_METATYPE(conform::providers::ExchangeResult)

class ProvidersTest : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { qRegisterMetaType<ExchangeResult>(); }

    void endpoints_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("key");
        QTest::newRow("anthropic default") << "anthropic" << "" << "https://api.anthropic.com" << "fake-ant-1";
        QTest::newRow("openai env base") << "openai" << "" << "http://gateway:9/v1" << "notakey-oai-2";
        QTest::newRow("target wins") << "openai" << "http://127.0.0.1:5/v1" << "http://127.0.0.1:5/v1" << "notakey-oai-2";
        QTest::newRow("ollama host without scheme") << "ollama" << "" << "http://0.0.0.0:11434" << "";
    }

    void endpoints()
    {
        QFETCH(QString, provider);
        QFETCH(QString, target);
        QFETCH(QString, base);
        QFETCH(QString, key);
        const Environment env = fakeEnvironment({{"ANTHROPIC_API_KEY", "fake-ant-1"}, {"OPENAI_API_KEY", "notakey-oai-2"},
                                                 {"OPENAI_BASE_URL", "http://gateway:9/v1"}, {"OLLAMA_HOST", "0.0.0.0:11434"}});
        const Endpoint e = resolveEndpoint(*parseProviderKind(provider.toStdString()), target.toStdString(), env);
        QCOMPARE(QString::fromStdString(e.baseUrl), base);
        QCOMPARE(QString::fromStdString(e.apiKey), key);
    }

    void scrubSecrets_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("secret");
        QTest::addColumn<QString>("expected");
        QTest::newRow("once") << "invalid key notakey-test-SECRET123!" << "notakey-test-SECRET123" << "invalid key [redacted]!";
        QTest::newRow("twice") << "aSECRETXYZbSECRETXYZ" << "SECRETXYZ" << "a[redacted]b[redacted]";
        QTest::newRow("inside the mark") << "redacted" << "redacted" << "[redacted]";
        QTest::newRow("short secrets ignored") << "abc" << "abc" << "abc";
    }

    void scrubSecrets()
    {
        QFETCH(QString, text);
        QFETCH(QString, secret);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(providers::scrubSecrets(text.toStdString(), {secret.toStdString()})), expected);
    }

    // Credentials in a base URL: user information and credential-named query values.
    void redactUrl_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << "https://api.example.test/v1" << "https://api.example.test/v1";
        QTest::newRow("user and password") << "https://bob:hunter2@proxy.test:8443/v1" << "https://***@proxy.test:8443/v1";
        QTest::newRow("token as user") << "http://tok_abc@h.test/" << "http://***@h.test/";
        QTest::newRow("key in the query") << "https://h.test/v1?api_key=k1&region=eu" << "https://h.test/v1?api_key=***&region=eu";
        QTest::newRow("every credential name") << "https://h.test/?key=a&access_token=b&sig=c&Secret=d&page=2"
                                               << "https://h.test/?key=***&access_token=***&sig=***&Secret=***&page=2";
        QTest::newRow("@ in the path is not user info") << "https://h.test/a@b" << "https://h.test/a@b";
        QTest::newRow("fragment kept") << "https://h.test/?token=t#x" << "https://h.test/?token=***#x";
    }

    void redactUrl()
    {
        QFETCH(QString, url);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(providers::redactUrl(url.toStdString())), expected);
        // Wherever the URL's secrets appear in a message, whatever their length, they are hidden.
        const std::string message = "cannot reach " + url.toStdString() + " (tried " + url.toStdString() + ")";
        const std::string scrubbed = providers::scrubUrlSecrets(message, url.toStdString());
        QCOMPARE(QString::fromStdString(scrubbed), QStringLiteral("cannot reach %1 (tried %1)").arg(expected));
    }

    void scenarioTurnsReadAsAnthropic()
    {
        const Scenario s = scenarioFrom(kToolThenTruncated);
        const Reply tool = adapterFor(ProviderKind::Anthropic).parseResponse(renderAnthropicTurn(s.turns[0], "respond", false));
        QVERIFY(tool.toolCall);
        QVERIFY(Json::parse(tool.raw()) == Json::parse(R"({"a":1})"));
        const Reply text = adapterFor(ProviderKind::Anthropic).parseResponse(renderAnthropicTurn(s.turns[1], "", false));
        QCOMPARE(QString::fromStdString(text.raw()), QStringLiteral("{\"b\": 2}"));
        QVERIFY(text.truncated());
        auto decoder = adapterFor(ProviderKind::Anthropic).streamDecoder();
        decoder->feed(renderAnthropicTurn(s.turns[1], "", true).body);
        decoder->finish();
        QVERIFY(decoder->complete());
        QCOMPARE(QString::fromStdString(decoder->reply().raw()), QStringLiteral("{\"b\": 2}"));
    }

    void retriesHonourRetryAfter()
    {
        const Exchange e = exchange(kRateLimitedThenOk, false);
        QVERIFY(e.result.ok());
        QCOMPARE(QString::fromStdString(e.result.reply.raw()), QStringLiteral("{\"ok\": true}"));
        QCOMPARE(e.result.retries.size(), std::size_t(2));
        QCOMPARE(e.result.retries[0].status, 429);
        QCOMPARE(e.result.retries[0].delayMs, 150LL);
        QCOMPARE(e.result.retries[1].status, 529);
        QCOMPARE(e.tries, 3);
    }

    void retriesRunOut()
    {
        TransportOptions options;
        options.retry.maxRetries = 1;
        const Exchange e = exchange(kAlways500, false, options);
        QVERIFY(!e.result.ok());
        QCOMPARE(e.result.reply.error->status, 500);
        QCOMPARE(e.result.retries.size(), std::size_t(1));
    }

    void clientErrorsAreNotRetried()
    {
        const Exchange e = exchange(kUnauthorized, false);
        QVERIFY(!e.result.ok());
        QCOMPARE(e.result.reply.error->status, 401);
        QCOMPARE(e.result.reply.error->type, std::string("authentication_error"));
        QVERIFY(e.result.retries.empty());
    }

    void stallTimesOutAndRetries()
    {
        TransportOptions options;
        options.stallTimeoutMs = 150;
        const Exchange e = exchange(kStallThenOk, true, options);
        QVERIFY(e.result.ok());
        QCOMPARE(e.result.retries.size(), std::size_t(1));
        QCOMPARE(e.result.retries[0].status, 0);
        QVERIFY(QString::fromStdString(e.result.retries[0].reason).startsWith(QLatin1String("timeout")));
        QCOMPARE(QString::fromStdString(e.result.reply.raw()), QStringLiteral("{\"a\": 2}"));
    }

    // A reply past maxReplyBytes stops its try at once: a transport error in words, not
    // retried, with nothing of the body kept (plain and streamed alike).
    void replyOverTheLimitIsRefused_data()
    {
        QTest::addColumn<bool>("stream");
        QTest::newRow("plain") << false;
        QTest::newRow("streamed") << true;
    }
    void replyOverTheLimitIsRefused()
    {
        QFETCH(bool, stream);
        const std::string text = "{\"a\": \"" + std::string(8000, 'x') + "\"}";
        // Built as values: moc misreads raw strings in this file.
        const std::string scenario = conform::Json{{"name", "s"}, {"description", "test"},
                                                   {"turns", {{{"text", text}}, {{"text", "{}"}}}}}.dump();
        TransportOptions options;
        options.maxReplyBytes = 4096;
        const Exchange e = exchange(scenario.c_str(), stream, options);
        QVERIFY(!e.result.ok());
        QCOMPARE(e.result.reply.error->type, std::string("reply_too_large"));
        QCOMPARE(QString::fromStdString(e.result.reply.error->message),
                 QStringLiteral("the reply passed 4 KB (the --max-reply-bytes limit) and was not read further"));
        QVERIFY(e.result.retries.empty());
        QCOMPARE(e.tries, 1);
        QVERIFY(e.result.response.body.empty());
        QVERIFY(e.result.response.bodyBytes > 4096);
        // The same reply within the limit is read as ever.
        options.maxReplyBytes = 1 << 20;
        QVERIFY(exchange(scenario.c_str(), stream, options).result.ok());
    }

    // An error body keeps its first kMaxErrorBodyBytes; the message says how large it was.
    void errorBodyIsCut()
    {
        const std::string body = conform::Json{{"error", {{"type", "invalid_request_error"}, {"message", std::string(100'000, 'e')}}}}.dump();
        const std::string scenario = conform::Json{{"name", "s"}, {"description", "test"}, {"turns", {{{"status", 400}, {"body", body}}}}}.dump();
        const Exchange e = exchange(scenario.c_str(), false);
        QVERIFY(!e.result.ok());
        QCOMPARE(e.result.response.body.size(), kMaxErrorBodyBytes);
        QCOMPARE(e.result.response.bodyBytes, std::uint64_t(body.size()));
        const QString message = QString::fromStdString(e.result.reply.error->message);
        QVERIFY2(message.endsWith(QStringLiteral("(an error body of 98 KB, of which the first 16 KB were read)")), qPrintable(message.right(120)));
        QVERIFY2(message.size() < 1000, qPrintable(QString::number(message.size())));
    }

    void cutStreamIsRetried()
    {
        const Exchange e = exchange(kCutThenOk, true);
        QVERIFY2(e.result.ok(), e.result.reply.error ? e.result.reply.error->message.c_str() : "cancelled");
        QCOMPARE(e.result.retries.size(), std::size_t(1));
        QVERIFY2(QString::fromStdString(e.result.retries[0].reason).startsWith(QLatin1String("the connection was cut after 300 bytes")), e.result.retries[0].reason.c_str());
        QCOMPARE(QString::fromStdString(e.result.reply.raw()), QStringLiteral("{\"a\": 2}"));
        std::string deltas;
        for (const StreamEvent& ev : e.events)
            if (ev.kind == StreamEvent::Kind::TextDelta)
                deltas += ev.text;
        QVERIFY(deltas.size() >= 8); // the second try streamed its text as deltas
    }
};

CONFORM_TEST_CLASS(ProvidersTest);

#include "test_providers.moc"
