#include "suites/suitesview.h"

#include "suites/suitetablemodel.h"

#include "store/store.h"
#include "store/writer.h"
#include "suite/report.h"
#include "suite/runner.h"
#include "suite/suite.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

// The captures of one cell: their ids on the left, the selected one's document on the right.
void showCaptureDialog(QWidget* parent, const store::StoreLocation& location, const QString& title, const QStringList& ids)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(title);
    auto* list = new QListWidget(&dialog);
    list->addItems(ids);
    auto* document = new QPlainTextEdit(&dialog);
    document->setReadOnly(true);
    document->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto opened = store::Store::open(location, store::OpenOptions{false}); // reads only: never waits for a writer
    QObject::connect(list, &QListWidget::currentTextChanged, document, [&opened, document](const QString& id) {
        if (!opened) {
            document->setPlainText(QString::fromStdString(opened.error().toString()));
            return;
        }
        auto capture = opened.value()->capture(id.toStdString());
        document->setPlainText(!capture ? QString::fromStdString(capture.error().toString())
                               : capture.value() ? QString::fromStdString(dump(capture.value()->document(), 2))
                                                 : QObject::tr("No capture %1 in the store.").arg(id));
    });
    auto* split = new QSplitter(&dialog);
    split->addWidget(list);
    split->addWidget(document);
    split->setSizes({260, 640});
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    dialog.resize(960, 600);
    if (!ids.isEmpty())
        list->setCurrentRow(0);
    dialog.exec();
}

} // namespace

SuitesView::SuitesView(QWidget* parent)
    : QWidget(parent), m_open(new QPushButton(tr("Open suite…"), this)), m_run(new QPushButton(tr("Run"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_status(new QLabel(tr("Open a suite file (*.suite.json)."), this)),
      m_table(new QTableView(this)), m_model(new SuiteTableModel(this))
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
    m_suite = std::make_unique<suite::Suite>(std::move(loaded.value()));
    m_model->reset(*m_suite);
    m_status->setText(tr("%1: %2 case(s) x %3 target(s) x %4 repeat(s).")
                          .arg(path).arg(m_suite->cases.size()).arg(m_suite->targets.size()).arg(m_suite->repeat));
    m_run->setEnabled(true);
    return true;
}

void SuitesView::run(const QString& store)
{
    if (!m_suite || running())
        return;
    auto location = store::StoreLocation::resolve(store);
    if (!location) {
        m_status->setText(QString::fromStdString(location.error().toString()));
        return;
    }
    m_location = std::make_unique<store::StoreLocation>(location.value());
    m_writer = std::make_unique<store::CaptureWriter>(*m_location);
    if (auto opened = m_writer->waitUntilOpen(); !opened) {
        m_status->setText(QString::fromStdString(opened.error().toString()));
        return;
    }
    m_model->reset(*m_suite);
    m_runner = std::make_unique<suite::SuiteRunner>(*m_suite, m_writer.get());
    connect(m_runner.get(), &suite::SuiteRunner::runStarted, m_model, [this](int c, int t, int) { m_model->runStarted(c, t); });
    connect(m_runner.get(), &suite::SuiteRunner::runFinished, m_model, &SuiteTableModel::runFinished);
    connect(m_runner.get(), &suite::SuiteRunner::finished, this, &SuitesView::onFinished);
    m_run->setEnabled(false);
    m_open->setEnabled(false);
    m_cancel->setEnabled(true);
    m_status->setText(tr("Running %1…").arg(QString::fromStdString(m_suite->name)));
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
        const Json& overall = report.value()["overall"];
        QString text = tr("%1: %2 of %3 runs succeeded, mean repairs %4, pass^k %5.")
                           .arg(QString::fromStdString(m_suite->name))
                           .arg(overall["succeeded"].get<int>())
                           .arg(overall["runs"].get<int>())
                           .arg(overall["mean_repairs"].get<double>(), 0, 'g', 3)
                           .arg(overall["pass_k"]["pass_all_rate"].get<double>(), 0, 'g', 3);
        for (const auto& [name, check] : report.value()["thresholds"].items())
            text += tr(" %1 %2.").arg(QString::fromStdString(name), check["met"].get<bool>() ? tr("met") : tr("NOT met"));
        if (!results.stoppedBy.empty())
            text += tr(" Stopped by %1.").arg(QString::fromStdString(results.stoppedBy));
        m_status->setText(text);
    }
    m_run->setEnabled(true);
    m_open->setEnabled(true);
    m_cancel->setEnabled(false);
    emit finished();
}

void SuitesView::showCaptures(int row, int column)
{
    const QStringList ids = captureIds(row, column);
    if (ids.isEmpty() || !m_location)
        return;
    const QString title = tr("%1 x %2").arg(m_model->headerData(row, Qt::Vertical).toString(), m_model->headerData(column, Qt::Horizontal).toString());
    showCaptureDialog(this, *m_location, title, ids);
}

} // namespace conform::gui
