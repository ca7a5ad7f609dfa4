#pragma once
// What the commands that listen (proxy, collect) share: the --listen address and a clean
// stop on SIGINT/SIGTERM.
#include "base/result.h"

#include <QHostAddress>
#include <QSocketNotifier>
#include <QString>

#include <memory>
#include <string>
#include <utility>

namespace conform::cli {

// "127.0.0.1:8787", "localhost:0", "[::1]:9000" -> address and port; a non-loopback address
// only with `allowRemote`. Errors name "COMMAND: --listen".
Result<std::pair<QHostAddress, quint16>> parseListen(const QString& text, bool allowRemote, const std::string& command);

// SIGINT and SIGTERM end the event loop, so the captures still queued are committed before
// the process exits (the handler only writes a byte to a pipe the loop watches).
std::unique_ptr<QSocketNotifier> quitOnSignals();

} // namespace conform::cli
