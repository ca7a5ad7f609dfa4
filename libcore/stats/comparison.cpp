#include "stats/comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace conform::stats {

namespace {

std::string points(double difference)
{
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f", difference * 100);
    return text;
}

std::string intervalText(Interval interval, bool asPoints)
{
    return "[" + (asPoints ? points(interval.low) : percentText(interval.low)) + ", " + (asPoints ? points(interval.high) : percentText(interval.high)) + "]";
}

// Hashes are long; the first 12 characters name a version well enough on screen.
std::string shortName(const std::string& name)
{
    return name.size() > 16 && name.find_first_not_of("0123456789abcdef") == std::string::npos ? name.substr(0, 12) : name;
}

std::string runsPhrase(std::int64_t a, std::int64_t b)
{
    return a == b ? "over " + std::to_string(a) + " runs each" : "over " + std::to_string(b) + " and " + std::to_string(a) + " runs";
}

std::string sentenceFor(const VariantResult& result, const Variant& baseline, std::size_t compared)
{
    const Variant& v = result.variant;
    const std::string rates = percentText(v.finalSuccess.rate()) + " vs " + percentText(baseline.finalSuccess.rate()) + " final success "
                              + runsPhrase(baseline.runs, v.runs);
    std::string test = testName(result.vsBaseline.test) + " p = " + pValueText(result.vsBaseline.pValue);
    if (compared > 1)
        test += ", " + pValueText(result.adjustedP) + " after Holm's correction for " + std::to_string(compared) + " variants";
    const std::string name = shortName(v.name), base = shortName(baseline.name);
    switch (result.verdict) {
    case Verdict::Baseline:
        return name + " is the baseline: " + percentText(v.finalSuccess.rate()) + " final success over " + std::to_string(v.runs) + " runs";
    case Verdict::Better:
        return name + " is better than " + base + ": " + rates + " (" + test + ")";
    case Verdict::Worse:
        return name + " is worse than " + base + ": " + rates + " (" + test + ")";
    case Verdict::CannotTellYet:
        break;
    }
    std::string sentence = "no detectable difference between " + name + " and " + base + " yet: " + rates + " (" + test + ")";
    if (result.runsNeeded) {
        const std::int64_t have = std::min(baseline.runs, v.runs);
        if (*result.runsNeeded > have)
            sentence += "; about " + std::to_string(*result.runsNeeded - have)
                        + " more runs per variant would detect 5 points at 80% power";
        else
            sentence += "; a change of 5 points would have shown at this size, so any difference is smaller";
    }
    return sentence;
}

} // namespace

std::string verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Baseline: return "baseline";
    case Verdict::Better: return "better";
    case Verdict::Worse: return "worse";
    case Verdict::CannotTellYet: break;
    }
    return "cannot_tell_yet";
}

bool ComparisonReport::anySignificantlyWorse() const
{
    return std::any_of(variants.begin(), variants.end(), [](const VariantResult& r) { return r.verdict == Verdict::Worse; });
}

Result<ComparisonReport> compareVariants(std::vector<Variant> variants, const std::string& field, const std::string& baseline)
{
    if (variants.size() < 2)
        return Error{"compare needs at least two variants, found " + std::to_string(variants.size()), field};
    std::size_t base = 0;
    if (baseline.empty()) {
        for (std::size_t i = 1; i < variants.size(); ++i)
            if (variants[i].runs > variants[base].runs || (variants[i].runs == variants[base].runs && variants[i].name < variants[base].name))
                base = i;
    } else {
        std::vector<std::size_t> matches;
        for (std::size_t i = 0; i < variants.size(); ++i) {
            if (variants[i].name == baseline) {
                matches = {i};
                break;
            }
            if (variants[i].name.compare(0, baseline.size(), baseline) == 0)
                matches.push_back(i);
        }
        if (matches.empty())
            return Error{"no " + field + " '" + baseline + "' among the variants", "--baseline"};
        if (matches.size() > 1)
            return Error{"'" + baseline + "' names " + std::to_string(matches.size()) + " variants; give more of it", "--baseline"};
        base = matches.front();
    }

    ComparisonReport report;
    report.field = field;
    report.baseline = variants[base].name;
    const auto resultOf = [](Variant variant) {
        VariantResult result;
        result.variant = std::move(variant);
        return result;
    };
    report.variants.push_back(resultOf(variants[base]));
    for (std::size_t i = 0; i < variants.size(); ++i)
        if (i != base) {
            VariantResult result = resultOf(variants[i]);
            result.vsBaseline = compareProportions(variants[base].finalSuccess, variants[i].finalSuccess);
            report.variants.push_back(std::move(result));
        }

    std::vector<double> pValues;
    for (std::size_t i = 1; i < report.variants.size(); ++i)
        pValues.push_back(report.variants[i].vsBaseline.pValue);
    const std::vector<double> adjusted = holmAdjust(pValues);
    const Variant& reference = report.variants.front().variant;
    const double baseRate = reference.finalSuccess.rate();
    for (std::size_t i = 1; i < report.variants.size(); ++i) {
        VariantResult& result = report.variants[i];
        result.adjustedP = adjusted[i - 1];
        const bool significant = result.adjustedP < kSignificance && result.vsBaseline.difference != 0.0;
        result.verdict = !significant ? Verdict::CannotTellYet : result.vsBaseline.difference > 0 ? Verdict::Better : Verdict::Worse;
        if (!significant) {
            // Detect a drop of 5 points, or a rise where the baseline is too low to drop by it.
            result.runsNeeded = runsToDetect(baseRate, -kDetectableChange);
            if (!result.runsNeeded)
                result.runsNeeded = runsToDetect(baseRate, kDetectableChange);
        }
    }
    for (VariantResult& result : report.variants)
        result.sentence = sentenceFor(result, reference, report.variants.size() - 1);
    return report;
}

