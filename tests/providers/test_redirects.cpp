// Keys stay with their origin: each provider's request, sent over NetworkChannel (the
// channel every run uses) to a server this test runs on 127.0.0.1, answered with a redirect;
// the server records what the second hop carried. Another origin (host localhost, or another
// port) gets no key; the same origin keeps it. A redirect that is refused ends the exchange
// at once, not retried. The rules themselves (methods, bodies, https -> http) as pure rows.
#include "providers/network_channel.h"
#include "providers/provider.h"
#include "providers/redirect.h"
#include "providers/transport.h"
#include "request_gatherer.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <map>

Q_DECLARE_METATYPE(conform::providers::ProviderKind)
Q_DECLARE_METATYPE(conform::providers::ExchangeResult)

using namespace conform;
using namespace conform::providers;

namespace {

constexpr const char* kKey = "notakey-redirect-SECRET-4711";

struct Seen
{
    QByteArray method, path, host, body;
    std::map<QByteArray, QByteArray> headers; // names lower case
};

// Answers `redirects` (path -> "STATUS Location") with a redirect, any other path with a
// small JSON body; remembers every request, one per connection.
class RecordingServer : public QObject
{
public:
    std::map<QByteArray, std::pair<int, QByteArray>> redirects;
    std::vector<Seen> seen;

    RecordingServer()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
        });
    }
    quint16 port() const { return m_server.serverPort(); }

private:
    void read(QTcpSocket* socket)
    {
        const auto request = m_requests.take(socket);
        if (!request)
            return;
        const qsizetype end = request->indexOf("\r\n\r\n");
        Seen s;
        const QList<QByteArray> lines = request->left(end).split('\n');
        const QList<QByteArray> first = lines.first().trimmed().split(' ');
        s.method = first.value(0);
        s.path = first.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i)
            if (const qsizetype colon = lines[i].indexOf(':'); colon > 0)
                s.headers[lines[i].left(colon).trimmed().toLower()] = lines[i].mid(colon + 1).trimmed();
        s.host = s.headers["host"];
        s.body = request->mid(end + 4);
        seen.push_back(s);
        QByteArray answer;
        if (auto found = redirects.find(s.path); found != redirects.end())
            answer = "HTTP/1.1 " + QByteArray::number(found->second.first) + " Moved\r\nLocation: " + found->second.second
                + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
        else
            answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
        socket->write(answer);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    RequestGatherer m_requests;
};

HttpRequest providerRequest(ProviderKind kind, const std::string& baseUrl)
{
    const Json schema = Json::parse(R"({"type":"object"})");
    RequestOptions options;
    options.model = "m-1";
    return adapterFor(kind).buildRequest(Conversation{"", {Message::user("Hello.")}}, schema, Mode::Text, options, {baseUrl, kKey});
}

// Whether any header of `seen` carries the key.
bool carriesKey(const Seen& seen)
{
    for (const auto& [name, value] : seen.headers)
        if (value.contains(kKey))
            return true;
    return false;
}

} // namespace

