#include "stats/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace conform::stats {

double normalCdf(double x)
{
    return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

double normalQuantile(double p)
{
    if (p <= 0.0)
        return -INFINITY;
    if (p >= 1.0)
        return INFINITY;
    // Acklam's coefficients: a rational approximation in three regions, relative error 1.15e-9.
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                   1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01,  -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                   3.754408661907416e+00};
    constexpr double low = 0.02425;
    double x;
    if (p < low) {
        const double q = std::sqrt(-2 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p <= 1 - low) {
        const double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    } else {
        const double q = std::sqrt(-2 * std::log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    // One Halley step on the exact CDF takes the error to the limits of double arithmetic.
    const double e = normalCdf(x) - p;
    const double u = e * std::sqrt(2 * M_PI) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

double twoSidedZ(double confidence)
{
    return normalQuantile(1.0 - (1.0 - confidence) / 2.0);
}

Interval wilson(std::int64_t successes, std::int64_t trials, double confidence)
{
    if (trials <= 0)
        return {0.0, 1.0};
    const double n = double(trials), p = double(successes) / n, z = twoSidedZ(confidence), z2 = z * z;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    // At 0 of n and n of n the bounds are exactly 0 and 1; rounding must not move them past.
    return {successes == 0 ? 0.0 : std::max(0.0, centre - half),
            successes == trials ? 1.0 : std::min(1.0, centre + half)};
}

Interval differenceInterval(Proportion a, Proportion b, double confidence)
{
    if (a.trials <= 0 || b.trials <= 0)
        return {-1.0, 1.0};
    const Interval wa = wilson(a.successes, a.trials, confidence);
    const Interval wb = wilson(b.successes, b.trials, confidence);
    const double pa = a.rate(), pb = b.rate(), delta = pb - pa;
    const double lower = delta - std::sqrt(std::pow(pb - wb.low, 2) + std::pow(wa.high - pa, 2));
    const double upper = delta + std::sqrt(std::pow(wb.high - pb, 2) + std::pow(pa - wa.low, 2));
    return {std::max(-1.0, lower), std::min(1.0, upper)};
}

namespace {

double logChoose(double n, double k)
{
    return std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1);
}

} // namespace

double fisherExactTwoSided(Proportion a, Proportion b)
{
    if (a.trials <= 0 || b.trials <= 0)
        return 1.0;
    // With the margins fixed, a's successes follow the hypergeometric distribution.
    const std::int64_t total = a.trials + b.trials, successes = a.successes + b.successes;
    const std::int64_t lowest = std::max<std::int64_t>(0, successes - b.trials);
    const std::int64_t highest = std::min(successes, a.trials);
    const double denominator = logChoose(double(total), double(a.trials));
    const auto logProbability = [&](std::int64_t x) {
        return logChoose(double(successes), double(x)) + logChoose(double(total - successes), double(a.trials - x))
               - denominator;
    };
    const double observed = logProbability(a.successes);
    const double threshold = observed + std::log1p(1e-7);
    double sum = 0.0;
    for (std::int64_t x = lowest; x <= highest; ++x) {
        const double lp = logProbability(x);
        if (lp <= threshold)
            sum += std::exp(lp);
    }
    return std::min(1.0, sum);
}

double twoProportionZTest(Proportion a, Proportion b)
{
    if (a.trials <= 0 || b.trials <= 0)
        return 1.0;
    const double pooled = double(a.successes + b.successes) / double(a.trials + b.trials);
    if (pooled <= 0.0 || pooled >= 1.0)
        return 1.0;
    const double se = std::sqrt(pooled * (1 - pooled) * (1.0 / double(a.trials) + 1.0 / double(b.trials)));
    const double z = (b.rate() - a.rate()) / se;
    return std::erfc(std::fabs(z) / std::sqrt(2.0));
}

std::string testName(Test test)
{
    return test == Test::FisherExact ? "Fisher's exact" : "two-proportion z";
}

Comparison compareProportions(Proportion a, Proportion b, double confidence)
{
    Comparison result;
    result.difference = b.rate() - a.rate();
    result.interval = differenceInterval(a, b, confidence);
    if (a.trials <= kExactTestLimit && b.trials <= kExactTestLimit) {
        result.test = Test::FisherExact;
        result.pValue = fisherExactTwoSided(a, b);
    } else {
        result.test = Test::TwoProportionZ;
        result.pValue = twoProportionZTest(a, b);
    }
    return result;
}

std::vector<double> holmAdjust(const std::vector<double>& pValues)
{
    const std::size_t m = pValues.size();
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t l, std::size_t r) { return pValues[l] < pValues[r]; });
    std::vector<double> adjusted(m);
    double running = 0.0;
    for (std::size_t rank = 0; rank < m; ++rank) {
        const std::size_t i = order[rank];
        running = std::max(running, std::min(1.0, double(m - rank) * pValues[i]));
        adjusted[i] = running;
    }
    return adjusted;
}

std::optional<std::int64_t> runsToDetect(double baselineRate, double difference, double alpha, double power)
{
    const double p1 = baselineRate, p2 = baselineRate + difference;
    if (difference == 0.0 || p1 < 0.0 || p1 > 1.0 || p2 < 0.0 || p2 > 1.0)
        return std::nullopt;
    const double mean = (p1 + p2) / 2;
    const double za = normalQuantile(1 - alpha / 2), zb = normalQuantile(power);
    const double root = za * std::sqrt(2 * mean * (1 - mean)) + zb * std::sqrt(p1 * (1 - p1) + p2 * (1 - p2));
    return std::int64_t(std::ceil(root * root / (difference * difference)));
}

MeanEstimate meanFromSums(std::int64_t count, double sum, double sumOfSquares, double confidence)
{
    MeanEstimate estimate;
    estimate.count = count;
    if (count <= 0)
        return estimate;
    const double n = double(count);
    estimate.mean = sum / n;
    const double variance = count > 1 ? std::max(0.0, (sumOfSquares - n * estimate.mean * estimate.mean) / (n - 1)) : 0.0;
    estimate.standardDeviation = std::sqrt(variance);
    const double half = twoSidedZ(confidence) * estimate.standardDeviation / std::sqrt(n);
    estimate.interval = {estimate.mean - half, estimate.mean + half};
    return estimate;
}

MeanEstimate meanOf(const std::vector<double>& values, double confidence)
{
    // Two passes: the sum of squared deviations from the mean loses nothing to cancellation.
    MeanEstimate estimate;
    estimate.count = std::int64_t(values.size());
    if (values.empty())
        return estimate;
    const double n = double(values.size());
    estimate.mean = std::accumulate(values.begin(), values.end(), 0.0) / n;
    double squares = 0.0;
    for (double v : values)
        squares += (v - estimate.mean) * (v - estimate.mean);
    estimate.standardDeviation = values.size() > 1 ? std::sqrt(squares / (n - 1)) : 0.0;
    const double half = twoSidedZ(confidence) * estimate.standardDeviation / std::sqrt(n);
    estimate.interval = {estimate.mean - half, estimate.mean + half};
    return estimate;
}

PercentileEstimate percentileOf(const std::vector<double>& sortedValues, double p, double confidence)
{
    PercentileEstimate estimate;
    const std::int64_t n = std::int64_t(sortedValues.size());
    if (n == 0)
        return estimate;
    const auto at = [&](std::int64_t rank) { return sortedValues[std::size_t(std::clamp<std::int64_t>(rank, 1, n) - 1)]; };
    estimate.value = at(std::int64_t(std::ceil(p * double(n))));
    const double centre = double(n) * p, spread = twoSidedZ(confidence) * std::sqrt(double(n) * p * (1 - p));
    estimate.interval = {at(std::int64_t(std::floor(centre - spread))), at(std::int64_t(std::ceil(centre + spread)) + 1)};
    return estimate;
}

std::string percentText(double rate)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", rate * 100);
    return text;
}

std::string pValueText(double p)
{
    char text[32];
    std::snprintf(text, sizeof text, p < 0.0001 ? "%.1e" : "%.2g", p);
    return text;
}

} // namespace conform::stats
