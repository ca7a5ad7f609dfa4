#pragma once
// conform-cli run in process, as KeePassXC's CLI tests do: the whole program (parsing,
// dispatch, exit code) with its standard streams captured.
#include "command.h"

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
