#include "captures/captureview.h"

#include "run/outcomewords.h"
#include "run/attemptmodel.h"
#include "run/attemptwords.h"
#include "async/backgroundtask.h"
#include "widgets/codeeditor.h"
#include "captures/storedrun.h"
#include "checks/fixwords.h"
#include "checks/textspans.h"
#include "widgets/tonelabel.h"

#include "store/read_capture.h"
#include "store/store.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QScrollBar>
#include <QSplitter>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

constexpr int kIssueRole = Qt::UserRole + 1; // the issue's index in the attempt's list

QString dumpJson(const Json& value)
{
    return QString::fromStdString(value.dump(2, ' ', false, Json::error_handler_t::replace));
}

void showText(CodeEditor* editor, const QString& text)
{
    editor->setText(text);
    editor->setModified(false);
}

CodeEditor* readOnlyEditor(CodeEditor::Kind kind, QWidget* parent)
{
    auto* editor = new CodeEditor(kind, parent);
    editor->setReadOnly(true);
    editor->setWrapMode(QsciScintilla::WrapWord);
    return editor;
}

// "/facts/0/claim: Expected string, received number   [/properties/facts/...]"
QString issueLine(const Json& issue)
{
    QString line = issueSummary(issue);
    if (const std::string schemaPath = issue.value("schemaPath", std::string()); !schemaPath.empty())
        line += QStringLiteral("   [%1]").arg(QString::fromStdString(schemaPath));
    return line;
}

QString fixLine(const char* what, const Json& entry)
{
    return QStringLiteral("%1 %2").arg(QString::fromLatin1(what), QString::fromStdString(entry.dump(-1, ' ', false, Json::error_handler_t::replace)));
}

} // namespace

Tone outcomeTone(int outcomeCode)
{
    switch (static_cast<store::OutcomeCode>(outcomeCode)) {
    case store::OutcomeCode::Valid: return Tone::Success;
    case store::OutcomeCode::Repaired: return Tone::Info;
    case store::OutcomeCode::Fallback: return Tone::Warning;
    case store::OutcomeCode::Unchecked: return Tone::Unchecked;
    case store::OutcomeCode::Failed: break;
    }
    return Tone::Failure;
}

struct CaptureView::Loaded
{
    std::uint64_t generation = 0;
    std::string error;
    std::optional<store::Capture> capture;
    std::string schemaText; // pretty-printed, with its source map: made here, off the GUI thread
    json::SourceMap schemaMap;
};

CaptureView::CaptureView(QWidget* parent)
    : QWidget(parent), m_outcome(new ToneLabel(this, Tone::Muted, ToneLabel::Look::Badge)), m_about(new QLabel(this)), m_copyTrace(new QToolButton(this)), m_attempts(new AttemptModel(this)),
      m_attemptView(new QTableView(this)), m_raw(readOnlyEditor(CodeEditor::Kind::Plain, this)), m_issues(new QListWidget(this)),
      m_fixes(new QListWidget(this)), m_schema(readOnlyEditor(CodeEditor::Kind::Json, this)),
      m_request(readOnlyEditor(CodeEditor::Kind::Json, this)), m_value(readOnlyEditor(CodeEditor::Kind::Json, this)),
      m_tabs(new QTabWidget(this))
{
    m_outcome->setTextFormat(Qt::PlainText);
    m_about->setTextFormat(Qt::PlainText);
    m_about->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_about->setWordWrap(true);
    auto* header = new QHBoxLayout;
    header->addWidget(m_outcome);
    header->addWidget(m_about, 1);
    header->addWidget(m_copyTrace, 0, Qt::AlignTop);
    m_copyTrace->setText(tr("Copy trace id"));
    m_copyTrace->hide();
    connect(m_copyTrace, &QToolButton::clicked, this, [this] {
        if (m_capture)
            QGuiApplication::clipboard()->setText(QString::fromStdString(store::labelValue(m_capture->summary.labels, "trace_id")));
    });

    m_attemptView->setModel(m_attempts);
    m_attemptView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_attemptView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_attemptView->verticalHeader()->hide();
    m_attemptView->horizontalHeader()->setStretchLastSection(false); // latencies stay beside the other numbers
    connect(m_attemptView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showAttempt(current.row()); });

    auto* reply = new QSplitter(Qt::Vertical, this);
    reply->addWidget(m_raw);
    reply->addWidget(m_issues);
    reply->setSizes({260, 100});
    m_issues->setToolTip(tr("The selected attempt's issues: click one to see its span and its schema keyword"));
    // Two lines at the least, so the smallest window keeps the reply above them readable.
    m_issues->setMinimumHeight(2 * m_issues->fontMetrics().height() + 2 * m_issues->frameWidth() + 4);
    connect(m_issues, &QListWidget::currentRowChanged, this, &CaptureView::revealIssue);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(reply, tr("Raw reply"));
    m_tabs->addTab(m_fixes, tr("Fixes && coercions"));
    m_tabs->addTab(m_request, tr("Request sent"));
    m_tabs->addTab(m_value, tr("Final value"));
    m_tabs->addTab(m_schema, tr("Schema"));

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(m_attemptView);
    m_splitter->addWidget(m_tabs);
    m_splitter->setSizes({170, 380});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(header);
    layout->addWidget(m_splitter, 1);
    m_outcome->setText(tr("No capture open"));
}

