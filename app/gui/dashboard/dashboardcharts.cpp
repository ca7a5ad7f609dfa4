#include "dashboard/dashboardcharts.h"

#include "widgets/themecolours.h"

#include <QBarCategoryAxis>
#include <QApplication>
#include <QHorizontalBarSeries>
#include <QBarSet>
#include <QChart>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <functional>
#include <optional>

namespace conform::gui {

namespace {

// The workbench's colours by meaning, in the theme in force (themecolours.h).
QColor meetsColour() { return statusColours().success; }
QColor missesColour() { return statusColours().failure; }
QColor repairedColour() { return statusColours().info; }
QColor fallbackColour() { return statusColours().warning; }
QColor neutralColour() { return statusColours().muted; }
QColor referenceColour() { return statusColours().muted; }

QStringList categories(const store::StatsReport& stats)
{
    QStringList names;
    for (const store::StatsGroup& group : stats.groups)
        names << groupName(stats, group);
    return names;
}

QChart* newChart(DashboardChart kind)
{
    auto* chart = new QChart;
    // Before any series: a theme recolours what is already there.
    chart->setTheme(isDarkPalette(QApplication::palette()) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setTitle(chartTitle(kind));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setAnimationOptions(QChart::NoAnimation);
    return chart;
}

QValueAxis* valueAxis(const QString& title, double max, bool percent)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(0, max > 0 ? max : 1);
    axis->applyNiceNumbers(); // 0, 0.5, 1, 1.5 rather than 0, 0.35, 0.7
    // Decimals only where the scale is small (a fallback rate near 1%, mean repairs).
    const bool small = axis->max() < 10;
    axis->setLabelFormat(percent ? (small ? QStringLiteral("%.1f%%") : QStringLiteral("%.0f%%"))
                                 : (small ? QStringLiteral("%.1f") : QStringLiteral("%.0f")));
    return axis;
}

// A dashed line at `value` across every category of a bar chart (vertical bars: y = value).
void addReference(QChart* chart, const QString& name, double value, int categoriesCount, QAbstractAxis* x, QAbstractAxis* y,
                  bool horizontal = false)
{
    auto* line = new QLineSeries;
    line->setName(name);
    if (horizontal) {
        line->append(value, -0.5);
        line->append(value, categoriesCount - 0.5);
    } else {
        line->append(-0.5, value);
        line->append(categoriesCount - 0.5, value);
    }
    line->setPen(QPen(referenceColour(), 1.5, Qt::DashLine));
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
}

// Each group's 95% interval of `rate`, drawn across its bar as a whisker with end caps: 9 of
// 10 and 900 of 1,000 look alike as bars, not as whiskers. One series per group (a line
// series cannot skip); the legend names the first.
void addWhiskers(QChart* chart, const store::StatsReport& stats, store::Rate rate, QAbstractAxis* x, QAbstractAxis* y)
{
    const QPen pen(QApplication::palette().color(QPalette::WindowText), 1.5);
    int row = 0;
    bool named = false;
    for (const store::StatsGroup& group : stats.groups) {
        if (group.tally.checked() > 0) {
            const stats::Interval interval = group.tally.interval(rate);
            const double low = 100 * interval.low, high = 100 * interval.high;
            auto* whisker = new QLineSeries;
            whisker->setName(QObject::tr("95% interval"));
            const double cap = 0.18;
            for (const QPointF& point : {QPointF(low, row - cap), QPointF(low, row + cap), QPointF(low, row), QPointF(high, row),
                                         QPointF(high, row + cap), QPointF(high, row - cap)})
                whisker->append(point);
            whisker->setPen(pen);
            chart->addSeries(whisker);
            whisker->attachAxis(x);
            whisker->attachAxis(y);
            if (named)
                for (QLegendMarker* marker : chart->legend()->markers(whisker))
                    marker->setVisible(false);
            named = true;
        }
        ++row;
    }
}

QBarSet* barSet(const QString& name, const QColor& colour)
{
    auto* set = new QBarSet(name);
    set->setColor(colour);
    set->setBorderColor(colour);
    return set;
}

// Grouped bars: one set per (title, field) pair, one category per provider x model. Bars run
// across, as in every per-group chart, so that each group's whole name has room.
using Figure = std::function<double(const store::Tally&)>;

QChart* groupedBars(DashboardChart kind, const store::StatsReport& stats, const std::vector<std::pair<QString, Figure>>& sets,
                    const std::vector<QColor>& colours, const QString& unit, bool percent, double reference = -1,
                    const QString& referenceName = {})
{
    QChart* chart = newChart(kind);
    auto* series = new QHorizontalBarSeries;
    double most = reference > 0 ? reference * 1.2 : 0;
    for (std::size_t i = 0; i < sets.size(); ++i) {
        QBarSet* set = barSet(sets[i].first, colours[i % colours.size()]);
        for (const store::StatsGroup& group : stats.groups) {
            const double v = sets[i].second(group.tally);
            *set << v;
            most = std::max(most, v);
        }
        series->append(set);
    }
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(categories(stats));
    // A rate never needs room past 100%.
    auto* x = valueAxis(unit, percent ? std::min(most * 1.1, 100.0) : most * 1.1, percent);
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
    if (reference >= 0)
        addReference(chart, referenceName, reference, int(categories(stats).size()), x, y, true);
    return chart;
}

QChart* ratesOverTime(const store::StatsReport& stats)
{
    QChart* chart = newChart(DashboardChart::Rates);
    const double target = 100 * stats.targets.minFinalSuccessRate;
    const bool met = stats.targets.metBy(stats.overall).finalSuccess;
    struct Line { QString name; Figure rate; QColor colour; };
    const Line lines[] = {{QObject::tr("final success"), [](const store::Tally& t) { return t.finalSuccessRate(); }, met ? meetsColour() : missesColour()},
                          {QObject::tr("first-try valid"), [](const store::Tally& t) { return t.checkedRate(t.firstTryValid); }, repairedColour()},
                          {QObject::tr("parse"), [](const store::Tally& t) { return t.rate(t.parsed); }, neutralColour()}};
    auto* x = new QDateTimeAxis;
    x->setFormat(QStringLiteral("MMM d hh:mm"));
    x->setTitleText(QObject::tr("time (UTC)"));
    auto* y = valueAxis(QObject::tr("% of runs"), 100, true);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    qint64 first = 0, last = 0;
    for (const Line& line : lines) {
        auto* series = new QLineSeries;
        series->setName(line.name);
        series->setPen(QPen(line.colour, &line == &lines[0] ? 2.5 : 1.5));
        series->setPointsVisible(true);
        for (const store::StatsBucket& bucket : stats.buckets) {
            const qint64 ms = bucket.startMs;
            series->append(double(ms), 100 * line.rate(bucket.tally));
            first = first ? std::min(first, ms) : ms;
            last = std::max(last, ms);
        }
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    // Half a bucket of room at each end (an hour when there is one bucket), so the first and
    // last points are not drawn on the axes.
    qint64 step = 3600 * 1000;
    if (stats.buckets.size() >= 2)
        step = (last - first) / qint64(stats.buckets.size() - 1);
    first -= step / 2;
    last += step / 2;
    x->setRange(QDateTime::fromMSecsSinceEpoch(first, Qt::UTC), QDateTime::fromMSecsSinceEpoch(last, Qt::UTC));
    auto* reference = new QLineSeries;
    reference->setName(QObject::tr("target %1%").arg(target));
    reference->append(double(first), target);
    reference->append(double(last), target);
    reference->setPen(QPen(referenceColour(), 1.5, Qt::DashLine));
    chart->addSeries(reference);
    reference->attachAxis(x);
    reference->attachAxis(y);
    return chart;
}

QChart* outcomeMix(const store::StatsReport& stats)
{
    QChart* chart = newChart(DashboardChart::OutcomeMix);
    auto* series = new QHorizontalStackedBarSeries;
    QBarSet* valid = barSet(QObject::tr("valid, no repair"), meetsColour());
    QBarSet* repaired = barSet(QObject::tr("valid after repair"), repairedColour());
    QBarSet* fallback = barSet(QObject::tr("fallback"), fallbackColour());
    QBarSet* failed = barSet(QObject::tr("failed"), missesColour());
    for (const store::StatsGroup& group : stats.groups) {
        const store::Tally& t = group.tally;
        *valid << 100 * t.checkedRate(t.valid);
        *repaired << 100 * t.checkedRate(t.repaired);
        *fallback << 100 * t.checkedRate(t.fallback);
        *failed << 100 * t.checkedRate(t.failed);
    }
    series->append({valid, repaired, fallback, failed});
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(categories(stats));
    auto* x = valueAxis(QObject::tr("% of runs"), 100, true);
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
    // Valid + repaired must reach the final-success target: its line crosses every bar.
    const double target = 100 * stats.targets.minFinalSuccessRate;
    addReference(chart, QObject::tr("target %1%").arg(target), target, int(stats.groups.size()), x, y, true);
    return chart;
}

// One bar per group, green where the group meets its seed target, red where it does not:
// two stacked sets, each group's value in exactly one of them, so the legend names the
// colours. A dashed line marks the target. Bars run across, as in the outcome mix, so a
// group's whole name fits; the name carries the value, which a bar of zero cannot show.
enum class Bound { Min, Max };
// What a target chart measures: a group's figure, its target and which side of it is good,
// and the rate whose interval is drawn (none for a mean).
struct Measure
{
    Figure value;
    double target;
    Bound bound;
    std::optional<store::Rate> interval;
};

QChart* againstTarget(DashboardChart kind, const store::StatsReport& stats, const Measure& measure, const QString& unit, bool percent)
{
    const double target = measure.target;
    const double scale = percent ? 100 : 1;
    QChart* chart = newChart(kind);
    auto* series = new QHorizontalStackedBarSeries;
    QBarSet* meets = barSet(QObject::tr("meets the target"), meetsColour());
    QBarSet* misses = barSet(QObject::tr("misses the target"), missesColour());
    QStringList names;
    double most = target * scale * 1.2;
    for (const store::StatsGroup& group : stats.groups) {
        const double v = measure.value(group.tally);
        const bool met = measure.bound == Bound::Min ? v >= target : v <= target;
        *meets << (met ? v * scale : 0);
        *misses << (met ? 0 : v * scale);
        most = std::max(most, v * scale * 1.1);
        if (measure.interval && group.tally.checked() > 0)
            most = std::max(most, 100 * group.tally.interval(*measure.interval).high * 1.05); // room for the whisker
        const QString value = percent ? QString::number(v * scale, 'f', 1) + QLatin1Char('%') : QString::number(v * scale, 'f', 2);
        names << QStringLiteral("%1 · %2").arg(groupName(stats, group), value);
    }
    series->append({meets, misses});
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(names);
    auto* x = valueAxis(unit, percent ? std::min(most, 100.0) : most, percent);
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x); // the value axis first, as in the outcome mix: tests read the categories second
    series->attachAxis(y);
    const QString name = percent ? QObject::tr("target %1%").arg(target * scale) : QObject::tr("target %1").arg(target * scale);
    addReference(chart, name, target * scale, int(names.size()), x, y, true);
    if (measure.interval)
        addWhiskers(chart, stats, *measure.interval, x, y);
    return chart;
}

// One bar per group: what a valid result cost (every attempt's tokens, repairs included). The
// name carries the figure, or "no price" where the group's model has none.
QChart* costPerValid(const store::StatsReport& stats)
{
    QChart* chart = newChart(DashboardChart::Cost);
    auto* series = new QHorizontalBarSeries;
    QBarSet* cost = barSet(QObject::tr("$ per valid result"), repairedColour());
    QStringList names;
    double most = 0;
    for (const store::StatsGroup& group : stats.groups) {
        const bool priced = group.cost && group.cost->perValidResultUsd && group.cost->unpricedRuns == 0;
        const double usd = priced ? *group.cost->perValidResultUsd : 0.0;
        *cost << usd;
        most = std::max(most, usd * 1.1);
        names << QStringLiteral("%1 · %2").arg(groupName(stats, group), priced ? QStringLiteral("$%1").arg(usd, 0, 'g', 3) : QObject::tr("no price"));
    }
    series->append(cost);
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(names);
    auto* x = new QValueAxis;
    x->setTitleText(QObject::tr("US dollars per valid result"));
    x->setRange(0, most > 0 ? most : 1);
    x->setLabelFormat(QStringLiteral("%.2g"));
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
    return chart;
}

} // namespace

QString chartTitle(DashboardChart chart)
{
    switch (chart) {
    case DashboardChart::Rates: return QObject::tr("Success over time");
    case DashboardChart::OutcomeMix: return QObject::tr("Outcome mix");
    case DashboardChart::FinalSuccess: return QObject::tr("Final success");
    case DashboardChart::MeanRepairs: return QObject::tr("Mean repairs");
    case DashboardChart::Fallback: return QObject::tr("Fallback");
    case DashboardChart::FlagRates: return QObject::tr("Truncation and refusal");
    case DashboardChart::Latency: return QObject::tr("Latency");
    case DashboardChart::Tokens: return QObject::tr("Tokens");
    case DashboardChart::Cost: return QObject::tr("Cost per valid result");
    case DashboardChart::Count: break;
    }
    return {};
}

QString groupName(const store::StatsReport& stats, const store::StatsGroup& group)
{
    QStringList parts;
    for (const char* field : {"provider", "model", "schema", "prompt", "mode"}) {
        const auto at = std::find(stats.by.begin(), stats.by.end(), field);
        const auto index = std::size_t(at - stats.by.begin());
        if (at == stats.by.end() || index >= group.key.size())
            continue;
        const QString value = QString::fromStdString(group.key[index]);
        // A version is a 16-digit hash: its first 8 say which, as `--prompt-hash` takes them.
        if (field == std::string_view("prompt"))
            parts << QObject::tr("prompt %1").arg(value.left(8));
        else if (field == std::string_view("schema"))
            parts << QObject::tr("schema %1").arg(value.left(8));
        else
            parts << value;
    }
    return parts.join(QLatin1Char('/'));
}

int preferredChartHeight(DashboardChart chart, const store::StatsReport& stats)
{
    if (chart == DashboardChart::Rates)
        return 250;
    // Every other chart has a bar (or a group of two) per provider × model, running across:
    // room for each name, and for the title, legend and value axis.
    const int perGroup = chart == DashboardChart::FlagRates || chart == DashboardChart::Latency || chart == DashboardChart::Tokens ? 34 : 24;
    return std::max(250, 130 + perGroup * int(stats.groups.size()));
}

QChart* buildChart(DashboardChart chart, const store::StatsReport& stats)
{
    using store::Tally;
    const store::Targets& targets = stats.targets;
    switch (chart) {
    case DashboardChart::Rates: return ratesOverTime(stats);
    case DashboardChart::OutcomeMix: return outcomeMix(stats);
    case DashboardChart::FinalSuccess:
        return againstTarget(chart, stats, {[](const Tally& t) { return t.finalSuccessRate(); }, targets.minFinalSuccessRate, Bound::Min, store::Rate::FinalSuccess},
                             QObject::tr("% of runs"), true);
    case DashboardChart::MeanRepairs:
        return againstTarget(chart, stats, {[](const Tally& t) { return t.meanRepairs(); }, targets.maxMeanRepairs, Bound::Max, std::nullopt},
                             QObject::tr("repairs per run"), false);
    case DashboardChart::Fallback:
        return againstTarget(chart, stats, {[](const Tally& t) { return t.checkedRate(t.fallback); }, targets.maxFallbackRate, Bound::Max, store::Rate::Fallback},
                             QObject::tr("% of runs"), true);
    case DashboardChart::FlagRates:
        return groupedBars(chart, stats,
                           {{QObject::tr("truncated"), [](const Tally& t) { return 100 * t.rate(t.truncated); }},
                            {QObject::tr("refused"), [](const Tally& t) { return 100 * t.rate(t.refused); }}},
                           {fallbackColour(), neutralColour()}, QObject::tr("% of runs"), true);
    case DashboardChart::Latency:
        return groupedBars(chart, stats,
                           {{QObject::tr("p50"), [](const Tally& t) { return double(t.latencyPercentile(0.50)); }},
                            {QObject::tr("p95"), [](const Tally& t) { return double(t.latencyPercentile(0.95)); }}},
                           {repairedColour(), neutralColour()}, QObject::tr("ms"), false);
    case DashboardChart::Tokens:
        return groupedBars(chart, stats,
                           {{QObject::tr("input"), [](const Tally& t) { return double(t.tokensIn); }},
                            {QObject::tr("output"), [](const Tally& t) { return double(t.tokensOut); }}},
                           {repairedColour(), fallbackColour()}, QObject::tr("tokens"), false);
    case DashboardChart::Cost: return costPerValid(stats);
    case DashboardChart::Count: break;
    }
    return newChart(chart);
}

} // namespace conform::gui
