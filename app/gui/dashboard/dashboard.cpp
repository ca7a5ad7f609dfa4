#include "dashboard/dashboard.h"

#include "settings/appsettings.h"

#include "settings/settingkeys.h"
#include "captures/capturefilterbar.h"
#include "captures/filterchips.h"
#include "async/backgroundtask.h"

#include "store/store.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSvgGenerator>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

namespace conform::gui {

namespace {

struct StatsAnswer
{
    store::StatsReport stats;
    std::string error;
    double seconds = 0;
};

StatsAnswer queryStats(const store::StoreLocation& location, const store::Filter& filter, bool hourly, std::vector<std::string> by)
{
    QElapsedTimer clock;
    clock.start();
    auto store = store::Store::open(location, store::OpenOptions{false});
    if (!store)
        return {{}, store.error().toString()};
    store::StatsQuery query;
    query.filter = filter;
    query.by = std::move(by);
    query.bucket = hourly ? store::Bucket::Hour : store::Bucket::Day;
    const stats::PriceTable prices = pricesInUse();
    query.prices = &prices;
    auto stats = store.value()->statsReport(query);
    if (!stats)
        return {{}, stats.error().toString()};
    return {std::move(stats.value()), {}, clock.elapsed() / 1000.0};
}

} // namespace

Dashboard::Dashboard(const store::StoreLocation& location, CaptureFilterBar* captureFilters, QWidget* parent)
    : QWidget(parent), m_location(location), m_bucket(new QComboBox(this)), m_groups(new QComboBox(this)),
      m_exportChoice(new QComboBox(this)), m_status(new QLabel(this)), m_debounce(new QTimer(this)),
      m_captureFilters(captureFilters), m_follow(new QCheckBox(tr("Follow the Captures filters"), this)),
      m_chips(new FilterChips(captureFilters, this)), m_empty(new QLabel(this))
{
    m_follow->setObjectName(QStringLiteral("followCaptureFilters"));
    m_follow->setToolTip(tr("Chart only the captures the Captures list's filters select; unticked, the whole store"));
    m_follow->setChecked(settingkeys::dashboardFollowsFilters.read());
    connect(m_follow, &QCheckBox::toggled, this, [this](bool follow) {
        settingkeys::dashboardFollowsFilters.write(follow);
        showFollowing();
        refresh();
    });
    connect(m_captureFilters, &CaptureFilterBar::filterChanged, this, [this] {
        if (followsCaptureFilters() && isVisible())
            refresh();
    });
    showFollowing();
    m_bucket->addItem(tr("by day"), false);
    m_bucket->addItem(tr("by hour"), true);
    m_bucket->setCurrentIndex(settingkeys::dashboardHourly.read() ? 1 : 0);
    connect(m_bucket, &QComboBox::currentIndexChanged, this, [this] {
        settingkeys::dashboardHourly.write(m_bucket->currentData().toBool());
        refresh();
    });
    m_groups->addItem(tr("provider × model"), QStringLiteral("provider,model"));
    m_groups->addItem(tr("prompt version"), QStringLiteral("prompt"));
    m_groups->addItem(tr("schema version"), QStringLiteral("schema"));
    m_groups->addItem(tr("mode"), QStringLiteral("mode"));
    m_groups->setToolTip(tr("What each bar is: a provider × model, or a prompt or schema version, or a mode"));
    m_groups->setCurrentIndex(std::max(0, m_groups->findData(settingkeys::dashboardGroups.read())));
    connect(m_groups, &QComboBox::currentIndexChanged, this, [this] {
        settingkeys::dashboardGroups.write(m_groups->currentData().toString());
        refresh();
    });
    auto* refreshButton = new QPushButton(tr("Refresh"), this);
    refreshButton->setShortcut(QKeySequence(tr("Ctrl+Shift+F5")));
    connect(refreshButton, &QPushButton::clicked, this, &Dashboard::refresh);
    for (int i = 0; i < int(DashboardChart::Count); ++i)
        m_exportChoice->addItem(chartTitle(DashboardChart(i)), i);
    auto* exportButton = new QPushButton(tr("Export chart…"), this);
    exportButton->setShortcut(QKeySequence(tr("Ctrl+Shift+S")));
    exportButton->setToolTip(tr("Save the chart chosen beside it as PNG or SVG"));
    connect(exportButton, &QPushButton::clicked, this, &Dashboard::exportWithDialog);
    m_status->setTextFormat(Qt::PlainText);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_bucket);
    controls->addWidget(m_groups);
    controls->addWidget(refreshButton);
    controls->addWidget(m_exportChoice);
    controls->addWidget(exportButton);
    controls->addWidget(m_status, 1);

    auto* grid = new QGridLayout;
    for (int i = 0; i < int(DashboardChart::Count); ++i) {
        auto* view = new QChartView(buildChart(DashboardChart(i), store::StatsReport{}), this);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(360, 250);
        m_views[std::size_t(i)] = view;
        grid->addWidget(view, i / 2, i % 2);
    }
    auto* charts = new QWidget(this);
    charts->setLayout(grid);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(charts);
    m_charts = scroll;
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    // Until the first answer there is nothing to chart: no bare axes over a made-up day.
    m_empty->setText(tr("Reading the store…"));
    scroll->setVisible(false);
    auto* filters = new QHBoxLayout;
    filters->addWidget(m_follow);
    filters->addWidget(m_chips, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addLayout(filters);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_empty, 1);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(1500);
    connect(m_debounce, &QTimer::timeout, this, &Dashboard::refresh);
}

