#pragma once
// The workbench window on one workspace folder, one activity at a time (activity.h) picked on
// the bar at its left edge. Design holds the file tree, the schema editor and tabs beside it —
// Start, Instance (validate a JSON instance as you type), Lines (every line of a .jsonl),
// Reply (extract, repair and validate a model's raw reply), Text (any other file, plainly) and
// Export; Run asks a model (runpane.h); Captures, Dashboard and Runs ×N are the views over the
// capture store (captureviews.h); Suites runs suite files. Every pane observes one
// SchemaDocument and one RunDraft. Files open where their name says (fileroute.h). Window
// geometry, the activity shown, splitters, options and the recent lists persist in QSettings.
//
// Undo is Tiled's: each document owns a QUndoStack (the RunDraft's variables, target and
// policy; the Compare plan), the window's QUndoGroup makes the one being worked on active
// (the focused activity's), and Edit ▸ Undo acts on the focused text editor's own undo, else
// on that group. The window's shortcuts fire from any focus, the code editors included
// (windowshortcuts.h).
#include "engine/run_record.h"
#include "workbench/activity.h"

#include <QMainWindow>
#include <QPointer>
#include <QSize>

#include <map>
#include <set>
#include <vector>

class QMenu;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QUndoGroup;

namespace conform::gui {

class PresenterView;
class ManualView;
class SchemaDiffPane;
class EngineStrip;

class ActivityBar;
class ActivityDock;
class CaptureViews;
class CodeEditor;
class EditorPanel;
class InstancePane;
class LinesPane;
class OptionsToolBar;
class ReplyPane;
class RunDraft;
class RunPane;
class SchemaDocument;
class StartPage;
class SuitesView;
class CompareView;
class TextDocument;
struct Demo;
class Workspace;
class WorkspaceTree;

// The smallest window every activity is laid out for (tests hold each to it); the window
// does not shrink below it.
inline constexpr QSize kMinimumWindowSize{1024, 700};

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const QString& workspace, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens `folder` with every editor emptied (after asking about unsaved changes). False
    // when the user cancelled.
    bool openWorkspace(const QString& folder);
    // Opens `path` in the pane its name calls for (see fileroute.h); an example brings its
    // schema along. False, with a message box, when it cannot be read.
    bool openFile(const QString& path);
    bool openReply(const QString& path);
    // Opens the demo's schema (the workspace's copy when it has one) and prompt, and runs it
    // in the Run activity with streaming on. False when the scenario cannot be read or the
    // user kept an edited schema instead.
    bool runDemo(const Demo& demo);
    // Saves the document whose editor last had focus (the schema by default).
    bool save();
    bool saveAs();

    // Brings `activity` to the front (never hides it); its layout is as it was left. A docked
    // activity's dock is shown and raised instead.
    void showActivity(Activity activity);
    // Moves `activity` into a dock beside the others, or back into the activity bar's stack
    // (closing its dock does the same). Design is the window's home and stays in the stack.
    void setActivityDocked(Activity activity, bool docked);
    ActivityDock* activityDock(Activity activity) const;
    Activity currentActivity() const;
    QWidget* activityPage(Activity activity) const { return m_pages.at(activity); }
    ActivityBar* activityBar() const { return m_bar; }

    CodeEditor* schemaEditor() const;
    // The schema's text as a file: its path, unsaved edits, open and save.
    TextDocument* schemaText() const;
    // The schema the panes share: its text, file, settings and compiled form.
    SchemaDocument* document() const { return m_document; }
    // The run being prepared beside the schema: RunDraft::spec() is how every view makes a run.
    RunDraft* runDraft() const { return m_draft; }
    InstancePane* instancePane() const { return m_instance; }
    LinesPane* linesPane() const { return m_lines; }
    ReplyPane* replyPane() const { return m_reply; }
    RunPane* runPane() const { return m_run; }
    EditorPanel* textPanel() const { return m_text; }
    StartPage* startPage() const { return m_start; }
    OptionsToolBar* optionsToolBar() const { return m_options; }
    WorkspaceTree* workspaceTree() const { return m_tree; }
    // The folder, recent lists, keys and capture store every view shares (workspace.h).
    Workspace* workspace() const { return m_workspace; }
    SuitesView* suitesView() const { return m_suites; }
    CompareView* compareView() const { return m_compare; }
    // The Design activity's splitter: tree | schema | tabs.
    QSplitter* designSplitter() const { return m_centre; }
    QTabWidget* tabs() const { return m_tabs; }
    QString folder() const;
    // The document Save applies to.
    TextDocument* currentDocument() const { return m_current; }
    // Every document the user may change (and must not lose): the Workspace's.
    QList<TextDocument*> documents() const;
    // The capture store and the activities over it (captureviews.h).
    CaptureViews* captureViews() const { return m_views; }