Json reportJson(const ComparisonReport& report)
{
    const auto orNull = [](const std::optional<double>& v) { return v ? Json(*v) : Json(); };
    const auto proportion = [](Proportion p) {
        const Interval i = wilson(p.successes, p.trials);
        return Json{{"successes", p.successes}, {"rate", p.rate()}, {"interval", Json::array({i.low, i.high})}};
    };
    Json variants = Json::array();
    for (const VariantResult& r : report.variants) {
        const Variant& v = r.variant;
        Json entry{{"name", v.name},
                   {"verdict", verdictName(r.verdict)},
                   {"runs", v.runs},
                   {"unchecked_runs", v.unchecked},
                   {"final_success", proportion(v.finalSuccess)},
                   {"first_try_valid", proportion(v.firstTry)},
                   {"repaired", proportion(v.repaired)},
                   {"fallback", proportion(v.fallback)},
                   {"truncated", proportion(v.truncated)},
                   {"mean_repairs", v.meanRepairs},
                   {"latency_ms", Json{{"p50", v.latencyP50}, {"p95", v.latencyP95},
                                       {"p50_interval", Json::array({v.latencyP50Interval.first, v.latencyP50Interval.second})},
                                       {"p95_interval", Json::array({v.latencyP95Interval.first, v.latencyP95Interval.second})}}},
                   {"cost", v.cost ? v.cost->toJson() : Json()},
                   {"repair_overhead", Json{{"token_share", orNull(v.overheadTokenShare)},
                                            {"cost_share", orNull(v.cost ? v.cost->repairOverheadShare : std::nullopt)}}}};
        if (v.passK)
            entry["pass_k"] = v.passK->toJson();
        if (r.verdict != Verdict::Baseline) {
            entry["vs_baseline"] = Json{{"difference", r.vsBaseline.difference},
                                        {"interval", Json::array({r.vsBaseline.interval.low, r.vsBaseline.interval.high})},
                                        {"test", testName(r.vsBaseline.test)},
                                        {"p_value", r.vsBaseline.pValue},
                                        {"adjusted_p_value", r.adjustedP},
                                        {"significant", r.verdict == Verdict::Better || r.verdict == Verdict::Worse}};
            if (r.runsNeeded)
                entry["vs_baseline"]["runs_to_detect_5_points"] = *r.runsNeeded;
        }
        entry["sentence"] = r.sentence;
        variants.push_back(std::move(entry));
    }
    return Json{{"by", report.field},
                {"baseline", report.baseline},
                {"metric", "final_success"},
                {"confidence", 0.95},
                {"significance", kSignificance},
                {"correction", "holm"},
                {"regression", report.anySignificantlyWorse()},
                {"variants", std::move(variants)}};
}

