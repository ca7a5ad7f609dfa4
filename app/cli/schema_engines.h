#pragma once
// `schema lint --provider ENGINE|all [--fail-on ...]` and `schema export --for ENGINE`: the
// eight engines' rules (engines/engines.h) as the command line shows them.
#include "command.h"
#include "schema_loader.h"

#include "engines/engines.h"

#include <optional>

namespace conform::cli {

// Which findings make lint exit 1: by default a rejection or a drop.
enum class LintFailOn { RejectedOrDropped, Rejected, Dropped, Any };
std::optional<LintFailOn> parseLintFailOn(const std::string& word); // rejected, dropped, any
bool failsOn(const engines::EngineReport& report, LintFailOn failOn);

// The engines --provider names: one, or all eight for "all"; nullopt for another word.
std::optional<std::vector<engines::Engine>> enginesNamed(const std::string& word);
inline const std::string kProviderChoices = engines::engineNames() + " or all";

// [{"pointer","keyword","verdict","problem","suggestion","source"} (+ "says", "disputed")]
Json findingsJson(const std::vector<engines::Finding>& findings);
// One line a finding: "FILE: /pointer: ENGINE: verdict keyword: problem; suggestion: ... [source]",
// or "FILE: ENGINE: no findings".
void printFindings(std::ostream& out, const std::string& file, const engines::EngineReport& report);

// Prints the schema `engine` accepts on stdout and each moved constraint on stderr; exit 1
// when what remains is still rejected or dropped, 2 when the schema cannot be read.
int exportForEngine(const QString& path, engines::Engine engine, const SchemaReading& reading, Io& io);

} // namespace conform::cli
