#include "command.h"

#include "base/message_text.h"
#include "masking_stream.h"

#include <QCommandLineParser>
#include <QFile>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <ostream>

namespace conform::cli {

namespace {

std::vector<CommandFactory>& factories()
{
    static std::vector<CommandFactory> all;
    return all;
}

void printHelp(Io& io)
{
    io.out << "Usage: conform-cli COMMAND [OPTIONS]\n\n"
              "Validate, extract and repair LLM structured output; run, serve and replay.\n\n"
              "Commands:\n";
    for (const auto& command : allCommands())
        io.out << "  " << command->name() << std::string(12 - std::min<std::size_t>(11, command->name().size()), ' ')
               << command->summary() << '\n';
    io.out << "\nExit codes: 0 success or valid; 1 invalid, failed outcome or nothing recoverable;\n"
              "2 usage or input error; 3 provider or transport error.\n"
              "Run 'conform-cli COMMAND --help' for a command's options.\n";
}

int dispatch(const QStringList& arguments, Io& io)
{
    if (arguments.size() < 2 || arguments[1] == QLatin1String("--help") || arguments[1] == QLatin1String("-h")) {
        printHelp(io);
        return arguments.size() < 2 ? UsageError : Success;
    }
    if (arguments[1] == QLatin1String("--version")) {
        io.out << "conform-cli " << CONFORM_VERSION << '\n';
        return Success;
    }
    const std::string wanted = arguments[1].toStdString();
    for (auto& command : allCommands()) {
        if (command->name() == wanted)
            return command->execute(arguments.mid(1), io);
    }
    return fail(io, "unknown command '" + wanted + "' (see 'conform-cli --help')");
}

} // namespace

int fail(Io& io, const std::string& message, int code)
{
    io.err << "conform-cli: error: " << escapeForMessage(message) << '\n';
    return code;
}

std::optional<std::pair<std::string, std::string>> splitKeyValue(const QString& pair)
{
    const qsizetype eq = pair.indexOf(QLatin1Char('='));
    if (eq <= 0)
        return std::nullopt;
    return std::make_pair(pair.left(eq).toStdString(), pair.mid(eq + 1).toStdString());
}

int printCommandHelp(Io& io, const Command& command, const QCommandLineParser& parser)
{
    // Qt's help text starts with its own "Usage:" line; ours is the contract's synopsis.
    const QString options = parser.helpText().section(QLatin1Char('\n'), 2);
    io.out << "Usage:\n" << command.usage() << "\n\n" << command.summary() << "\n\n" << options.toStdString();
    return Success;
}

void registerCommand(CommandFactory factory)
{
    factories().push_back(std::move(factory));
}

std::vector<std::unique_ptr<Command>> allCommands()
{
    std::vector<std::unique_ptr<Command>> commands;
    for (const auto& make : factories())
        commands.push_back(make());
    std::sort(commands.begin(), commands.end(), [](const auto& a, const auto& b) { return a->name() < b->name(); });
    return commands;
}

int run(const QStringList& arguments, Io& io)
{
    // Every line any command prints goes out with the keys this process holds masked.
    MaskingBuffer outBuffer(io.out.rdbuf()), errBuffer(io.err.rdbuf());
    std::ostream out(&outBuffer), err(&errBuffer);
    out.flags(io.out.flags());
    err.flags(io.err.flags()); // std::cerr's unitbuf: each line is out at once, as before
    if (io.err.tie() == &io.out)
        err.tie(&out);
    Io masked{io.in, out, err};
    const int code = dispatch(arguments, masked);
    out.flush();
    err.flush();
    return code;
}

} // namespace conform::cli
