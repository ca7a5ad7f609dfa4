#include "checks/checkpane.h"

#include "checks/issuelist.h"
#include "checks/issuemodel.h"
#include "widgets/codeeditor.h"
#include "widgets/statusline.h"

#include <QSplitter>
#include <QVBoxLayout>

namespace conform::gui {

CheckPane::CheckPane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent)
    : QWidget(parent), m_document(document), m_schemaEditor(schemaEditor), m_model(new IssueModel(this)),
      m_list(new IssueList(m_model, this)), m_status(new StatusLine(this)), m_splitter(new QSplitter(Qt::Vertical, this))
{
}

void CheckPane::setUp(QWidget* editors, QWidget* results, CodeEditor* checked, const QString& cancelledText)
{
    m_checked = checked;
    m_splitter->addWidget(editors);
    m_splitter->addWidget(results);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({480, 200});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    m_status->setExportable(true);
    connect(m_checked, &QsciScintilla::textChanged, this, &CheckPane::recheck);
    connect(m_document, &SchemaDocument::changed, this, &CheckPane::markStale);
    connect(m_document, &SchemaDocument::compiled, this, [this] {
        recheck();
        flushCheck(); // the compile already waited for the typing to stop
    });
    connect(m_list, &IssueList::issueActivated, this, &CheckPane::reveal);
    connect(m_status, &StatusLine::cancelRequested, this, [this, cancelledText] {
        cancelCheck();
        m_status->report(StatusLine::State::Idle, cancelledText);
    });
    connect(m_status, &StatusLine::exportRequested, this, &CheckPane::exportAll);
}

std::size_t CheckPane::issueCount() const
{
    return std::size_t(m_model->rowCount()) + m_unshown.size();
}

void CheckPane::recheck()
{
    markStale();
    if (!m_document->isCurrent())
        return; // `compiled` calls again with the schema this text must be checked against
    requestCheck(m_document->current());
}

void CheckPane::markStale()
{
    m_status->startChecking();
    m_list->setEnabled(false);
    m_checked->clearMarks(CodeEditor::FocusMark);
    m_schemaEditor->clearMarks(CodeEditor::FocusMark);
}

void CheckPane::showVerdictArrived()
{
    m_list->setEnabled(true);
}

void CheckPane::reveal(int row)
{
    const LocatedIssues& issues = m_model->issues();
    if (row < 0 || std::size_t(row) >= issues.size())
        return;
    const LocatedIssue& entry = issues[std::size_t(row)];
    if (entry.schemaSpan)
        m_schemaEditor->revealSpan(*entry.schemaSpan);
    if (entry.issue.span)
        m_checked->revealSpan(*entry.issue.span);
}

} // namespace conform::gui
