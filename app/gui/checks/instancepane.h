#pragma once
// The "Instance" tab: a JSON instance editor, a status line and the issue list, re-checked
// against the document's compiled schema as the user types (debounced, on a worker thread,
// abandoned when the text or the schema changes under it). Picking an issue selects the
// offending value here and the failing keyword in the schema.
#include "checks/checkpane.h"
#include "checks/instancecheck.h"
#include "checks/issueexport.h"

namespace conform::gui {

class EditorPanel;
class TextDocument;

class InstancePane : public CheckPaneFor<InstanceCheck>
{
    Q_OBJECT

public:
    InstancePane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent = nullptr);

    CodeEditor* editor() const;
    // The instance as a file (path, unsaved edits, open, save).
    TextDocument* document() const;
    EditorPanel* panel() const { return m_panel; }

    // Starts a check at once (once the schema has compiled).
    void recheckNow();
    IssueSet issueSet() const;
    // Checks abandoned for a newer one that are still winding down (for tests).
    int abandonedChecks() const { return m_job.abandonedCount(); }

protected:
    void requestCheck(const CompiledSchemaPtr& schema) override;
    void exportAll() override;

private:
    void display(InstanceCheck check);
    void markInstance(const InstanceCheck& check);

    EditorPanel* m_panel;
    std::vector<schema::Coercion> m_coercions;
};

} // namespace conform::gui
