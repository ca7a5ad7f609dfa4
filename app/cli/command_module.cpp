#include "command_module.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>

namespace conform::cli {
namespace {

// The commands this program holds itself (validate_command.cpp, extract_command.cpp).
bool heldHere(const QStringList& arguments)
{
    if (arguments.size() < 2)
        return false; // the usage lists every command: the module's
    const QString& first = arguments[1];
    return first == QLatin1String("validate") || first == QLatin1String("extract") || first == QLatin1String("--version")
        || first == QLatin1String("-v");
}

QStringList moduleCandidates()
{
    const QDir here(QCoreApplication::applicationDirPath());
    return {here.filePath(QStringLiteral("conform-cli-commands.so")),
            QDir::cleanPath(here.filePath(QStringLiteral(CONFORM_CLI_MODULE_INSTALLED)))};
}

} // namespace

int runCommandLine(const QStringList& arguments, Io& io)
{
    if (heldHere(arguments))
        return run(arguments, io);
    using Entry = int (*)(const QStringList&, Io&);
    QLibrary module;
    const QStringList candidates = moduleCandidates();
    for (const QString& path : candidates) {
        if (!QFileInfo::exists(path))
            continue;
        module.setFileName(path);
        if (!module.load()) // there, but unusable: say why rather than look further
            return fail(io, "cannot load the commands module: " + module.errorString().toStdString());
        break;
    }
    if (!module.isLoaded())
        return fail(io, "the commands module is missing (looked for " + candidates.join(QStringLiteral(" and ")).toStdString()
                            + "); reinstall conform");
    const auto entry = reinterpret_cast<Entry>(module.resolve("conform_cli_run"));
    if (!entry)
        return fail(io, module.fileName().toStdString() + " is not conform-cli's commands module: " + module.errorString().toStdString());
    return entry(arguments, io); // the module stays loaded until the process ends
}

} // namespace conform::cli
