#include "captures/revalidatepanel.h"

#include "widgets/tonelabel.h"

#include "async/backgroundtask.h"
#include "captures/storedrun.h"
#include "widgets/themecolours.h"

#include "json/parse.h"
#include "schema/schema.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

// The changes listed: an edit that breaks a hundred thousand captures is told by the first
// ten thousand (and the counts); a longer list would only cost the GUI thread.
constexpr std::size_t kListed = 10'000;

// The report with its first `kListed` changes only, copied (on the job's thread).
store::ReplayReport listedPart(const store::ReplayReport& report)
{
    store::ReplayReport out;
    out.count = report.count;
    out.validBefore = report.validBefore;
    out.validAfter = report.validAfter;
    out.becameInvalid = report.becameInvalid;
    out.becameValid = report.becameValid;
    out.seconds = report.seconds;
    out.cancelled = report.cancelled;
    out.changes.assign(report.changes.begin(), report.changes.begin() + std::ptrdiff_t(std::min(report.changes.size(), kListed)));
    return out;
}

struct Compiled
{
    std::shared_ptr<const schema::Validator> validator;
    Json schema;
    std::string error;
};

// The document's compile as a replay takes it: the validator shared with the document's
// compile (which keeps the $ref registry it was built with alive) and the schema as a value.
Compiled replayInputs(const CompiledSchemaPtr& compiled)
{
    Compiled out;
    if (!compiled->analysis.ok()) {
        out.error = "schema: " + compiled->analysis.error;
        return out;
    }
    auto parsed = json::parseStrict(compiled->text);
    if (!parsed) {
        out.error = "schema: " + parsed.error().toString();
        return out;
    }
    out.validator = std::shared_ptr<const schema::Validator>(compiled, &*compiled->analysis.validator);
    out.schema = std::move(parsed.value());
    return out;
}

} // namespace

void ReplayChangeModel::setChanges(std::vector<store::ReplayChange> changes)
{
    beginResetModel();
    m_changes = std::move(changes);
    endResetModel();
}

int ReplayChangeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_changes.size());
}

int ReplayChangeModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReplayChangeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const store::ReplayChange& change = m_changes[std::size_t(index.row())];
    if (role == Qt::ForegroundRole && index.column() == VerdictColumn)
        return toneColour(change.validAfter ? Tone::Success : Tone::Failure);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case IdColumn: return QString::fromStdString(change.id);
    case TimeColumn: return QDateTime::fromMSecsSinceEpoch(change.createdAtMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    case SchemaColumn: return change.schemaTitle.empty() ? tr("(untitled)") : QString::fromStdString(change.schemaTitle);
    case TargetColumn: return QString::fromStdString(change.target);
    case VerdictColumn: return change.validAfter ? tr("invalid → valid") : tr("valid → invalid");
    case IssueColumn: return issueSummary(change.issue);
    }
    return {};
}

QVariant ReplayChangeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn: return tr("Capture");
    case TimeColumn: return tr("Time");
    case SchemaColumn: return tr("Schema");
    case TargetColumn: return tr("Target");
    case VerdictColumn: return tr("Verdict");
    case IssueColumn: return tr("First issue");
    }
    return {};
}

