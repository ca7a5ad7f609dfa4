// Listening commands' shared parts (proxy, collect).
#include "listen.h"

#include <QCoreApplication>

#include <csignal>
#include <unistd.h>

namespace conform::cli {

// "127.0.0.1:8787", "localhost:0", "[::1]:9000" -> address and port.
Result<std::pair<QHostAddress, quint16>> parseListen(const QString& text, bool allowRemote, const std::string& command)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    QString host = colon > 0 ? text.left(colon) : QString();
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint port = colon > 0 ? text.mid(colon + 1).toUInt(&ok) : 0;
    const QHostAddress address = host == QLatin1String("localhost") ? QHostAddress(QHostAddress::LocalHost) : QHostAddress(host);
    if (!ok || port > 65535 || address.isNull())
        return Error{"must be HOST:PORT (e.g. 127.0.0.1:8787), not '" + text.toStdString() + "'", command + ": --listen"};
    if (!address.isLoopback() && !allowRemote)
        return Error{host.toStdString() + " is not a loopback address; add --allow-remote to listen for other machines", command + ": --listen"};
    return std::make_pair(address, static_cast<quint16>(port));
}

// SIGINT and SIGTERM end the event loop, so the captures still queued are committed before
// the process exits (the handler only writes a byte to a pipe the loop watches).
namespace {
int stopPipe[2] = {-1, -1};

void onStopSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(stopPipe[1], &byte, 1);
}

} // namespace

std::unique_ptr<QSocketNotifier> quitOnSignals()
{
    if (stopPipe[0] < 0 && ::pipe(stopPipe) != 0)
        return nullptr;
    auto notifier = std::make_unique<QSocketNotifier>(stopPipe[0], QSocketNotifier::Read);
    QObject::connect(notifier.get(), &QSocketNotifier::activated, [] { QCoreApplication::quit(); });
    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);
    return notifier;
}

} // namespace conform::cli
