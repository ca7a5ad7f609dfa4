// The man pages and completions (manual.h), written from the commands' tables.
#include "manual.h"

#include <QString>

#include <sstream>

namespace conform::cli {

namespace {

// ---- roff ------------------------------------------------------------------------------

// Text as roff reads it literally: backslashes and hyphens escaped, and a line that would
// start with a control character ('.' or '\'') guarded.
std::string roff(const std::string& text)
{
    std::string out;
    bool lineStart = true;
    for (const char c : text) {
        if (lineStart && (c == '.' || c == '\''))
            out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        lineStart = c == '\n';
    }
    return out;
}

std::string roff(const QString& text)
{
    return roff(text.toStdString());
}

void optionItems(std::ostringstream& page, const OptionTable& options)
{
    for (const Option& option : options) {
        page << ".TP\n";
        QStringList names;
        for (const QString& name : option.names())
            names << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
        page << "\\fB" << roff(names.join(QStringLiteral(", "))) << "\\fR";
        if (option.takesValue())
            page << " \\fI" << roff(option.valueName()) << "\\fR";
        page << '\n' << roff(option.helpText()) << '\n';
    }
}

void commandSection(std::ostringstream& page, const Command& command, const std::string& fullName)
{
    page << ".SS \"" << roff(fullName) << "\"\n" << roff(command.summary()) << ".\n.PP\n.nf\n" << roff(command.usage()) << "\n.fi\n";
    const OptionTable options = command.options();
    if (!options.empty()) {
        page << ".PP\nOptions:\n";
        optionItems(page, options);
    }
    if (const std::string exit = command.exitStatus(); !exit.empty())
        page << ".PP\nExit status: " << roff(exit) << '\n';
    const std::vector<Example> examples = command.examples();
    if (!examples.empty()) {
        page << ".PP\nExamples:\n";
        for (const Example& example : examples)
            page << ".PP\n.RS\n.nf\n" << roff(example.command) << "\n.fi\n.RE\n" << roff(example.what) << ".\n";
    }
    for (const auto& sub : command.subcommands())
        commandSection(page, *sub, fullName + ' ' + sub->name());
}

void header(std::ostringstream& page, const char* title, const std::string& name, const std::string& what)
{
    page << ".\\\" Made by `conform-cli manpage` from the programs' option tables; do not edit.\n"
         << ".TH " << title << " 1 \"\" \"Conform " << CONFORM_VERSION << "\" \"User Commands\"\n"
         << ".SH NAME\n" << roff(name) << " \\- " << roff(what) << '\n';
}

constexpr const char* kKeysAndStore =
    ".TP\n.B CONFORM_STORE\nThe capture store: a SQLite file or a postgresql:// URL. Wins over the default store "
    "(and, in the workbench, over Settings).\n"
    ".TP\n.BR ANTHROPIC_API_KEY \", \" OPENAI_API_KEY\nThe providers' API keys. They are never printed: every line "
    "Conform writes has them masked.\n"
    ".TP\n.BR ANTHROPIC_BASE_URL \", \" OPENAI_BASE_URL \", \" OLLAMA_HOST\nWhere each provider is asked (default: "
    "the public APIs, and http://localhost:11434 for Ollama); an OpenAI\\-compatible server goes in OPENAI_BASE_URL.\n";

constexpr const char* kDataFiles =
    ".TP\n.I $XDG_DATA_HOME/conform/captures.db\nThe default capture store (~/.local/share/conform/captures.db when "
    "XDG_DATA_HOME is not set).\n"
    ".TP\n.I /usr/share/conform/scenarios/\nThe built\\-in demo scenarios, as files to copy and edit; "
    "\\fB\\-\\-scenario\\fR also takes their names.\n";

} // namespace

std::string cliManPage(const CommandList& commands)
{
    std::ostringstream page;
    header(page, "CONFORM\\-CLI", "conform-cli", "validate, extract and repair LLM structured output; run, serve and replay");
    page << ".SH SYNOPSIS\n.B conform\\-cli\n.I COMMAND\n.RI [ OPTIONS ]\n.br\n.B conform\\-cli help\n.RI [ COMMAND ]\n"
         << ".br\n.B conform\\-cli completion\n.BR bash | zsh\n.br\n.B conform\\-cli \\-\\-version\n"
         << ".SH DESCRIPTION\n.B conform\\-cli\nruns Conform's core from scripts and CI: it checks JSON documents against "
            "a JSON Schema with Zod\\-style issues, pulls the JSON out of a model reply and repairs it, asks a model for "
            "JSON that matches a schema (with transport retries, self\\-repair turns and mode fallback), replays recorded "
            "replies as a local server, and keeps every run in a capture store to list, measure, compare and replay.\n"
            ".PP\nEach command's options are listed below with their defaults and units; "
            "\\fBconform\\-cli help\\fR \\fICOMMAND\\fR prints the same.\n"
         << ".SH COMMANDS\n";
    for (const auto& command : commands)
        if (!command->hidden())
            commandSection(page, *command, "conform-cli " + command->name());
    page << ".SH \"EXIT STATUS\"\n.TP\n.B 0\nSuccess, or valid.\n.TP\n.B 1\nInvalid, a failed outcome, or nothing "
            "recoverable.\n.TP\n.B 2\nBad usage, or input that cannot be read.\n.TP\n.B 3\nA provider or transport error.\n"
         << ".SH ENVIRONMENT\n" << kKeysAndStore
         << ".TP\n.B OTEL_EXPORTER_OTLP_HEADERS\nHeaders for \\fB\\-\\-otlp\\fR and \\fBcaptures export \\-\\-to\\fR "
            "(name=value, comma\\-separated).\n"
         << ".TP\n.B USER\nThe reviewer \\fBcaptures review\\fR records unless \\fB\\-\\-reviewer\\fR says.\n"
         << ".SH FILES\n" << kDataFiles
         << ".TP\n.I STORE.specs/\nBeside a store file: copies of the schema and prompt files a captured run read, "
            "where the originals changed since (\\fBcaptures show \\-\\-as\\-command\\fR names them).\n"
         << ".SH \"SEE ALSO\"\n.BR conform (1)\n";
    return page.str();
}

std::string guiManPage()
{
    std::ostringstream page;
    header(page, "CONFORM", "conform", "workbench for structured output of language models");
    page << ".SH SYNOPSIS\n.B conform\n.RI [ WORKSPACE \" \" [ FILE ...]]\n"
         << ".SH DESCRIPTION\n.B conform\nis a desktop workbench for LLM structured output: design a JSON Schema and a "
            "prompt, run them against Anthropic, OpenAI (or any OpenAI\\-compatible server) or Ollama, and see every "
            "step of every call: the raw reply, what was extracted and repaired, the issues, each self\\-repair attempt "
            "and the final value. Every call is captured; dashboards, Compare and Triage read the captures. "
            "Help \\(->\\ Manual (F1) is the user manual.\n"
         << ".SH OPTIONS\n.TP\n.I WORKSPACE\nThe folder to work in (default: ./schemas when present, else the current "
            "folder).\n.TP\n.I FILE\nFiles to open, each as the workspace tree would open it.\n.PP\n"
            "Qt's own options apply too, such as \\fB\\-platform\\fR \\fIoffscreen\\fR and \\fB\\-style\\fR \\fINAME\\fR.\n"
         << ".SH ENVIRONMENT\n" << kKeysAndStore
         << ".TP\n.BR LANGUAGE \", \" LANG\nThe language of the workbench (English and German).\n"
         << ".SH FILES\n" << kDataFiles
         << ".TP\n.I $XDG_CONFIG_HOME/Conform/Conform.conf\nThe settings (~/.config/Conform/Conform.conf).\n"
         << ".SH \"SEE ALSO\"\n.BR conform\\-cli (1)\n";
    return page.str();
}

namespace {

// ---- completions -----------------------------------------------------------------------

// Each command and subcommand with its key ("captures list") and table.
struct Completable
{
    std::string key;
    const Command* command;
};

void collect(const Command& command, const std::string& key, std::vector<Completable>& all,
             std::vector<std::unique_ptr<Command>>& keep)
{
    all.push_back({key, &command});
    for (auto& sub : command.subcommands()) {
        keep.push_back(std::move(sub));
        const Command& held = *keep.back();
        collect(held, key + ' ' + held.name(), all, keep);
    }
}

std::string words(const OptionTable& options)
{
    std::string out;
    for (const Option& option : options)
        if (!option.isDeprecated())
            for (const QString& name : option.names())
                out += (out.empty() ? "" : " ") + std::string(name.size() == 1 ? "-" : "--") + name.toStdString();
    return out;
}

std::string subcommandNames(const Command& command)
{
    std::string out;
    for (const auto& sub : command.subcommands())
        out += (out.empty() ? "" : " ") + sub->name();
    return out;
}

// Inside zsh single quotes, and inside an _arguments description's brackets.
std::string zshQuoted(std::string text, bool inBrackets)
{
    std::string out;
    for (const char c : text) {
        if (c == '\'')
            out += "'\\''";
        else if (inBrackets && (c == '[' || c == ']'))
            out += std::string("\\") + c;
        else if (!inBrackets && c == ':')
            out += "\\:";
        else
            out += c;
    }
    return out;
}

// An option's help up to its first sentence's end: what a completion menu has room for.
std::string firstSentence(const QString& text)
{
    const qsizetype end = text.indexOf(QStringLiteral(". "));
    return (end < 0 ? text : text.left(end + 1)).toStdString();
}

} // namespace

std::string bashCompletion(const CommandList& commands)
{
    std::vector<Completable> all;
    std::vector<std::unique_ptr<Command>> keep;
    std::string names;
    for (const auto& command : commands)
        if (!command->hidden()) {
            collect(*command, command->name(), all, keep);
            names += (names.empty() ? "" : " ") + command->name();
        }
    std::ostringstream s;
    s << "# bash completion for conform-cli; made by `conform-cli completion bash` from its option tables.\n"
         "_conform_cli_options() {\n    case \"$1\" in\n";
    for (const Completable& c : all)
        s << "        \"" << c.key << "\") echo \"" << words(c.command->options()) << "\" ;;\n";
    s << "    esac\n}\n_conform_cli_subcommands() {\n    case \"$1\" in\n";
    for (const Completable& c : all)
        if (const std::string subs = subcommandNames(*c.command); !subs.empty())
            s << "        \"" << c.key << "\") echo \"" << subs << "\" ;;\n";
    s << "    esac\n}\n# What follows an option: @file, @text, or the values it takes; nothing for a flag.\n"
         "_conform_cli_values() {\n    case \"$1 $2\" in\n";
    for (const Completable& c : all)
        for (const Option& option : c.command->options()) {
            if (!option.takesValue())
                continue;
            const std::string what = option.isFile() ? "@file"
                : option.valueChoices().isEmpty()    ? "@text"
                                                     : option.valueChoices().join(QLatin1Char(' ')).toStdString();
            for (const QString& name : option.names())
                s << "        \"" << c.key << ' ' << (name.size() == 1 ? "-" : "--") << name.toStdString() << "\") echo \"" << what
                  << "\" ;;\n";
        }
    s << "    esac\n}\n"
         "_conform_cli() {\n"
         "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
         "    local commands=\"" << names << "\"\n"
         "    if (( COMP_CWORD == 1 )); then\n"
         "        COMPREPLY=($(compgen -W \"help completion --help --version $commands\" -- \"$cur\")); return\n"
         "    fi\n"
         "    local key=${COMP_WORDS[1]}\n"
         "    case $key in\n"
         "        help) (( COMP_CWORD == 2 )) && COMPREPLY=($(compgen -W \"$commands\" -- \"$cur\")); return ;;\n"
         "        completion) (( COMP_CWORD == 2 )) && COMPREPLY=($(compgen -W \"bash zsh\" -- \"$cur\")); return ;;\n"
         "    esac\n"
         "    local subs\n"
         "    subs=$(_conform_cli_subcommands \"$key\")\n"
         "    if [[ -n $subs ]]; then\n"
         "        if (( COMP_CWORD == 2 )); then COMPREPLY=($(compgen -W \"$subs\" -- \"$cur\")); return; fi\n"
         "        key=\"$key ${COMP_WORDS[2]}\"\n"
         "    fi\n"
         "    local values\n"
         "    values=$(_conform_cli_values \"$key\" \"$prev\")\n"
         "    case $values in\n"
         "        '') ;;\n"
         "        @file) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
         "        @text) COMPREPLY=(); return ;;\n"
         "        *) COMPREPLY=($(compgen -W \"$values\" -- \"$cur\")); return ;;\n"
         "    esac\n"
         "    if [[ $cur == -* ]]; then\n"
         "        COMPREPLY=($(compgen -W \"$(_conform_cli_options \"$key\")\" -- \"$cur\"))\n"
         "    else\n"
         "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         "    fi\n"
         "}\n"
         "complete -o filenames -F _conform_cli conform-cli\n";
    return s.str();
}

namespace {

std::string zshSpecs(const OptionTable& options)
{
    std::string out;
    for (const Option& option : options) {
        if (option.isDeprecated())
            continue;
        std::string action;
        if (option.takesValue()) {
            const std::string message = zshQuoted(option.valueName().toStdString(), false);
            const std::string values = option.isFile() ? "_files"
                : option.valueChoices().isEmpty()      ? " "
                                                       : "(" + option.valueChoices().join(QLatin1Char(' ')).toStdString() + ")";
            action = ":" + message + ":" + values;
        }
        for (const QString& name : option.names())
            out += "            '" + std::string(option.isRepeatable() ? "*" : "") + (name.size() == 1 ? "-" : "--") + name.toStdString()
                + "[" + zshQuoted(firstSentence(option.description()), true) + "]" + action + "' \\\n";
    }
    return out;
}

void describeList(std::ostringstream& s, const char* variable, const std::vector<std::pair<std::string, std::string>>& entries)
{
    s << "    local -a " << variable << "\n    " << variable << "=(\n";
    for (const auto& [name, summary] : entries)
        s << "        '" << zshQuoted(name, false) << ':' << zshQuoted(summary, false) << "'\n";
    s << "    )\n";
}

} // namespace

std::string zshCompletion(const CommandList& commands)
{
    std::ostringstream s;
    s << "#compdef conform-cli\n"
         "# zsh completion for conform-cli; made by `conform-cli completion zsh` from its option tables.\n"
         "_conform_cli() {\n";
    std::vector<std::pair<std::string, std::string>> entries{{"help", "a command's options"}, {"completion", "print a completion script"}};
    for (const auto& command : commands)
        if (!command->hidden() && command->name() != "completion")
            entries.emplace_back(command->name(), command->summary());
    describeList(s, "commands", entries);
    s << "    if (( CURRENT == 2 )); then _describe -t commands 'conform-cli command' commands; return; fi\n"
         "    local key=$words[2]\n"
         "    case $key in\n"
         "        help) (( CURRENT == 3 )) && _describe -t commands 'command' commands; return ;;\n"
         "        completion) (( CURRENT == 3 )) && _values 'shell' bash zsh; return ;;\n";
    for (const auto& command : commands) {
        if (command->hidden() || command->subcommands().empty())
            continue;
        s << "        " << command->name() << ")\n";
        std::vector<std::pair<std::string, std::string>> subs;
        for (const auto& sub : command->subcommands())
            subs.emplace_back(sub->name(), sub->summary());
        describeList(s, "subcommands", subs);
        s << "            if (( CURRENT == 3 )); then _describe -t subcommands 'subcommand' subcommands; return; fi\n"
             "            key=\"$key $words[3]\"; shift words; (( CURRENT-- )) ;;\n";
    }
    s << "    esac\n    shift words; (( CURRENT-- ))\n    case $key in\n";
    std::vector<Completable> all;
    std::vector<std::unique_ptr<Command>> keep;
    for (const auto& command : commands)
        if (!command->hidden())
            collect(*command, command->name(), all, keep);
    for (const Completable& c : all) {
        if (!c.command->subcommands().empty())
            continue;
        s << "        '" << c.key << "') _arguments -s \\\n" << zshSpecs(c.command->options()) << "            '*:file:_files' ;;\n";
    }
    s << "    esac\n}\n"
         "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then _conform_cli \"$@\"; else compdef _conform_cli conform-cli; fi\n";
    return s.str();
}

} // namespace conform::cli