bool Dashboard::followsCaptureFilters() const
{
    return m_follow->isChecked();
}

void Dashboard::setFollowsCaptureFilters(bool follow)
{
    m_follow->setChecked(follow);
}

Result<store::Filter> Dashboard::filter() const
{
    return followsCaptureFilters() ? m_captureFilters->filter() : Result<store::Filter>(store::Filter{});
}

void Dashboard::showFollowing()
{
    m_chips->setIgnored(!followsCaptureFilters(), tr("Every capture in the store (the Captures filters are not applied)"));
}

void Dashboard::setBucket(bool hourly)
{
    m_bucket->setCurrentIndex(hourly ? 1 : 0);
}

void Dashboard::setGroups(const QStringList& fields)
{
    m_groups->setCurrentIndex(std::max(0, m_groups->findData(fields.join(QLatin1Char(',')))));
}

QStringList Dashboard::groups() const
{
    return m_groups->currentData().toString().split(QLatin1Char(','));
}

void Dashboard::refreshSoon()
{
    m_debounce->start();
}

void Dashboard::refresh()
{
    m_debounce->stop();
    if (m_querying) {
        m_again = true;
        return;
    }
    auto filter = this->filter();
    if (!filter)
        return m_status->setText(QString::fromStdString(filter.error().toString()));
    m_querying = true;
    m_status->setText(tr("querying…"));
    std::vector<std::string> by;
    for (const QString& field : groups())
        by.push_back(field.toStdString());
    runInBackground(this, [location = m_location, filter = filter.value(), hourly = m_bucket->currentData().toBool(), by] {
        return queryStats(location, filter, hourly, by);
    }, [this](StatsAnswer answer) {
        m_querying = false;
        const auto settle = [this] {
            if (std::exchange(m_again, false))
                refresh();
            else
                emit refreshed();
        };
        if (!answer.error.empty()) {
            m_status->setText(QString::fromStdString(answer.error));
            if (m_charts->isHidden()) // nothing drawn yet: the error takes the charts' place
                m_empty->setText(QString::fromStdString(answer.error));
            return settle();
        }
        const double seconds = answer.seconds;
        showEmpty(answer.stats.overall.count == 0);
        draw(std::move(answer.stats), [this, seconds, settle] {
            // Rates are over the checked captures: the ones judged by no schema are said apart.
            const qlonglong unchecked = m_stats.overall.unchecked;
            const QString captures = QLocale().toString(qlonglong(m_stats.overall.count));
            const QString count = unchecked > 0 ? tr("%1 captures (%2 unchecked, left out of the rates)").arg(captures, QLocale().toString(unchecked))
                                  : m_stats.overall.count == 1 ? tr("1 capture")
                                                               : tr("%1 captures").arg(captures);
            m_status->setText(tr("%1 · %2 s · %3").arg(count)
                                  .arg(seconds, 0, 'f', 2)
                                  .arg(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"))));
            settle();
        });
    });
}

void Dashboard::showEmpty(bool empty)
{
    // Empty charts would show bare axes over a made-up day; a sentence says what fills them.
    const bool filtered = followsCaptureFilters() && !m_captureFilters->arguments().empty();
    m_empty->setText(!filtered
                         ? tr("No captures yet — play a demo from the Start page, or run a prompt in the Run activity; its captures are charted here.")
                         : tr("No capture matches the Captures filters. Untick \"Follow the Captures filters\" to chart the whole store."));
    m_empty->setVisible(empty);
    m_charts->setVisible(!empty);
}

QString Dashboard::statusText() const
{
    return m_status->text();
}

void Dashboard::draw(store::StatsReport stats, std::function<void()> drawn)
{
    m_stats = std::move(stats);
    drawFrom(0, ++m_drawGeneration, std::move(drawn));
}

void Dashboard::drawFrom(int chart, int generation, std::function<void()> drawn)
{
    if (generation != m_drawGeneration)
        return; // a newer draw() took over
    if (chart == int(DashboardChart::Count)) {
        if (drawn)
            drawn();
        return;
    }
    QChartView* view = m_views[std::size_t(chart)];
    QChart* old = view->chart();
    view->setChart(buildChart(DashboardChart(chart), m_stats));
    view->setMinimumHeight(preferredChartHeight(DashboardChart(chart), m_stats));
    delete old; // setChart() leaves the old chart to its owner
    QTimer::singleShot(0, this, [this, chart, generation, drawn = std::move(drawn)]() mutable {
        drawFrom(chart + 1, generation, std::move(drawn));
    });
}

void Dashboard::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // The theme changed: the charts are drawn again in its colours.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        draw(m_stats);
}

bool Dashboard::exportChart(DashboardChart chart, const QString& path, QString* error)
{
    QChartView* view = chartView(chart);
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(view->size());
        svg.setViewBox(view->rect());
        svg.setTitle(chartTitle(chart));
        QPainter painter;
        if (!painter.begin(&svg)) {
            if (error)
                *error = tr("%1: cannot write").arg(path);
            return false;
        }
        view->render(&painter);
        painter.end();
        return true;
    }
    if (!view->grab().save(path, "PNG")) {
        if (error)
            *error = tr("%1: cannot write").arg(path);
        return false;
    }
    return true;
}

void Dashboard::exportWithDialog()
{
    const auto chart = DashboardChart(m_exportChoice->currentData().toInt());
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Chart"), chartTitle(chart) + QStringLiteral(".png"),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty())
        return;
    QString error;
    m_status->setText(exportChart(chart, path, &error) ? tr("saved %1").arg(path) : error);
}

} // namespace conform::gui
