#pragma once
// The in-process replay server test: one server on a free port with a handful of scripted
// scenarios, QNetworkAccessManager as the client. Slots are split across test_server.cpp
// (the three protocols, turns, sessions) and test_server_faults.cpp (faults, bad requests,
// connection handling).
#include "http_client.h"

#include "base/json.h"
#include "server/server.h"

#include <QNetworkAccessManager>
#include <QObject>
#include <QTest>

#include <memory>
#include <vector>

// QCOMPARE cannot take JSON values (Qt's overloads probe conversions nlohmann rejects).
#define QCOMPARE_JSON(actual, expected)                                                                     \
    do {                                                                                                    \
        const conform::Json actual_ = (actual);                                                             \
        const conform::Json expected_ = (expected);                                                         \
        if (actual_ != expected_)                                                                           \
            QFAIL(qPrintable(QStringLiteral("%1: %2 != %3").arg(QLatin1String(#actual),                     \
                                                                 QString::fromStdString(actual_.dump()),    \
                                                                 QString::fromStdString(expected_.dump())))); \
    } while (false)

class TestServer : public QObject
{
    Q_OBJECT

public:
    using Json = conform::Json;

private:
    QUrl url(const char* path) const;
    conform::test::HttpResult post(const char* path, const Json& body, const std::map<QByteArray, QByteArray>& headers = {});
    conform::test::HttpResult get(const char* path, const std::map<QByteArray, QByteArray>& headers = {});
    static Json parse(const QByteArray& bytes); // null on failure (the test then fails on content)
    static Json anthropicRequest(const char* model, bool stream);
    static Json openAiRequest(const char* model, bool stream);
    static Json ollamaRequest(const char* model, std::optional<bool> stream);

    std::unique_ptr<conform::server::ReplayServer> m_server;
    QNetworkAccessManager m_nam;
    std::vector<conform::server::RequestLog> m_logs;

private slots:
    void initTestCase();
    void init();

    // test_server.cpp
    void anthropicText_data();
    void anthropicText();
    void anthropicForcedTool_data();
    void anthropicForcedTool();
    void anthropicToolInput();
    void openAiText_data();
    void openAiText();
    void openAiTool_data();
    void openAiTool();
    void openAiRefusal();
    void forcedToolWithProse();
    void ollamaText_data();
    void ollamaText();
    void ollamaTool();
    void listings();
    void turnSequence();
    void sessions();
    void modelPicksScenario();
    void logsHoldNoSecrets();

    // test_server_faults.cpp
    void faults_data();
    void faults();
    void faultBodies();
    void dropMidBody();
    void dropMidStream();
    void stallThenFinish();
    void delayBeforeAnything();
    void badRequests_data();
    void badRequests();
    void badFraming_data();
    void badFraming();
    void keepAliveAndPipelining();
    void chunkedAndGzipBodies();
    void expectContinue();
    void bodyLimit();
    void concurrentConnections();
    void garbageDoesNotHurt();
};