    // View ▸ Present (F5): the capture open in Captures while Captures is shown, else the Run
    // activity's last run, full-window for a room (presenter/presenterview.h); Esc comes back.
    // False, with a status message, when there is no run to present.
    bool present();
    void presentRun(engine::RunRecord record, const QString& title, const QString& story = {});
    void leavePresenter();
    bool isPresenting() const;
    PresenterView* presenter() const { return m_presenter; }
    // Help ▸ Manual (F1): the manual's window, opened on the page of the activity in front.
    void showManual();
    ManualView* manual() const { return m_manual; }
    // Design's Diff tab: the edits against the saved file or a stored version, and their impact.
    SchemaDiffPane* schemaDiff() const { return m_diff; }
    // Under the schema editor: what each provider's engine does with the schema.
    EngineStrip* engineStrip() const { return m_engines; }
    // Every document's undo stack; the active one is the focused activity's (null: none).
    QUndoGroup* undoGroup() const { return m_undoGroup; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void buildCentre();
    void buildActivities();
    // Triage opens captures, lists a cluster's captures and opens the suites it writes.
    void connectTriage();
    void buildMenus();
    void buildFileMenu();
    void buildEditMenu();
    void buildReplyMenu();
    void buildCapturesMenu();
    void buildViewMenu();
    void buildDockMenu(QMenu* view);
    void buildDemosMenu();
    void buildHelpMenu();
    void connectEditors();
    void restoreSettings();
    // The draft for schemas without "$schema" is the workspace's own: read when it opens,
    // written when it changes.
    void restoreWorkspaceOptions();
    void saveWorkspaceOptions() const;
    void saveSettings() const;
    void restoreSplitters(Activity activity);
    // Opens `path` in `document` once its unsaved edits are settled; larger files arrive later.
    bool loadInto(TextDocument* document, const QString& path);
    void sayCannotOpen(const QString& path, const QString& error);
    bool saveDocument(TextDocument* document, const QString& path);
    // Save / Discard / Cancel for `documents` with unsaved changes, naming their files. True
    // when the caller may go on.
    bool settleUnsaved(const QList<TextDocument*>& documents);
    void noteFocus(QWidget* now);
    // Makes the undo stack of the document `page` shows the active one.
    void activateUndoFor(QWidget* page);
    void fillRecentMenu(QMenu* menu, bool folders);
    void showTab(QWidget* pane);
    // Captures with the label filter `labels`, as a temporary filter that says `reason`.
    void showCapturesFor(const QString& labels, const QString& reason);
    void showShortcuts();
    void showAbout();

    Workspace* m_workspace;
    SchemaDocument* m_document = nullptr;
    RunDraft* m_draft = nullptr;
    EditorPanel* m_schemaPanel = nullptr;
    InstancePane* m_instance = nullptr;
    LinesPane* m_lines = nullptr;
    ReplyPane* m_reply = nullptr;
    RunPane* m_run = nullptr;
    EditorPanel* m_text = nullptr;
    StartPage* m_start = nullptr;
    QTabWidget* m_tabs = nullptr;
    QSplitter* m_centre = nullptr; // the Design activity
    OptionsToolBar* m_options = nullptr;
    WorkspaceTree* m_tree = nullptr;
    CaptureViews* m_views = nullptr;
    SuitesView* m_suites = nullptr;
    CompareView* m_compare = nullptr;
    QUndoGroup* m_undoGroup = nullptr;
    ActivityBar* m_bar = nullptr;
    QStackedWidget* m_stack = nullptr;
    QStackedWidget* m_presentStack = nullptr; // the workbench, or presenter mode
    PresenterView* m_presenter = nullptr;
    ManualView* m_manual = nullptr; // made when first asked for
    SchemaDiffPane* m_diff = nullptr;
    EngineStrip* m_engines = nullptr;
    std::vector<QPointer<QWidget>> m_hiddenForPresenting; // bars and docks to show again on leaving
    std::map<Activity, QWidget*> m_pages;
    std::map<Activity, ActivityDock*> m_docks; // the activities the user docked
    std::map<Activity, QAction*> m_dockActions;
    TextDocument* m_current = nullptr; // the document Save applies to
    std::set<Activity> m_splittersRestored; // the activities shown since the window was
};

} // namespace conform::gui
