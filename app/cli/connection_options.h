#pragma once
// The connection options `serve` and `proxy` share (and any later server command):
// --idle-timeout-ms, --header-timeout-ms and --max-connections, read into the limits of
// server/connection_guard.h.
#include "server/connection_guard.h"

#include "options.h"

#include <QCommandLineParser>

#include <string>

namespace conform::cli {

struct ConnectionOptions
{
    // The options' defaults are the server's own (`defaults`), stated in --help.
    explicit ConnectionOptions(const server::ConnectionLimits& defaults = {});
    Option idle;
    Option header;
    Option max;

    OptionTable table() const { return {idle, header, max}; }
    // Reads the options set over `limits`; "" when acceptable, else the complaint.
    std::string read(const QCommandLineParser& parser, server::ConnectionLimits& limits) const;
};

} // namespace conform::cli
