#pragma once
// Is B better than A? Variants against a baseline, with intervals, p-values and a verdict in
// words.
//
//   auto figures = store.statsReport({filter, {"prompt"}});          // one group per prompt version
//   auto report = stats::compareVariants(store::variantsOf(*figures, "prompt").value(), "prompt", "3f2a");
//   std::cout << stats::reportText(*report);                        // or reportMarkdown, reportJson
//
// A variant is one group of `captures stats` (a prompt or schema version, a model, a mode...),
// read from the group's counts. Final success (valid or repaired) decides the verdict: each
// variant's rate is compared with the baseline's (Fisher's exact test up to 10,000 runs per
// variant, the z-test beyond), the p-values are corrected by Holm for the number of variants,
// and "significant" means an adjusted p below 0.05. Everything else (first-try, repaired,
// fallback, truncated, mean repairs, latency) is reported with its interval for the reader to
// weigh, without a test: one primary question keeps the verdict honest.
#include "base/json.h"
#include "base/result.h"
#include "stats/cost.h"
#include "stats/pass_k.h"
#include "stats/stats.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace conform::stats {

struct Variant
{
    std::string name;  // the group's value: a hash, a model, a mode...
    std::int64_t runs = 0;       // the checked runs: every rate is over them
    std::int64_t unchecked = 0;  // runs judged by no schema, left out
    Proportion finalSuccess, firstTry, repaired, fallback, truncated;
    double meanRepairs = 0.0;
    std::int64_t latencyP50 = 0, latencyP95 = 0;
    // The 95% intervals of those two percentiles, in milliseconds (order statistics).
    std::pair<std::int64_t, std::int64_t> latencyP50Interval, latencyP95Interval;
    std::optional<Cost> cost; // when the runs were priced
    // The share of tokens (input + output) spent after the first attempt: repairs,
    // continuations, re-asks, fallbacks, billed transport retries. None without tokens.
    std::optional<double> overheadTokenShare;
    std::optional<PassTally> passK; // over repeated cases, when the variant has any

    // What one valid result cost in US dollars; none when unpriced or nothing was valid.
    std::optional<double> costPerValidUsd() const { return cost ? cost->perValidResultUsd : std::nullopt; }
};

// The variants come from the store's figures grouped by one field: store::variantsOf
// (store/variants.h).

enum class Verdict { Baseline, Better, Worse, CannotTellYet };
std::string verdictName(Verdict verdict); // "baseline", "better", "worse", "cannot_tell_yet"

struct VariantResult
{
    Variant variant;
    Comparison vsBaseline;   // final success, b − baseline
    double adjustedP = 1.0;  // Holm-corrected across the non-baseline variants
    Verdict verdict = Verdict::Baseline;
    // Runs per variant that would detect a change of kDetectableChange at 80% power; empty
    // when significant, or when the baseline's rate leaves no room for it.
    std::optional<std::int64_t> runsNeeded;
    std::string sentence;    // the verdict in words
};

// The change "about N more runs would detect", in absolute rate (5 points).
inline constexpr double kDetectableChange = 0.05;
inline constexpr double kSignificance = 0.05;

struct ComparisonReport
{
    std::string field;       // what the variants differ in: prompt, schema, model, mode, provider
    std::string baseline;    // the baseline variant's name
    std::vector<VariantResult> variants; // the baseline first, then the others as given
    bool anySignificantlyWorse() const;
};

// `baseline` names the baseline variant: its full name or a unique prefix (hashes are long).
// Empty: the variant with the most runs (the first of them by name on a tie). An Error when
// fewer than two variants exist or the baseline is unknown or ambiguous.
Result<ComparisonReport> compareVariants(std::vector<Variant> variants, const std::string& field, const std::string& baseline = {});

Json reportJson(const ComparisonReport& report);
std::string reportText(const ComparisonReport& report);     // a table for the terminal
std::string reportMarkdown(const ComparisonReport& report); // for a pull request

} // namespace conform::stats
