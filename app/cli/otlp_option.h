#pragma once
// --otlp URL on the commands that capture as they go (run, proxy): each capture is also sent
// as OTLP/JSON traces to URL (otlp/live_export.h), headers from OTEL_EXPORTER_OTLP_HEADERS,
// batched, never blocking a call, dropped with a count when the endpoint is down.
#include "command.h"
#include "options.h"

#include "otlp/live_export.h"

#include <QCommandLineParser>

#include <memory>
#include <ostream>

namespace conform::cli {

inline Option otlpOption()
{
    return Option(QStringLiteral("otlp"),
                              QStringLiteral("Also send each capture as OTLP/JSON traces to this OTLP/HTTP endpoint (headers: OTEL_EXPORTER_OTLP_HEADERS)."),
                              QStringLiteral("URL"));
}

// The exporter --otlp asks for (null without it); an Error for a URL or header list that is wrong.
inline Result<std::unique_ptr<otlp::LiveExporter>> liveExporter(const QCommandLineParser& parser, const QCommandLineOption& option)
{
    if (!parser.isSet(option))
        return std::unique_ptr<otlp::LiveExporter>();
    const QUrl url = otlp::tracesUrl(parser.value(option));
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        return Error{"must be an http(s) URL", "--otlp"};
    otlp::Headers headers;
    if (const QByteArray env = qgetenv("OTEL_EXPORTER_OTLP_HEADERS"); !env.isEmpty())
        if (auto added = otlp::addHeaderList(env.toStdString(), headers); !added)
            return added.error();
    return std::make_unique<otlp::LiveExporter>(url, std::move(headers));
}

// At exit: what is queued goes out within `timeoutMs`, and one line says how it went.
inline void finishLiveExport(otlp::LiveExporter* live, Io& io, int timeoutMs = 3000)
{
    if (!live)
        return;
    live->finish(timeoutMs);
    io.err << "conform-cli: otlp: " << live->sent() << " capture(s) sent, " << live->dropped() << " dropped";
    if (live->dropped() > 0 && !live->lastError().empty())
        io.err << " (" << live->lastError() << ")";
    io.err << std::endl;
}

} // namespace conform::cli
