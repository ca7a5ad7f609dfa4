#include "suite/baseline.h"

#include "stats/comparison.h"
#include "stats/stats.h"
#include "store/store.h"

namespace conform::suite {

namespace {

// Final success (valid or repaired) of the captures the filter selects.
Result<stats::Proportion> finalSuccess(store::Store& store, const store::Filter& filter)
{
    store::StatsQuery query;
    query.filter = filter;
    auto figures = store.stats(query);
    if (!figures)
        return figures.error();
    const Json& counts = figures.value()["counts"];
    return stats::Proportion{counts.value("valid", std::int64_t(0)) + counts.value("repaired", std::int64_t(0)),
                             figures.value().value("count", std::int64_t(0))};
}

} // namespace

Result<Json> compareWithBaseline(const Suite& suite, const SuiteResults& results, store::Store& current, store::Store& baselineStore,
                                 const store::Filter& baseline, const std::string& source)
{
    struct CellFigures
    {
        std::string caseName, target;
        stats::Proportion now, before;
        stats::Comparison comparison;
    };
    std::vector<CellFigures> cells;
    std::vector<double> pValues;
    for (const SuiteCase& c : suite.cases)
        for (const SuiteTarget& t : suite.targets) {
            store::Filter mine;
            mine.labels = {{"suite_run", results.runId}, {"case", c.name}, {"target", t.name}};
            store::Filter theirs = baseline;
            theirs.labels.insert(theirs.labels.end(), {{"suite", suite.name}, {"case", c.name}, {"target", t.name}});
            auto now = finalSuccess(current, mine);
            if (!now)
                return now.error();
            auto before = finalSuccess(baselineStore, theirs);
            if (!before)
                return before.error();
            CellFigures cell{c.name, t.name, now.value(), before.value(), {}};
            if (cell.before.trials > 0 && cell.now.trials > 0) {
                cell.comparison = stats::compareProportions(cell.before, cell.now);
                pValues.push_back(cell.comparison.pValue);
            }
            cells.push_back(std::move(cell));
        }
    const std::vector<double> adjusted = stats::holmAdjust(pValues);
    Json list = Json::array();
    bool regression = false;
    std::size_t next = 0;
    for (const CellFigures& cell : cells) {
        Json entry{{"case", cell.caseName}, {"target", cell.target}, {"runs", cell.now.trials}, {"successes", cell.now.successes},
                   {"baseline_runs", cell.before.trials}, {"baseline_successes", cell.before.successes}};
        const std::string name = cell.caseName + " x " + cell.target;
        if (cell.before.trials == 0 || cell.now.trials == 0) {
            entry["verdict"] = "no_baseline";
            entry["sentence"] = name + ": the baseline has no runs of it (or this run has none), so nothing to compare";
            list.push_back(std::move(entry));
            continue;
        }
        const double p = adjusted[next++];
        const bool significant = p < stats::kSignificance && cell.comparison.difference != 0.0;
        const bool worse = significant && cell.comparison.difference < 0;
        regression |= worse;
        const std::string verdict = !significant ? "cannot_tell_yet" : worse ? "worse" : "better";
        entry["difference"] = cell.comparison.difference;
        entry["interval"] = Json::array({cell.comparison.interval.low, cell.comparison.interval.high});
        entry["test"] = stats::testName(cell.comparison.test);
        entry["p_value"] = cell.comparison.pValue;
        entry["adjusted_p_value"] = p;
        entry["verdict"] = verdict;
        const std::string figures = stats::percentText(cell.now.rate()) + " vs " + stats::percentText(cell.before.rate()) + " final success over "
                                    + std::to_string(cell.now.trials) + " and " + std::to_string(cell.before.trials) + " runs ("
                                    + stats::testName(cell.comparison.test) + " p = " + stats::pValueText(cell.comparison.pValue)
                                    + (pValues.size() > 1 ? ", " + stats::pValueText(p) + " after Holm's correction for " + std::to_string(pValues.size()) + " cells" : "")
                                    + ")";
        entry["sentence"] = name + (worse ? ": worse than the baseline: " : significant ? ": better than the baseline: "
                                                                                       : ": no detectable difference from the baseline: ")
                            + figures;
        list.push_back(std::move(entry));
    }
    return Json{{"source", source}, {"regression", regression}, {"cells", std::move(list)}};
}

} // namespace conform::suite
