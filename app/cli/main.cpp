#include "command_module.h"

#include <QCoreApplication>

#include <iostream>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("conform-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CONFORM_VERSION));
    std::ios::sync_with_stdio(false);
    conform::cli::Io io{std::cin, std::cout, std::cerr};
    return conform::cli::runCommandLine(QCoreApplication::arguments(), io);
}
