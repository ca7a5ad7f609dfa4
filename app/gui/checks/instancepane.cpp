#include "checks/instancepane.h"

#include "widgets/codeeditor.h"
#include "async/discard.h"
#include "widgets/editorpanel.h"
#include "checks/issueexport.h"
#include "checks/issuelist.h"
#include "checks/issuemodel.h"
#include "widgets/statusline.h"

#include <QSplitter>
#include <QVBoxLayout>

namespace conform::gui {

using namespace std::chrono_literals;

InstancePane::InstancePane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent)
    : QWidget(parent), m_document(document), m_schemaEditor(schemaEditor),
      m_panel(new EditorPanel(tr("Instance"), CodeEditor::Kind::Json, this)), m_model(new IssueModel(this)),
      m_list(new IssueList(m_model, this)), m_status(new StatusLine(this)),
      m_splitter(new QSplitter(Qt::Vertical, this)), m_job(this, 250ms)
{
    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->setSpacing(0);
    bottomLayout->addWidget(m_status);
    bottomLayout->addWidget(m_list, 1);
    m_splitter->addWidget(m_panel);
    m_splitter->addWidget(bottom);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({480, 200});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    m_status->setExportable(true);
    m_job.onResult([this](InstanceCheck check) { display(std::move(check)); });
    connect(editor(), &QsciScintilla::textChanged, this, &InstancePane::recheck);
    connect(m_document, &SchemaDocument::changed, this, &InstancePane::markStale);
    connect(m_document, &SchemaDocument::compiled, this, [this] {
        recheck();
        m_job.flush(); // the compile already waited for the typing to stop
    });
    connect(m_list, &IssueList::issueActivated, this, &InstancePane::reveal);
    connect(m_status, &StatusLine::cancelRequested, this, [this] {
        m_job.cancel();
        m_status->report(StatusLine::State::Idle, tr("Check cancelled; edit the text to check again."));
    });
    connect(m_status, &StatusLine::exportRequested, this, &InstancePane::exportAll);
    m_status->report(StatusLine::State::Idle, tr("Open or type a schema and an instance."));
}

CodeEditor* InstancePane::editor() const
{
    return m_panel->editor();
}

TextDocument* InstancePane::document() const
{
    return m_panel->document();
}

std::size_t InstancePane::issueCount() const
{
    return std::size_t(m_model->rowCount()) + m_unshown.size();
}

void InstancePane::recheck()
{
    markStale();
    if (!m_document->isCurrent())
        return; // `compiled` calls again with the schema this text must be checked against
    m_job.request([schema = m_document->current(), instance = editor()->utf8Text()](const CancelFlag& cancel) {
        return checkInstance(*schema, instance, cancel);
    });
}

void InstancePane::recheckNow()
{
    recheck();
    m_job.flush();
}

// The verdict on screen no longer belongs to the texts on screen: say so until the next one.
void InstancePane::markStale()
{
    m_status->startChecking();
    m_list->setEnabled(false);
    editor()->clearMarks(CodeEditor::FocusMark);
    m_schemaEditor->clearMarks(CodeEditor::FocusMark);
}

void InstancePane::display(InstanceCheck check)
{
    if (check.state == InstanceCheck::State::Cancelled)
        return; // only a check nobody waits for is cancelled; the next one reports
    markInstance(check);
    discardInBackground(std::exchange(m_unshown, std::move(check.unshown)));
    discardInBackground(std::move(check.scratch));
    m_coercions = check.coercions;
    m_model->setIssues(std::move(check.issues));
    m_list->setEnabled(true);
    std::vector<Span> schemaMarks;
    if (check.schemaErrorSpan)
        schemaMarks.push_back(*check.schemaErrorSpan);
    m_schemaEditor->setMarks(CodeEditor::IssueMark, schemaMarks);
    const QString error = QString::fromStdString(check.error);
    switch (check.state) {
    case InstanceCheck::State::Empty:
        return m_status->report(StatusLine::State::Idle, tr("Open or type a schema and an instance."));
    case InstanceCheck::State::Cancelled:
        return;
    case InstanceCheck::State::Valid:
        return m_status->report(StatusLine::State::Valid, check.coercions.empty()
            ? tr("valid") : tr("valid after %1 coercion(s)").arg(check.coercions.size()));
    case InstanceCheck::State::Invalid:
        return m_status->report(StatusLine::State::Issues, issueCountText(issueCount(), std::size_t(m_model->rowCount())));
    case InstanceCheck::State::SchemaError:
        return m_status->report(StatusLine::State::Error, tr("Schema: %1").arg(error));
    case InstanceCheck::State::InstanceError:
        return m_status->report(StatusLine::State::Error, tr("Instance: %1").arg(error));
    }
}

// Squiggles under every listed offending value, or under the parse error's place.
void InstancePane::markInstance(const InstanceCheck& check)
{
    std::vector<Span> spans;
    for (const LocatedIssue& entry : check.issues)
        if (entry.issue.span)
            spans.push_back(*entry.issue.span);
    if (check.instanceErrorSpan)
        spans.push_back(*check.instanceErrorSpan);
    editor()->setMarks(CodeEditor::IssueMark, spans);
    editor()->clearMarks(CodeEditor::FocusMark);
}

void InstancePane::reveal(int row)
{
    const LocatedIssues& issues = m_model->issues();
    if (row < 0 || std::size_t(row) >= issues.size())
        return;
    const LocatedIssue& entry = issues[std::size_t(row)];
    if (entry.schemaSpan)
        m_schemaEditor->revealSpan(*entry.schemaSpan);
    if (entry.issue.span)
        editor()->revealSpan(*entry.issue.span);
}

IssueSet InstancePane::issueSet() const
{
    return IssueSet{issueCount() == 0, m_model->issues(), m_unshown, m_coercions};
}

void InstancePane::exportAll()
{
    exportIssues(m_status, issueSet());
}

} // namespace conform::gui
