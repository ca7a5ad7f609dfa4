#include "suite/comparison_report.h"

#include "store/store.h"

namespace conform::suite {

namespace {

// The store's figures over this run's captures that carry every label given, as one group of
// a stats document keyed by `field` (what stats::variantsOf reads).
Result<Json> groupOf(store::Store& store, const SuiteResults& results, const store::Labels& labels, const stats::PriceTable& prices,
                     const std::string& field, const std::string& name)
{
    store::StatsQuery query;
    query.prices = &prices;
    query.filter.labels.emplace_back("suite_run", results.runId);
    for (const auto& label : labels)
        query.filter.labels.push_back(label);
    auto figures = store.stats(query);
    if (!figures)
        return figures.error();
    Json group = std::move(figures.value());
    group["key"] = Json{{field, name}};
    return group;
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

Result<stats::ComparisonReport> compareGroups(const Json& groups, const std::string& field, const std::vector<stats::Proportion>& successes,
                                              const std::string& baseline)
{
    auto variants = stats::variantsOf(Json{{"groups", groups}}, field);
    if (!variants)
        return variants.error();
    for (std::size_t i = 0; i < variants->size(); ++i)
        variants.value()[i].finalSuccess = successes[i];
    return stats::compareVariants(std::move(variants).value(), field, baseline);
}

} // namespace

Result<std::vector<TargetComparison>> compareResults(const ComparisonPlan& plan, const SuiteResults& results, store::Store& store,
                                                     const stats::PriceTable& prices, const std::string& baseline)
{
    const Suite& suite = plan.suite;
    std::vector<TargetComparison> out;
    if (plan.variants.size() < 2) { // the targets are the variants
        Json groups = Json::array();
        std::vector<stats::Proportion> successes;
        for (std::size_t t = 0; t < suite.targets.size(); ++t) {
            auto group = groupOf(store, results, {{"target", suite.targets[t].name}}, prices, "target", suite.targets[t].name);
            if (!group)
                return group.error();
            groups.push_back(std::move(group.value()));
            successes.push_back(successesOf(results, [t](const RunResult& r) { return r.job.targetIndex == t; }));
        }
        auto report = compareGroups(groups, "target", successes, baseline);
        if (!report)
            return report.error();
        out.push_back({"", std::move(report.value())});
        return out;
    }
    for (std::size_t t = 0; t < suite.targets.size(); ++t) {
        Json groups = Json::array();
        std::vector<stats::Proportion> successes;
        for (const std::string& variant : plan.variants) {
            auto group = groupOf(store, results, {{"target", suite.targets[t].name}, {"variant", variant}}, prices, "variant", variant);
            if (!group)
                return group.error();
            groups.push_back(std::move(group.value()));
            successes.push_back(successesOf(results, [&](const RunResult& r) {
                return r.job.targetIndex == t && suite.cases[r.job.caseIndex].variant == variant;
            }));
        }
        auto report = compareGroups(groups, "variant", successes, baseline);
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