class RedirectsTest : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { qRegisterMetaType<ExchangeResult>(); }

    // The issue's case: each provider, redirected by 307 within its origin and to two others
    // (Ollama sends a key only when its endpoint has one: a gateway in front of it).
    void followed_data()
    {
        QTest::addColumn<ProviderKind>("kind");
        QTest::addColumn<QString>("target"); // where the redirect points; PORT, OTHER: the ports
        QTest::addColumn<bool>("keyKept");
        for (const auto& [name, kind] : {std::pair{"anthropic", ProviderKind::Anthropic}, {"openai", ProviderKind::OpenAI},
                                         {"openai-responses", ProviderKind::OpenAIResponses}, {"ollama", ProviderKind::Ollama}}) {
            QTest::addRow("%s same origin", name) << kind << "http://127.0.0.1:PORT/second" << true;
            QTest::addRow("%s same origin, relative", name) << kind << "/second" << true;
            QTest::addRow("%s other host (localhost)", name) << kind << "http://localhost:PORT/second" << false;
            QTest::addRow("%s other port", name) << kind << "http://127.0.0.1:OTHER/second" << false;
        }
    }
    void followed()
    {
        QFETCH(ProviderKind, kind);
        QFETCH(QString, target);
        QFETCH(bool, keyKept);
        RecordingServer first, other;
        const QByteArray port = QByteArray::number(first.port());
        HttpRequest request = providerRequest(kind, "http://127.0.0.1:" + port.toStdString());
        const QByteArray path = QUrl(QString::fromStdString(request.url)).path().toUtf8();
        first.redirects[path] = {307, target.toUtf8().replace("OTHER", QByteArray::number(other.port())).replace("PORT", port)};

        NetworkChannel channel;
        QSignalSpy started(&channel, &Channel::responseStarted);
        QSignalSpy ended(&channel, &Channel::ended);
        channel.start(request);
        QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, 10'000);
        QCOMPARE(ended.first().at(0).toBool(), false);
        QCOMPARE(started.first().at(0).toInt(), 200);

        const std::vector<Seen>& hops = target.contains(QLatin1String("OTHER")) ? other.seen : first.seen;
        QVERIFY(!hops.empty());
        const Seen& second = hops.back();
        QCOMPARE(second.path, QByteArray("/second"));
        QCOMPARE(second.method, QByteArray("POST")); // 307 keeps the method and the body
        QCOMPARE(second.body, QByteArray::fromStdString(request.body));
        QCOMPARE(carriesKey(second), keyKept);
        QVERIFY(carriesKey(first.seen.front())); // the first hop had it
        if (kind == ProviderKind::Anthropic)
            QCOMPARE(second.headers.count("anthropic-version"), std::size_t(1)); // harmless headers go along
    }

    // A refused redirect would come again: the exchange ends at once with what was refused
    // and where, not retried (the transport allows two retries here).
    void refusedIsFinal_data()
    {
        QTest::addColumn<QByteArray>("location"); // PORT: the server's
        QTest::addColumn<int>("requests");        // what the server saw
        QTest::addColumn<QString>("error");
        QTest::newRow("not http") << QByteArray("ftp://127.0.0.1/file") << 1
                                  << "redirect to 'ftp://127.0.0.1/file' refused: not an http or https URL";
        QTest::newRow("a loop") << QByteArray("http://127.0.0.1:PORT/loop") << kMaxRedirects + 1
                                << QStringLiteral("redirect from http://127.0.0.1:PORT/loop to http://127.0.0.1:PORT/loop refused: more than %1 redirects in a row")
                                       .arg(kMaxRedirects);
    }
    void refusedIsFinal()
    {
        QFETCH(QByteArray, location);
        QFETCH(int, requests);
        QFETCH(QString, error);
        RecordingServer server;
        const QByteArray port = QByteArray::number(server.port());
        server.redirects["/loop"] = {302, location.replace("PORT", port)};
        HttpRequest request;
        request.method = "GET";
        request.url = "http://127.0.0.1:" + port.toStdString() + "/loop";
        request.credentials = {{"authorization", std::string("Bearer ") + kKey}};
        Transport transport(networkChannels());
        QSignalSpy finished(&transport, &Transport::finished);
        transport.send(request, adapterFor(ProviderKind::OpenAI));
        QVERIFY(finished.wait(10'000));
        const ExchangeResult result = finished.takeFirst().at(0).value<ExchangeResult>();
        QVERIFY(result.reply.error);
        QCOMPARE(QString::fromStdString(result.reply.error->type), QStringLiteral("redirect_refused"));
        QCOMPARE(QString::fromStdString(result.reply.error->message), error.replace(QLatin1String("PORT"), QString::fromLatin1(port)));
        QVERIFY(result.retries.empty());
        QCOMPARE(server.seen.size(), std::size_t(requests));
    }

    void rules_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("location");
        QTest::addColumn<QString>("error");  // "" when followed
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("nextMethod");
        QTest::addColumn<bool>("bodyKept");
        QTest::addColumn<bool>("keyKept");
        const QString a = QStringLiteral("https://api.example.com/v1/messages");
        QTest::newRow("307 keeps POST") << "POST" << 307 << a << "/v2/messages" << "" << "https://api.example.com/v2/messages" << "POST" << true << true;
        QTest::newRow("308 keeps POST") << "POST" << 308 << a << "https://api.example.com:443/x" << "" << "https://api.example.com:443/x" << "POST" << true << true;
        QTest::newRow("303 becomes GET") << "POST" << 303 << a << "/done" << "" << "https://api.example.com/done" << "GET" << false << true;
        QTest::newRow("302 after POST becomes GET") << "POST" << 302 << a << "/done" << "" << "https://api.example.com/done" << "GET" << false << true;
        QTest::newRow("301 after PUT keeps PUT") << "PUT" << 301 << a << "/done" << "" << "https://api.example.com/done" << "PUT" << true << true;
        QTest::newRow("other scheme") << "POST" << 307 << "http://h:80/v1" << "https://h/v1" << "" << "https://h/v1" << "POST" << true << false;
        QTest::newRow("other host") << "POST" << 307 << a << "https://evil.example.com/v1" << "" << "https://evil.example.com/v1" << "POST" << true << false;
        QTest::newRow("other port") << "POST" << 307 << a << "https://api.example.com:8443/v1" << "" << "https://api.example.com:8443/v1" << "POST" << true << false;
        QTest::newRow("https to http") << "POST" << 307 << a << "http://api.example.com/v1" << "https://api.example.com/v1/messages: redirect from https://api.example.com/v1/messages to http://api.example.com/v1 refused: it would leave https" << "" << "" << false << false;
        QTest::newRow("not http") << "POST" << 307 << a << "file:///etc/passwd" << "https://api.example.com/v1/messages: redirect to 'file:///etc/passwd' refused: not an http or https URL" << "" << "" << false << false;
    }
    void rules()
    {
        QFETCH(QString, method);
        QFETCH(int, status);
        QFETCH(QString, from);
        QFETCH(QString, location);
        QFETCH(QString, error);
        HttpRequest request;
        request.method = method.toStdString();
        request.url = from.toStdString();
        request.body = "{}";
        request.headers = {{"content-type", "application/json"}, {"anthropic-version", "1"}, {"cookie", "session=1"}, {"x-goog-api-key", "g"},
                           {"api-key", "a"}, {"x-acme-token", "t"}};
        request.credentials = {{"x-api-key", kKey}};
        const auto next = redirectedRequest(request, status, location.toStdString());
        if (!error.isEmpty()) {
            QVERIFY(!next);
            QCOMPARE(QString::fromStdString(next.error().toString()), error);
            return;
        }
        QFETCH(QString, url);
        QFETCH(QString, nextMethod);
        QFETCH(bool, bodyKept);
        QFETCH(bool, keyKept);
        QVERIFY2(next.ok(), next.ok() ? "" : next.error().toString().c_str());
        QCOMPARE(QString::fromStdString(next->url), url);
        QCOMPARE(QString::fromStdString(next->method), nextMethod);
        QCOMPARE(next->body == "{}", bodyKept);
        QCOMPARE(!next->credentials.empty(), keyKept);
        std::vector<std::string> names;
        for (const auto& [name, value] : next->headers)
            names.push_back(name);
        std::vector<std::string> expected;
        if (bodyKept)
            expected.push_back("content-type");
        expected.push_back("anthropic-version");
        if (keyKept)
            for (const char* name : {"cookie", "x-goog-api-key", "api-key", "x-acme-token"})
                expected.push_back(name);
        QCOMPARE(names, expected);
    }
};

QTEST_GUILESS_MAIN(RedirectsTest)
#include "test_redirects.moc"
