#include "checks/replypane.h"

#include "widgets/codeeditor.h"
#include "async/discard.h"
#include "widgets/editorpanel.h"
#include "checks/fixtable.h"
#include "checks/fixwords.h"
#include "checks/issueexport.h"
#include "checks/issuelist.h"
#include "checks/issuemodel.h"
#include "widgets/statusline.h"
#include "checks/textspans.h"

#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

QString fixCountText(std::size_t count)
{
    return count == 1 ? ReplyPane::tr("1 fix") : ReplyPane::tr("%1 fixes").arg(count);
}

} // namespace

ReplyPane::ReplyPane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent)
    : CheckPaneFor(document, schemaEditor, parent),
      m_rawPanel(new EditorPanel(tr("Raw reply"), CodeEditor::Kind::Plain, this)),
      m_extractedPanel(new EditorPanel(tr("Extracted value"), CodeEditor::Kind::Json, this)),
      m_fixTable(new FixTable(this)), m_resultTabs(new QTabWidget(this)), m_summary(new QLabel(this))
{
    m_job.onResult([this](ReplyCheck check) { display(std::move(check)); });
    setUp(buildEditors(), buildResults(), rawEditor(), tr("Check cancelled; edit the reply to check again."));
    connect(m_fixTable, &FixTable::fixActivated, this, [this](Span span) { rawEditor()->revealSpan(span); });
    connect(rawEditor(), &QsciScintillaBase::SCN_DWELLSTART, this, &ReplyPane::showFixToolTip);
    connect(rawEditor(), &QsciScintillaBase::SCN_DWELLEND, this, [] { QToolTip::hideText(); });
    display(ReplyCheck{});
}

QWidget* ReplyPane::buildEditors()
{
    auto* editors = new QSplitter(Qt::Horizontal, this);
    editors->addWidget(m_rawPanel);
    editors->addWidget(m_extractedPanel);
    editors->setSizes({500, 400});
    extractedEditor()->setReadOnly(true);
    extractedEditor()->setShaded(true);
    m_extractedPanel->setNote(tr("read-only"));
    return editors;
}

QWidget* ReplyPane::buildResults()
{
    auto* results = new QWidget(this);
    auto* layout = new QVBoxLayout(results);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_summary->setContentsMargins(6, 3, 6, 0);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resultTabs->setDocumentMode(true);
    m_resultTabs->addTab(m_list, tr("Issues"));
    m_resultTabs->addTab(m_fixTable, tr("Fixes"));
    m_fixTable->setToolTip(tr("Every change made to the raw reply to read it as JSON; pick one to see it in the reply"));
    layout->addWidget(m_summary);
    layout->addWidget(m_status);
    layout->addWidget(m_resultTabs, 1);
    return results;
}

CodeEditor* ReplyPane::rawEditor() const
{
    return m_rawPanel->editor();
}

TextDocument* ReplyPane::rawDocument() const
{
    return m_rawPanel->document();
}

CodeEditor* ReplyPane::extractedEditor() const
{
    return m_extractedPanel->editor();
}

QString ReplyPane::summary() const
{
    return m_summary->text();
}

void ReplyPane::requestCheck(const CompiledSchemaPtr& schema)
{
    m_job.request([schema, raw = rawEditor()->utf8Text()](const CancelFlag& cancel) {
        return checkReply(*schema, raw, cancel);
    });
}

void ReplyPane::markStale()
{
    CheckPane::markStale();
    m_status->setVisible(true);
}

