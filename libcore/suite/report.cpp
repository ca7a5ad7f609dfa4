#include "suite/report.h"

#include "store/metrics.h"
#include "store/store.h"

#include <map>

namespace conform::suite {

namespace {

// The runs of one cell (or of the whole suite) summed up.
struct Sums
{
    std::int64_t runs = 0, succeeded = 0, repairs = 0, transportFailures = 0, latencyMs = 0;
    std::vector<const RunResult*> members;

    void add(const RunResult& run)
    {
        ++runs;
        succeeded += run.succeeded ? 1 : 0;
        repairs += run.repairs;
        transportFailures += run.transportFailed ? 1 : 0;
        latencyMs += run.latencyMs;
        members.push_back(&run);
    }
    double successRate() const { return runs ? double(succeeded) / double(runs) : 0.0; }
    double meanRepairs() const { return runs ? double(repairs) / double(runs) : 0.0; }
    store::PassTally passTally() const
    {
        return runs ? store::PassTally{1, runs, succeeded == runs ? 1 : 0, succeeded > 0 ? 1 : 0} : store::PassTally{};
    }
    Json toJson() const
    {
        return Json{{"runs", runs}, {"succeeded", succeeded}, {"success_rate", successRate()},
                    {"mean_repairs", meanRepairs()}, {"transport_failures", transportFailures},
                    {"latency_ms_total", latencyMs}};
    }
};

bool meets(const Thresholds& t, const Sums& sums)
{
    const bool success = t.minSuccess ? sums.successRate() >= *t.minSuccess : sums.succeeded == sums.runs;
    const bool repairs = !t.maxMeanRepairs || sums.meanRepairs() <= *t.maxMeanRepairs;
    return sums.runs > 0 && success && repairs;
}

// The store's metrics over the captures of this suite run (and of one cell, when given).
Result<Json> storeMetrics(store::Store& store, const SuiteResults& results, const std::string& caseName,
                          const std::string& target)
{
    store::StatsQuery query;
    query.prices = &stats::PriceTable::builtIn();
    query.filter.labels.emplace_back("suite_run", results.runId);
    if (!caseName.empty()) {
        query.filter.labels.emplace_back("case", caseName);
        query.filter.labels.emplace_back("target", target);
    }
    auto stats = store.stats(query);
    if (!stats)
        return stats.error();
    // pass^k is the suite's own here (assertions count); the seed's targets are the dashboard's.
    stats->erase("pass_k");
    stats->erase("targets");
    return stats;
}

Json cellJson(const std::string& caseName, const std::string& target, const Sums& sums, const Thresholds& thresholds)
{
    Json cell{{"case", caseName}, {"target", target}};
    cell.update(sums.toJson());
    cell["pass_k"] = sums.passTally().toJson();
    cell["passed"] = meets(thresholds, sums);
    Json ids = Json::array();
    for (const RunResult* run : sums.members) {
        if (!run->captureId.empty())
            ids.push_back(run->captureId);
        if (!run->succeeded && !cell.contains("first_failure"))
            cell["first_failure"] = Json{{"message", run->firstProblem}, {"capture_id", run->captureId}, {"repeat", run->job.repeat}};
    }
    cell["capture_ids"] = std::move(ids);
    return cell;
}

Json thresholdsJson(const Thresholds& t, const Sums& overall)
{
    Json out = Json::object();
    if (t.minSuccess)
        out["min_success"] = Json{{"min", *t.minSuccess}, {"value", overall.successRate()}, {"met", overall.runs > 0 && overall.successRate() >= *t.minSuccess}};
    if (t.maxMeanRepairs)
        out["max_mean_repairs"] = Json{{"max", *t.maxMeanRepairs}, {"value", overall.meanRepairs()}, {"met", overall.runs > 0 && overall.meanRepairs() <= *t.maxMeanRepairs}};
    return out;
}

} // namespace

std::vector<std::string> unreachableTargets(const Suite& suite, const SuiteResults& results)
{
    std::vector<std::string> names;
    for (std::size_t t = 0; t < suite.targets.size(); ++t) {
        bool ran = false, reached = false;
        for (const RunResult& run : results.runs)
            if (run.job.targetIndex == t && !run.flags.contains("cancelled")) {
                ran = true;
                reached |= !run.transportFailed;
            }
        if (ran && !reached)
            names.push_back(suite.targets[t].name);
    }
    return names;
}

Result<Json> suiteReport(const Suite& suite, const SuiteResults& results, store::Store* store)
{
    Sums overall;
    std::map<std::pair<std::size_t, std::size_t>, Sums> cells;
    for (const RunResult& run : results.runs) {
        overall.add(run);
        cells[{run.job.caseIndex, run.job.targetIndex}].add(run);
    }
    store::PassTally pass;
    Json cellList = Json::array();
    for (std::size_t c = 0; c < suite.cases.size(); ++c)
        for (std::size_t t = 0; t < suite.targets.size(); ++t) {
            const Sums& sums = cells[{c, t}];
            pass.merge(sums.passTally());
            Json cell = cellJson(suite.cases[c].name, suite.targets[t].name, sums, suite.thresholds);
            if (store) {
                auto metrics = storeMetrics(*store, results, suite.cases[c].name, suite.targets[t].name);
                if (!metrics)
                    return metrics.error();
                cell["metrics"] = std::move(metrics.value());
            }
            cellList.push_back(std::move(cell));
        }
    Json overallJson = overall.toJson();
    overallJson["pass_k"] = pass.toJson();
    if (store) {
        auto metrics = storeMetrics(*store, results, {}, {});
        if (!metrics)
            return metrics.error();
        overallJson["metrics"] = std::move(metrics.value());
    }
    const Json thresholds = thresholdsJson(suite.thresholds, overall);
    bool passed = overall.runs > 0;
    for (const auto& [name, check] : thresholds.items())
        passed &= check["met"].get<bool>();
    return Json{{"suite", suite.name}, {"file", suite.file}, {"run_id", results.runId},
                {"stopped_by", results.stoppedBy.empty() ? Json() : Json(results.stoppedBy)},
                {"runs_planned", results.planned}, {"runs_done", results.runs.size()},
                {"overall", std::move(overallJson)}, {"cells", std::move(cellList)},
                {"thresholds", thresholds}, {"passed", passed},
                {"unreachable_targets", unreachableTargets(suite, results)}};
}

} // namespace conform::suite