RevalidatePanel::RevalidatePanel(SchemaDocument* document, FilterSource filter, QWidget* parent)
    : QWidget(parent), m_document(document), m_filterSource(std::move(filter)),
      m_start(new QPushButton(tr("Re-validate history"), this)), m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)), m_summary(new QLabel(this)), m_changes(new QTableView(this)),
      m_model(new ReplayChangeModel(this)), m_scope(new QComboBox(this)), m_stale(new ToneLabel(this, Tone::Warning, ToneLabel::Look::Bold))
{
    // History of the schema being edited by default: an edit of one schema says nothing of
    // captures that ran with another.
    m_scope->addItem(tr("captures of this schema"), int(Scope::ThisSchema));
    m_scope->addItem(tr("captures of every schema"), int(Scope::EverySchema));
    m_scope->setToolTip(tr("This schema: every capture whose schema has the edited schema's $id, else its title, else exactly its text. Every schema: all the filtered captures."));
    m_start->setToolTip(tr("Extract and validate the filtered captures' final replies again, against the schema being edited"));
    m_start->setShortcut(QKeySequence(tr("Ctrl+Shift+H")));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_changes->setModel(m_model);
    m_changes->horizontalHeader()->setStretchLastSection(true);
    m_changes->setColumnWidth(ReplayChangeModel::IdColumn, 140);
    m_changes->setColumnWidth(ReplayChangeModel::TimeColumn, 120);
    m_changes->setColumnWidth(ReplayChangeModel::SchemaColumn, 140);
    m_changes->setColumnWidth(ReplayChangeModel::TargetColumn, 160);
    m_changes->setColumnWidth(ReplayChangeModel::VerdictColumn, 110);
    m_changes->verticalHeader()->hide();
    m_changes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_changes->setSelectionBehavior(QAbstractItemView::SelectRows);
    connect(m_changes, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        emit openCaptureRequested(m_model->index(index.row(), ReplayChangeModel::IdColumn).data().toString());
    });
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_start);
    controls->addWidget(m_scope);
    controls->addWidget(m_cancel);
    controls->addWidget(m_progress, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_summary);
    layout->addWidget(m_changes, 1);
    connect(m_start, &QPushButton::clicked, this, &RevalidatePanel::start);
    connect(m_cancel, &QPushButton::clicked, this, &RevalidatePanel::cancel);
    // Results stay on screen after an edit only marked as what they are: another schema's.
    m_stale->setObjectName(QStringLiteral("revalidateStale"));
    m_stale->setWordWrap(true);
    m_stale->setText(tr("Stale: the schema has changed since these results were computed. Re-validate to check the history against it (undoing the edit makes them current again)."));
    m_stale->setVisible(false);
    layout->insertWidget(1, m_stale);
    connect(m_document, &SchemaDocument::changed, this, &RevalidatePanel::showWhetherStale);
    setRunning(false);
}

bool RevalidatePanel::isStale() const
{
    return m_checked && (m_checked->text != m_document->text() || !(m_checked->settings == m_document->settings()));
}

void RevalidatePanel::showWhetherStale()
{
    const bool stale = m_report && isStale();
    m_stale->setVisible(stale);
    m_summary->setForegroundRole(stale ? QPalette::PlaceholderText : QPalette::WindowText);
}

RevalidatePanel::~RevalidatePanel() = default; // the job cancels and waits

void RevalidatePanel::start()
{
    if (isRunning())
        return;
    auto filter = m_filterSource ? m_filterSource() : Result<store::Filter>(store::Filter{});
    if (!filter)
        return m_summary->setText(tr("error: %1").arg(QString::fromStdString(filter.error().toString())));
    m_compiling = true;
    setRunning(true);
    if (m_document->isCurrent())
        return prepare(m_document->current(), std::move(filter.value()));
    // The text just changed: wait for the document's compile of it, now rather than after
    // the typing pause.
    m_summary->setText(tr("compiling the schema…"));
    m_waitForCompile = connect(m_document, &SchemaDocument::compiled, this,
                               [this, filter = std::move(filter.value())](const CompiledSchemaPtr& compiled) {
                                   if (compiled->version != m_document->version())
                                       return;
                                   store::Filter chosen = filter; // the lambda goes with the connection
                                   disconnect(m_waitForCompile);
                                   prepare(compiled, std::move(chosen));
                               });
    m_document->flush();
}

