#pragma once
// The man pages and shell completions, made from the commands' option tables (options.h), so
// they say what the parsers take and nothing else. `conform-cli completion bash|zsh` prints a
// completion script; the build runs the hidden `conform-cli manpage conform-cli|conform` to
// make conform-cli.1 and conform.1 (app/cli/CMakeLists.txt) and the package installs them.
//
//   const auto commands = allCommands();
//   std::string page = cliManPage(commands);     // roff, man(7) macros
//   std::string bash = bashCompletion(commands); // `complete -F` for conform-cli
#include "command.h"

#include <memory>
#include <string>
#include <vector>

namespace conform::cli {

using CommandList = std::vector<std::unique_ptr<Command>>;

// conform-cli(1): a section per command (synopsis, options with defaults and units, exit
// status, examples), then the environment and the files. Hidden commands are left out.
std::string cliManPage(const CommandList& commands);
// conform(1): the workbench's command line, environment and files.
std::string guiManPage();

std::string bashCompletion(const CommandList& commands);
std::string zshCompletion(const CommandList& commands);

} // namespace conform::cli
