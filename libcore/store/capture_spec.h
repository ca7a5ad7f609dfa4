#pragma once
// A capture's spec both ways: the one place that writes what a run was asked (schema, prompt,
// variables, targets, policy, where the texts came from) into a capture, reads it back as an
// engine::RunSpec, and turns it into the `conform-cli run` line that asks the same again.
//
//   Json parts = specJson(spec, sources);              // what a capture stores beside the texts
//   engine::RunSpec again = specOfCapture(capture);    // what replay and "run this spec" start
//   auto argv = commandOfCapture(capture, specsFolderOf(location));
//   shellLine(argv.value());                           // "conform-cli run --schema ... --label replay_of=ID"
//
// The command is self-contained: it names the schema, prompt and repair template by files
// that exist when it is made — the originals where their content still has the recorded hash,
// else copies written into the specs folder (`<store>.specs/<hash>.json`, `<hash>.txt`). Every
// policy field has a flag; variables, target and labels follow, and a `replay_of` label names
// the capture. Only the first target is carried (the command line runs one target). Never a
// key: a capture has none.
#include "base/result.h"
#include "store/capture.h"
#include "store/location.h"

#include <QString>
#include <QStringList>

namespace conform::store {

// Where a spec's texts were read from, so the command can name the files again. Absolute
// paths; empty: typed, built in or unknown.
struct SpecSources
{
    std::string schema;
    std::string system;
    std::string user;
    std::string repairTemplate;

    bool empty() const { return schema.empty() && system.empty() && user.empty() && repairTemplate.empty(); }
};

// The spec parts a capture keeps beside its schema and prompt texts:
// {"variables", "targets", "policy"} (policyJson and targetJson: capture.h) and, when any file
// is known, "sources".
Json specJson(const engine::RunSpec& spec, const SpecSources& sources = {});
// Records where a new capture's texts came from (before it is stored).
void recordSources(Capture& capture, const SpecSources& sources);
SpecSources sourcesOfCapture(const Capture& capture);

// Back again; a field a document lacks keeps its default, so older and imported captures read.
engine::Policy policyOfJson(const Json& policy);
// Scenario targets come back with their scenario when its file, or a built-in scenario of its
// name, still loads (else without one: the caller supplies it).
engine::Target targetOfJson(const Json& target);
engine::RunSpec specOfCapture(const Capture& capture);

// Where copies of a capture's texts go: "<file>.specs" beside a SQLite store; for PostgreSQL,
// "specs" in Conform's data folder.
QString specsFolderOf(const StoreLocation& location);

// The `conform-cli run` arguments (without the program name) that run `spec` again with
// `labels`. Files are named or written as the header says. Errors: a copy that cannot be
// written (its path), a spec without a target.
Result<QStringList> runArguments(const engine::RunSpec& spec, const SpecSources& sources, const Labels& labels,
                                 const QString& specsFolder);
// The same for a capture: its spec and labels, its `replay_of` replaced by the capture's id.
Result<QStringList> commandOfCapture(const Capture& capture, const QString& specsFolder);
// "conform-cli ARG ..." as one POSIX shell line, each argument quoted where the shell would
// split or expand it.
QString shellLine(const QStringList& arguments);

} // namespace conform::store
