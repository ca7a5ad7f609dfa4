#pragma once
// The "Instance" tab: a JSON instance editor, a status line and the issue list, re-checked
// against the schema editor's text as the user types (debounced, on a worker thread).
// Picking an issue selects the offending value here and the failing keyword in the schema.
#include "debouncedjob.h"
#include "instancecheck.h"
#include "validationsettings.h"

#include <QWidget>

class QSplitter;

namespace conform::gui {

class CodeEditor;
class EditorPanel;
class IssueList;
class IssueModel;
class StatusLine;

class InstancePane : public QWidget
{
    Q_OBJECT

public:
    // `schemaEditor` is read on every check and highlighted on every pick; it must outlive
    // the pane.
    InstancePane(CodeEditor* schemaEditor, QWidget* parent = nullptr);

    CodeEditor* editor() const;
    EditorPanel* panel() const { return m_panel; }
    IssueModel* issueModel() const { return m_model; }
    IssueList* issueList() const { return m_list; }
    StatusLine* statusLine() const { return m_status; }
    QSplitter* splitter() const { return m_splitter; }

    void setSettings(const ValidationSettings& settings);
    // Schedules a check of the current texts (after the debounce delay).
    void recheck();
    // True while a check is scheduled or running.
    bool isBusy() const { return m_job.isBusy(); }

private:
    void display(InstanceCheck check);
    void markInstance(const InstanceCheck& check);
    void reveal(int row);

    CodeEditor* m_schemaEditor;
    EditorPanel* m_panel;
    IssueModel* m_model;
    IssueList* m_list;
    StatusLine* m_status;
    QSplitter* m_splitter;
    ValidationSettings m_settings;
    DebouncedJob<InstanceCheck> m_job;
};

} // namespace conform::gui
