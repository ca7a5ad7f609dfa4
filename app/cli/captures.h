#pragma once
// `conform-cli captures SUBCOMMAND`: one subcommand per function, each in its own file with
// its own option table. `arguments` starts with "captures SUBCOMMAND" (the parser's program
// name, and the name its messages start with).
#include "ingest/observed_call.h"
#include "store/location.h"
#include "command.h"

#include "base/result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <optional>

namespace conform::cli {

// `self` is the subcommand (its options(), its help); the handler parses with parseOptions().
using CapturesHandler = int (*)(const Command& self, const QStringList& arguments, Io& io);

int capturesList(const Command& self, const QStringList& arguments, Io& io);
int capturesShow(const Command& self, const QStringList& arguments, Io& io);
int capturesStats(const Command& self, const QStringList& arguments, Io& io);
int capturesExport(const Command& self, const QStringList& arguments, Io& io);
int capturesImport(const Command& self, const QStringList& arguments, Io& io);
int capturesReplay(const Command& self, const QStringList& arguments, Io& io);
int capturesClusters(const Command& self, const QStringList& arguments, Io& io);
int capturesReview(const Command& self, const QStringList& arguments, Io& io);
int capturesLabel(const Command& self, const QStringList& arguments, Io& io);
int capturesToSuite(const Command& self, const QStringList& arguments, Io& io);

// The option tables, beside each handler.
OptionTable capturesListOptions();
OptionTable capturesShowOptions();
OptionTable capturesStatsOptions();
OptionTable capturesExportOptions();
OptionTable capturesImportOptions();
OptionTable capturesReplayOptions();
OptionTable capturesClustersOptions();
OptionTable capturesReviewOptions();
OptionTable capturesLabelOptions();
OptionTable capturesToSuiteOptions();

// A numeric option's value within [low, high], or a usage error naming it.
Result<long long> integerOption(const QCommandLineParser& parser, const QCommandLineOption& option, long long low, long long high);

} // namespace conform::cli
