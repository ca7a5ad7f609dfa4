#pragma once
// The "Reply" tab: the user pastes or opens a model's raw reply; the pane shows the value
// extracted from it (read-only), marks each fix in the raw text (hover for "kind: before ->
// after"), says where the value came from, and lists its issues against the current schema
// with their places in the raw text. Checks are debounced and run on a worker thread.
#include "async/debouncedjob.h"
#include "checks/replycheck.h"
#include "document/schemadocument.h"

#include <QWidget>

class QLabel;
class QSplitter;
class QTabWidget;

namespace conform::gui {

class CodeEditor;
class FixTable;
class EditorPanel;
class IssueList;
class IssueModel;
class StatusLine;
class TextDocument;

class ReplyPane : public QWidget
{
    Q_OBJECT

public:
    // `document` gives the schema to check against; `schemaEditor` is highlighted on every
    // pick. Both must outlive the pane.
    ReplyPane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent = nullptr);

    CodeEditor* rawEditor() const;
    // The raw reply as a file (path, unsaved edits, open, save).
    TextDocument* rawDocument() const;
    CodeEditor* extractedEditor() const;
    EditorPanel* rawPanel() const { return m_rawPanel; }
    IssueModel* issueModel() const { return m_model; }
    IssueList* issueList() const { return m_list; }
    FixTable* fixTable() const { return m_fixTable; }
    QTabWidget* resultTabs() const { return m_resultTabs; }
    StatusLine* statusLine() const { return m_status; }
    QString summary() const;
    QSplitter* splitter() const { return m_splitter; }

    // "removed trailing comma: \",\" → \"\"" for the fix under byte `position` of the raw text.
    QString fixToolTipAt(std::size_t position) const;

    void recheck();
    bool isBusy() const { return m_job.isBusy() || !m_document->isCurrent(); }

private:
    QWidget* buildEditors();
    QWidget* buildResults();
    void display(ReplyCheck check);
    void markStale();
    void exportAll();
    void showSummary(const ReplyCheck& check);
    void showStatus(const ReplyCheck& check);
    void markRaw(const ReplyCheck& check);
    void reveal(int row);
    void showFixToolTip(int position, int x, int y);

    SchemaDocument* m_document;
    CodeEditor* m_schemaEditor;
    EditorPanel* m_rawPanel;
    EditorPanel* m_extractedPanel;
    IssueModel* m_model;
    IssueList* m_list;
    FixTable* m_fixTable;
    QTabWidget* m_resultTabs;
    StatusLine* m_status;
    QLabel* m_summary;
    QSplitter* m_splitter;
    bool m_valid = false;                                // of the shown result
    std::vector<schema::Issue> m_unshown;                // of the shown result, past kShownIssues
    std::vector<json::Fix> m_fixes;                      // of the shown result
    std::vector<std::optional<Span>> m_extractedSpans;   // of the shown result, per issue
    DebouncedJob<ReplyCheck> m_job;
};

} // namespace conform::gui
