// Connection handling shared by the replay server and the monitoring proxy
// (server/connection_guard.h), each row once against `serve` in process and once against the
// proxy in front of it: many idle connections never lock a client out, the connection idle
// the longest makes room at the limit, idle connections and slow request heads are closed;
// and a client that half-closes after its request still gets serve's answer. Loopback only.
#include "http_client.h"
#include "loopback_socket.h"

#include "providers/scenario.h"
#include "proxy/proxy.h"
#include "server/server.h"

#include <QTest>

#include <cerrno>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <thread>
#include <vector>

using namespace conform;
using namespace conform::test;

namespace {

const char* const kScenario = "{\"name\": \"plain\", \"description\": \"d\", \"turns\": [{\"text\": \"{\\\"ok\\\": true}\"}]}";
const QByteArray kTags = "GET /api/tags HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

// A connection opened without blocking (the server runs on this thread) and left idle.
int openIdle(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address); // EINPROGRESS
    return fd;
}

// The peer closed (an orderly close or a reset); false while the connection stands.
bool peerClosed(int fd)
{
    char byte = 0;
    const ssize_t n = ::recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

struct Fds
{
    std::vector<int> fds;
    ~Fds()
    {
        for (int fd : fds)
            ::close(fd);
    }
};

// The replay server, and with `viaProxy` the proxy in front of it; the one clients talk to.
struct Rig
{
    std::unique_ptr<server::ReplayServer> replay;
    std::unique_ptr<proxy::MonitoringProxy> proxy;

    Rig(bool viaProxy, server::ConnectionLimits limits)
    {
        std::vector<providers::Scenario> scenarios;
        scenarios.push_back(providers::parseScenarioText(kScenario).value());
        server::ServerOptions options;
        if (!viaProxy)
            options.connections = limits;
        replay = std::make_unique<server::ReplayServer>(std::move(scenarios), options);
        replay->listen();
        if (viaProxy) {
            proxy::ProxyOptions proxyOptions;
            proxyOptions.upstream = replay->url();
            proxyOptions.connections = limits;
            proxy = std::make_unique<proxy::MonitoringProxy>(std::move(proxyOptions), nullptr);
            proxy->listen();
        }
    }
    quint16 port() const { return proxy ? proxy->port() : replay->port(); }
    int count() const { return proxy ? proxy->connectionCount() : replay->connectionCount(); }
};

} // namespace

class TestConnections : public QObject
{
    Q_OBJECT

private slots:
    void manyIdleThenServed_data() { rows(); }
    void manyIdleThenServed();
    void oldestIdleMakesRoom_data() { rows(); }
    void oldestIdleMakesRoom();
    void idleConnectionClosed_data() { rows(); }
    void idleConnectionClosed();
    void slowHeadTimesOut_data() { rows(); }
    void slowHeadTimesOut();
    void halfCloseGetsTheAnswer();
    void capacityFollowsTheFileLimit();

private:
    static void rows()
    {
        QTest::addColumn<bool>("viaProxy");
        QTest::newRow("serve") << false;
        QTest::newRow("proxy") << true;
    }
};

