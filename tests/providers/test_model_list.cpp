// providers/model_list.h: the models request of each provider and the ids in its reply. The
// reply bodies are written by hand after the providers' documented shapes.
#include "providers/model_list.h"

#include <QTest>

using namespace conform;
using providers::ProviderKind;

Q_DECLARE_METATYPE(conform::providers::ProviderKind)

class TestModelList : public QObject
{
    Q_OBJECT

private slots:
    void request_data();
    void request();
    void parse_data();
    void parse();
    void scenarioHasNone();
};

void TestModelList::request_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::addColumn<QString>("baseUrl");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("credential"); // "name: value", "" for none

    QTest::newRow("anthropic") << ProviderKind::Anthropic << "https://api.anthropic.com"
                               << "https://api.anthropic.com/v1/models" << "x-api-key: notakey-a";
    QTest::newRow("openai base with /v1") << ProviderKind::OpenAI << "https://api.openai.com/v1/"
                                          << "https://api.openai.com/v1/models" << "authorization: Bearer notakey-a";
    QTest::newRow("openai-compatible without /v1") << ProviderKind::OpenAI << "http://127.0.0.1:8000"
                                                   << "http://127.0.0.1:8000/v1/models" << "authorization: Bearer notakey-a";
    QTest::newRow("ollama") << ProviderKind::Ollama << "http://localhost:11434" << "http://localhost:11434/api/tags" << "";
    QTest::newRow("openai base with a query") << ProviderKind::OpenAI << "http://127.0.0.1:9/v1?key=K"
                                              << "http://127.0.0.1:9/v1/models?key=K" << "authorization: Bearer notakey-a";
    QTest::newRow("ollama base with a query") << ProviderKind::Ollama << "http://127.0.0.1:9/?key=K"
                                              << "http://127.0.0.1:9/api/tags?key=K" << "";
}

void TestModelList::request()
{
    QFETCH(ProviderKind, kind);
    QFETCH(QString, baseUrl);
    QFETCH(QString, url);
    QFETCH(QString, credential);
    const auto request = providers::modelListRequest(kind, {baseUrl.toStdString(), kind == ProviderKind::Ollama ? "" : "notakey-a"});
    QCOMPARE(request.method, std::string("GET"));
    QCOMPARE(QString::fromStdString(request.url), url);
    QVERIFY(request.body.empty());
    QString sent;
    for (const auto& [name, value] : request.credentials)
        sent = QString::fromStdString(name + ": " + value);
    QCOMPARE(sent, credential);
    // The key is never among the recorded headers.
    for (const auto& [name, value] : request.headers)
        QVERIFY(value.find("notakey-a") == std::string::npos);
}

void TestModelList::parse_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QStringList>("ids");   // expected ids when it parses
    QTest::addColumn<QString>("error");     // expected Error::toString() otherwise

    QTest::newRow("anthropic")
        << ProviderKind::Anthropic << 200
        << R"({"data":[{"type":"model","id":"claude-sonnet-4-5","display_name":"Claude Sonnet 4.5","created_at":"2025-09-29T00:00:00Z"},
                      {"type":"model","id":"claude-haiku-4-5","display_name":"Claude Haiku 4.5","created_at":"2025-10-01T00:00:00Z"}],
              "has_more":false,"first_id":"claude-sonnet-4-5","last_id":"claude-haiku-4-5"})"
        << QStringList{"claude-sonnet-4-5", "claude-haiku-4-5"} << "";
    QTest::newRow("openai")
        << ProviderKind::OpenAI << 200
        << R"({"object":"list","data":[{"id":"gpt-4o-mini","object":"model","created":1721172741,"owned_by":"system"},
                                       {"id":"gpt-4o","object":"model","created":1715367049,"owned_by":"system"}]})"
        << QStringList{"gpt-4o-mini", "gpt-4o"} << "";
    QTest::newRow("ollama")
        << ProviderKind::Ollama << 200
        << R"({"models":[{"name":"llama3.1:8b","model":"llama3.1:8b","modified_at":"2024-08-01T10:00:00Z","size":4920753328,
                          "digest":"abc","details":{"family":"llama","parameter_size":"8.0B","quantization_level":"Q4_0"}}]})"
        << QStringList{"llama3.1:8b"} << "";
    QTest::newRow("openai: bad key")
        << ProviderKind::OpenAI << 401
        << R"({"error":{"message":"Incorrect API key provided","type":"invalid_request_error","param":null,"code":"invalid_api_key"}})"
        << QStringList{} << "HTTP 401: no model list: Incorrect API key provided";
    QTest::newRow("anthropic: not json") << ProviderKind::Anthropic << 200 << "<html>proxy</html>" << QStringList{}
                                         << "HTTP 200: no model list: upstream answered 200 with an HTML page (18 bytes)";
}

void TestModelList::parse()
{
    QFETCH(ProviderKind, kind);
    QFETCH(int, status);
    QFETCH(QString, body);
    QFETCH(QStringList, ids);
    QFETCH(QString, error);
    providers::HttpResponse response;
    response.status = status;
    response.body = body.toStdString();
    const auto parsed = providers::parseModelList(kind, response);
    if (!error.isEmpty()) {
        QVERIFY(!parsed);
        QCOMPARE(QString::fromStdString(parsed.error().toString()), error);
        return;
    }
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
    QStringList got;
    for (const std::string& id : parsed.value())
        got << QString::fromStdString(id);
    QCOMPARE(got, ids);
}

void TestModelList::scenarioHasNone()
{
    QVERIFY(!providers::hasModelList(ProviderKind::Scenario));
    QVERIFY(providers::hasModelList(ProviderKind::Ollama));
}

QTEST_GUILESS_MAIN(TestModelList)
#include "test_model_list.moc"
