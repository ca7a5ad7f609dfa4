#include "engine_fixture.h"

#include "json/parse.h"

#include <QEventLoop>
#include <QFile>
#include <QTimer>

using namespace conform;

ReplayServer::ReplayServer(const QStringList& scenarioFiles)
{
    QStringList arguments{QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")};
    for (const QString& file : scenarioFiles)
        arguments << QStringLiteral("--scenario") << file;
    m_process.start(QStringLiteral(CONFORM_CLI_PATH), arguments);
    if (!m_process.waitForStarted(10000)) {
        m_error = QStringLiteral("serve did not start: ") + m_process.errorString();
        return;
    }
    QByteArray line;
    while (!line.contains('\n') && m_process.waitForReadyRead(10000))
        line += m_process.readAllStandardOutput();
    const QString first = QString::fromUtf8(line).section(QLatin1Char('\n'), 0, 0).trimmed();
    if (!first.startsWith(QLatin1String("listening on "))) {
        m_error = QStringLiteral("serve said: ") + first + QString::fromUtf8(m_process.readAllStandardError());
        return;
    }
    m_baseUrl = first.mid(13);
}

ReplayServer::~ReplayServer()
{
    m_process.kill();
    m_process.waitForFinished(5000);
}

QString dataPath(const QString& relative)
{
    return QStringLiteral(CONFORM_TEST_DATA "/") + relative;
}

QString scenarioPath(const QString& name)
{
    return dataPath(QStringLiteral("scenarios/") + name + QStringLiteral(".json"));
}

Json schemaJson()
{
    QFile file(dataPath(QStringLiteral("schema.json")));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the test schema");
    auto parsed = json::parseStrict(file.readAll().toStdString());
    if (!parsed)
        qFatal("the test schema is not JSON");
    return parsed.value();
}

std::shared_ptr<const providers::Scenario> scenarioNamed(const QString& name)
{
    auto loaded = providers::loadScenario(scenarioPath(name));
    if (!loaded)
        qFatal("bad scenario %s: %s", qPrintable(name), loaded.error().toString().c_str());
    return std::make_shared<const providers::Scenario>(std::move(loaded.value()));
}

engine::RunSpec specFor(engine::Target target, bool stream)
{
    engine::RunSpec spec;
    spec.schema = schemaJson();
    spec.prompt = engine::Prompt{"You judge {{case}}.", "Judge {{case}}; answer in JSON.", {{"case", "the cookie theft"}}, {}};
    spec.targets.push_back(std::move(target));
    spec.policy.stream = stream;
    spec.policy.stallTimeoutMs = 500;
    spec.policy.timeoutMs = 10000;
    return spec;
}

engine::Target httpTarget(const QString& provider, const QString& model, const QString& baseUrl, const QString& mode)
{
    return engine::Target{*providers::parseProviderKind(provider.toStdString()), model.toStdString(),
                          baseUrl.toStdString(), *engine::parseModeChoice(mode.toStdString()), nullptr};
}

engine::RunRecord runToEnd(const engine::RunSpec& spec, providers::Environment environment, int timeoutMs)
{
    engine::Engine engine;
    engine.setEnvironment(environment ? std::move(environment) : fakeKeys());
    engine::RunRecord record;
    bool done = false;
    QEventLoop loop;
    QObject::connect(&engine, &engine::Engine::finished, &loop, [&](const engine::RunRecord& r) {
        record = r;
        done = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    engine.start(spec);
    loop.exec();
    if (!done)
        record.error = "the run did not finish in time";
    return record;
}

providers::Environment fakeKeys()
{
    return [](const char* name) -> std::optional<std::string> {
        const std::string n(name);
        if (n == "ANTHROPIC_API_KEY" || n == "OPENAI_API_KEY")
            return std::string(kFakeKey);
        return std::nullopt;
    };
}
