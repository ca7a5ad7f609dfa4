#pragma once
// Statistics for comparing rates: is B better than A, by how much, and is it real?
//
// Everything here is plain arithmetic on counts, with no Qt and no store: Compare, the
// dashboard's whiskers, `captures stats` and `suite --baseline` all call the same functions.
//
// - A rate (k successes in n runs) gets a 95% Wilson score interval: it stays inside [0, 1],
//   behaves at 0 of n and n of n, and is what a reader of "9 of 10" needs to see next to
//   "900 of 1,000".
// - Two rates are compared by their difference (B − A) with Newcombe's hybrid score interval
//   (method 10), and a two-sided p-value: Fisher's exact test while each variant has at most
//   10,000 runs (exact, and cheap at that size), the pooled two-proportion z-test beyond,
//   where the two agree to the digits that matter.
// - Several variants against one baseline: Holm's step-down correction of their p-values, so
//   "significant" (adjusted p < 0.05) keeps its meaning however many variants are compared.
// - How many more runs would settle it: the runs per variant that detect a given difference at
//   80% power with a two-sided 5% test (the normal approximation for two proportions).
// - Means get a normal interval (mean ± z·s/√n); percentiles a distribution-free interval
//   from order statistics (the ranks a binomial places around n·p).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace conform::stats {

struct Interval
{
    double low = 0.0, high = 0.0;
};

// The standard normal distribution's CDF and its inverse (Acklam's rational approximation,
// refined by one Halley step: accurate to about 1e-15).
double normalCdf(double x);
double normalQuantile(double p);

// The z of a two-sided interval at `confidence` (1.959964 at 0.95).
double twoSidedZ(double confidence);

// The Wilson score interval of k successes in n trials. n = 0 gives [0, 1]: nothing is known.
Interval wilson(std::int64_t successes, std::int64_t trials, double confidence = 0.95);

struct Proportion
{
    std::int64_t successes = 0, trials = 0;
    double rate() const { return trials ? double(successes) / double(trials) : 0.0; }
};

// Newcombe's hybrid score interval for b.rate() − a.rate(). Empty groups give [−1, 1].
Interval differenceInterval(Proportion a, Proportion b, double confidence = 0.95);

// Fisher's exact test on the 2×2 table {a successes, a failures; b successes, b failures},
// two-sided: the total probability of every table with the same margins that is no more
// likely than the observed one (with the relative tolerance R and SciPy use, 1e-7).
double fisherExactTwoSided(Proportion a, Proportion b);

// The pooled two-proportion z-test, two-sided. 1 when either group is empty or the pooled
// rate is 0 or 1 (no variance: nothing to tell apart).
double twoProportionZTest(Proportion a, Proportion b);

// Which test `compareProportions` used.
enum class Test { FisherExact, TwoProportionZ };
std::string testName(Test test); // "Fisher's exact", "two-proportion z"
// How a rate and a p-value read in a verdict: "92.0%"; "0.0019", and "2.2e-09" below 0.0001.
std::string percentText(double rate);
std::string pValueText(double p);

// Fisher's exact test while both groups have at most `exactLimit` runs, the z-test beyond.
inline constexpr std::int64_t kExactTestLimit = 10'000;
struct Comparison
{
    double difference = 0.0; // b − a
    Interval interval;       // of the difference
    double pValue = 1.0;
    Test test = Test::FisherExact;
};
Comparison compareProportions(Proportion a, Proportion b, double confidence = 0.95);

// Holm's step-down adjustment: each p-value multiplied by the number of hypotheses not yet
// rejected, made monotone, capped at 1. Returned in the order given.
std::vector<double> holmAdjust(const std::vector<double>& pValues);

// Runs per variant that detect `difference` (an absolute change of the rate, e.g. 0.05) from
// `baselineRate` with a two-sided test at `alpha` and the given power. Empty when the
// alternative rate would leave [0, 1] or the difference is 0.
std::optional<std::int64_t> runsToDetect(double baselineRate, double difference, double alpha = 0.05,
                                         double power = 0.80);

// A mean with its normal interval; count 0 gives all zeros.
struct MeanEstimate
{
    std::int64_t count = 0;
    double mean = 0.0, standardDeviation = 0.0;
    Interval interval;
};
MeanEstimate meanOf(const std::vector<double>& values, double confidence = 0.95);
// The same from running sums (n, Σx, Σx²), as a store sums them in SQL.
MeanEstimate meanFromSums(std::int64_t count, double sum, double sumOfSquares, double confidence = 0.95);

// The nearest-rank percentile of sorted values, with the distribution-free interval between
// the order statistics at ranks n·p ∓ z·√(n·p·(1−p)) (clamped to the data).
struct PercentileEstimate
{
    double value = 0.0;
    Interval interval;
};
PercentileEstimate percentileOf(const std::vector<double>& sortedValues, double p, double confidence = 0.95);

} // namespace conform::stats
