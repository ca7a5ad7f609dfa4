#pragma once
// How conform-cli runs a command line. validate and extract (and --version, -v) run in the
// program itself; everything else, --help included, runs in the commands module
// (conform-cli-commands.so, module_entry.cpp), loaded only then: the module brings the
// network, SQL and provider libraries that those two never need, and a batch that calls
// validate once per file should not load them at every start.
//
// The module is looked for beside the program (the build tree), then in the library folder
// it is installed to, found from the program's folder (../lib/conform/, or
// ../lib/x86_64-linux-gnu/conform/ under /usr). Without it, those commands fail with exit
// code 2 and one line that names where it was looked for.
#include "command.h"

namespace conform::cli {

// The program: `arguments` as in argv (argv[0] first).
int runCommandLine(const QStringList& arguments, Io& io);

} // namespace conform::cli