// 1,100 idle connections (more than the 1,024 that used to lock clients out), then a new
// client is answered.
void TestConnections::manyIdleThenServed()
{
    QFETCH(bool, viaProxy);
    constexpr int kIdle = 1100;
    server::raiseOpenFileLimit();
    rlimit files{};
    ::getrlimit(RLIMIT_NOFILE, &files);
    // Both ends of every connection live in this process, so the test needs the descriptors
    // for both. A machine whose hard limit is lower cannot run it: a failure, never a skip.
    QVERIFY2(files.rlim_cur >= rlim_t(2 * kIdle + 256),
             qPrintable(QStringLiteral("the hard open-file limit (%1) is below the %2 descriptors 1,100 loopback connections "
                                       "need here; raise it (ulimit -Hn)").arg(qulonglong(files.rlim_max)).arg(2 * kIdle + 256)));
    Rig rig(viaProxy, {});
    Fds idle;
    for (int i = 0; i < kIdle; ++i) {
        idle.fds.push_back(openIdle(rig.port()));
        if (i % 50 == 49)
            QTest::qWait(1); // let the server accept, so the listen backlog never overflows
    }
    QTRY_VERIFY_WITH_TIMEOUT(rig.count() >= kIdle, 60'000);
    const RawResult answer = exchange(rig.port(), kTags, nullptr, 10'000);
    QVERIFY2(answer.received.startsWith("HTTP/1.1 200 OK\r\n"), answer.received.left(80).constData());
    QVERIFY(!peerClosed(idle.fds.front()));
}

// At the limit a newcomer closes the connection idle the longest, not itself.
void TestConnections::oldestIdleMakesRoom()
{
    QFETCH(bool, viaProxy);
    server::ConnectionLimits limits;
    limits.maxConnections = 8;
    Rig rig(viaProxy, limits);
    Fds idle;
    for (int i = 0; i < limits.maxConnections; ++i) {
        idle.fds.push_back(openIdle(rig.port()));
        QTRY_COMPARE_WITH_TIMEOUT(rig.count(), i + 1, 10'000); // one at a time: their age is their order
    }
    const RawResult answer = exchange(rig.port(), kTags, nullptr, 10'000);
    QVERIFY2(answer.received.startsWith("HTTP/1.1 200 OK\r\n"), answer.received.left(80).constData());
    QTRY_VERIFY_WITH_TIMEOUT(peerClosed(idle.fds.front()), 10'000);
    for (std::size_t i = 1; i < idle.fds.size(); ++i)
        QVERIFY2(!peerClosed(idle.fds[i]), qPrintable(QString::number(i)));
}

// An idle connection is closed once its idle timeout passed (a short one here; the test
// waits far longer than it and asserts only that it closes).
void TestConnections::idleConnectionClosed()
{
    QFETCH(bool, viaProxy);
    server::ConnectionLimits limits;
    limits.idleTimeoutMs = 200;
    Rig rig(viaProxy, limits);
    Fds idle;
    idle.fds.push_back(openIdle(rig.port()));
    QTRY_COMPARE_WITH_TIMEOUT(rig.count(), 1, 10'000);
    QTRY_VERIFY_WITH_TIMEOUT(peerClosed(idle.fds.front()), 20'000);
    QTRY_COMPARE_WITH_TIMEOUT(rig.count(), 0, 10'000);
}

// A request head trickling in a byte at a time (slow loris) keeps the connection busy, but
// not beyond the header timeout: it gets 408 and is closed.
void TestConnections::slowHeadTimesOut()
{
    QFETCH(bool, viaProxy);
    server::ConnectionLimits limits;
    limits.headerTimeoutMs = 300;
    Rig rig(viaProxy, limits);
    QTcpSocket socket;
    QByteArray received;
    bool closed = false;
    connect(&socket, &QTcpSocket::readyRead, this, [&] { received += socket.readAll(); });
    connect(&socket, &QTcpSocket::disconnected, this, [&] { closed = true; });
    socket.connectToHost(QStringLiteral("127.0.0.1"), rig.port());
    QVERIFY(socket.waitForConnected(5'000));
    socket.write("POST /api/chat HTTP/1.1\r\n");
    // Far longer than the timeout, one byte every 50 ms: each would have restarted an idle clock.
    for (int i = 0; i < 200 && !closed; ++i) {
        socket.write("X");
        QTest::qWait(50);
    }
    QVERIFY(closed);
    QVERIFY2(received.startsWith("HTTP/1.1 408 Request Timeout\r\n"), received.left(80).constData());
}

// A client that shuts its sending side after a whole request (shutdown(SHUT_WR)) still
// reads the whole answer from `serve`. (Qt closes a socket when it reads the end of its
// input, so the answer must be on its way before: the proxy, which must wait for the
// upstream, cannot hold a half-closed client yet.)
void TestConnections::halfCloseGetsTheAnswer()
{
    Rig rig(false, {});
    const QByteArray body = "{\"model\":\"plain\",\"stream\":false,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    const QByteArray request = "POST /api/chat HTTP/1.1\r\nHost: x\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    QByteArray received;
    bool done = false;
    const quint16 port = rig.port();
    std::thread client([&] {
        const int fd = connectLoopback(port, 10);
        if (fd >= 0) {
            ::send(fd, request.constData(), std::size_t(request.size()), MSG_NOSIGNAL);
            ::shutdown(fd, SHUT_WR);
            char buffer[4096];
            for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;)
                received.append(buffer, n);
            ::close(fd);
        }
        done = true;
    });
    [[maybe_unused]] const bool finished = QTest::qWaitFor([&] { return done; }, 15'000);
    client.join();
    QVERIFY2(received.startsWith("HTTP/1.1 200 OK\r\n"), received.left(80).constData());
    QVERIFY2(received.contains("\\\"ok\\\": true"), received.constData());
}

// The limit holds within the descriptors the process may open (each proxy connection
// takes two).
void TestConnections::capacityFollowsTheFileLimit()
{
    QCOMPARE(server::connectionCapacity(10'000, 1024, 1), 1024 - 64);
    QCOMPARE(server::connectionCapacity(10'000, 1024, 2), (1024 - 64) / 2);
    QCOMPARE(server::connectionCapacity(500, 1'000'000, 2), 500);
    QCOMPARE(server::connectionCapacity(500, 10, 1), 1);
    const long limit = server::raiseOpenFileLimit();
    rlimit files{};
    QCOMPARE(::getrlimit(RLIMIT_NOFILE, &files), 0);
    QCOMPARE(files.rlim_cur, files.rlim_max == RLIM_INFINITY ? files.rlim_cur : files.rlim_max);
    QVERIFY(limit >= 1024 || files.rlim_max < 1024);
}

QTEST_GUILESS_MAIN(TestConnections)
#include "test_connections.moc"
