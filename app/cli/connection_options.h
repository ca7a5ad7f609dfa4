#pragma once
// The connection options `serve` and `proxy` share (and any later server command):
// --idle-timeout-ms, --header-timeout-ms and --max-connections, read into the limits of
// server/connection_guard.h.
#include "server/connection_guard.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <string>

namespace conform::cli {

struct ConnectionOptions
{
    QCommandLineOption idle{QStringLiteral("idle-timeout-ms"), QStringLiteral("Close a connection when nothing moved for N ms."), QStringLiteral("N")};
    QCommandLineOption header{QStringLiteral("header-timeout-ms"), QStringLiteral("A request head must arrive whole within N ms (default 30000)."), QStringLiteral("N")};
    QCommandLineOption max{QStringLiteral("max-connections"), QStringLiteral("At most N connections (default 10000, within the open-file limit); at the limit the longest idle is closed for a new one."), QStringLiteral("N")};

    void addTo(QCommandLineParser& parser) const { parser.addOptions({idle, header, max}); }
    // Reads the options set over `limits`; "" when acceptable, else the complaint.
    std::string read(const QCommandLineParser& parser, server::ConnectionLimits& limits) const;
};

} // namespace conform::cli