void ReplyPane::display(ReplyCheck check)
{
    if (check.cancelled)
        return; // only a check nobody waits for is cancelled; the next one reports
    showVerdictArrived();
    m_valid = check.valid;
    m_unshown = std::move(check.unshown);
    m_fixes = check.extraction.fixes;
    m_extractedSpans = std::move(check.extractedSpans);
    // Shown, not edited (no unsaved-changes marker); a 20 MB value in steps.
    extractedEditor()->showResult(std::move(check.extractedUtf8));
    markRaw(check);
    showSummary(check);
    showStatus(check);
    m_fixTable->setFixes(check.extraction.fixes, check.fixPlaces);
    m_resultTabs->setTabText(0, tr("Issues (%1)").arg(check.issues.size() + m_unshown.size()));
    m_resultTabs->setTabText(1, tr("Fixes (%1)").arg(check.extraction.fixes.size()));
    m_model->setIssues(std::move(check.issues));
    discardInBackground(std::move(check)); // a 20 MB reply's value tree and source map
}

void ReplyPane::showSummary(const ReplyCheck& check)
{
    const json::Extraction& x = check.extraction;
    if (check.empty)
        m_summary->setText(tr("Paste a model's reply on the left, or open one with Reply ▸ Open Reply."));
    else if (!x.ok)
        m_summary->setText(tr("Nothing extracted: %1").arg(QString::fromStdString(x.reason)));
    else
        m_summary->setText(tr("extracted from %1, %2")
                               .arg(QString::fromStdString(x.candidateKind), fixCountText(x.fixes.size())));
}

void ReplyPane::showStatus(const ReplyCheck& check)
{
    if (check.empty || !check.extraction.ok)
        m_status->report(StatusLine::State::Idle, QString());
    else if (!check.schemaError.empty())
        m_status->report(StatusLine::State::Error, tr("Schema: %1").arg(QString::fromStdString(check.schemaError)));
    else if (check.noSchema)
        m_status->report(StatusLine::State::Idle, tr("No schema to validate against."));
    else if (check.valid)
        m_status->report(StatusLine::State::Valid, tr("valid"));
    else
        m_status->report(StatusLine::State::Issues, issueCountText(check.issues.size() + check.unshown.size(), check.issues.size()));
    m_status->setVisible(!m_status->text().isEmpty());
}

// Fixes get a green box, issues a red squiggle, both in the raw text.
void ReplyPane::markRaw(const ReplyCheck& check)
{
    std::vector<Span> fixes;
    for (const json::Fix& fix : check.extraction.fixes)
        fixes.push_back(Span{fix.offset, fix.length});
    rawEditor()->setMarks(CodeEditor::FixMark, fixes);
    std::vector<Span> issues;
    for (const LocatedIssue& entry : check.issues)
        if (entry.issue.span)
            issues.push_back(*entry.issue.span);
    rawEditor()->setMarks(CodeEditor::IssueMark, issues);
    rawEditor()->clearMarks(CodeEditor::FocusMark);
}

void ReplyPane::exportAll()
{
    exportIssues(m_status, IssueSet{m_valid, m_model->issues(), m_unshown, {}});
}

void ReplyPane::reveal(int row)
{
    CheckPane::reveal(row);
    if (row >= 0 && std::size_t(row) < m_extractedSpans.size() && m_extractedSpans[std::size_t(row)])
        extractedEditor()->revealSpan(*m_extractedSpans[std::size_t(row)]);
}

QString ReplyPane::fixToolTipAt(std::size_t position) const
{
    const std::size_t length = std::size_t(rawEditor()->length());
    QStringList lines;
    for (const json::Fix& fix : m_fixes) {
        if (visibleSpan(length, Span{fix.offset, fix.length}).contains(position))
            lines << tr("%1: %2 → %3").arg(describeFix(fix.kind, fix.before, fix.after), quotedText(fix.before), quotedText(fix.after));
    }
    return lines.join(QLatin1Char('\n'));
}

void ReplyPane::showFixToolTip(int position, int x, int y)
{
    if (position < 0)
        return;
    const QString tip = fixToolTipAt(std::size_t(position));
    if (!tip.isEmpty())
        QToolTip::showText(rawEditor()->viewport()->mapToGlobal(QPoint(x, y)), tip, rawEditor());
}

} // namespace conform::gui
