// conform-cli proxy: the monitoring proxy (libcore/proxy) on a local port, until stopped.
// First stdout line "listening on http://HOST:PORT"; one line per captured exchange on stderr.
#include "command.h"
#include "connection_options.h"
#include "listen.h"
#include "otlp_option.h"
#include "schema_loader.h"
#include "store_options.h"

#include "proxy/proxy.h"
#include "store/writer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostAddress>

#include <ostream>

namespace conform::cli {
namespace {

struct Options
{
    Option upstream{QStringLiteral("upstream"), QStringLiteral("Where requests go: http(s)://host[:port][/prefix]."), QStringLiteral("URL")};
    Option listen{QStringLiteral("listen"), QStringLiteral("Address and port to listen on; port 0 takes any free port."), QStringLiteral("HOST:PORT"), QStringLiteral("127.0.0.1:0")};
    Option schemaMap = Option(QStringLiteral("schema-map"), QStringLiteral("JSON object from schema names to schema files."), QStringLiteral("FILE")).file();
    Option store = storeOption(QStringLiteral("Capture into this store."));
    Option noStore = noStoreOption(QStringLiteral("Capture nothing (validate and log only)."));
    Option remote{QStringLiteral("allow-remote"), QStringLiteral("Allow a non-loopback --listen address.")};
    Option maxReplyBytes = Option(QStringLiteral("max-reply-bytes"), QStringLiteral("Replies are forwarded whatever their size and judged up to this size; a larger one is captured as not judged (33554432 is 32 MiB)."), QStringLiteral("N"), QStringLiteral("33554432")).unit(QStringLiteral("bytes"));
    Option otlp = otlpOption();
    SchemaReadingOptions schemaReading;
    ConnectionOptions connections{proxy::ProxyOptions().connections};

    OptionTable table() const
    {
        return OptionTable{upstream, listen, schemaMap, store, noStore, remote, maxReplyBytes, otlp} + schemaReading.table()
            + connections.table() + OptionTable{helpOption()};
    }
};

class ProxyCommand : public Command
{
public:
    std::string name() const override { return "proxy"; }
    std::string summary() const override { return "forward an application's model calls unchanged, and validate and capture each reply"; }
    std::string usage() const override
    {
        return "conform-cli proxy --upstream URL [--listen 127.0.0.1:PORT] [--schema-map FILE]\n"
               "                  [--store PATH|URL | --no-store] [--otlp URL] [--allow-remote] [--max-reply-bytes N]\n"
               "                  [--draft 7|2020-12] [--formats assert|annotate]\n"
               "                  [--idle-timeout-ms N] [--header-timeout-ms N] [--max-connections N]\n"
               "Point the application's base URL at the proxy. Requests go to the upstream unchanged (only Host\n"
               "is the upstream's); the upstream's bytes come back untouched, streaming included. Afterwards each\n"
               "reply to /v1/messages, /chat/completions, /responses or /api/chat is extracted, validated and\n"
               "captured with the labels source=proxy, schema and validated. The schema map is a JSON object from\n"
               "names to schema files: a request's name is its x-conform-schema header, else the forced tool's\n"
               "name, else response_format.json_schema.name (text.format.name for the Responses API); a request\n"
               "with no matching name is captured unvalidated, except a Responses API request, judged by the\n"
               "schema its text.format (or forced function tool) carries.\n"
               "--otlp URL also sends each capture as OTLP/JSON traces to URL (batched; dropped and counted when\n"
               "the endpoint is down; headers from OTEL_EXPORTER_OTLP_HEADERS).\n"
               "First stdout line: \"listening on http://HOST:PORT\"; one line per captured call on stderr.\n"
               "The schema map's schemas:\n" + std::string(kSchemaReadingUsage);
    }

