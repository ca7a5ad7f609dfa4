#include "checks/instancepane.h"

#include "widgets/codeeditor.h"
#include "async/discard.h"
#include "widgets/editorpanel.h"
#include "checks/issueexport.h"
#include "checks/issuelist.h"
#include "checks/issuemodel.h"
#include "widgets/statusline.h"

#include <QVBoxLayout>

namespace conform::gui {

InstancePane::InstancePane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent)
    : CheckPaneFor(document, schemaEditor, parent), m_panel(new EditorPanel(tr("Instance"), CodeEditor::Kind::Json, this))
{
    auto* results = new QWidget(this);
    auto* resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->setSpacing(0);
    resultsLayout->addWidget(m_status);
    resultsLayout->addWidget(m_list, 1);
    m_job.onResult([this](InstanceCheck check) { display(std::move(check)); });
    setUp(m_panel, results, editor(), tr("Check cancelled; edit the text to check again."));
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

void InstancePane::requestCheck(const CompiledSchemaPtr& schema)
{
    m_job.request([schema, instance = editor()->utf8Text()](const CancelFlag& cancel) {
        return checkInstance(*schema, instance, cancel);
    });
}

void InstancePane::recheckNow()
{
    recheck();
    m_job.flush();
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
    showVerdictArrived();
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

IssueSet InstancePane::issueSet() const
{
    return IssueSet{issueCount() == 0, m_model->issues(), m_unshown, m_coercions};
}

void InstancePane::exportAll()
{
    exportIssues(m_status, issueSet());
}

} // namespace conform::gui
