#include "suite/comparison_report.h"

#include "store/store.h"
#include "store/variants.h"

namespace conform::suite {

namespace {

// The store's figures over this run's captures that carry every label given, as the variant
// `name`.
Result<stats::Variant> variantOf(store::Store& store, const SuiteResults& results, const store::Labels& labels,
                                 const stats::PriceTable& prices, const std::string& name)
{
    store::StatsQuery query;
    query.prices = &prices;
    query.filter.labels.emplace_back("suite_run", results.runId);
    for (const auto& label : labels)
        query.filter.labels.push_back(label);
    auto figures = store.statsReport(query);
    if (!figures)
        return figures.error();
    store::StatsGroup all;
    all.tally = figures->overall;
    all.passK = figures->passK;
    all.cost = figures->cost;
    return store::variantOf(name, all);
}

// Final success as the suite judges it (assertions count), from the runs themselves.
stats::Proportion successesOf(const SuiteResults& results, const std::function<bool(const RunResult&)>& member)
{
    stats::Proportion p;
    for (const RunResult& run : results.runs)
        if (member(run)) {
            ++p.trials;
            p.successes += run.succeeded ? 1 : 0;
        }
    return p;
}

// Final success is the suite's (`successes`, one per variant), not the store's.
Result<stats::ComparisonReport> compareVariants(std::vector<stats::Variant> variants, const std::string& field,
                                                const std::vector<stats::Proportion>& successes, const std::string& baseline)
{
    for (std::size_t i = 0; i < variants.size(); ++i)
        variants[i].finalSuccess = successes[i];
    return stats::compareVariants(std::move(variants), field, baseline);
}

} // namespace

Result<std::vector<TargetComparison>> compareResults(const ComparisonPlan& plan, const SuiteResults& results, store::Store& store,
                                                     const stats::PriceTable& prices, const std::string& baseline)
{
    const Suite& suite = plan.suite;
    std::vector<TargetComparison> out;
    if (plan.variants.size() < 2) { // the targets are the variants
        std::vector<stats::Variant> variants;
        std::vector<stats::Proportion> successes;
        for (std::size_t t = 0; t < suite.targets.size(); ++t) {
            auto variant = variantOf(store, results, {{"target", suite.targets[t].name}}, prices, suite.targets[t].name);
            if (!variant)
                return variant.error();
            variants.push_back(std::move(variant.value()));
            successes.push_back(successesOf(results, [t](const RunResult& r) { return r.job.targetIndex == t; }));
        }
        auto report = compareVariants(std::move(variants), "target", successes, baseline);
        if (!report)
            return report.error();
        out.push_back({"", std::move(report.value())});
        return out;
    }
    for (std::size_t t = 0; t < suite.targets.size(); ++t) {
        std::vector<stats::Variant> variants;
        std::vector<stats::Proportion> successes;
        for (const std::string& variant : plan.variants) {
            auto figures = variantOf(store, results, {{"target", suite.targets[t].name}, {"variant", variant}}, prices, variant);
            if (!figures)
                return figures.error();
            variants.push_back(std::move(figures.value()));
            successes.push_back(successesOf(results, [&](const RunResult& r) {
                return r.job.targetIndex == t && suite.cases[r.job.caseIndex].variant == variant;
            }));
        }
        auto report = compareVariants(std::move(variants), "variant", successes, baseline);
        if (!report)
            return report.error();
        out.push_back({suite.targets[t].name, std::move(report.value())});
    }
    return out;
}

Json comparisonsJson(const ComparisonPlan& plan, const SuiteResults& results, const std::vector<TargetComparison>& comparisons)
{
    Json list = Json::array();
    bool regression = false;
    for (const TargetComparison& c : comparisons) {
        Json entry{{"target", c.target.empty() ? Json() : Json(c.target)}};
        entry.update(stats::reportJson(c.report));
        regression |= c.report.anySignificantlyWorse();
        list.push_back(std::move(entry));
    }
    return Json{{"comparison", plan.suite.name}, {"run_id", results.runId}, {"runs", results.runs.size()},
                {"comparisons", std::move(list)}, {"regression", regression}};
}

} // namespace conform::suite
