#pragma once
// The "Reply" tab: the user pastes or opens a model's raw reply; the pane shows the value
// extracted from it (read-only), marks each fix in the raw text (hover for "kind: before ->
// after"), says where the value came from, and lists its issues against the current schema
// with their places in the raw text. Checks are debounced and run on a worker thread.
#include "checks/checkpane.h"
#include "checks/replycheck.h"

class QLabel;
class QTabWidget;

namespace conform::gui {

class FixTable;
class EditorPanel;
class TextDocument;

class ReplyPane : public CheckPaneFor<ReplyCheck>
{
    Q_OBJECT

public:
    ReplyPane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent = nullptr);

    CodeEditor* rawEditor() const;
    // The raw reply as a file (path, unsaved edits, open, save).
    TextDocument* rawDocument() const;
    CodeEditor* extractedEditor() const;
    EditorPanel* rawPanel() const { return m_rawPanel; }
    FixTable* fixTable() const { return m_fixTable; }
    QTabWidget* resultTabs() const { return m_resultTabs; }
    QString summary() const;

    // "removed trailing comma: \",\" → \"\"" for the fix under byte `position` of the raw text.
    QString fixToolTipAt(std::size_t position) const;

protected:
    void requestCheck(const CompiledSchemaPtr& schema) override;
    void exportAll() override;
    void markStale() override;
    void reveal(int row) override;

private:
    QWidget* buildEditors();
    QWidget* buildResults();
    void display(ReplyCheck check);
    void showSummary(const ReplyCheck& check);
    void showStatus(const ReplyCheck& check);
    void markRaw(const ReplyCheck& check);
    void showFixToolTip(int position, int x, int y);

    EditorPanel* m_rawPanel;
    EditorPanel* m_extractedPanel;
    FixTable* m_fixTable;
    QTabWidget* m_resultTabs;
    QLabel* m_summary;
    bool m_valid = false;                                // of the shown result
    std::vector<json::Fix> m_fixes;                      // of the shown result
    std::vector<std::optional<Span>> m_extractedSpans;   // of the shown result, per issue
};

} // namespace conform::gui