namespace {

struct Row
{
    std::vector<std::string> cells;
};

// "$0.0123" per valid result; "no price" when no run of the variant could be priced.
std::string costPerValid(const std::optional<Cost>& cost)
{
    if (!cost)
        return "-";
    if (cost->pricedRuns == 0)
        return "no price";
    if (!cost->perValidResultUsd)
        return "no valid result";
    char text[32];
    std::snprintf(text, sizeof text, "$%.4g", *cost->perValidResultUsd);
    return text;
}

// The repair overhead's share of cost when priced, else of tokens.
std::string overheadText(const Variant& v)
{
    const std::optional<double> share = v.cost && v.cost->repairOverheadShare ? v.cost->repairOverheadShare : v.overheadTokenShare;
    return share ? percentText(*share) : "-";
}

std::vector<Row> tableRows(const ComparisonReport& report)
{
    std::vector<Row> rows;
    rows.push_back({{report.field, "runs", "final success [95%]", "first try", "mean repairs", "p50 ms", "$ per valid", "overhead",
                     "vs baseline [95%]", "p (Holm)", "verdict"}});
    for (const VariantResult& r : report.variants) {
        const Variant& v = r.variant;
        char repairs[32];
        std::snprintf(repairs, sizeof repairs, "%.2f", v.meanRepairs);
        const bool isBase = r.verdict == Verdict::Baseline;
        rows.push_back({{shortName(v.name), std::to_string(v.runs),
                         percentText(v.finalSuccess.rate()) + " " + intervalText(wilson(v.finalSuccess.successes, v.finalSuccess.trials), false),
                         percentText(v.firstTry.rate()), repairs, std::to_string(v.latencyP50), costPerValid(v.cost), overheadText(v),
                         isBase ? "-" : points(r.vsBaseline.difference) + " " + intervalText(r.vsBaseline.interval, true),
                         isBase ? "-" : pValueText(r.adjustedP), verdictName(r.verdict)}});
    }
    return rows;
}

// "pass^k (every repeat of a case succeeded): v1 40.0% of 5 cases, v2 100.0% of 5 cases";
// empty when no variant has repeated cases.
std::string passKLine(const ComparisonReport& report)
{
    std::string line;
    for (const VariantResult& r : report.variants) {
        const std::optional<PassTally>& pass = r.variant.passK;
        if (!pass || pass->cases == 0)
            continue;
        char text[96];
        std::snprintf(text, sizeof text, "%s of %lld cases", percentText(pass->passAllRate()).c_str(), static_cast<long long>(pass->cases));
        line += (line.empty() ? "" : ", ") + shortName(r.variant.name) + " " + text;
    }
    return line.empty() ? line : "pass^k (every repeat of a case succeeded): " + line;
}

// "unchecked (judged by no schema, left out of every rate): v1 12 runs"; empty when none.
std::string uncheckedLine(const ComparisonReport& report)
{
    std::string line;
    for (const VariantResult& r : report.variants)
        if (r.variant.unchecked > 0)
            line += (line.empty() ? "" : ", ") + shortName(r.variant.name) + " " + std::to_string(r.variant.unchecked) + " runs";
    return line.empty() ? line : "unchecked (judged by no schema, left out of every rate): " + line;
}

} // namespace

std::string reportText(const ComparisonReport& report)
{
    const std::vector<Row> rows = tableRows(report);
    std::vector<std::size_t> widths(rows.front().cells.size(), 0);
    for (const Row& row : rows)
        for (std::size_t c = 0; c < row.cells.size(); ++c)
            widths[c] = std::max(widths[c], row.cells[c].size());
    std::ostringstream out;
    for (const Row& row : rows) {
        for (std::size_t c = 0; c < row.cells.size(); ++c)
            out << row.cells[c] << std::string(c + 1 < row.cells.size() ? widths[c] - row.cells[c].size() + 2 : 0, ' ');
        out << '\n';
    }
    out << '\n';
    for (std::size_t i = 1; i < report.variants.size(); ++i)
        out << report.variants[i].sentence << '\n';
    if (const std::string line = passKLine(report); !line.empty())
        out << line << '\n';
    if (const std::string line = uncheckedLine(report); !line.empty())
        out << line << '\n';
    return out.str();
}

std::string reportMarkdown(const ComparisonReport& report)
{
    const std::vector<Row> rows = tableRows(report);
    std::ostringstream out;
    out << "### Final success by " << report.field << ", against " << shortName(report.baseline) << "\n\n";
    for (std::size_t r = 0; r < rows.size(); ++r) {
        out << '|';
        for (const std::string& cell : rows[r].cells)
            out << ' ' << cell << " |";
        out << '\n';
        if (r == 0) {
            out << '|';
            for (std::size_t c = 0; c < rows[r].cells.size(); ++c)
                out << (c == 0 ? " --- |" : " ---: |");
            out << '\n';
        }
    }
    out << '\n';
    for (std::size_t i = 1; i < report.variants.size(); ++i)
        out << "- " << report.variants[i].sentence << '\n';
    if (const std::string line = passKLine(report); !line.empty())
        out << "- " << line << '\n';
    if (const std::string line = uncheckedLine(report); !line.empty())
        out << "- " << line << '\n';
    out << "\n95% intervals: Wilson for rates, Newcombe's for differences. p-values: Fisher's exact test up to "
           "10,000 runs per variant, the two-proportion z-test beyond, Holm-corrected; significant below 0.05. "
           "Overhead: the share of cost (of tokens when unpriced) spent after the first attempt.\n";
    return out.str();
}

} // namespace conform::stats