void RevalidatePanel::prepare(CompiledSchemaPtr compiled, store::Filter filter)
{
    m_checked = compiled; // what the results will be of
    if (compiled->blank()) {
        m_compiling = false;
        setRunning(false);
        return m_summary->setText(tr("No schema to re-validate against: open one or type it in the schema editor."));
    }
    // Parsing the schema text as a value (the replay's coercion reads it) is left to a worker.
    runInBackground(this, [compiled = std::move(compiled)] { return replayInputs(compiled); },
                    [this, filter = std::move(filter)](Compiled inputs) {
                        m_compiling = false;
                        if (!inputs.validator) {
                            setRunning(false);
                            return m_summary->setText(tr("error: %1").arg(QString::fromStdString(inputs.error)));
                        }
                        store::Filter scoped = filter;
                        m_scopeNote.clear();
                        if (scope() == Scope::ThisSchema && store::scopeToSchema(scoped, inputs.schema) == "hash")
                            m_scopeNote = tr("the schema has no $id or title, so only captures of this exact text were checked");
                        run(std::move(inputs.validator), std::move(inputs.schema), std::move(scoped));
                    });
}

void RevalidatePanel::run(std::shared_ptr<const schema::Validator> validator, Json schema, store::Filter filter)
{
    m_model->setChanges({});
    m_report.reset();
    showWhetherStale();
    m_job = std::make_unique<store::ReplayJob>(m_location, std::move(filter), std::move(validator), std::move(schema));
    connect(m_job.get(), &store::ReplayJob::progress, this, [this](qint64 done, qint64 total) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(total > 0 ? int(1000 * done / total) : 1000);
        m_summary->setText(tr("%1 of %2 captures checked…").arg(done).arg(total));
    });
    // The report can hold a change per capture: the part listed is copied on the job's thread
    // (a direct connection), and only handed over, not copied, on this one.
    connect(m_job.get(), &store::ReplayJob::finished, this, [this](const store::ReplayReport& report) {
        auto copy = std::make_shared<store::ReplayReport>(listedPart(report));
        QMetaObject::invokeMethod(this, [this, copy] {
            m_job.release()->deleteLater(); // its thread has ended
            showReport(std::move(*copy));
            setRunning(false);
            emit finished();
        }, Qt::QueuedConnection);
    }, Qt::DirectConnection);
    connect(m_job.get(), &store::ReplayJob::failed, this, [this](const QString& message) {
        m_job.release()->deleteLater();
        m_summary->setText(tr("error: %1").arg(message));
        setRunning(false);
        emit finished();
    });
    m_summary->setText(tr("re-validating…"));
    m_job->start();
}

void RevalidatePanel::cancel()
{
    if (m_job)
        m_job->cancel();
}

void RevalidatePanel::showReport(store::ReplayReport report)
{
    m_progress->setRange(0, 1000);
    m_progress->setValue(1000);
    const std::int64_t changed = report.becameInvalid + report.becameValid;
    m_summary->setText(tr("%1 captures%2: valid %3 → %4 · %5 became invalid, %6 became valid · %7 s%8")
                           .arg(report.count)
                           .arg(report.cancelled ? tr(" (cancelled)") : QString())
                           .arg(report.validBefore)
                           .arg(report.validAfter)
                           .arg(report.becameInvalid)
                           .arg(report.becameValid)
                           .arg(report.seconds, 0, 'f', 2)
                           .arg(changed > std::int64_t(report.changes.size()) ? tr(" · the first %1 changes listed").arg(report.changes.size()) : QString()));
    if (!m_scopeNote.isEmpty())
        m_summary->setText(m_summary->text() + QStringLiteral(" · ") + m_scopeNote);
    m_model->setChanges(std::move(report.changes));
    m_report = std::move(report);
    showWhetherStale();
}

RevalidatePanel::Scope RevalidatePanel::scope() const
{
    return Scope(m_scope->currentData().toInt());
}

void RevalidatePanel::setScope(Scope scope)
{
    m_scope->setCurrentIndex(m_scope->findData(int(scope)));
}

void RevalidatePanel::setRunning(bool running)
{
    m_scope->setEnabled(!running);
    m_start->setEnabled(!running);
    m_cancel->setEnabled(running);
}

} // namespace conform::gui
