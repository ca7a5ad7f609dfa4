#include "suite/report.h"

#include "store/metrics.h"
#include "store/store.h"

#include <map>

namespace conform::suite {

namespace {

// The runs of one cell (or of the whole suite), as they are added.
struct Sums
{
    RunTotals totals;
    std::vector<const RunResult*> members;

    void add(const RunResult& run)
    {
        ++totals.runs;
        totals.succeeded += run.succeeded ? 1 : 0;
        totals.repairs += run.repairs;
        totals.transportFailures += run.transportFailed ? 1 : 0;
        totals.latencyMsTotal += run.latencyMs;
        members.push_back(&run);
    }
    store::PassTally passTally() const
    {
        const RunTotals& t = totals;
        return t.runs ? store::PassTally{1, t.runs, t.succeeded == t.runs ? 1 : 0, t.succeeded > 0 ? 1 : 0} : store::PassTally{};
    }
};

bool meets(const Thresholds& t, const RunTotals& totals)
{
    const bool success = t.minSuccess ? totals.successRate() >= *t.minSuccess : totals.succeeded == totals.runs;
    const bool repairs = !t.maxMeanRepairs || totals.meanRepairs() <= *t.maxMeanRepairs;
    return totals.runs > 0 && success && repairs;
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

CellReport cellOf(const std::string& caseName, const std::string& target, const Sums& sums, const Thresholds& thresholds)
{
    CellReport cell{caseName, target, sums.totals, sums.passTally(), meets(thresholds, sums.totals), {}, {}, {}};
    for (const RunResult* run : sums.members) {
        if (!run->captureId.empty())
            cell.captureIds.push_back(run->captureId);
        if (!run->succeeded && !cell.firstFailure)
            cell.firstFailure = FirstFailure{run->firstProblem, run->captureId, run->job.repeat};
    }
    return cell;
}

std::vector<ThresholdCheck> checksOf(const Thresholds& t, const RunTotals& overall)
{
    std::vector<ThresholdCheck> checks;
    if (t.minSuccess)
        checks.push_back({"min_success", "min", *t.minSuccess, overall.successRate(), overall.runs > 0 && overall.successRate() >= *t.minSuccess});
    if (t.maxMeanRepairs)
        checks.push_back({"max_mean_repairs", "max", *t.maxMeanRepairs, overall.meanRepairs(), overall.runs > 0 && overall.meanRepairs() <= *t.maxMeanRepairs});
    return checks;
}

Json totalsJson(const RunTotals& t)
{
    return Json{{"runs", t.runs}, {"succeeded", t.succeeded}, {"success_rate", t.successRate()},
                {"mean_repairs", t.meanRepairs()}, {"transport_failures", t.transportFailures},
                {"latency_ms_total", t.latencyMsTotal}};
}

Json cellJson(const CellReport& cell)
{
    Json out{{"case", cell.caseName}, {"target", cell.target}};
    out.update(totalsJson(cell.totals));
    out["pass_k"] = cell.passK.toJson();
    out["passed"] = cell.passed;
    if (cell.firstFailure)
        out["first_failure"] = Json{{"message", cell.firstFailure->message}, {"capture_id", cell.firstFailure->captureId},
                                    {"repeat", cell.firstFailure->repeat}};
    out["capture_ids"] = cell.captureIds;
    if (cell.metrics)
        out["metrics"] = *cell.metrics;
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

Json SuiteReport::toJson() const
{
    Json overallJson = totalsJson(overall);
    overallJson["pass_k"] = overallPassK.toJson();
    if (overallMetrics)
        overallJson["metrics"] = *overallMetrics;
    Json cellList = Json::array();
    for (const CellReport& cell : cells)
        cellList.push_back(cellJson(cell));
    Json checks = Json::object();
    for (const ThresholdCheck& check : thresholds)
        checks[check.name] = Json{{check.bound, check.limit}, {"value", check.value}, {"met", check.met}};
    return Json{{"suite", suite}, {"file", file}, {"run_id", runId},
                {"stopped_by", stoppedBy.empty() ? Json() : Json(stoppedBy)},
                {"runs_planned", runsPlanned}, {"runs_done", runsDone},
                {"overall", std::move(overallJson)}, {"cells", std::move(cellList)},
                {"thresholds", std::move(checks)}, {"passed", passed},
                {"unreachable_targets", unreachableTargets}, {"replayed", replayed}};
}

Result<SuiteReport> suiteReport(const Suite& suite, const SuiteResults& results, store::Store* store)
{
    Sums overall;
    std::map<std::pair<std::size_t, std::size_t>, Sums> cells;
    for (const RunResult& run : results.runs) {
        overall.add(run);
        cells[{run.job.caseIndex, run.job.targetIndex}].add(run);
    }
    SuiteReport report;
    report.suite = suite.name;
    report.file = suite.file;
    report.runId = results.runId;
    report.stoppedBy = results.stoppedBy;
    report.runsPlanned = results.planned;
    report.runsDone = results.runs.size();
    for (std::size_t c = 0; c < suite.cases.size(); ++c)
        for (std::size_t t = 0; t < suite.targets.size(); ++t) {
            if (!runsOn(suite.cases[c], t))
                continue;
            const Sums& sums = cells[{c, t}];
            report.overallPassK.merge(sums.passTally());
            CellReport cell = cellOf(suite.cases[c].name, suite.targets[t].name, sums, suite.thresholds);
            if (store) {
                auto metrics = storeMetrics(*store, results, suite.cases[c].name, suite.targets[t].name);
                if (!metrics)
                    return metrics.error();
                cell.metrics = std::move(metrics.value());
            }
            report.cells.push_back(std::move(cell));
        }
    report.overall = overall.totals;
    if (store) {
        auto metrics = storeMetrics(*store, results, {}, {});
        if (!metrics)
            return metrics.error();
        report.overallMetrics = std::move(metrics.value());
    }
    report.thresholds = checksOf(suite.thresholds, overall.totals);
    report.passed = overall.totals.runs > 0;
    for (const ThresholdCheck& check : report.thresholds)
        report.passed &= check.met;
    report.unreachableTargets = unreachableTargets(suite, results);
    report.replayed = results.replayed;
    return report;
}

} // namespace conform::suite
