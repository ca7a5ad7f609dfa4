#include "suites/suitesview.h"

#include "captures/capturestore.h"
#include "suites/suitecapturesdialog.h"
#include "suites/suitetablemodel.h"

#include "store/writer.h"
#include "suite/report.h"
#include "suite/runner.h"
#include "suite/suite.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace conform::gui {

SuitesView::SuitesView(CaptureStore* store, QWidget* parent)
    : QWidget(parent), m_open(new QPushButton(tr("Open suite…"), this)), m_run(new QPushButton(tr("Run"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_replay(new QCheckBox(tr("Replay the recorded replies (offline)"), this)), m_status(new QLabel(tr("Open a suite file (*.suite.json)."), this)),
      m_table(new QTableView(this)), m_model(new SuiteTableModel(this)), m_store(store)
{
    m_run->setEnabled(false);
    m_cancel->setEnabled(false);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setModel(m_model);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_open);
    bar->addWidget(m_run);
    bar->addWidget(m_cancel);
    bar->addWidget(m_replay);
    m_replay->setObjectName(QStringLiteral("replayCassettes"));
    m_replay->setToolTip(tr("Answer every run from its case's recording, re-judged against the case's schema as it now stands: "
                            "offline, and nothing is captured. Unticked, the suite asks its targets again."));
    m_replay->setVisible(false);
    bar->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open suite"), QString(), tr("Suites (*.suite.json);;JSON (*.json)"));
        if (!path.isEmpty())
            openSuite(path);
    });
    connect(m_run, &QPushButton::clicked, this, [this] { run(); });
    connect(m_cancel, &QPushButton::clicked, this, &SuitesView::cancel);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) { showCaptures(index.row(), index.column()); });
}

SuitesView::~SuitesView() = default;

bool SuitesView::openSuite(const QString& path)
{
    if (running())
        return false;
    auto loaded = suite::loadSuite(path);
    if (!loaded) {
        m_status->setText(QString::fromStdString(loaded.error().toString()));
        m_run->setEnabled(false);
        return false;
    }
    m_runner.reset(); // it reads the suite it ran
    m_suite = std::make_unique<suite::Suite>(std::move(loaded.value()));
    m_path = path;
    m_replay->setVisible(canReplay());
    m_replay->setChecked(canReplay());
    m_model->reset(*m_suite);
    m_status->setText(tr("%1: %2 case(s) x %3 target(s) x %4 repeat(s).")
                          .arg(path).arg(m_suite->cases.size()).arg(m_suite->targets.size()).arg(m_suite->repeat));
    m_run->setEnabled(true);
    return true;
}

bool SuitesView::canReplay() const
{
    if (!m_suite || m_suite->cases.empty())
        return false;
    for (const suite::SuiteCase& c : m_suite->cases)
        if (!c.cassette)
            return false;
    return true;
}

void SuitesView::setReplay(bool replay)
{
    m_replay->setChecked(replay && canReplay());
}

bool SuitesView::replays() const
{
    return m_replay->isChecked() && canReplay();
}

void SuitesView::run()
{
    if (!m_suite || running())
        return;
    const bool replay = replays();
    // The store's own writer, opening (or open) on its thread: nothing here waits for it. A
    // store that does not open says so through the runs' capture errors and the status bar.
    // A replay stores nothing, so it never reopens the cluster its cases came from.
    std::shared_ptr<store::CaptureWriter> writer = replay ? nullptr : m_store->sharedWriter();
    if (!replay && !writer) {
        m_status->setText(tr("Nothing was run: %1").arg(m_store->errorString()));
        return;
    }
    m_runner.reset(); // before the writer it wrote to
    m_writer = std::move(writer);
    m_runLocation = m_store->location();
    m_model->reset(*m_suite);
    m_runner = std::make_unique<suite::SuiteRunner>(*m_suite, m_writer.get());
    if (replay)
        m_runner->replayFromCassettes();
    connect(m_runner.get(), &suite::SuiteRunner::runStarted, m_model, [this](int c, int t, int) { m_model->runStarted(c, t); });
    connect(m_runner.get(), &suite::SuiteRunner::runFinished, m_model, &SuiteTableModel::runFinished);
    connect(m_runner.get(), &suite::SuiteRunner::finished, this, &SuitesView::onFinished);
    m_run->setEnabled(false);
    m_open->setEnabled(false);
    m_cancel->setEnabled(true);
    m_status->setText(replay ? tr("Replaying %1 from its recordings (offline, nothing stored)…").arg(QString::fromStdString(m_suite->name))
                             : tr("Running %1 into %2…").arg(QString::fromStdString(m_suite->name), m_store->displayName()));
    m_runner->start();
}

void SuitesView::cancel()
{
    if (m_runner)
        m_runner->cancel();
}

bool SuitesView::running() const
{
    return m_runner && m_runner->running();
}

QString SuitesView::status() const
{
    return m_status->text();
}

QStringList SuitesView::captureIds(int row, int column) const
{
    return m_model->data(m_model->index(row, column), SuiteTableModel::CaptureIdsRole).toStringList();
}

void SuitesView::onFinished(const suite::SuiteResults& results)
{
    auto report = suite::suiteReport(*m_suite, results, nullptr);
    if (report) {
        const suite::RunTotals& overall = report->overall;
        QString text = tr("%1: %2 of %3 runs succeeded, mean repairs %4, pass^k %5.")
                           .arg(QString::fromStdString(m_suite->name))
                           .arg(overall.succeeded)
                           .arg(overall.runs)
                           .arg(overall.meanRepairs(), 0, 'g', 3)
                           .arg(report->overallPassK.passAllRate(), 0, 'g', 3);
        for (const suite::ThresholdCheck& check : report->thresholds)
            text += tr(" %1 %2.").arg(QString::fromStdString(check.name), check.met ? tr("met") : tr("NOT met"));
        if (!results.stoppedBy.empty())
            text += tr(" Stopped by %1.").arg(QString::fromStdString(results.stoppedBy));
        if (results.replayed)
            text += tr(" Replayed: the recorded replies re-judged against each case's schema, not asked again.");
        if (const std::string miss = suite::firstCassetteMiss(results); !miss.empty())
            text = tr("Not replayed: %1. The request differs from the recording; run it live (untick replay) or make the suite again.")
                       .arg(QString::fromStdString(miss));
        if (!results.captureError.empty())
            text += tr(" Captures not kept: %1.").arg(QString::fromStdString(results.captureError));
        m_status->setText(text);
    }
    m_run->setEnabled(true);
    m_open->setEnabled(true);
    m_cancel->setEnabled(false);
    emit finished();
}

SuiteCapturesDialog* SuitesView::showCaptures(int row, int column)
{
    const QStringList ids = captureIds(row, column);
    if (ids.isEmpty())
        return nullptr;
    const QString title = tr("%1 x %2").arg(m_model->headerData(row, Qt::Vertical).toString(), m_model->headerData(column, Qt::Horizontal).toString());
    if (m_dialog)
        m_dialog->close();
    m_dialog = new SuiteCapturesDialog(m_runLocation, title, ids, this);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog->open(); // window-modal, without a nested event loop: the suite keeps running
    return m_dialog;
}

} // namespace conform::gui
