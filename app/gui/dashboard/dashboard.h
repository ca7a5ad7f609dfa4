#pragma once
// Dashboards: success over time, the outcome mix per group, mean repairs, fallback,
// truncation and refusal rates, latency p50/p95 and tokens: over the whole store, or over the
// Captures filters while "Follow the Captures filters" is ticked (off by default, so a filter
// set to find failures never silently turns the dashboard red); chips above the charts show
// the filters in force either way. The groups are provider x model, or prompt versions,
// schema versions or modes, so a new prompt's rates stand beside the old one's; rates carry
// their 95% intervals as whiskers (dashboardcharts.h draws each). The numbers are one store::Store::stats query on a
// worker thread with a connection of its own; the GUI thread only draws. refreshSoon() is
// what landing captures call: refreshes are debounced, and at most one query runs at a time.
// Any chart exports as PNG or SVG.
#include "base/result.h"
#include "dashboard/dashboardcharts.h"
#include "store/filter.h"
#include "store/location.h"

#include <QWidget>

#include <array>
#include <functional>

class QChartView;
class QCheckBox;
class QComboBox;
class QLabel;
class QTimer;

namespace conform::gui {

class CaptureFilterBar;
class FilterChips;

class Dashboard : public QWidget
{
    Q_OBJECT
public:
    // `captureFilters`: the Captures list's filters, which the dashboard may follow.
    Dashboard(const store::StoreLocation& location, CaptureFilterBar* captureFilters, QWidget* parent = nullptr);

    // Another store is in use: the charts are read from it at the next refresh.
    void setLocation(const store::StoreLocation& location) { m_location = location; }
    bool followsCaptureFilters() const;
    void setFollowsCaptureFilters(bool follow);
    // The filter the charts are drawn over (none when not following), or the field in error.
    Result<store::Filter> filter() const;
    FilterChips* filterChips() const { return m_chips; }

    // Queries now (or as soon as the query running ends).
    void refresh();
    // Queries after a quiet moment: many calls in a burst make one query.
    void refreshSoon();
    void setBucket(bool hourly);
    // The fields the groups are made of: {"provider", "model"}, {"prompt"}, {"schema"}, {"mode"}.
    void setGroups(const QStringList& fields);
    QStringList groups() const;

    // The last figures drawn (empty before the first), and their charts.
    const store::StatsReport& stats() const { return m_stats; }
    QChartView* chartView(DashboardChart chart) const { return m_views[std::size_t(chart)]; }
    bool isQuerying() const { return m_querying; }
    QString statusText() const; // "4 captures (1 unchecked, left out of the rates) · 0.02 s · 12:00:00"

    // Writes the chart as PNG, or as SVG when `path` ends in .svg. False, with a message, on failure.
    bool exportChart(DashboardChart chart, const QString& path, QString* error = nullptr);

signals:
    void refreshed();

protected:
    void changeEvent(QEvent* event) override;

private:
    // Draws the charts one per turn of the event loop (building a chart costs QtCharts several
    // ms; all of them in one turn held the GUI thread past 50 ms on a busy machine), then
    // calls `drawn`. A newer draw() supersedes one still under way.
    void draw(store::StatsReport stats, std::function<void()> drawn = {});
    void drawFrom(int chart, int generation, std::function<void()> drawn);
    void exportWithDialog();
    void showFollowing();
    void showEmpty(bool empty);

    store::StoreLocation m_location;
    std::array<QChartView*, std::size_t(DashboardChart::Count)> m_views{};
    QComboBox* m_bucket;
    QComboBox* m_groups;
    QComboBox* m_exportChoice;
    QLabel* m_status;
    QTimer* m_debounce;
    CaptureFilterBar* m_captureFilters;
    QCheckBox* m_follow;
    FilterChips* m_chips;
    QLabel* m_empty;        // says what would fill an empty dashboard
    QWidget* m_charts;      // the scroll area of charts, hidden while empty
    store::StatsReport m_stats; // what the charts show: nothing until the first refresh
    bool m_querying = false;
    bool m_again = false; // a refresh was asked for while a query ran
    int m_drawGeneration = 0;
};

} // namespace conform::gui