    OptionTable options() const override { return Options().table(); }
    std::vector<Example> examples() const override
    {
        return {{"conform-cli proxy --upstream https://api.openai.com --listen 127.0.0.1:8788 --schema-map schemas.json",
                 "then OPENAI_BASE_URL=http://127.0.0.1:8788/v1 for the application: every reply judged and captured"}};
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const Options o;
        const Option &upstream = o.upstream, &listen = o.listen, &schemaMap = o.schemaMap, &store = o.store, &noStore = o.noStore,
                     &remote = o.remote, &maxReplyBytes = o.maxReplyBytes, &otlpUrl = o.otlp;
        const SchemaReadingOptions& schemaReading = o.schemaReading;
        const ConnectionOptions& connectionOptions = o.connections;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        if (!parser.isSet(upstream))
            return fail(io, "proxy: --upstream URL is required");
        if (parser.isSet(store) && parser.isSet(noStore))
            return fail(io, "proxy: --store and --no-store contradict each other");
        auto address = parseListen(parser.value(listen), parser.isSet(remote), "proxy");
        if (!address)
            return fail(io, address.error().toString());
        proxy::ProxyOptions options;
        options.upstream = QUrl(parser.value(upstream), QUrl::StrictMode);
        if (auto upstreamOk = proxy::checkUpstream(options.upstream); !upstreamOk)
            return fail(io, "proxy: --upstream '" + parser.value(upstream).toStdString() + "': " + upstreamOk.error().message);
        if (const std::string problem = connectionOptions.read(parser, options.connections); !problem.empty())
            return fail(io, "proxy: " + problem);
        bool sizeOk = false;
        options.maxJudgedReplyBytes = parser.value(maxReplyBytes).toULongLong(&sizeOk);
        if (!sizeOk || options.maxJudgedReplyBytes < 1024)
            return fail(io, "proxy: --max-reply-bytes must be a whole number of bytes, at least 1024, not '" + parser.value(maxReplyBytes).toStdString() + "'");
        if (parser.isSet(schemaMap)) {
            const auto reading = schemaReading.read(parser, "proxy");
            if (!reading)
                return fail(io, reading.error().message);
            auto map = proxy::loadSchemaMap(parser.value(schemaMap), reading.value());
            if (!map)
                return fail(io, "proxy: --schema-map " + map.error().toString());
            options.schemas = std::move(map.value());
        }
        std::unique_ptr<store::CaptureWriter> writer;
        if (!parser.isSet(noStore)) {
            auto opened = StoreOptions::openWriter(parser.value(store));
            if (!opened)
                return fail(io, "proxy: " + opened.error().toString());
            writer = std::move(opened.value());
        }
        auto live = liveExporter(parser, otlpUrl);
        if (!live)
            return fail(io, "proxy: " + live.error().toString());
        if (otlp::LiveExporter* exporter = live.value().get())
            options.onCapture = [exporter](const store::Capture& capture) { exporter->add(capture); };
        proxy::MonitoringProxy monitor(std::move(options), writer.get());
        if (auto listening = monitor.listen(address->first, address->second); !listening)
            return fail(io, "proxy: cannot listen: " + listening.error().toString());
        const QString host = address->first.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + address->first.toString() + u']' : address->first.toString();
        io.out << "listening on http://" << host.toStdString() << ':' << monitor.port() << std::endl;
        QObject::connect(&monitor, &proxy::MonitoringProxy::exchangeFinished, &monitor,
                         [&io](const QString& id, int status, const QString& outcome, const QString& summary) {
                             io.err << "conform-cli: proxy: " << status << ' ' << outcome.toStdString() << ' ' << summary.toStdString()
                                    << (id.isEmpty() ? "" : " (capture " + id.toStdString() + ")") << std::endl;
                         });
        if (!QCoreApplication::instance())
            return fail(io, "proxy: needs a running application object");
        const auto stop = quitOnSignals();
        const int code = QCoreApplication::exec();
        finishLiveExport(live.value().get(), io);
        if (writer)
            if (auto flushed = writer->flush(); !flushed)
                return fail(io, "proxy: captures were lost: " + flushed.error().toString());
        return code;
    }
};

CONFORM_REGISTER_COMMAND(ProxyCommand);

} // namespace
} // namespace conform::cli