void CaptureView::fitAttemptRows()
{
    // Every attempt in view, up to a long run's worth; the reply below keeps the rest.
    constexpr int kRowsShown = 8;
    const int rows = std::min(m_attempts->rowCount(), kRowsShown);
    const int wanted = m_attemptView->horizontalHeader()->height() + rows * m_attemptView->verticalHeader()->defaultSectionSize()
        + 2 * m_attemptView->frameWidth() + m_attemptView->horizontalScrollBar()->sizeHint().height();
    QList<int> sizes = m_splitter->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    if (sizes.size() != 2 || total <= 0 || sizes[0] >= wanted)
        return;
    sizes[0] = std::min(wanted, total - m_tabs->minimumSizeHint().height()); // the reply keeps its least
    if (sizes[0] <= m_splitter->sizes().value(0))
        return;
    sizes[1] = total - sizes[0];
    m_splitter->setSizes(sizes);
}

QString CaptureView::captureId() const
{
    return m_capture ? QString::fromStdString(m_capture->summary.id) : QString();
}

void CaptureView::open(const QString& id)
{
    const std::uint64_t generation = ++m_generation;
    m_about->setText(tr("loading %1…").arg(id));
    runInBackground(
        this,
        [location = m_location, id = id.toStdString(), generation] {
            Loaded out;
            out.generation = generation;
            auto capture = store::readCapture(location, id);
            if (!capture)
                out.error = capture.error().toString();
            else {
                out.capture = std::move(capture.value());
                out.schemaText = out.capture->schema.dump(2, ' ', false, Json::error_handler_t::replace);
                out.schemaMap = json::sourceMapOf(out.schemaText);
            }
            return out;
        },
        [this](Loaded result) {
            if (result.generation == m_generation)
                show(std::move(result));
        });
}

void CaptureView::show(Loaded result)
{
    if (!result.capture) {
        // Nothing of another capture (or of another store's) stays on screen under this error.
        m_capture.reset();
        m_schemaMap = {};
        m_attempts->clear();
        for (CodeEditor* editor : {m_raw, m_request, m_value, m_schema})
            showText(editor, {});
        m_issues->clear();
        m_fixes->clear();
        m_outcome->setText(tr("No capture open"));
        m_outcome->setTone(Tone::Muted);
        m_about->setText(QString::fromStdString(result.error));
        emit loadFailed(QString::fromStdString(result.error));
        return;
    }
    m_capture = std::move(result.capture);
    m_schemaMap = std::move(result.schemaMap);
    const store::CaptureSummary& s = m_capture->summary;
    m_outcome->setText(OutcomeWords::badge(OutcomeWords::outcomeOfCode(s.outcome), store::flagNames(s.flags)));
    m_outcome->setTone(outcomeTone(s.outcome));
    QStringList labels;
    for (const auto& [key, value] : s.labels)
        labels << QString::fromStdString(key + "=" + value);
    m_about->setText(tr("%1 · %2 · from %14 · %3/%4 %5 · schema %6 · prompt %7 · %8 attempts, %9 repairs · %10 ms · %11 in / %12 out%13")
                         .arg(QString::fromStdString(s.id), QString::fromStdString(store::isoTime(s.createdAtMs)),
                              QString::fromStdString(s.provider), QString::fromStdString(s.model), QString::fromStdString(s.mode),
                              QString::fromStdString(s.schemaHash), QString::fromStdString(s.promptHash))
                         .arg(s.attempts)
                         .arg(s.repairs)
                         .arg(s.latencyMs)
                         .arg(s.tokensIn)
                         .arg(s.tokensOut)
                         .arg(labels.isEmpty() ? QString() : QStringLiteral(" · ") + labels.join(QStringLiteral(", ")))
                         .arg(QString::fromStdString(s.source)));
    const std::string traceId = store::labelValue(s.labels, "trace_id");
    m_copyTrace->setVisible(!traceId.empty());
    m_copyTrace->setToolTip(tr("Copy %1 to the clipboard").arg(QString::fromStdString(traceId)));
    showText(m_schema, QString::fromStdString(result.schemaText));
    showText(m_value, dumpJson(m_capture->run.value("value", Json())));
    m_attempts->clear();
    for (const engine::AttemptRecord& attempt : attemptsOfRun(m_capture->run))
        m_attempts->append(attempt);
    m_attemptView->resizeColumnsToContents();
    fitAttemptRows();
    // The attempt the run ended on, as the store's replay reads it: the valid one, else the kept one.
    int row = m_attempts->rowCount() - 1;
    if (const Json& best = m_capture->run.value("best_attempt", Json()); best.is_number_unsigned())
        row = std::min(row, best.get<int>());
    for (int i = m_attempts->rowCount() - 1; i >= 0; --i)
        if (m_attempts->attempt(i).valid) {
            row = i;
            break;
        }
    if (row >= 0)
        m_attemptView->selectRow(row);
    emit loaded(captureId());
}

