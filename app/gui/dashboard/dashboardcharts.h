#pragma once
// The dashboard's charts, each built from the store::StatsReport store::Store::statsReport
// answers (the figures `conform-cli captures stats --by provider,model --bucket hour|day
// --json` prints), read as typed figures rather than JSON fields: nothing here reads captures. One function per chart; the Dashboard only lays them out.
// Colours follow the theme: built again after a palette change, a chart is light or dark.
//
// Seed targets (final success >= 99%, mean repairs <= 1.2, fallback <= 1%) each have a chart
// of their own, one bar per provider × model, green where the group meets the target and
// red where it does not, with the target as a dashed reference line (also across the
// outcome mix and the success-over-time chart, whose final-success line is green or red).
// Cost is each group's cost per valid result under the prices in use; a group whose model has
// no price says "no price" rather than showing a bar of nothing.
#include "store/metrics.h"

#include <QString>

class QChart;

namespace conform::gui {

enum class DashboardChart { Rates, OutcomeMix, FinalSuccess, MeanRepairs, Fallback, FlagRates, Latency, Tokens, Cost, Count };

// The chart's title, as the dashboard shows it and as its series are named in tests.
QString chartTitle(DashboardChart chart);

// A new chart (owned by the caller) of `stats` (grouped by provider and model, bucketed).
QChart* buildChart(DashboardChart chart, const store::StatsReport& stats);

// The height at which every group of `stats` has room for its name.
int preferredChartHeight(DashboardChart chart, const store::StatsReport& stats);

// "openai/gpt-4o-mini" for a group of `stats`, "prompt 3f2a1b2c" for a prompt version; its
// key in any order of fields.
QString groupName(const store::StatsReport& stats, const store::StatsGroup& group);

} // namespace conform::gui
