#pragma once
// conform::suite — cases x repeats x targets, run through the engine, captured, and judged
// against thresholds, for CI.
//
//   Result<Suite> suite = suite::loadSuite("schemas/goals.suite.json");   // 2: bad file
//   SuiteRunner runner(*suite, writer);                 // runner.h: the scheduler over Engine
//   connect(&runner, &SuiteRunner::runFinished, ...);   // progress, one line per run
//   runner.start();  ... finished(results)
//   Json report = suiteReport(*suite, results, store)->toJson();  // report.h: metrics per case x target
//   writeJUnit(report, file);                           // junit.h
//
// A suite file is JSON (its schema: schemas/suite.schema.json). Paths are relative to the
// suite file. A prompt value that looks like a file name (one word ending in .md, .txt or
// .prompt) is read from that file and must exist; anything else is the text itself.
//
//   {"name": "goals", "repeat": 3, "concurrency": 4,
//    "provider_concurrency": {"openai": 2},            // runs at once per provider
//    "budget": {"max_calls": 200, "max_tokens": 400000},  // stop launching runs when spent
//    "thresholds": {"min_success": 0.9, "max_mean_repairs": 1.2},
//    "policy": {"max_repairs": 2, "max_calls": 4, "retries": 2, "max_tokens": 1024, ...},
//    "targets": [{"provider": "scenario", "scenario": "repair.json"},     // or a built-in name
//                {"provider": "openai", "model": "gpt-4o-mini", "mode": "strict", "base_url": "..."}],
//    "cases": [{"name": "party", "schema": "goals.schema.json", "system": "system.md",
//               "user": "List the goals.", "vars": {"incident": "..."},
//               "assert": [{"pointer": "/goals/0/title", "equals": "..."},
//                          {"pointer": "/status", "one_of": ["open", "done"]},
//                          {"pointer": "/goals", "schema": {"minItems": 5}}]}]}
//
// A regression suite's case (`captures to-suite`) also says where it came from and how to
// replay it: "capture" (the id), "target" (the name of the one suite target it runs on),
// "policy" (its own, over the suite's; a capture's policy fields), "cassette" (the recorded
// calls, providers/cassette.h) and, for a call that had no variables, "messages" instead of
// system/user/vars: [{"role": "system"|"user"|"assistant", "content": "..."}] as sent, never
// read as a file name or a template.
//
// Errors name the file and the line and column (JSON syntax) or the JSON pointer of the
// culprit ("goals.suite.json: /cases/0/schema: missing.json: No such file or directory").
#include "base/json.h"
#include "base/result.h"
#include "engine/run_spec.h"
#include "providers/cassette.h"
#include "suite/assertion.h"

#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace conform::suite {

struct SuiteTarget
{
    engine::Target target;
    std::string name; // the "target" label: "openai/gpt-4o-mini:strict", "scenario/repair"
};

struct SuiteCase
{
    std::string name;
    Json schema;
    std::shared_ptr<const schema::Validator> validator;
    engine::Prompt prompt;
    std::vector<Assertion> assertions;
    // A comparison's variant (comparison_file.h): its name (the "variant" label of every
    // capture), its policy in place of the suite's, and the scenario that replaces a scenario
    // target's (offline, what the model does with this variant's prompt). Unset in a suite.
    std::string variant;
    std::optional<engine::Policy> policy;
    std::shared_ptr<const providers::Scenario> scenario;
    // A case made from a capture (`captures to-suite`): the one suite target it runs on (by
    // name in the file; unset: every target), the capture it came from, and the cassette
    // `suite --replay` answers its runs from (providers/cassette.h).
    std::string targetName;
    std::optional<std::size_t> targetIndex;
    std::string captureId;
    std::shared_ptr<const providers::Cassette> cassette;
};

// Whether the case runs on the suite's `target`-th target.
bool runsOn(const SuiteCase& suiteCase, std::size_t target);

struct Budget
{
    std::optional<std::int64_t> maxCalls;  // model calls of all runs together
    std::optional<std::int64_t> maxTokens; // input + output tokens of all runs together
};

struct Thresholds
{
    std::optional<double> minSuccess;     // overall share of runs that succeeded (valid or
                                          // repaired, every assertion holding)
    std::optional<double> maxMeanRepairs; // overall repair turns per run
};

struct Suite
{
    std::string name;
    std::string file;   // as given, for messages
    int repeat = 1;
    int concurrency = 4;
    std::map<std::string, int> providerConcurrency; // "openai" -> at most this many at once
    Budget budget;
    Thresholds thresholds;
    engine::Policy policy;
    std::vector<SuiteTarget> targets;
    std::vector<SuiteCase> cases;
};

// Reads and checks a suite file; every schema, prompt file and scenario it names is loaded.
// `reading` says how schemas are read: the draft for those whose "$schema" does not say, and
// whether "format" asserts (as conform-cli's --draft and --formats).
// A file with several problems is read to its end: the Error is the first, and `problems`
// (when given) receives every one, each "FILE: POINTER: what", in the order of the file.
Result<Suite> loadSuite(const QString& path, const schema::SchemaFileOptions& reading = {true},
                        std::vector<Error>* problems = nullptr);

// Cases x targets x repeat may not exceed this: a typo must not plan a billion runs.
inline constexpr std::size_t kMaxPlannedRuns = 1'000'000;
// An Error (at "/repeat") when the suite plans more runs than kMaxPlannedRuns.
Status checkPlannedRuns(const Suite& suite);

// Every scenario the suite plays (its targets' and its cases') drawing from `seed` instead of
// its file's (providers::Variation): the same suite or comparison under another seed.
void reseedScenarios(Suite& suite, std::uint64_t seed);

// "openai:gpt-4o-mini:strict", "scenario:fenced-reply" (a --target option) -> a target;
// `baseDirectory` resolves a scenario file path. Errors say what is wrong with the text.
Result<SuiteTarget> parseTargetSpec(const std::string& text, const QString& baseDirectory);

// The name a target gets in labels and reports when the file gives none.
std::string defaultTargetName(const engine::Target& target);

} // namespace conform::suite
