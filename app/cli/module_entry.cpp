// The entry of conform-cli's commands module (command_module.h): the whole command line, with
// every command registered, as conform::cli::run() gives it.
#include "command.h"

extern "C" __attribute__((visibility("default"))) int conform_cli_run(const QStringList& arguments, conform::cli::Io& io)
{
    return conform::cli::run(arguments, io);
}
