#pragma once
// conform-cli run in process, as KeePassXC's CLI tests do: the whole program (parsing,
// dispatch, exit code) with its standard streams captured.
#include "command.h"

#include <QString>
#include <QStringList>

#include <sstream>
#include <string>

struct CliRun
{
    int code = -1;
    std::string out, err;
};

// `arguments` without the program name: {"captures", "list", ...}.
inline CliRun runCliInProcess(const QStringList& arguments, const std::string& input = {})
{
    std::istringstream in(input);
    std::ostringstream out, err;
    conform::cli::Io io{in, out, err};
    CliRun result;
    result.code = conform::cli::run(QStringList{QStringLiteral("conform-cli")} + arguments, io);
    result.out = out.str();
    result.err = err.str();
    return result;
}

// The same with the streams as QString, for tests that compare text with Qt's.
struct CliTextRun
{
    int code = -1;
    QString out, err;
};

inline CliTextRun runCli(const QStringList& arguments, const std::string& input = {})
{
    const CliRun run = runCliInProcess(arguments, input);
    return {run.code, QString::fromStdString(run.out), QString::fromStdString(run.err)};
}
