#include "instancepane.h"

#include "codeeditor.h"
#include "editorpanel.h"
#include "issuelist.h"
#include "issuemodel.h"
#include "statusline.h"

#include <QSplitter>
#include <QVBoxLayout>

namespace conform::gui {

using namespace std::chrono_literals;

InstancePane::InstancePane(CodeEditor* schemaEditor, QWidget* parent)
    : QWidget(parent), m_schemaEditor(schemaEditor),
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

    m_job.onResult([this](InstanceCheck check) { display(std::move(check)); });
    connect(editor(), &QsciScintilla::textChanged, this, &InstancePane::recheck);
    connect(m_list, &IssueList::issueActivated, this, &InstancePane::reveal);
    m_status->report(StatusLine::State::Idle, tr("Open or type a schema and an instance."));
}

CodeEditor* InstancePane::editor() const
{
    return m_panel->editor();
}

void InstancePane::setSettings(const ValidationSettings& settings)
{
    m_settings = settings;
    recheck();
}

void InstancePane::recheck()
{
    m_job.request([schema = m_schemaEditor->utf8Text(), instance = editor()->utf8Text(), settings = m_settings] {
        return checkInstance(schema, instance, settings);
    });
}

void InstancePane::display(InstanceCheck check)
{
    markInstance(check);
    m_model->setIssues(std::move(check.issues));
    std::vector<Span> schemaMarks;
    if (check.schemaErrorSpan)
        schemaMarks.push_back(*check.schemaErrorSpan);
    m_schemaEditor->setMarks(CodeEditor::IssueMark, schemaMarks);
    const QString error = QString::fromStdString(check.error);
    switch (check.state) {
    case InstanceCheck::State::Empty:
        return m_status->report(StatusLine::State::Idle, tr("Open or type a schema and an instance."));
    case InstanceCheck::State::Valid:
        return m_status->report(StatusLine::State::Valid, check.coercions.empty()
            ? tr("valid") : tr("valid after %1 coercion(s)").arg(check.coercions.size()));
    case InstanceCheck::State::Invalid:
        return m_status->report(StatusLine::State::Issues, issueCountText(std::size_t(m_model->rowCount())));
    case InstanceCheck::State::SchemaError:
        return m_status->report(StatusLine::State::Error, tr("Schema: %1").arg(error));
    case InstanceCheck::State::InstanceError:
        return m_status->report(StatusLine::State::Error, tr("Instance: %1").arg(error));
    }
}

// Squiggles under every offending value, or under the parse error's place.
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

} // namespace conform::gui
