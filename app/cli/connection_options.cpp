#include "connection_options.h"

namespace conform::cli {

namespace {

// The option's whole-number value within [low, high], or a complaint naming both.
std::string readBounded(const QCommandLineParser& parser, const QCommandLineOption& option, int low, int high, int& value)
{
    if (!parser.isSet(option))
        return {};
    bool ok = false;
    const int n = parser.value(option).toInt(&ok);
    if (!ok || n < low || n > high)
        return "--" + option.names().constFirst().toStdString() + " must be a whole number from " + std::to_string(low) + " to "
            + std::to_string(high) + ", not '" + parser.value(option).toStdString() + "'";
    value = n;
    return {};
}

} // namespace

ConnectionOptions::ConnectionOptions(const server::ConnectionLimits& defaults)
    : idle(Option(QStringLiteral("idle-timeout-ms"), QStringLiteral("Close a connection when nothing moved for N milliseconds."),
                  QStringLiteral("N"), QString::number(defaults.idleTimeoutMs))
               .unit(QStringLiteral("ms")))
    , header(Option(QStringLiteral("header-timeout-ms"), QStringLiteral("A request head must arrive whole within N milliseconds."),
                    QStringLiteral("N"), QString::number(defaults.headerTimeoutMs))
                 .unit(QStringLiteral("ms")))
    , max(QStringLiteral("max-connections"),
          QStringLiteral("At most N connections (within the open-file limit); at the limit the longest idle is closed for a new one."),
          QStringLiteral("N"), QString::number(defaults.maxConnections))
{
}

std::string ConnectionOptions::read(const QCommandLineParser& parser, server::ConnectionLimits& limits) const
{
    constexpr int kDay = 86'400'000;
    if (std::string problem = readBounded(parser, idle, 10, kDay, limits.idleTimeoutMs); !problem.empty())
        return problem;
    if (std::string problem = readBounded(parser, header, 10, kDay, limits.headerTimeoutMs); !problem.empty())
        return problem;
    return readBounded(parser, max, 1, 1'000'000, limits.maxConnections);
}

} // namespace conform::cli
