// conform-cli completion bash|zsh, and the hidden conform-cli manpage conform-cli|conform that
// the build runs: both print what manual.h makes from the commands' option tables.
#include "command.h"
#include "manual.h"

#include <QCommandLineParser>

#include <ostream>

namespace conform::cli {
namespace {

class CompletionCommand : public Command
{
public:
    std::string name() const override { return "completion"; }
    std::string summary() const override { return "print the bash or zsh completion script"; }
    std::string usage() const override
    {
        return "conform-cli completion bash|zsh\n"
               "The package installs both; for a copy built from source:\n"
               "    source <(conform-cli completion bash)\n"
               "    conform-cli completion zsh > ~/.zfunc/_conform-cli   (a folder in $fpath)";
    }
    OptionTable options() const override { return {helpOption()}; }
    std::vector<Example> examples() const override
    {
        return {{"source <(conform-cli completion bash)", "complete conform-cli's commands, options and values in this shell"}};
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        const QStringList shells = parser.positionalArguments();
        const QString shell = shells.value(0);
        if (shells.size() != 1 || (shell != QLatin1String("bash") && shell != QLatin1String("zsh")))
            return fail(io, "completion: give the shell: bash or zsh");
        const CommandList commands = allCommands();
        io.out << (shell == QLatin1String("bash") ? bashCompletion(commands) : zshCompletion(commands));
        return Success;
    }
};

class ManpageCommand : public Command
{
public:
    std::string name() const override { return "manpage"; }
    std::string summary() const override { return "print conform-cli(1) or conform(1) as roff (the build makes the man pages with it)"; }
    std::string usage() const override { return "conform-cli manpage conform-cli|conform"; }
    OptionTable options() const override { return {helpOption()}; }
    bool hidden() const override { return true; }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        if (auto done = parseOptions(parser, *this, arguments, io))
            return *done;
        const QStringList pages = parser.positionalArguments();
        if (pages == QStringList{QStringLiteral("conform-cli")})
            io.out << cliManPage(allCommands());
        else if (pages == QStringList{QStringLiteral("conform")})
            io.out << guiManPage();
        else
            return fail(io, "manpage: give the page: conform-cli or conform");
        return Success;
    }
};

CONFORM_REGISTER_COMMAND(CompletionCommand);
CONFORM_REGISTER_COMMAND(ManpageCommand);

} // namespace
} // namespace conform::cli