void CaptureView::showAttempt(int row)
{
    if (row < 0 || row >= m_attempts->rowCount())
        return;
    const engine::AttemptRecord& attempt = m_attempts->attempt(row);
    showText(m_raw, QString::fromStdString(attempt.raw));
    m_raw->setMarks(CodeEditor::FixMark, fixSpans(attempt));
    m_raw->setMarks(CodeEditor::IssueMark, issueSpans(attempt));
    m_raw->clearMarks(CodeEditor::FocusMark);
    showText(m_request, dumpJson(attempt.request));
    m_issues->clear();
    if (const QString cut = cutLine(attempt); !cut.isEmpty())
        m_issues->addItem(cut);
    if (!attempt.error.empty())
        m_issues->addItem(tr("error: %1").arg(QString::fromStdString(attempt.error)));
    if (!attempt.extractionFailure.empty())
        m_issues->addItem(tr("no JSON: %1").arg(QString::fromStdString(attempt.extractionFailure)));
    for (std::size_t i = 0; i < attempt.issues.size(); ++i) {
        auto* item = new QListWidgetItem(issueLine(attempt.issues[i]), m_issues);
        item->setData(kIssueRole, int(i));
    }
    if (m_issues->count() == 0)
        m_issues->addItem(attempt.valid ? tr("valid — no issues") : tr("no issues"));
    for (int i = 0; i < m_issues->count(); ++i) // a narrow pane elides; the whole line is a hover away
        m_issues->item(i)->setToolTip(m_issues->item(i)->text());
    m_fixes->clear();
    if (attempt.candidate)
        if (const QString candidate = describeCandidate(*attempt.candidate, attempt.raw); !candidate.isEmpty())
            m_fixes->addItem(candidate);
    for (const Json& fix : attempt.fixes)
        m_fixes->addItem(fixLine("fix", fix));
    for (const Json& coercion : attempt.coercions)
        m_fixes->addItem(fixLine("coercion", coercion));
    if (attempt.fixes.empty() && attempt.coercions.empty())
        m_fixes->addItem(tr("no fixes, no coercions"));
}

void CaptureView::revealIssue(int row)
{
    const QListWidgetItem* item = row >= 0 ? m_issues->item(row) : nullptr;
    const int attemptRow = m_attemptView->currentIndex().row();
    if (!item || !item->data(kIssueRole).isValid() || attemptRow < 0)
        return;
    const Json& issue = m_attempts->attempt(attemptRow).issues[item->data(kIssueRole).toUInt()];
    if (issue.contains("span") && issue["span"].is_object()) {
        const std::size_t offset = issue["span"].value("offset", std::size_t(0));
        m_raw->revealSpan(Span{offset, issue["span"].value("length", std::size_t(0))});
    }
    std::string schemaPath = issue.value("schemaPath", std::string());
    if (!schemaPath.empty() && schemaPath.front() == '#')
        schemaPath.erase(0, 1); // "#/properties/a" and "/properties/a" name the same keyword
    if (!schemaPath.empty())
        if (const auto keyword = m_schemaMap.find(schemaPath))
            m_schema->revealSpan(withMemberKey(m_schema->utf8Text(), *keyword));
}

} // namespace conform::gui
