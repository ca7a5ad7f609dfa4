// conform-cli collect: an OTLP/HTTP receiver (libcore/otlp) on a local port, until stopped.
// GenAI spans (with their events) become captures with source otlp; first stdout line
// "listening on http://HOST:PORT", as serve and proxy print it.
#include "command.h"
#include "connection_options.h"
#include "judge_options.h"
#include "listen.h"
#include "store_options.h"

#include "otlp/collector.h"
#include "store/writer.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <ostream>

namespace conform::cli {
namespace {

struct Options
{
    Option listen{QStringLiteral("listen"), QStringLiteral("Address and port to listen on; port 0 takes any free port."), QStringLiteral("HOST:PORT"), QStringLiteral("127.0.0.1:4318")};
    Option store = storeOption(QStringLiteral("Capture into this store."));
    Option noStore = noStoreOption(QStringLiteral("Capture nothing (judge and log only)."));
    Option hold = Option(QStringLiteral("hold-ms"), QStringLiteral("How long a span waits for its events."), QStringLiteral("N"), QStringLiteral("2000")).unit(QStringLiteral("ms"));
    Option remote{QStringLiteral("allow-remote"), QStringLiteral("Allow a non-loopback --listen address.")};
    JudgeOptionFlags judge;
    ConnectionOptions connections{otlp::CollectorOptions().connections};

    OptionTable table() const
    {
        return OptionTable{listen, store, noStore, hold, remote} + judge.table() + connections.table() + OptionTable{helpOption()};
    }
};

class CollectCommand : public Command
{
public:
    std::string name() const override { return "collect"; }
    std::string summary() const override { return "receive OpenTelemetry GenAI spans (OTLP/HTTP), validate and capture each call"; }
    std::string usage() const override
    {
        return "conform-cli collect [--listen 127.0.0.1:PORT] [--store PATH|URL | --no-store] [--schema FILE] [--schema-map FILE]\n"
               "                    [--hold-ms N] [--allow-remote] [--draft 7|2020-12] [--formats assert|annotate]\n"
               "                    [--idle-timeout-ms N] [--header-timeout-ms N] [--max-connections N]\n"
               "Point an application's OTLP/HTTP exporters here (OTEL_EXPORTER_OTLP_ENDPOINT=http://HOST:PORT,\n"
               "OTEL_EXPORTER_OTLP_PROTOCOL=http/json). Serves POST /v1/traces and /v1/logs with JSON bodies,\n"
               "chunked or not, gzip or not, on kept-alive connections; bodies over 32 MiB get 413.\n"
               "Each GenAI span (gen_ai.operation.name chat or text_completion) becomes a capture with source\n"
               "otlp and its trace and span ids as labels; its messages and reply come from its attributes or\n"
               "from GenAI events (log records on /v1/logs), joined by span id in either order: a span waits\n"
               "--hold-ms (default 2000) for its events. Other spans are counted and skipped.\n"
               "The reply is checked against --schema FILE, or the --schema-map entry named by the span's\n"
               "conform.schema attribute or its service.name; with neither it is captured unchecked\n"
               "(labels schema=none, validated=false).\n"
               "First stdout line: \"listening on http://HOST:PORT\"; one line per request on stderr.\n"
               "SIGINT/SIGTERM judge the spans still held, commit the captures and exit 0.";
    }

    OptionTable options() const override { return Options().table(); }
    std::vector<Example> examples() const override
    {
        return {{"conform-cli collect --listen 127.0.0.1:4318 --schema-map schemas.json",
                 "then OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 OTEL_EXPORTER_OTLP_PROTOCOL=http/json for the application"}};
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const Options o;
        const Option &listen = o.listen, &store = o.store, &noStore = o.noStore, &hold = o.hold, &remote = o.remote;
        const JudgeOptionFlags& judgeFlags = o.judge;
        const ConnectionOptions& connectionOptions = o.connections;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        if (!parser.positionalArguments().isEmpty())
            return fail(io, "collect: unexpected argument '" + parser.positionalArguments().constFirst().toStdString() + "'");
        if (parser.isSet(store) && parser.isSet(noStore))
            return fail(io, "collect: --store and --no-store contradict each other");
        auto address = parseListen(parser.value(listen), parser.isSet(remote), "collect");
        if (!address)
            return fail(io, address.error().toString());
        bool ok = false;
        const int holdMs = parser.value(hold).toInt(&ok);
        if (!ok || holdMs < 0 || holdMs > 600'000)
            return fail(io, "collect: --hold-ms must be between 0 and 600000");
        otlp::CollectorOptions options;
        options.holdMs = holdMs;
        if (const std::string problem = connectionOptions.read(parser, options.connections); !problem.empty())
            return fail(io, "collect: " + problem);
        auto judge = judgeFlags.read(parser, "collect");
        if (!judge)
            return fail(io, judge.error().toString());
        options.judge = std::move(judge.value());
        std::unique_ptr<store::CaptureWriter> writer;
        if (!parser.isSet(noStore)) {
            auto opened = StoreOptions::openWriter(parser.value(store));
            if (!opened)
                return fail(io, "collect: " + opened.error().toString());
            writer = std::move(opened.value());
        }
        otlp::Collector collector(std::move(options), [&](store::Capture capture) {
            const store::CaptureSummary& s = capture.summary;
            std::string validated = "false";
            for (const auto& [key, value] : s.labels)
                if (key == "validated")
                    validated = value;
            io.err << "conform-cli: collect: " << s.provider << '/' << s.model << ' ' << store::outcomeNameOf(s.outcome)
                   << (validated == "true" ? "" : " (unchecked: no schema)") << " (capture " << s.id << ")" << std::endl;
            if (writer)
                writer->submit(std::move(capture));
        });
        if (auto listening = collector.listen(address->first, address->second); !listening)
            return fail(io, "collect: cannot listen: " + listening.error().toString());
        const QString host = address->first.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + address->first.toString() + u']' : address->first.toString();
        io.out << "listening on http://" << host.toStdString() << ':' << collector.port() << std::endl;
        QObject::connect(&collector, &otlp::Collector::logLine, &collector,
                         [&io](const QString& line) { io.err << "conform-cli: collect: " << line.toStdString() << std::endl; });
        if (!QCoreApplication::instance())
            return fail(io, "collect: needs a running application object");
        const auto stop = quitOnSignals();
        const int code = QCoreApplication::exec();
        collector.flush();
        const otlp::CollectorCounts counts = collector.counts();
        io.err << "conform-cli: collect: " << counts.captures << " capture(s), " << counts.unchecked << " unchecked, " << counts.otherSpans
               << " span(s) not GenAI skipped, " << counts.rejected << " rejected, " << counts.orphanEvents << " event(s) without their span"
               << std::endl;
        if (writer)
            if (auto flushed = writer->flush(); !flushed)
                return fail(io, "collect: captures were lost: " + flushed.error().toString());
        return code;
    }
};

CONFORM_REGISTER_COMMAND(CollectCommand);

} // namespace
} // namespace conform::cli
