#pragma once
// The command-line contract (DESIGN.md, "The command line contract"): subcommands over
// libcore, exit codes 0/1/2/3, errors as one line on stderr starting "conform-cli: error:".
// Each subcommand is one small Command in its own *_command.cpp, registered with
// CONFORM_REGISTER_COMMAND; tests run them in-process with string streams. A command declares
// its options once, in options() (options.h): its parser, `--help`, the man page and the shell
// completions are all made from that table.
#include "input.h"
#include "options.h"

#include <QStringList>

class QCommandLineParser;

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

namespace conform::cli {

enum ExitCode : int {
    Success = 0,       // success, or valid
    Invalid = 1,       // invalid, failed outcome, nothing recoverable
    UsageError = 2,    // bad usage or unreadable input
    ProviderError = 3, // provider or transport error
};

struct Io
{
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
};

// A command line shown in the man page's EXAMPLES, with what it does.
struct Example
{
    std::string command;
    std::string what;
};

class Command
{
public:
    virtual ~Command() = default;
    virtual std::string name() const = 0;
    virtual std::string summary() const = 0; // one line for `conform-cli --help`
    virtual std::string usage() const = 0;   // the synopsis lines of `conform-cli NAME --help`
    // Every option the command takes, -h/--help included: the one table its parser, its
    // help, the man page and the completions read.
    virtual OptionTable options() const = 0;
    // `captures list`, `schema lint`...: each with its own name (without the parent's), usage
    // and options. The parent's execute() dispatches to them.
    virtual std::vector<std::unique_ptr<Command>> subcommands() const { return {}; }
    virtual std::vector<Example> examples() const { return {}; }
    // What the exit codes mean for this command ("" : the contract's, as `conform-cli --help` says).
    virtual std::string exitStatus() const { return {}; }
    // Left out of `conform-cli --help`, the man page and the completions (the generators).
    virtual bool hidden() const { return false; }
    // `arguments` starts with the command's own name, as QCommandLineParser expects.
    virtual int execute(const QStringList& arguments, Io& io) = 0;
};

// Prints "conform-cli: error: MESSAGE" and returns UsageError (or `code`). Bytes of MESSAGE
// that are not UTF-8 and control characters (a path, a quoted input) are printed escaped,
// as \xFF, so the message stays one line of text.
int fail(Io& io, const std::string& message, int code = UsageError);

// "K=V" split at its first '='; nullopt when there is none or K is empty.
std::optional<std::pair<std::string, std::string>> splitKeyValue(const QString& pair);

// Builds `parser` from command.options() and parses `arguments` (whose first word names the
// command in messages: "validate", "captures list"). Returns the exit code when the command is
// done already (help printed, or a usage error reported), nullopt to go on. Each old spelling
// used prints one line on stderr naming the new one, and works as before.
std::optional<int> parseOptions(QCommandLineParser& parser, const Command& command, const QStringList& arguments, Io& io);

// The text of `conform-cli NAME --help`: usage, summary, every option with its default and unit.
std::string commandHelp(const Command& command);
// Prints commandHelp(); returns Success.
int printCommandHelp(Io& io, const Command& command);

// The registry of subcommands, filled by CONFORM_REGISTER_COMMAND at static-init time.
using CommandFactory = std::function<std::unique_ptr<Command>()>;
void registerCommand(CommandFactory factory);
std::vector<std::unique_ptr<Command>> allCommands();
// The registered command of that name, or null.
std::unique_ptr<Command> findCommand(const std::string& name);

// The whole program: `arguments` as in argv (argv[0] first).
int run(const QStringList& arguments, Io& io);

struct CommandRegistration
{
    explicit CommandRegistration(CommandFactory factory) { registerCommand(std::move(factory)); }
};

} // namespace conform::cli

#define CONFORM_REGISTER_COMMAND(Type) \
    static const ::conform::cli::CommandRegistration registration_##Type{[] { return std::make_unique<Type>(); }}
