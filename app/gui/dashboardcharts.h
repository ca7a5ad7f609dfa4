#pragma once
// The dashboard's charts, each built from the document store::Store::stats returns (the same
// document `conform-cli captures stats --by provider,model --bucket hour|day --json` prints):
// nothing here reads captures. One function per chart; the Dashboard only lays them out.
//
// Seed targets (final success >= 99%, mean repairs <= 1.2, fallback <= 1%) are dashed
// reference lines; a series is green where it meets its target and red where it does not.
#include "base/json.h"

#include <QString>

class QChart;

namespace conform::gui {

enum class DashboardChart { Rates, OutcomeMix, MeanRepairs, FlagRates, Latency, Tokens, Count };

// The chart's title, as the dashboard shows it and as its series are named in tests.
QString chartTitle(DashboardChart chart);

// A new chart (owned by the caller) of `stats` (grouped by provider and model, bucketed).
QChart* buildChart(DashboardChart chart, const Json& stats);

// "openai/gpt-4o-mini" for a group of the stats document; its key in any order of fields.
QString groupName(const Json& group);

} // namespace conform::gui
