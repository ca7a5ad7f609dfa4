// conform-cli serve: the replay server on a local port, for SDKs, curl and the workbench.
#include "command.h"
#include "connection_options.h"
#include "listen.h"
#include "store_options.h"

#include "providers/scenario.h"
#include "server/server.h"
#include "store/capture_scenario.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QHostAddress>

#include <ostream>

namespace conform::cli {
namespace {

struct Options
{
    Option scenario = Option(QStringLiteral("scenario"), QStringLiteral("A scenario file or built-in name."), QStringLiteral("FILE")).file().repeatable();
    Option captures = Option(QStringLiteral("captures"), QStringLiteral("Replay the recorded responses of a capture store (a file or postgresql:// URL)."), QStringLiteral("STORE")).file();
    Option limit{QStringLiteral("limit"), QStringLiteral("With --captures: at most N captures, the newest."), QStringLiteral("N"), QStringLiteral("1000")};
    Option listen{QStringLiteral("listen"), QStringLiteral("Address and port to listen on; port 0 takes any free port."), QStringLiteral("HOST:PORT"), QStringLiteral("127.0.0.1:0")};
    Option host = Option(QStringLiteral("host"), QStringLiteral("Address to listen on."), QStringLiteral("HOST"), QStringLiteral("127.0.0.1"))
                      .deprecatedFor(QStringLiteral("--listen HOST:PORT"));
    Option port = Option(QStringLiteral("port"), QStringLiteral("Port; 0 takes any free port."), QStringLiteral("N"), QStringLiteral("0"))
                      .deprecatedFor(QStringLiteral("--listen HOST:PORT"));
    Option remote{QStringLiteral("allow-remote"), QStringLiteral("Allow a non-loopback --listen address.")};
    Option pace = Option(QStringLiteral("pace-ms"), QStringLiteral("Pause between streamed events."), QStringLiteral("N"), QStringLiteral("0")).unit(QStringLiteral("ms"));
    StoreOptions store;
    ConnectionOptions connections;

