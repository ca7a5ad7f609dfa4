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
    io.out << "Usage: conform-cli COMMAND [OPTIONS]\n"
              "       conform-cli help COMMAND | --version\n\n"
              "Validate, extract and repair LLM structured output; run, serve and replay.\n\n"
              "Commands:\n";
    for (const auto& command : allCommands())
        if (!command->hidden())
            io.out << "  " << command->name() << std::string(12 - std::min<std::size_t>(11, command->name().size()), ' ')
                   << command->summary() << '\n';
    io.out << "\nExit codes: 0 success or valid; 1 invalid, failed outcome or nothing recoverable;\n"
              "2 usage or input error; 3 provider or transport error.\n"
              "Run 'conform-cli help COMMAND' (or 'conform-cli COMMAND --help') for a command's options;\n"
              "'man conform-cli' for all of them, with examples.\n";
}

// `conform-cli help [COMMAND [SUBCOMMAND]]`: the program's help, or a command's.
int help(const QStringList& arguments, Io& io)
{
    if (arguments.size() < 3) {
        printHelp(io);
        return Success;
    }
    const std::string wanted = arguments[2].toStdString();
    const auto command = findCommand(wanted);
    if (!command)
        return fail(io, "help: unknown command '" + wanted + "' (see 'conform-cli help')");
    if (arguments.size() > 3)
        for (const auto& sub : command->subcommands())
            if (sub->name() == arguments[3].toStdString())
                return printCommandHelp(io, *sub);
    return printCommandHelp(io, *command);
}

int dispatch(const QStringList& arguments, Io& io)
{
    if (arguments.size() < 2 || arguments[1] == QLatin1String("--help") || arguments[1] == QLatin1String("-h")) {
        printHelp(io);
        return arguments.size() < 2 ? UsageError : Success;
    }
    if (arguments[1] == QLatin1String("--version") || arguments[1] == QLatin1String("-v")) {
        io.out << "conform-cli " << CONFORM_VERSION << '\n';
        return Success;
    }
    if (arguments[1] == QLatin1String("help"))
        return help(arguments, io);
    const std::string wanted = arguments[1].toStdString();
    if (auto command = findCommand(wanted))
        return command->execute(arguments.mid(1), io);
    return fail(io, "unknown command '" + wanted + "' (see 'conform-cli help')");
}

// `text` broken into lines of at most `width` characters, each after `indent` spaces.
std::string wrapped(const QString& text, std::size_t indent, std::size_t width)
{
    std::string out;
    std::size_t column = indent;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const std::string w = word.toStdString();
        if (column > indent && column + 1 + w.size() > width) {
            out += '\n' + std::string(indent, ' ');
            column = indent;
        } else if (column > indent) {
            out += ' ';
            ++column;
        }
        out += w;
        column += w.size();
    }
    return out;
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

std::optional<int> parseOptions(QCommandLineParser& parser, const Command& command, const QStringList& arguments, Io& io)
{
    const OptionTable table = command.options();
    for (const Option& option : table)
        parser.addOption(option);
    const std::string name = arguments.value(0).toStdString();
    if (!parser.parse(arguments))
        return fail(io, name + ": " + parser.errorText().toStdString());
    if (parser.isSet(QStringLiteral("help")))
        return printCommandHelp(io, command);
    for (const Option& option : table)
        if (option.isDeprecated() && parser.isSet(option))
            io.err << "conform-cli: warning: " << name << ": --" << option.longName().toStdString() << " is deprecated; use "
                   << option.replacement().toStdString() << '\n';
    return std::nullopt;
}

std::string commandHelp(const Command& command)
{
    constexpr std::size_t kColumn = 30, kWidth = 100;
    std::string text = "Usage:\n" + command.usage() + "\n\n" + command.summary() + "\n\nOptions:\n";
    for (const Option& option : command.options()) {
        const std::string spelled = "  " + option.spelling().toStdString();
        text += spelled;
        if (spelled.size() + 2 > kColumn)
            text += '\n' + std::string(kColumn, ' ');
        else
            text += std::string(kColumn - spelled.size(), ' ');
        text += wrapped(option.helpText(), kColumn, kWidth) + '\n';
    }
    return text;
}

int printCommandHelp(Io& io, const Command& command)
{
    io.out << commandHelp(command);
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

std::unique_ptr<Command> findCommand(const std::string& name)
{
    for (auto& command : allCommands())
        if (command->name() == name)
            return std::move(command);
    return nullptr;
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
