#pragma once
// The "Instance" tab: a JSON instance editor, a status line and the issue list, re-checked
// against the document's compiled schema as the user types (debounced, on a worker thread,
// abandoned when the text or the schema changes under it). Picking an issue selects the
// offending value here and the failing keyword in the schema.
#include "async/debouncedjob.h"
#include "checks/instancecheck.h"
#include "checks/issueexport.h"
#include "document/schemadocument.h"

#include <QWidget>

class QSplitter;

namespace conform::gui {

class CodeEditor;
class EditorPanel;
class IssueList;
class IssueModel;
class StatusLine;
class TextDocument;

class InstancePane : public QWidget
{
    Q_OBJECT

public:
    // `document` gives the schema to check against; `schemaEditor` is highlighted on every
    // pick. Both must outlive the pane.
    InstancePane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent = nullptr);

    CodeEditor* editor() const;
    // The instance as a file (path, unsaved edits, open, save).
    TextDocument* document() const;
    EditorPanel* panel() const { return m_panel; }
    IssueModel* issueModel() const { return m_model; }
    IssueList* issueList() const { return m_list; }
    StatusLine* statusLine() const { return m_status; }
    QSplitter* splitter() const { return m_splitter; }

    // Schedules a check of the current texts (after the debounce delay).
    void recheck();
    // Starts it at once (once the schema has compiled).
    void recheckNow();
    // True while a check is scheduled or running.
    bool isBusy() const { return m_job.isBusy() || !m_document->isCurrent(); }
    // Every issue of the shown verdict, listed or not (what Export… writes).
    std::size_t issueCount() const;
    IssueSet issueSet() const;
    // Checks abandoned for a newer one that are still winding down (for tests).
    int abandonedChecks() const { return m_job.abandonedCount(); }

private:
    void display(InstanceCheck check);
    void markStale();
    void markInstance(const InstanceCheck& check);
    void reveal(int row);
    void exportAll();

    SchemaDocument* m_document;
    CodeEditor* m_schemaEditor;
    EditorPanel* m_panel;
    IssueModel* m_model;
    IssueList* m_list;
    StatusLine* m_status;
    QSplitter* m_splitter;
    std::vector<schema::Issue> m_unshown; // of the shown verdict, past kShownIssues
    std::vector<schema::Coercion> m_coercions;
    DebouncedJob<InstanceCheck> m_job;
};

} // namespace conform::gui