    OptionTable table() const
    {
        return OptionTable{scenario, captures, limit, listen, host, port, remote, pace} + store.filters() + connections.table()
            + OptionTable{helpOption()};
    }
};

struct ServeSettings
{
    QHostAddress address;
    QString host;
    quint16 port = 0;
    int paceMs = 0;
    server::ConnectionLimits connections;
};

Result<std::vector<providers::Scenario>> loadAll(const QStringList& files)
{
    std::vector<providers::Scenario> scenarios;
    for (const QString& file : files) {
        auto scenario = providers::loadScenarioNamed(file);
        if (!scenario)
            return scenario.error();
        scenarios.push_back(std::move(scenario).value());
    }
    return scenarios;
}

// The newest `limit` captures that match, oldest first, each as a scenario named by its id.
Result<std::vector<providers::Scenario>> loadCaptures(const QCommandLineParser& parser, const StoreOptions& options, const QString& location,
                                                     int limit)
{
    auto filter = options.filter(parser);
    if (!filter)
        return filter.error();
    auto store = StoreOptions::openAt(location, false);
    if (!store)
        return store.error();
    std::vector<std::int64_t> seqs;
    auto newest = store.value()->list(filter.value(), limit, &seqs);
    if (!newest)
        return newest.error();
    if (seqs.empty())
        return Error{"no captures match", store.value()->location().display()};
    store::Filter range = filter.value();
    range.afterSeq = seqs.back() - 1;
    std::vector<providers::Scenario> scenarios;
    auto loaded = store.value()->forEachCapture(range, [&](const store::Capture& capture) {
        scenarios.push_back(store::scenarioOfCapture(capture));
        return true;
    });
    if (!loaded)
        return loaded.error();
    return scenarios;
}

// The address from --listen, or from the old --host and --port.
std::string readAddress(const QCommandLineParser& parser, const Options& o, ServeSettings& settings)
{
    const bool allowRemote = parser.isSet(o.remote);
    if (!parser.isSet(o.host) && !parser.isSet(o.port)) {
        auto address = parseListen(parser.value(o.listen), allowRemote, "serve");
        if (!address)
            return address.error().toString();
        settings.address = address->first;
        settings.host = address->first.toString();
        settings.port = address->second;
        return {};
    }
    if (parser.isSet(o.listen))
        return "serve: --listen HOST:PORT says what --host and --port said; give --listen alone";
    settings.host = parser.value(o.host);
    const bool localhost = settings.host == QLatin1String("localhost");
    settings.address = localhost ? QHostAddress(QHostAddress::LocalHost) : QHostAddress(settings.host);
    if (settings.address.isNull())
        return "serve: --host must be an IP address or localhost, not '" + settings.host.toStdString() + "'";
    if (!settings.address.isLoopback() && !allowRemote)
        return "serve: --host " + settings.host.toStdString() +
               " is not a loopback address; add --allow-remote to serve other machines";
    bool ok = false;
    const uint port = parser.value(o.port).toUInt(&ok);
    if (!ok || port > 65535)
        return "serve: --port must be between 0 and 65535";
    settings.port = static_cast<quint16>(port);
    return {};
}

// Parses the address and --pace-ms; "" when they are acceptable, else the complaint.
std::string readSettings(const QCommandLineParser& parser, const Options& o, ServeSettings& settings)
{
    if (std::string problem = readAddress(parser, o, settings); !problem.empty())
        return problem;
    bool ok = false;
    const int pace = parser.value(o.pace).toInt(&ok);
    if (!ok || pace < 0 || pace > 60'000)
        return "serve: --pace-ms must be between 0 and 60000";
    settings.paceMs = pace;
    return {};
}

int serve(std::vector<providers::Scenario> scenarios, const ServeSettings& settings, Io& io)
{
    server::ServerOptions options;
    options.paceMs = settings.paceMs;
    options.connections = settings.connections;
    server::ReplayServer replay(std::move(scenarios), options);
    if (auto listening = replay.listen(settings.address, settings.port); !listening)
        return fail(io, "serve: cannot listen: " + listening.error().toString());
    // Scripts wait for this exact line, so it goes out first and at once.
    const QString host = settings.address.protocol() == QAbstractSocket::IPv6Protocol ? QLatin1Char('[') + settings.host + QLatin1Char(']') : settings.host;
    io.out << "listening on http://" << host.toStdString() << ':' << replay.port() << std::endl;
    QObject::connect(&replay, &server::ReplayServer::requestHandled, &replay,
                     [&io](const server::RequestLog& log) { io.err << log.toLine() << std::endl; });
    if (!QCoreApplication::instance())
        return fail(io, "serve: needs a running application object");
    return QCoreApplication::exec();
}

class ServeCommand : public Command
{
public:
    std::string name() const override { return "serve"; }
    std::string summary() const override { return "replay scenarios over the Anthropic, OpenAI and Ollama wire protocols"; }
    std::string usage() const override
    {
        return "conform-cli serve (--scenario FILE ... | --captures STORE [FILTERS] [--limit N]) [--listen 127.0.0.1:PORT]\n"
               "                  [--allow-remote] [--pace-ms N]\n"
               "                  [--idle-timeout-ms N] [--header-timeout-ms N] [--max-connections N]\n"
               "First stdout line: \"listening on http://HOST:PORT\"; then one line per request on stderr.\n"
               "Serves POST /v1/messages, /v1/chat/completions, /v1/responses (OpenAI's Responses API: a\n"
               "response object, or its typed SSE events with stream: true), /api/chat; GET /v1/models, /api/tags.\n"
               "A request's \"model\" picks the scenario of that name (else the first); header\n"
               "x-conform-session keeps separate turn counters. FILE may name a built-in scenario.\n"
               "--captures replays the recorded responses of stored runs (the newest N that match the\n"
               "FILTERS of `conform-cli captures`, default 1000); each is a scenario named by its capture id.\n"
               "--host HOST and --port N are the old spelling of --listen HOST:PORT; they still work.";
    }

    OptionTable options() const override { return Options().table(); }
    std::vector<Example> examples() const override
    {
        return {{"conform-cli serve --scenario fenced-reply --listen 127.0.0.1:8787",
                 "a model that answers with a fenced reply, for an SDK pointed at http://127.0.0.1:8787"},
                {"conform-cli serve --captures captures.db --outcome failed --limit 50", "replay the newest 50 failed runs"}};
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const Options o;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        if (!parser.positionalArguments().isEmpty())
            return fail(io, "serve: unexpected argument '" + parser.positionalArguments().first().toStdString() + "'");
        if (parser.isSet(o.captures) == parser.isSet(o.scenario))
            return fail(io, "serve: give --scenario FILE (repeatable) or --captures STORE, one of them");
        ServeSettings settings;
        if (const std::string problem = readSettings(parser, o, settings); !problem.empty())
            return fail(io, problem);
        if (const std::string problem = o.connections.read(parser, settings.connections); !problem.empty())
            return fail(io, "serve: " + problem);
        bool limitOk = false;
        const int limit = parser.value(o.limit).toInt(&limitOk);
        if (!limitOk || limit < 1)
            return fail(io, "serve: --limit must be a whole number from 1, not '" + parser.value(o.limit).toStdString() + "'");
        auto scenarios = parser.isSet(o.captures) ? loadCaptures(parser, o.store, parser.value(o.captures), limit) : loadAll(parser.values(o.scenario));
        if (!scenarios)
            return fail(io, scenarios.error().toString());
        return serve(std::move(scenarios).value(), settings, io);
    }
};

CONFORM_REGISTER_COMMAND(ServeCommand);

} // namespace
} // namespace conform::cli
