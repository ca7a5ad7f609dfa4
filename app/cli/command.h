#pragma once
// The command-line contract (DESIGN.md, "The command line contract"): subcommands over
// libcore, exit codes 0/1/2/3, errors as one line on stderr starting "conform-cli: error:".
// Each subcommand is one small Command in its own *_command.cpp, registered with
// CONFORM_REGISTER_COMMAND; tests run them in-process with string streams.
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

class Command
{
public:
    virtual ~Command() = default;
    virtual std::string name() const = 0;
    virtual std::string summary() const = 0; // one line for `conform-cli --help`
    virtual std::string usage() const = 0;   // the synopsis lines of `conform-cli NAME --help`
    // `arguments` starts with the command's own name, as QCommandLineParser expects.
    virtual int execute(const QStringList& arguments, Io& io) = 0;
};

// Prints "conform-cli: error: MESSAGE" and returns UsageError (or `code`).
int fail(Io& io, const std::string& message, int code = UsageError);

// Reads a whole file, or standard input for "-". An Error names the file.
struct ReadResult { bool ok = false; std::string text; std::string error; };
ReadResult readInput(const QString& path, Io& io);

// "K=V" split at its first '='; nullopt when there is none or K is empty.
std::optional<std::pair<std::string, std::string>> splitKeyValue(const QString& pair);

// Prints the command's usage() and the parser's option list; returns Success.
int printCommandHelp(Io& io, const Command& command, const QCommandLineParser& parser);

// Reads lines one at a time from a file or (for "-") standard input, in constant memory,
// without their line ending.
class LineReader
{
public:
    LineReader(const QString& path, Io& io);
    ~LineReader();
    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    bool next(std::string_view& line);          // false at the end
    std::size_t lineNumber() const { return m_lineNumber; } // 1-based, of the last line read

private:
    std::unique_ptr<std::istream> m_file;
    std::istream* m_in = nullptr;
    std::string m_line;
    std::string m_error;
    std::size_t m_lineNumber = 0;
};

// The registry of subcommands, filled by CONFORM_REGISTER_COMMAND at static-init time.
using CommandFactory = std::function<std::unique_ptr<Command>()>;
void registerCommand(CommandFactory factory);
std::vector<std::unique_ptr<Command>> allCommands();

// The whole program: `arguments` as in argv (argv[0] first).
int run(const QStringList& arguments, Io& io);

struct CommandRegistration
{
    explicit CommandRegistration(CommandFactory factory) { registerCommand(std::move(factory)); }
};

} // namespace conform::cli

#define CONFORM_REGISTER_COMMAND(Type) \
    static const ::conform::cli::CommandRegistration registration_##Type{[] { return std::make_unique<Type>(); }}
