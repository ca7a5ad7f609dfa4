#pragma once
// Helpers for the engine's run tests: the replay server (`conform-cli serve`) as a child
// process, specs over the test schema, and running an Engine to its end.
#include "engine/engine.h"

#include <QProcess>
#include <QString>
#include <QStringList>

// A `conform-cli serve --listen 127.0.0.1:0` child serving the given scenario files; stopped on destruction.
class ReplayServer
{
public:
    explicit ReplayServer(const QStringList& scenarioFiles);
    ~ReplayServer();
    bool ok() const { return !m_baseUrl.isEmpty(); }
    QString baseUrl() const { return m_baseUrl; } // "http://127.0.0.1:PORT"
    QString error() const { return m_error; }

private:
    QProcess m_process;
    QString m_baseUrl;
    QString m_error;
};

QString dataPath(const QString& relative);         // under tests/engine/data
QString scenarioPath(const QString& name);         // data/scenarios/NAME.json
conform::Json schemaJson();                        // data/schema.json
std::shared_ptr<const conform::providers::Scenario> scenarioNamed(const QString& name);

// A spec for the test schema against one target; policy tuned for tests (short stall timeout).
conform::engine::RunSpec specFor(conform::engine::Target target, bool stream);
conform::engine::Target httpTarget(const QString& provider, const QString& model, const QString& baseUrl,
                                   const QString& mode);

// Runs the spec on a fresh Engine until finished (or `timeoutMs`; then the record's error says so).
conform::engine::RunRecord runToEnd(const conform::engine::RunSpec& spec,
                                    conform::providers::Environment environment = {}, int timeoutMs = 60000);

// The environment every run test uses: fake keys that must never appear in any output.
conform::providers::Environment fakeKeys();
inline constexpr const char* kFakeKey = "notakey-test-SECRET123";
