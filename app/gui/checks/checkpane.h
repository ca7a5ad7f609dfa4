#pragma once
// What the Instance and Reply tabs share: a text checked against the document's compiled
// schema as the user types, with a status line and the issue list under it. A check runs on a
// worker after the typing stops (debounced) and is abandoned when the text or the schema
// changes under it; until its verdict arrives the old one is shown as stale. Picking an issue
// selects the offending value in the checked text and the failing keyword in the schema.
//
// A pane derives from CheckPaneFor<Verdict>, builds its editors and results, hands them to
// setUp(), and supplies the check itself (requestCheck, on m_job) and how to show a verdict.
#include "async/debouncedjob.h"
#include "checks/locatedissue.h"
#include "document/schemadocument.h"

#include <QWidget>

#include <vector>

class QSplitter;

namespace conform::gui {

class CodeEditor;
class IssueList;
class IssueModel;
class StatusLine;

class CheckPane : public QWidget
{
    Q_OBJECT

public:
    IssueModel* issueModel() const { return m_model; }
    IssueList* issueList() const { return m_list; }
    StatusLine* statusLine() const { return m_status; }
    QSplitter* splitter() const { return m_splitter; }

    // Schedules a check of the current texts (after the debounce delay).
    void recheck();
    // True while a check is scheduled or running, or the schema is still compiling.
    bool isBusy() const { return checkBusy() || !m_document->isCurrent(); }
    // Every issue of the shown verdict, listed or not (what Export… writes).
    std::size_t issueCount() const;

protected:
    // `document` gives the schema to check against; `schemaEditor` is highlighted on every
    // pick. Both must outlive the pane.
    CheckPane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent);

    // Lays the pane out as `editors` over `results` and starts checking `checked` as it
    // changes. `cancelledText` is what the status line says after Cancel.
    void setUp(QWidget* editors, QWidget* results, CodeEditor* checked, const QString& cancelledText);

    // The pane's check of the current texts against `schema` (CheckPaneFor's job runs it).
    virtual void requestCheck(const CompiledSchemaPtr& schema) = 0;
    virtual bool checkBusy() const = 0;
    virtual void flushCheck() = 0;
    virtual void cancelCheck() = 0;
    virtual void exportAll() = 0;
    // What is on screen no longer belongs to the texts on screen: say so until the next
    // verdict. Overrides call this one first.
    virtual void markStale();
    // Selects issue `row`'s places; overrides add the pane's own views of it.
    virtual void reveal(int row);

    // A verdict arrived: the list takes picks again.
    void showVerdictArrived();

    SchemaDocument* m_document;
    CodeEditor* m_schemaEditor;
    CodeEditor* m_checked = nullptr; // the text being checked (the instance, the raw reply)
    IssueModel* m_model;
    IssueList* m_list;
    StatusLine* m_status;
    QSplitter* m_splitter;
    std::vector<schema::Issue> m_unshown; // of the shown verdict, past kShownIssues
};

// The check's job, typed by the verdict it delivers (InstanceCheck, ReplyCheck).
template <typename Verdict>
class CheckPaneFor : public CheckPane
{
protected:
    // Checks start once the typing has paused this long.
    static constexpr std::chrono::milliseconds kTypingPause{250};

    CheckPaneFor(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent)
        : CheckPane(document, schemaEditor, parent), m_job(this, kTypingPause)
    {
    }

    bool checkBusy() const override { return m_job.isBusy(); }
    void flushCheck() override { m_job.flush(); }
    void cancelCheck() override { m_job.cancel(); }

    DebouncedJob<Verdict> m_job;
};

} // namespace conform::gui
