#include "captures/captureimport.h"

#include "async/backgroundtask.h"
#include "captures/capturestore.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QTimer>

#include <atomic>
#include <mutex>
#include <sstream>
#include <vector>

namespace conform::gui {

namespace {

// How many problems the summary lists; the rest are counted.
constexpr std::size_t kListedProblems = 20;

} // namespace

// What the worker tells the GUI thread, read by a timer: no calls across threads.
struct CaptureImport::Shared : imports::Listener
{
    std::atomic<std::uint64_t> read{0}, total{0};
    std::atomic<bool> stop{false};
    std::mutex mutex;
    std::vector<std::string> problems; // the first kListedProblems, "WHERE: what"

    void problem(const std::string& where, const std::string& what) override
    {
        const std::lock_guard lock(mutex);
        if (problems.size() < kListedProblems)
            problems.push_back(where + ": " + what);
    }
    void progress(std::uint64_t bytes, std::uint64_t of) override
    {
        read = bytes;
        total = of;
    }
    bool cancelled() override { return stop; }
};

CaptureImport::CaptureImport(CaptureStore* store, QWidget* window)
    : QObject(window), m_store(store), m_window(window), m_progress(new QProgressDialog(window)), m_poll(new QTimer(this))
{
    m_progress->setWindowTitle(tr("Import Captures"));
    m_progress->setRange(0, 1000);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    m_progress->setMinimumDuration(300);
    m_progress->reset(); // hidden until an import starts
    connect(m_progress, &QProgressDialog::canceled, this, &CaptureImport::cancel);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (!m_shared)
            return;
        const std::uint64_t total = m_shared->total;
        if (total > 0)
            m_progress->setValue(int(std::min<std::uint64_t>(1000, m_shared->read * 1000 / total)));
        m_progress->setLabelText(tr("Importing… %1 of %2 MB read")
                                     .arg(double(m_shared->read) / 1e6, 0, 'f', 1)
                                     .arg(double(total) / 1e6, 0, 'f', 1));
    });
}

CaptureImport::~CaptureImport()
{
    cancel();
}

void CaptureImport::chooseAndImport()
{
    if (running())
        return;
    const QStringList paths = QFileDialog::getOpenFileNames(
        m_window, tr("Import Captures"), QString(),
        tr("Captures, OpenTelemetry and batch files (*.jsonl *.json *.ndjson);;All files (*)"));
    if (paths.isEmpty())
        return;
    std::istringstream none;
    const imports::Format format = imports::detectFormat(paths.constFirst(), none);
    QString input;
    if (format == imports::Format::OpenAiBatch) // its requests say which schema each call carried
        input = QFileDialog::getOpenFileName(m_window, tr("The batch's input file (Cancel: none)"), QFileInfo(paths.constFirst()).absolutePath(),
                                             tr("JSON Lines (*.jsonl);;All files (*)"));
    start(paths, format, input);
}

void CaptureImport::start(const QStringList& paths, std::optional<imports::Format> format, const QString& batchInput)
{
    if (running() || paths.isEmpty())
        return;
    std::istringstream none;
    imports::Request request;
    request.format = format ? *format : imports::detectFormat(paths.constFirst(), none);
    request.paths = paths;
    request.batchInput = batchInput;
    request.store = m_store->location();
    m_shared = std::make_shared<Shared>();
    m_progress->setLabelText(tr("Importing %1…").arg(QFileInfo(paths.constFirst()).fileName()));
    m_progress->setValue(0);
    m_progress->show();
    m_poll->start();
    runInBackground(
        this,
        [request, shared = m_shared] { return imports::importFiles(request, *shared); },
        [this, format = request.format, files = int(paths.size())](imports::Report report) { onFinished(format, files, report); });
}

void CaptureImport::cancel()
{
    if (m_shared)
        m_shared->stop = true;
}

void CaptureImport::onFinished(imports::Format format, int files, const imports::Report& report)
{
    m_poll->stop();
    m_progress->reset();
    m_progress->hide();
    QStringList parts{tr("%1 already there").arg(report.submitted - report.inserted)};
    if (format != imports::Format::Conform)
        parts << tr("%1 unchecked: no schema").arg(report.unchecked);
    if (format == imports::Format::Otlp)
        parts << tr("%1 span(s) not GenAI skipped").arg(report.skipped);
    parts << tr("%1 problem(s)").arg(report.problems);
    m_summary = tr("Imported %1 capture(s) from %2 %3 file(s) into %4 (%5).")
                    .arg(report.inserted)
                    .arg(files)
                    .arg(QString::fromLatin1(imports::formatName(format).data()), m_store->displayName(), parts.join(QStringLiteral("; ")));
    if (report.cancelled)
        m_summary = tr("Cancelled. %1").arg(m_summary);
    else if (!report.error.empty())
        m_summary = tr("Stopped: %1. %2").arg(QString::fromStdString(report.error), m_summary);
    if (report.orphanEvents > 0)
        m_summary += QLatin1Char(' ') + tr("%1 GenAI event(s) named a span that is in no file; left out.").arg(report.orphanEvents);
    QStringList problems;
    {
        const std::lock_guard lock(m_shared->mutex);
        for (const std::string& problem : m_shared->problems)
            problems << QString::fromStdString(problem);
    }
    m_shared.reset();
    if (m_result)
        m_result->close();
    m_result = new QMessageBox(report.error.empty() ? QMessageBox::Information : QMessageBox::Warning, tr("Import Captures"), m_summary,
                               QMessageBox::Ok, m_window);
    m_result->setAttribute(Qt::WA_DeleteOnClose);
    if (!problems.isEmpty())
        m_result->setDetailedText(problems.join(QLatin1Char('\n')));
    m_result->open(); // not modal to the event loop: the browser fills in behind it
    emit finished(m_summary, int(report.inserted), report.error.empty());
}

} // namespace conform::gui
