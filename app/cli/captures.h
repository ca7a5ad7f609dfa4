#pragma once
// `conform-cli captures SUBCOMMAND`: one function per subcommand, each in its own file.
// `arguments` starts with "captures SUBCOMMAND" (the parser's program name).
#include "ingest/observed_call.h"
#include "store/location.h"
#include "command.h"

#include "base/result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <optional>

namespace conform::cli {

int capturesList(const QStringList& arguments, Io& io);
int capturesShow(const QStringList& arguments, Io& io);
int capturesStats(const QStringList& arguments, Io& io);
int capturesExport(const QStringList& arguments, Io& io);
int capturesImport(const QStringList& arguments, Io& io);
int capturesReplay(const QStringList& arguments, Io& io);
int capturesClusters(const QStringList& arguments, Io& io);
int capturesReview(const QStringList& arguments, Io& io);
int capturesLabel(const QStringList& arguments, Io& io);
int capturesToSuite(const QStringList& arguments, Io& io);

// Parses a subcommand's arguments. Returns the exit code when the command is done already
// (--help printed, or a usage error reported), nullopt to go on.
std::optional<int> parseSubcommand(QCommandLineParser& parser, const QStringList& arguments, Io& io);
// A numeric option's value within [low, high], or a usage error naming it.
Result<long long> integerOption(const QCommandLineParser& parser, const QCommandLineOption& option, long long low, long long high);

// The synopsis of every subcommand, for `captures --help` and each subcommand's help.
extern const char* const kCapturesUsage;

} // namespace conform::cli
